"""Write THIRD_PARTY_NOTICES.md: every licence the game ships, with the full texts.

    python -m tools.notices            # (re)write THIRD_PARTY_NOTICES.md
    python -m tools.notices --check    # exit 1 if the committed file differs from a fresh one

Made from what is installed, so run it in the environment the release is built from
(``requirements-dev.txt``):

- the project: ``LICENSE`` and the SPDX expression of ``pyproject.toml``;
- the art, fonts and sounds: ``assets/CREDITS.md`` and the texts in ``assets/licenses/``;
- the Python packages the game runs on (``requirements.txt`` and what they require), from their
  metadata: version, licence, home page and their own licence files;
- the native libraries inside the pygame-ce wheel, listed from its installed files and described by
  ``packaging/notices.toml`` (a library that table does not name stops the tool);
- what only the desktop bundle carries (the Python it was built with, the libraries that Python
  links, PyInstaller's bootloader), from the same table.

Exit status: 0 written (or up to date), 1 out of date (``--check``), 2 a wrong argument or a
library or licence the table lacks.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
import tomllib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "THIRD_PARTY_NOTICES.md"
TABLE = ROOT / "packaging" / "notices.toml"
TEXTS = ROOT / "packaging" / "licenses"
ASSET_LICENCES = ROOT / "assets" / "licenses"
# PyInstaller is a build tool, not a dependency: only its bootloader (the executable that starts the
# bundle) is shipped, in the bundle alone.
BUNDLE_DISTRIBUTIONS = ("pyinstaller",)

logger = logging.getLogger("tools.notices")


class NoticesError(Exception):
    """Something the notices need is missing (exit status 2)."""


@dataclass(frozen=True)
class Library:
    name: str
    stems: tuple[str, ...]
    carried_by: str
    license: str
    copyright: str
    url: str
    texts: tuple[str, ...]


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    license: str
    url: str
    summary: str
    files: tuple[tuple[str, str], ...]  # (file name, text): the distribution's own licence files
    texts: tuple[str, ...]  # shared texts (packaging/licenses/) it needs besides its own files


def library_stem(file_name: str) -> str:
    """``libSDL2_image-2-d6906c81.0.so.0.800.12`` -> ``SDL2_image``; ``libpng16-16.dll`` -> ``png16``."""
    name = Path(file_name).name
    if name.startswith("lib"):
        name = name[3:]
    return re.split(r"[-.]", name, maxsplit=1)[0]


def load_table(path: Path = TABLE) -> tuple[list[Library], dict[str, dict[str, object]]]:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    libraries = []
    for item in raw.get("library", []):
        texts = item["text"] if isinstance(item["text"], list) else [item["text"]]
        libraries.append(Library(item["name"], tuple(item["stems"]), item["carried_by"], item["license"],
                                 item["copyright"], item["url"], tuple(texts)))
    return libraries, raw.get("distribution", {})


def library_for(file_name: str, libraries: list[Library]) -> Library:
    stem = library_stem(file_name)
    for library in libraries:
        if stem in library.stems:
            return library
    raise NoticesError(f"{file_name}: no entry of {TABLE.relative_to(ROOT)} names the library {stem!r}")


def requirement_name(line: str) -> str | None:
    line = line.split("#", 1)[0].strip()
    if not line or line.startswith("-"):
        return None
    return re.split(r"[\s=<>!~\[;]", line, maxsplit=1)[0]


def runtime_closure(requirements: Path = ROOT / "requirements.txt") -> list[metadata.Distribution]:
    """The installed distributions the game runs on: the file's pins and what they require (no extras)."""
    todo = [name for line in requirements.read_text(encoding="utf-8").splitlines()
            if (name := requirement_name(line))]
    found: dict[str, metadata.Distribution] = {}
    while todo:
        name = todo.pop()
        key = _normal(name)
        if key in found:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise NoticesError(f"{name} is not installed: pip install -r requirements-dev.txt") from None
        found[key] = dist
        for requirement in dist.requires or []:
            if "extra ==" not in requirement:
                todo.append(requirement_name(requirement) or "")
    return [found[key] for key in sorted(found)]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _home_page(dist: metadata.Distribution) -> str:
    for entry in dist.metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() in {"homepage", "home", "source", "repository", "source code"}:
            return url.strip()
    home = dist.metadata.get("Home-page") or ""
    return "" if home == "UNKNOWN" else home


