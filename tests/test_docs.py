"""The repository explains itself: every relative link in README.md and docs/ resolves (files and
#anchors), nothing points outside the repository, and every game has its rules page."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from game.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def _prose(text: str) -> str:
    """The page without its code blocks and code spans (a link there is not a link)."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: formatting dropped, lower case, punctuation out, spaces to -."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays
    text = text.replace("`", "").replace("*", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in FENCE.sub("", page.read_text(encoding="utf-8")).splitlines():
        heading = re.match(r"#{1,6} (.+?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(_prose(page.read_text(encoding="utf-8")))]


def test_there_are_pages_and_links() -> None:
    assert len(PAGES) >= 8
    assert len(links(ROOT / "README.md")) >= 15


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ... are not ours to check
            continue
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page
        if not resolved.exists():
            broken.append(f"{target} (no {resolved})")
            continue
        if ROOT not in resolved.parents and resolved != ROOT:
            broken.append(f"{target} (outside the repository)")
            continue
        if anchor and (resolved.suffix != ".md" or anchor not in anchors(resolved)):
            broken.append(f"{target} (no heading #{anchor} in {resolved.name})")
    assert not broken, f"{page.relative_to(ROOT)}: broken links: {broken}"


def _repository_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                                capture_output=True, text=True, check=True, timeout=60).stdout.split("\n")
        return [ROOT / name for name in listed if name]
    except (OSError, subprocess.SubprocessError):  # no git (an unpacked archive): walk the tree
        skip = {".git", ".venv", "venv", ".ci-venv", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache",
                ".pytest_cache", ".hypothesis"}
        return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)]


def test_no_file_points_outside_the_repository() -> None:
    needle = "../" + "shared"  # spelt in two parts, so that this file does not mention it
    offenders = []
    for path in _repository_files():
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if needle in text:
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, f"files mention {needle}: {offenders}"


@pytest.mark.parametrize("item", CATALOGUE, ids=lambda item: item.id)
def test_every_game_has_its_rules_page(item) -> None:
    page = ROOT / "docs" / "rules" / f"{item.id}.md"
    text = page.read_text(encoding="utf-8")
    assert text.startswith(f"# {item.title}")
    assert ("Coming soon" in text) == (not item.available)
    assert "**printed**" in text  # the rule text's figures are marked as such


def test_the_readme_opens_with_a_screenshot_and_says_where_the_log_is() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first = text.split("\n## ")[0]
    assert "![" in first and "docs/screenshots/halloween_vacation.png" in first
    assert "logs/client.log" in text
    assert "## Editing a screen in Tiled" in text and "festive-slots.tiled-project" in text


def test_screenshots_are_small() -> None:
    shots = sorted((ROOT / "docs" / "screenshots").glob("*.png"))
    assert {p.stem for p in shots} >= {"lobby", "tiled_halloween_vacation"} | {i.id for i in CATALOGUE if i.available}
    for shot in shots:
        assert shot.stat().st_size < 400_000, f"{shot.name} is {shot.stat().st_size:,} bytes"
