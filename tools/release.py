"""Build a release: the wheel, the source archive and the desktop bundle, with SHA-256 sums, each checked.

    python -m tools.release [--out DIR]

From a checkout with ``requirements-dev.txt`` installed (``build`` and PyInstaller). Into ``DIR``
(default ``dist/``):

- ``festive_slots-VERSION-py3-none-any.whl`` and ``festive_slots-VERSION.tar.gz`` (``python -m
  build``: the source archive first, the wheel built from it, so the archive is known to be whole);
- ``festive-slots-VERSION-SYSTEM-MACHINE.tar.gz`` (``.zip`` on Windows): the PyInstaller bundle
  of ``build.spec``, the ``FestiveSlots/`` folder;
- ``SHA256SUMS``: one ``HASH  NAME`` line a file (``sha256sum -c SHA256SUMS`` checks them).

Then each is checked: the wheel installed in a fresh virtual environment answers
``festive-slots --version`` with this version; the bundle, unpacked elsewhere, runs
``--frames 60`` with SDL's dummy drivers; its licences are inside; on Linux, every shared library
in it is one ``THIRD_PARTY_NOTICES.md`` names, and the highest glibc symbol version its programs
and libraries need is reported (``objdump -T``). Before building, the notices and the changelog
must be up to date with this version.

Exit status: 0 built and checked, 1 a build or a check failed (the line says which), 2 a wrong
argument.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from game import __version__
from tools import notices

ROOT = Path(__file__).resolve().parent.parent
APP = "FestiveSlots"
SUMS = "SHA256SUMS"
CHECK_FRAMES = 60

logger = logging.getLogger("tools.release")


class ReleaseError(Exception):
    """A build or a check failed (exit status 1)."""


def run(command: list[str], what: str, **kwargs) -> subprocess.CompletedProcess[str]:
    logger.info("  $ %s", " ".join(command))
    try:
        done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ReleaseError(f"{what} could not run: {exc}") from exc
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise ReleaseError(f"{what} failed (exit status {done.returncode}):\n{tail}")
    return done


def system_name() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``: what a bundle runs on."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower()}"


def bundle_name(version: str = __version__) -> str:
    suffix = ".zip" if sys.platform == "win32" else ".tar.gz"
    return f"festive-slots-{version}-{system_name()}{suffix}"


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_sums(files: list[Path], out: Path) -> Path:
    """``SHA256SUMS`` in ``out``, in the form ``sha256sum -c`` reads."""
    sums = out / SUMS
    sums.write_text("".join(f"{sha256(path)}  {path.name}\n" for path in files), encoding="utf-8")
    return sums


def verify_sums(sums: Path) -> list[str]:
    """The names whose file no longer has its recorded sum (empty when all agree)."""
    wrong = []
    for line in sums.read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        path = sums.parent / name
        if not path.is_file() or sha256(path) != digest:
            wrong.append(name)
    return wrong


def check_preconditions(version: str = __version__) -> None:
    if notices.render() != notices.OUTPUT.read_text(encoding="utf-8"):
        raise ReleaseError(f"{notices.OUTPUT.name} is out of date: run python -m tools.notices and commit it")
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.MULTILINE):
        raise ReleaseError(f"CHANGELOG.md has no section '## [{version}] - DATE'")


def build_packages(out: Path) -> tuple[Path, Path]:
    """The source archive, then the wheel built from it."""
    run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], "python -m build", cwd=ROOT)
    (wheel,) = out.glob(f"festive_slots-{__version__}-*.whl")
    (sdist,) = out.glob(f"festive_slots-{__version__}.tar.gz")
    return wheel, sdist


def build_bundle(out: Path, work: Path) -> Path:
    """PyInstaller's folder from build.spec, archived as one file in ``out``."""
    dist, build = work / "dist", work / "build"
    work.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist), "--workpath", str(build),
         str(ROOT / "build.spec")], "PyInstaller", cwd=work)
    folder = dist / APP
    archive = out / bundle_name()
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
            for path in sorted(folder.rglob("*")):
                packed.write(path, path.relative_to(dist).as_posix())
    else:
        with tarfile.open(archive, "w:gz") as packed:
            packed.add(folder, arcname=APP, filter=_normal_owner)
    return archive


def _normal_owner(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def unpack(archive: Path, into: Path) -> Path:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as packed:
            packed.extractall(into)
    else:
        with tarfile.open(archive) as packed:
            packed.extractall(into, filter="data")
    return into / APP


def check_wheel(wheel: Path, work: Path) -> str:
    """Installed in a fresh virtual environment, the command answers --version; returns its answer."""
    venv = work / "venv"
    run([sys.executable, "-m", "venv", str(venv)], "python -m venv")
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / ("python.exe" if sys.platform == "win32" else "python")
    run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], "pip install of the wheel")
    answer = run([str(bin_dir / "festive-slots"), "--version"], "festive-slots --version", cwd=work).stdout.strip()
    if answer != f"festive-slots {__version__}":
        raise ReleaseError(f"the installed wheel answers {answer!r} to --version, not 'festive-slots {__version__}'")
    metadata = zipfile.ZipFile(wheel).read(f"festive_slots-{__version__}.dist-info/METADATA").decode()
    expression = notices.project_license()
    if f"License-Expression: {expression}\n" not in metadata:
        raise ReleaseError(f"the wheel's metadata lacks License-Expression: {expression}")
    return answer