def describe_package(dist: metadata.Distribution, overrides: dict[str, dict[str, object]]) -> Package:
    name = dist.metadata["Name"]
    override = overrides.get(_normal(name), {})
    license_ = str(override.get("license") or dist.metadata.get("License-Expression") or dist.metadata.get("License")
                   or "")
    if not license_:
        raise NoticesError(f"{name}: no licence in its metadata nor in {TABLE.relative_to(ROOT)}")
    files = []
    for entry in dist.metadata.get_all("License-File") or []:
        text = dist.read_text(f"licenses/{entry}") or dist.read_text(entry)
        if text is None:
            raise NoticesError(f"{name}: its metadata names the licence file {entry}, which is not installed")
        files.append((Path(entry).name, text))
    texts = tuple(str(text) for text in override.get("texts", []))  # type: ignore[attr-defined]
    if not files and not texts:
        raise NoticesError(f"{name}: no licence file installed; name its texts in {TABLE.relative_to(ROOT)}")
    summary = (dist.metadata.get("Summary") or "").strip()
    if summary and summary[-1] not in ".!?":
        summary += "."
    url = str(override.get("url") or _home_page(dist))
    return Package(name, dist.version, license_, url, summary, tuple(files), texts)


def pygame_libraries() -> list[str]:
    """The native library files inside the installed pygame-ce wheel."""
    dist = metadata.distribution("pygame-ce")
    names = {Path(str(f)).name for f in dist.files or [] if str(f).startswith("pygame_ce.libs/")
             or (str(f).startswith("pygame/") and Path(str(f)).suffix.lower() == ".dll")}
    return sorted(names, key=str.lower)


def shared_text(name: str) -> str:
    path = TEXTS / f"{name}.txt"
    if not path.is_file():
        raise NoticesError(f"licence text {path.relative_to(ROOT)} is missing")
    return path.read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def fenced(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text.rstrip()}\n{fence}\n"


