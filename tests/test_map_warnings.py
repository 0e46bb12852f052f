"""The map loader tells a designer what does not stop the screen but is likely a mistake: an object
the screen does not use, and two regions that overlap. Each warning names the map and the objects;
the maps in levels/ give none."""

from __future__ import annotations

import importlib
import logging
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.catalogue import CATALOGUE
from game.client.kit.screen import BASE_REGIONS
from game.client.layout import Layout
from game.client.scenes import lobby
from game.paths import level_path
from tests.tiled_xml import resave


def _screen_regions(game_id: str) -> tuple[str, ...]:
    item = next(i for i in CATALOGUE if i.id == game_id)
    module, _, name = item.screen.partition(":")
    return BASE_REGIONS + getattr(importlib.import_module(module), name).EXTRA_REGIONS


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "game.client.layout" and r.levelno == logging.WARNING]


@pytest.mark.parametrize("game_id", [item.id for item in CATALOGUE if item.available])
def test_the_shipped_maps_give_no_warning(game_id: str, caplog: pytest.LogCaptureFixture) -> None:
    item = next(i for i in CATALOGUE if i.id == game_id)
    with caplog.at_level(logging.WARNING):
        Layout.load(item.level, required=_screen_regions(game_id))
        Layout.load("lobby", required=lobby.REQUIRED)
    assert _warnings(caplog) == []


def _broken_map(tmp_path: Path) -> Path:
    """Halloween Vacation's map with a stray object and the turbo button pushed onto autoplay."""
    root = ET.parse(level_path("halloween_vacation.tmx")).getroot()
    regions = next(g for g in root.iter("objectgroup") if g.get("name") == "regions")
    autoplay = next(o for o in regions if o.get("name") == "autoplay")
    turbo = next(o for o in regions if o.get("name") == "turbo")
    turbo.set("x", str(float(autoplay.get("x")) + 30))
    turbo.set("y", autoplay.get("y"))
    next_id = root.get("nextobjectid")
    ET.SubElement(regions, "object", {"id": next_id, "name": "spinn", "type": "button", "x": "1100", "y": "400",
                                      "width": "40", "height": "40"})
    root.set("nextobjectid", str(int(next_id) + 1))
    path = tmp_path / "levels" / "halloween_vacation.tmx"
    path.parent.mkdir()
    path.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    return path


def test_an_unknown_object_and_overlapping_regions_are_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = _broken_map(tmp_path)
    with caplog.at_level(logging.WARNING):
        layout = Layout.load(str(path), required=_screen_regions("halloween_vacation"))
    assert "spinn" in layout.regions  # warnings only: the map loads
    warnings = _warnings(caplog)
    assert len(warnings) == 2, warnings
    unknown, overlap = warnings
    assert unknown.startswith(f"{path}: object 'spinn' (class 'button') is not one this screen uses")
    assert overlap.startswith(f"{path}: objects 'autoplay' and 'turbo' overlap (")
    assert all("\n" not in line for line in warnings)


def test_regions_drawn_over_others_by_design_are_not_reported(tmp_path: Path) -> None:
    """The banner over the reels, and a panel whose ``overlay`` property is true (a pop-up)."""
    root = ET.parse(level_path("halloween_vacation.tmx")).getroot()
    regions = next(g for g in root.iter("objectgroup") if g.get("name") == "regions")
    panel = next(o for o in regions if o.get("name") == "free_spins")
    reels = next(o for o in regions if o.get("name") == "reels")
    panel.set("x", reels.get("x"))
    path = tmp_path / "moved.tmx"
    path.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    required = _screen_regions("halloween_vacation")
    assert [p for p in Layout.load(str(path), required=required).problems() if "overlap" in p] == [
        f"{path}: objects 'reels' and 'free_spins' overlap (216x216 px at 265,212): one hides the other"]
    props = panel.find("properties")
    ET.SubElement(props, "property", {"name": "overlay", "type": "bool", "value": "true"})
    path.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    assert Layout.load(str(path), required=required).problems() == []
