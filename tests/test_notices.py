"""THIRD_PARTY_NOTICES.md holds to what is installed: regenerated, it is the committed file; it names
every run-time package with its version and every native library inside pygame-ce; a library the
table does not know stops the tool."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

import pytest

from tools import notices

ROOT = Path(__file__).resolve().parent.parent
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the committed notices list the Linux wheel's libraries")


@linux_only
def test_the_committed_notices_are_what_the_tool_makes_now() -> None:
    assert notices.OUTPUT.read_text(encoding="utf-8") == notices.render(), "run python -m tools.notices"
    assert notices.main(["--check"]) == 0


@linux_only
def test_every_runtime_package_and_pygame_library_is_named_with_its_licence() -> None:
    text = notices.OUTPUT.read_text(encoding="utf-8")
    names = {notices._normal(dist.metadata["Name"]) for dist in notices.runtime_closure()}
    assert names == {"pygame-ce", "pytmx", "platformdirs", "filelock"}
    for dist in notices.runtime_closure():
        assert f"| {dist.metadata['Name']} | {dist.version} | `" in text
    libraries = notices.pygame_libraries()
    assert any(name.startswith("libSDL2-2") for name in libraries)
    for name in libraries:
        assert f"`{name}`" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 2.1" in text  # pygame-ce's, in full
    assert "Version 3, 29 June 2007" in text  # pytmx's LGPL 3 and the GPL 3 it builds on
    assert "This software is provided 'as-is', without any express or implied" in text  # SDL's zlib licence
    assert "CC BY-SA 4.0" in text and "SIL OPEN FONT LICENSE" in text.upper()
    assert f"| pyinstaller | {metadata.version('pyinstaller')} |" in text  # the bundle's bootloader


@pytest.mark.parametrize(("file_name", "stem"), [
    ("libSDL2_image-2-d6906c81.0.so.0.800.12", "SDL2_image"), ("libpng16-fefdc88d.so.16.58.0", "png16"),
    ("SDL2.dll", "SDL2"), ("libpng16-16.dll", "png16"), ("libFLAC.14.dylib", "FLAC"), ("libz.so.1", "z"),
    ("libstdc++.so.6", "stdc++"), ("libpython3.11.so.1.0", "python3"),
])
def test_library_stems(file_name: str, stem: str) -> None:
    assert notices.library_stem(file_name) == stem


def test_a_library_the_table_does_not_know_stops_the_tool(tmp_path: Path) -> None:
    libraries, _ = notices.load_table()
    with pytest.raises(notices.NoticesError, match=r"libmystery-1234\.so\.1: .*'mystery'"):
        notices.library_for("libmystery-1234.so.1", libraries)
    assert notices.library_for("libvorbisfile-07b6198b.so.3.3.8", libraries).license == "BSD-3-Clause"


def test_check_says_when_the_file_is_out_of_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "THIRD_PARTY_NOTICES.md"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(notices, "OUTPUT", stale)
    monkeypatch.setattr(notices, "render", lambda: "# new\n")
    assert notices.main(["--check"]) == 1
    assert notices.main([]) == 0 and stale.read_text(encoding="utf-8") == "# new\n"