def _credits() -> str:
    """assets/CREDITS.md one heading level down, its links made relative to the repository's root."""
    text = (ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    text = re.sub(r"^# .*\n+", "", text, count=1)
    text = re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", text, flags=re.MULTILINE)
    return re.sub(r"\]\((?!https?:|#)", "](assets/", text)


def project_license() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"])


def render() -> str:
    libraries, overrides = load_table()
    packages = [describe_package(dist, overrides) for dist in runtime_closure()]
    bundle_packages = []
    for name in BUNDLE_DISTRIBUTIONS:
        try:
            bundle_packages.append(describe_package(metadata.distribution(name), overrides))
        except metadata.PackageNotFoundError:
            raise NoticesError(f"{name} is not installed: pip install -r requirements-dev.txt") from None
    in_pygame: dict[str, list[str]] = {}
    for file_name in pygame_libraries():
        library = library_for(file_name, libraries)
        if library.carried_by != "pygame-ce":
            raise NoticesError(f"{file_name}: {TABLE.relative_to(ROOT)} says {library.name} is not in pygame-ce")
        in_pygame.setdefault(library.name, []).append(file_name)
    pygame_libs = [library for library in libraries if library.name in in_pygame]
    bundle_libs = [library for library in libraries if library.carried_by == "bundle"]

    texts: dict[str, str] = {}
    for item in [*packages, *bundle_packages]:
        for name in item.texts:
            texts[name] = shared_text(name)
    for library in [*pygame_libs, *bundle_libs]:
        for name in library.texts:
            texts[name] = shared_text(name)

    out: list[str] = []
    add = out.append
    add("# Third-party notices\n")
    add("Every licence Festive Slots ships under, with the full texts. Generated by `python -m tools.notices` "
        "from the installed packages' metadata, `packaging/notices.toml` and `assets/CREDITS.md`; "
        "`python -m tools.notices --check` (and a test) holds it to them. Do not edit it by hand.\n")
    add(f"Festive Slots itself: `{project_license()}` (the code and the music MIT; the art and the sounds "
        "CC BY-SA 4.0; the fonts OFL 1.1). The wheel and the source archive carry the project and its assets; "
        "`pip` installs the Python packages of section 3 beside it, and pygame-ce brings the libraries of "
        "section 4. The desktop bundle carries everything below, section 5 included.\n")
    sections = ["1. Festive Slots", "2. Art, fonts, sounds and music", "3. Python packages",
                "4. Native libraries inside pygame-ce", "5. Only in the desktop bundle", "6. Licence texts"]
    add("## Contents\n")
    for heading in sections:
        add(f"- [{heading}](#{slug(heading)})")
    add("")

    add(f"## {sections[0]}\n")
    add("The code, `LICENSE`:\n")
    add(fenced((ROOT / "LICENSE").read_text(encoding="utf-8")))

    add(f"## {sections[1]}\n")
    add("As `assets/CREDITS.md` says:\n")
    add(_credits().rstrip() + "\n")
    for path in sorted(ASSET_LICENCES.glob("*.txt")):
        add(f"### {path.name}\n")
        add(fenced(path.read_text(encoding="utf-8")))

    add(f"## {sections[2]}\n")
    add("The packages the game runs on (`requirements.txt` and what they require), from their installed "
        "metadata; the bundle carries them too.\n")
    _package_table(add, packages)
    for package in packages:
        _package_notice(add, package)

    add(f"## {sections[3]}\n")
    add("The pygame-ce wheel carries these libraries (its `pygame_ce.libs/` folder on Linux); each is under "
        "its own licence.\n")
    add("| library | files | licence | home |")
    add("|---|---|---|---|")
    for library in pygame_libs:
        files = ", ".join(f"`{name}`" for name in in_pygame[library.name])
        add(f"| {library.name} | {files} | `{library.license}` | <{library.url}> |")
    add("")
    for library in pygame_libs:
        _library_notice(add, library)

    add(f"## {sections[4]}\n")
    add("PyInstaller copies into the bundle the Python it builds with, the system libraries that Python "
        "links (which of them depends on the build machine; `python -m tools.release` checks that this "
        "table names each one it finds) and its own bootloader.\n")
    _package_table(add, bundle_packages)
    for package in bundle_packages:
        _package_notice(add, package, "Only its bootloader, the program that starts the bundle, is shipped. ")
    add("| library | licence | home |")
    add("|---|---|---|")
    for library in bundle_libs:
        add(f"| {library.name} | `{library.license}` | <{library.url}> |")
    add("")
    for library in bundle_libs:
        _library_notice(add, library)

    add(f"## {sections[5]}\n")
    add("The texts the notices above refer to.\n")
    for name in sorted(texts, key=str.lower):
        add(f"### Text: {name}\n")
        add(fenced(texts[name]))
    return "\n".join(out).rstrip() + "\n"


def _package_table(add, packages: list[Package]) -> None:
    add("| package | version | licence | home |")
    add("|---|---|---|---|")
    for package in packages:
        home = f"<{package.url}>" if package.url else ""
        add(f"| {package.name} | {package.version} | `{package.license}` | {home} |")
    add("")


def _package_notice(add, package: Package, note: str = "") -> None:
    add(f"### {package.name} {package.version}\n")
    also = "".join(f" Licence text: [{name}](#{slug('Text: ' + name)})." for name in package.texts)
    add(f"{note}{package.summary} Licence: `{package.license}`.{also}\n".lstrip())
    for file_name, text in package.files:
        add(f"Its `{file_name}`:\n")
        add(fenced(text))


def _library_notice(add, library: Library) -> None:
    add(f"### {library.name}\n")
    links = ", ".join(f"[{name}](#{slug('Text: ' + name)})" for name in library.texts)
    add(f"{library.copyright}. Licence: `{library.license}`, text: {links}.\n")


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m tools.notices", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if THIRD_PARTY_NOTICES.md is out of date")
    args = parser.parse_args(argv)
    try:
        text = render()
    except NoticesError as exc:
        logger.error("notices: %s", exc)
        return 2
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            logger.error("notices: %s is out of date: run python -m tools.notices", OUTPUT.name)
            return 1
        logger.info("%s is up to date", OUTPUT.name)
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    logger.info("wrote %s (%d lines)", OUTPUT.name, text.count("\n"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
