"""build.spec on each platform, without building: run with stand-ins for PyInstaller's classes,
it names every module, leaves the template out, sets the icon, a windowed Windows exe with a
version resource, and a macOS .app bundle."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import game
from game.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent


class _Call(dict):
    """What a stand-in returned: its arguments; attributes (``a.pure``, ``a.binaries``) are names."""

    def __getattr__(self, name: str) -> str:
        return f"<{name}>"


class _Recorder:
    def __init__(self, calls: dict[str, _Call], name: str) -> None:
        self.calls, self.name = calls, name

    def __call__(self, *args: Any, **kwargs: Any) -> _Call:
        self.calls[self.name] = _Call(args=args, **kwargs)
        return self.calls[self.name]


def run_spec(platform: str, workpath: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, _Call]:
    calls: dict[str, _Call] = {}
    monkeypatch.setattr(sys, "platform", platform)
    stand_ins = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    namespace: dict[str, Any] = {name: _Recorder(calls, name) for name in stand_ins}
    namespace.update(SPECPATH=str(ROOT), workpath=str(workpath), DISTPATH=str(workpath / "dist"),
                     __file__=str(ROOT / "build.spec"))
    sys_path = list(sys.path)
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"), namespace)
    assert sys.path == sys_path  # the spec does not rely on (or change) the import path
    return calls


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_spec_names_every_module_and_data_file(platform: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    analysis = run_spec(platform, tmp_path, monkeypatch)["Analysis"]
    hidden = set(analysis["hiddenimports"])
    for item in CATALOGUE:
        for target in (item.engine, item.screen):
            if target:
                assert target.partition(":")[0] in hidden
    assert {"game", "game.__main__", "game.client.scenes", "game.engine.games.fat_santa"} <= hidden
    targets = {dest for _, dest in analysis["datas"]}
    assert {"assets", "levels", "game/engine/games/halloween_vacation"} <= {t.replace("\\", "/") for t in targets}
    assert not [src for src, _ in analysis["datas"] if "templates" in Path(src).parts]
    assert "tqdm" in analysis["excludes"] and "tools" in analysis["excludes"]
    # The licences: among the data files, and beside the program.
    assert {(str(ROOT / "LICENSE"), "."), (str(ROOT / "THIRD_PARTY_NOTICES.md"), ".")} <= set(analysis["datas"])
    beside = tmp_path / "dist" / "FestiveSlots" / "THIRD_PARTY_NOTICES.md"
    assert beside.read_text(encoding="utf-8") == (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")


def test_linux_build_keeps_the_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("linux", tmp_path, monkeypatch)
    assert calls["EXE"]["console"] is True and calls["EXE"]["name"] == "FestiveSlots"
    assert "BUNDLE" not in calls


class _Struct:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs


def _strings(node: Any) -> dict[str, str]:
    """Every StringStruct(name, value) in a parsed version structure."""
    found: dict[str, str] = {}
    if isinstance(node, _Struct):
        if node.kwargs.get("kind") == "StringStruct":
            found[node.args[0]] = node.args[1]
        for child in (*node.args, *node.kwargs.values()):
            found.update(_strings(child))
    elif isinstance(node, list | tuple):
        for child in node:
            found.update(_strings(child))
    return found


def test_windows_build_is_windowed_with_icon_and_version_resource(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    exe = run_spec("win32", tmp_path, monkeypatch)["EXE"]
    assert exe["console"] is False
    assert exe["icon"].endswith("festive-slots.ico") and Path(exe["icon"]).is_file()
    text = Path(exe["version"]).read_text(encoding="utf-8")
    assert Path(exe["version"]).parent == tmp_path  # written to the build folder, not the checkout

    def struct(kind: str):
        return lambda *args, **kwargs: _Struct(*args, kind=kind, **kwargs)

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    info = eval(text, {name: struct(name) for name in names})  # PyInstaller's own loader also eval()s the file
    numbers = tuple(int(n) for n in game.__version__.split("."))
    assert info.kwargs["ffi"].kwargs["filevers"][:len(numbers)] == numbers
    assert len(info.kwargs["ffi"].kwargs["prodvers"]) == 4
    strings = _strings(info)
    assert strings["ProductName"] == "Festive Slots" and strings["OriginalFilename"] == "FestiveSlots.exe"
    assert strings["ProductVersion"] == strings["FileVersion"] == game.__version__


def test_macos_build_is_an_app_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("darwin", tmp_path, monkeypatch)
    bundle = calls["BUNDLE"]
    assert bundle["args"] == (calls["COLLECT"],)
    assert bundle["name"] == "FestiveSlots.app" and Path(bundle["icon"]).suffix == ".icns"
    assert Path(bundle["icon"]).is_file() and bundle["version"] == game.__version__
    assert bundle["info_plist"]["CFBundleDisplayName"] == "Festive Slots"
