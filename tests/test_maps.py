"""The Tiled maps as a designer meets them: a reference picture, notes that survive a save in Tiled,
object classes the game knows (and the Tiled project declares), and errors that name the map, the
object and the values when a map and the engine disagree."""

from __future__ import annotations

import json
import logging
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.catalogue import CATALOGUE
from game.client import layout as layout_module
from game.client.layout import CLASSES, GRID_CLASSES, Layout, LayoutError
from game.engine import get_game
from game.paths import level_path
from tests import harness
from tests.tiled_xml import resave

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"
TEMPLATE_MAP = ROOT / "templates" / "game" / "level.tmx"
PROJECT = LEVELS / "festive-slots.tiled-project"
MAPS = sorted(LEVELS.glob("*.tmx"))
GAME_MAPS = [item.level for item in CATALOGUE if item.available]


def _game(path: Path):
    return get_game(path.stem) if path.stem in GAME_MAPS else None


def _regions(layout: Layout) -> dict:
    return {name: (tuple(r.rect), r.kind, r.properties) for name, r in layout.regions.items()}


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_every_screen_has_a_map_and_every_map_loads() -> None:
    assert {path.stem for path in MAPS} == {"lobby", *GAME_MAPS}
    for path in MAPS:
        layout = Layout.load(str(path), game=_game(path))
        assert layout.size == (1280, 720)
        assert all(region.kind in CLASSES for region in layout.regions.values())


@pytest.mark.parametrize("path", [*MAPS, TEMPLATE_MAP], ids=lambda p: p.stem)
def test_each_map_has_a_locked_reference_layer_the_game_ignores(path: Path) -> None:
    root = ET.parse(path).getroot()
    layers = [child for child in root if child.tag in ("imagelayer", "objectgroup", "layer", "group")]
    assert layers[0].tag == "imagelayer" and layers[0].get("name") == "reference"  # drawn under the objects
    screen = "__GAME_ID__" if path == TEMPLATE_MAP else path.stem
    assert layers[0].find("image").get("source") == f"../assets/backgrounds/{screen}.png"  # the screen's own art
    for layer in root.iter("imagelayer"):
        assert layer.get("locked") == "1", f"{path.name}: image layer {layer.get('name')!r} is not locked"
        source = layer.find("image").get("source")
        assert not Path(source).is_absolute() and source.startswith("../assets/backgrounds/")
        if path != TEMPLATE_MAP:
            assert _png_size(path.parent / source) == (1280, 720)
    if path != TEMPLATE_MAP:
        names = {layer.get("name") for layer in root.iter("imagelayer")}
        assert not names & set(Layout.load(str(path)).regions)  # a layer, not a region