def check_sdist(sdist: Path) -> None:
    with tarfile.open(sdist) as packed:
        names = {Path(name).name for name in packed.getnames()}
    missing = {"LICENSE", "THIRD_PARTY_NOTICES.md", "CHANGELOG.md", "build.spec"} - names
    if missing:
        raise ReleaseError(f"the source archive lacks {', '.join(sorted(missing))}")


def check_bundle(archive: Path, work: Path) -> Path:
    """Unpacked away from the checkout, the bundle plays CHECK_FRAMES frames headless."""
    folder = unpack(archive, work / "unpacked")
    for notice in ("LICENSE", "THIRD_PARTY_NOTICES.md"):
        if not (folder / notice).is_file():
            raise ReleaseError(f"the bundle lacks {notice}")
    program = folder / (f"{APP}.exe" if sys.platform == "win32" else APP)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    data = work / "data"
    run([str(program), "--frames", str(CHECK_FRAMES), "--mute", "--data-dir", str(data)],
        f"the unpacked bundle's --frames {CHECK_FRAMES}", cwd=work, env=env, timeout=300)
    return folder


def shared_libraries(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file() and re.search(r"\.so(\.|$)", path.name))


def unnamed_libraries(folder: Path) -> list[str]:
    """The bundle's shared libraries (Python's own extension modules aside) that the notices do not name."""
    libraries, _ = notices.load_table()
    missing = []
    for path in shared_libraries(folder):
        if "lib-dynload" in path.parts or path.parent.name == "pygame" or ".cpython-" in path.name:
            continue  # Python's and pygame's own extension modules: covered by their packages' licences
        try:
            notices.library_for(path.name, libraries)
        except notices.NoticesError:
            missing.append(path.name)
    return missing


GLIBC = re.compile(r"GLIBC_(\d+(?:\.\d+)+)")


def highest_glibc(objdump_text: str) -> tuple[int, ...] | None:
    """The highest ``GLIBC_x.y`` an ``objdump -T`` listing needs (None when it names none)."""
    versions = [tuple(int(n) for n in found.split(".")) for found in GLIBC.findall(objdump_text)]
    return max(versions, default=None)


def bundle_glibc(folder: Path) -> tuple[tuple[int, ...], str] | None:
    """The highest glibc version the bundle's programs and libraries need, and the file that needs it."""
    objdump = shutil.which("objdump")
    if objdump is None:
        logger.warning("  no objdump (binutils): the bundle's glibc floor is not checked")
        return None
    best: tuple[tuple[int, ...], str] | None = None
    for path in [folder / APP, *shared_libraries(folder)]:
        listing = subprocess.run([objdump, "-T", str(path)], capture_output=True, text=True).stdout
        found = highest_glibc(listing)
        if found is not None and (best is None or found > best[0]):
            best = (found, path.name)
    return best


def human_size(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def release(out: Path) -> int:
    check_preconditions()
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob(f"festive_slots-{__version__}*"), *out.glob(f"festive-slots-{__version__}-*"), out / SUMS]:
        old.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="festive-slots-release-") as temp:
        work = Path(temp)
        logger.info("Festive Slots %s: building into %s", __version__, out)
        logger.info("- the source archive and the wheel")
        wheel, sdist = build_packages(out)
        logger.info("- the %s bundle", system_name())
        bundle = build_bundle(out, work / "bundle")
        sums = write_sums([wheel, sdist, bundle], out)
        logger.info("- checks")
        check_sdist(sdist)
        logger.info("  source archive: LICENSE, THIRD_PARTY_NOTICES.md, CHANGELOG.md inside")
        answer = check_wheel(wheel, work / "wheel")
        logger.info("  wheel in a fresh venv: %r; License-Expression: %s", answer, notices.project_license())
        folder = check_bundle(bundle, work / "run")
        logger.info("  bundle unpacked in another folder: --frames %d with the dummy drivers, exit 0", CHECK_FRAMES)
        if sys.platform.startswith("linux"):
            missing = unnamed_libraries(folder)
            if missing:
                raise ReleaseError(f"the bundle carries libraries {notices.TABLE.name} does not name: "
                                   f"{', '.join(missing)}")
            logger.info("  every shared library in the bundle is in %s", notices.OUTPUT.name)
            floor = bundle_glibc(folder)
            if floor is not None:
                logger.info("  needs glibc %s or later (its highest GLIBC_ symbol version, in %s)",
                            ".".join(map(str, floor[0])), floor[1])
        wrong = verify_sums(sums)
        if wrong:
            raise ReleaseError(f"{SUMS} does not match {', '.join(wrong)}")
    logger.info("%s:", out / SUMS)
    for line in sums.read_text(encoding="utf-8").splitlines():
        digest, name = line.split("  ", 1)
        logger.info("  %s  %s  (%s)", digest, name, human_size((out / name).stat().st_size))
    return 0


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m tools.release", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the release's files go (default dist/)")
    args = parser.parse_args(argv)
    try:
        return release(args.out.resolve())
    except ReleaseError as exc:
        logger.error("release: %s", exc)
        return 1
    except notices.NoticesError as exc:
        logger.error("release: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