@pytest.mark.parametrize("path", [*MAPS, TEMPLATE_MAP], ids=lambda p: p.stem)
def test_notes_are_properties_not_comments(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "<!--" not in text  # Tiled drops comments when it saves
    root = ET.fromstring(text)
    notes = [p for p in root.findall("./properties/property") if p.get("name") == "notes"]
    assert len(notes) == 1 and len((notes[0].text or notes[0].get("value") or "").strip()) > 80
    assert any(p.get("name") == "note" for p in root.iter("property"))


@pytest.mark.parametrize("path", [*MAPS, TEMPLATE_MAP], ids=lambda p: p.stem)
def test_maps_are_kept_as_tiled_writes_them(path: Path) -> None:
    """A save in Tiled (1.10) changes nothing in a map: no comment to lose, no order to shuffle."""
    text = path.read_text(encoding="utf-8")
    assert resave(text) == text


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_resaved_map_keeps_everything_the_game_reads(path: Path, tmp_path: Path) -> None:
    before = Layout.load(str(path), game=_game(path))
    saved = tmp_path / path.name
    saved.write_text(resave(path.read_text(encoding="utf-8")), encoding="utf-8")
    after = Layout.load(str(saved), game=_game(path))
    assert _regions(after) == _regions(before)
    assert after.notes == before.notes and after.size == before.size
    assert {r.name: r.note for r in after.regions.values()} == {r.name: r.note for r in before.regions.values()}


def test_a_map_written_with_xml_comments_loses_them_on_a_save() -> None:
    """Why the notes are properties: what a comment said is gone after one save."""
    text = '<map version="1.10"><!-- the reels --><objectgroup id="1" name="regions"/></map>'
    assert "the reels" not in resave(text)


def test_a_moved_object_is_followed_after_a_save(tmp_path: Path) -> None:
    root = ET.parse(level_path("fat_santa.tmx")).getroot()
    spin = next(obj for obj in root.iter("object") if obj.get("name") == "spin")
    spin.set("x", "1000")
    spin.set("y", "300")
    saved = tmp_path / "fat_santa.tmx"
    saved.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    assert tuple(Layout.load(str(saved)).rect("spin"))[:2] == (1000, 300)


def test_tiled_19_class_attribute_reads_the_same(tmp_path: Path) -> None:
    """Tiled 1.9 saved an object's class as ``class=``; 1.10 (and 1.8) as ``type=``: both are read."""
    path = level_path("halloween_vacation.tmx")
    old_style = tmp_path / "halloween_vacation.tmx"
    old_style.write_text(path.read_text(encoding="utf-8").replace(' type="', ' class="').replace(
        'property name="cols" class="int"', 'property name="cols" type="int"').replace(
        'property name="rows" class="int"', 'property name="rows" type="int"').replace(
        'property name="frame_margin" class="int"', 'property name="frame_margin" type="int"'), encoding="utf-8")
    assert ' class="reels"' in old_style.read_text(encoding="utf-8")
    assert _regions(Layout.load(str(old_style))) == _regions(Layout.load(str(path)))


def test_the_tiled_project_declares_exactly_the_classes_the_game_knows() -> None:
    project = json.loads(PROJECT.read_text(encoding="utf-8"))
    assert project["folders"] == ["."]  # the project opens on levels/
    classes = {t["name"]: t for t in project["propertyTypes"] if t["type"] == "class" and "object" in t["useAs"]}
    assert set(classes) == set(CLASSES)
    for name, declared in classes.items():
        members = {m["name"]: m for m in declared["members"]}
        assert members["note"]["type"] == "string", name
        if name in GRID_CLASSES:
            assert {key: members[key]["type"] for key in ("cols", "rows", "frame_margin")} == dict.fromkeys(
                ("cols", "rows", "frame_margin"), "int")
    ids = [t["id"] for t in project["propertyTypes"]]
    assert len(ids) == len(set(ids))
    for path in [*MAPS, TEMPLATE_MAP]:  # every property a map sets is one its class declares, with its type
        for obj in ET.parse(path).getroot().iter("object"):
            members = {m["name"]: m["type"] for m in classes[obj.get("type")]["members"]}
            for prop in obj.iter("property"):
                assert members.get(prop.get("name")) == prop.get("type", "string"), (path.name, obj.get("name"))


# -- errors that name the map, the object and the values ----------------------------------------


def _edited(tmp_path: Path, name: str, edit) -> Path:
    root = ET.parse(level_path(f"{name}.tmx")).getroot()
    edit(root)
    path = tmp_path / f"{name}.tmx"
    path.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    return path


def _set(root: ET.Element, obj_name: str, key: str, value: str) -> None:
    obj = next(o for o in root.iter("object") if o.get("name") == obj_name)
    prop = next(p for p in obj.iter("property") if p.get("name") == key)
    prop.set("value", value)


@pytest.mark.parametrize(("game_id", "obj", "key", "value", "engine"), [
    ("halloween_vacation", "reels", "cols", 6, 5),
    ("halloween_vacation", "reels", "rows", 3, 4),
    ("santas_wonderland", "grid", "cols", 9, 8),
    ("santas_wonderland", "grid", "rows", 7, 8),
    ("fat_santa", "reels", "cols", 6, 5),
    ("fat_santa", "reels", "rows", 4, 5),
])
def test_a_grid_size_the_engine_does_not_play_names_map_object_and_both_values(
        tmp_path: Path, game_id: str, obj: str, key: str, value: int, engine: int) -> None:
    path = _edited(tmp_path, game_id, lambda root: _set(root, obj, key, str(value)))
    with pytest.raises(LayoutError) as caught:
        Layout.load(str(path), game=get_game(game_id))
    message = str(caught.value)
    assert str(path) in message and f"'{obj}'" in message
    assert f"{key}={value}" in message and f"{key}={engine}" in message


@pytest.mark.usefixtures("display")
def test_the_screen_stops_on_cols_6_with_the_same_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _edited(tmp_path, "halloween_vacation", lambda root: _set(root, "reels", "cols", "6"))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = harness.make_app(tmp_path / "wallet")
    with pytest.raises(LayoutError) as caught:
        harness.open_screen(app, "halloween_vacation")
    assert str(caught.value) == (f"{path}: object 'reels' has cols=6, but the engine of Halloween Vacation has "
                                 "cols=5; the map must match the engine")


def test_an_unknown_class_names_map_object_and_class(tmp_path: Path) -> None:
    def edit(root: ET.Element) -> None:
        next(o for o in root.iter("object") if o.get("name") == "win").set("type", "meter")

    path = _edited(tmp_path, "halloween_vacation", edit)
    with pytest.raises(LayoutError) as caught:
        Layout.load(str(path))
    assert str(caught.value).startswith(f"{path}: object 'win' has class 'meter', which the game does not know")


def test_an_object_without_class_or_name_is_refused(tmp_path: Path) -> None:
    path = _edited(tmp_path, "lobby", lambda root: next(o for o in root.iter("object")
                                                        if o.get("name") == "snow").attrib.pop("type"))
    with pytest.raises(LayoutError, match=r"object 'snow' has no class"):
        Layout.load(str(path))
    path = _edited(tmp_path, "lobby", lambda root: next(o for o in root.iter("object")
                                                        if o.get("name") == "snow").attrib.pop("name"))
    with pytest.raises(LayoutError, match=r"object id 13 has no name"):
        Layout.load(str(path))


# -- widgets from classes ---------------------------------------------------------------------


@pytest.mark.usefixtures("display")
@pytest.mark.parametrize("game_id", GAME_MAPS)
def test_the_screen_builds_a_button_for_each_button_object(tmp_path: Path, game_id: str) -> None:
    screen = harness.open_screen(harness.make_app(tmp_path), game_id)
    buttons = {region.name: region.rect for region in screen.layout.of_class("button")}
    assert {name: button.rect for name, button in screen.buttons.items()} == buttons


@pytest.mark.usefixtures("display")
def test_a_region_the_screen_makes_a_button_must_have_the_button_class(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _edited(tmp_path, "fat_santa", lambda root: next(o for o in root.iter("object")
                                                            if o.get("name") == "turbo").set("type", "panel"))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    with pytest.raises(LayoutError) as caught:
        harness.open_screen(harness.make_app(tmp_path / "wallet"), "fat_santa")
    assert str(caught.value).startswith(f"{path}: object 'turbo' has class 'panel', but the screen makes it a button")


@pytest.mark.usefixtures("display")
def test_a_button_object_without_an_action_is_reported_not_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def edit(root: ET.Element) -> None:
        group = root.find("objectgroup")
        ET.SubElement(group, "object", {"id": "99", "name": "jackpot", "type": "button", "x": "0", "y": "0",
                                        "width": "10", "height": "10"})

    _edited(tmp_path, "halloween_vacation", edit)
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    with caplog.at_level(logging.WARNING):
        screen = harness.open_screen(harness.make_app(tmp_path / "wallet"), "halloween_vacation")
    assert "jackpot" not in screen.buttons and "button 'jackpot' has no action" in caplog.text


# -- the real Tiled, where it is installed ------------------------------------------------------


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed (Debian: apt-get install tiled)")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_save_in_tiled_keeps_the_notes_and_the_regions(path: Path, tmp_path: Path) -> None:
    (tmp_path / "assets").symlink_to(ROOT / "assets")  # the reference pictures, where the maps point
    (tmp_path / "levels").mkdir()
    copy = tmp_path / "levels" / path.name
    shutil.copy(path, copy)
    saved = tmp_path / "levels" / f"saved-{path.name}"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(["tiled", "--export-map", "tmx", str(copy), str(saved)], env=env, check=True,
                   capture_output=True, timeout=60)
    before, after = (Layout.load(str(p), game=_game(path)) for p in (path, saved))
    assert _regions(after) == _regions(before) and after.notes == before.notes

    def unversioned(text: str) -> str:
        root = ET.fromstring(text)
        del root.attrib["version"], root.attrib["tiledversion"]
        return resave(ET.tostring(root, encoding="unicode"))

    assert unversioned(saved.read_text(encoding="utf-8")) == unversioned(path.read_text(encoding="utf-8"))
