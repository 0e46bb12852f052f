"""The designer's Tiled helpers: the object types Tiled 1.8 imports are the project's classes, and a
map rendered by tools.render_map carries a label with each region's name."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.client.layout import CLASSES, Layout
from tools import object_types, render_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "levels").glob("*.tmx"))


def test_the_object_types_file_is_the_projects_classes() -> None:
    assert object_types.OUTPUT.read_text(encoding="utf-8") == object_types.render(), "python -m tools.object_types"
    assert object_types.main(["--check"]) == 0
    types = {t.get("name"): t for t in ET.parse(object_types.OUTPUT).getroot()}
    assert set(types) == set(CLASSES)
    project = json.loads(object_types.PROJECT.read_text(encoding="utf-8"))
    for declared in project["propertyTypes"]:
        written = types[declared["name"]]
        assert written.get("color") == "#" + declared["color"][3:]
        members = {m["name"]: (m["type"], object_types._default(m)) for m in declared["members"]}
        assert {p.get("name"): (p.get("type"), p.get("default")) for p in written} == members


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_labelled_map_names_every_region_on_a_layer_of_its_own(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    labelled = ET.fromstring(render_map.with_labels(text))
    regions = [o for g in ET.fromstring(text).iter("objectgroup") for o in g.iter("object") if o.get("name")]
    (layer,) = [g for g in labelled.iter("objectgroup") if g.get("name") == render_map.LABEL_LAYER]
    labels = list(layer)
    assert [label.find("text").text for label in labels] == [f"{o.get('name')} ({o.get('type')})" for o in regions]
    assert [(label.get("x"), label.get("y")) for label in labels] == [(o.get("x"), o.get("y")) for o in regions]
    ids = [int(o.get("id")) for o in labelled.iter("object")]
    assert len(ids) == len(set(ids)) and int(labelled.get("nextobjectid")) > max(ids)
    layer_ids = [int(layer.get("id")) for layer in labelled if layer.get("id")]
    assert len(layer_ids) == len(set(layer_ids)) and int(labelled.get("nextlayerid")) > max(layer_ids)


def test_a_file_that_is_not_a_map_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(render_map.MapError, match="not a Tiled map"):
        render_map.with_labels("<tileset/>")
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map", encoding="utf-8")
    assert render_map.main([str(broken), str(tmp_path / "out.png")]) == 2


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="tmxrasterizer is not installed (apt install tiled)")
def test_the_render_shows_the_labels(tmp_path: Path) -> None:
    pygame = pytest.importorskip("pygame")
    path = ROOT / "levels" / "halloween_vacation.tmx"
    out = tmp_path / "labelled.png"
    assert render_map.main([str(path), str(out)]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 720)
    reels = Layout.load(str(path)).rect("reels")
    # The label's white letters at the reels' top-left corner (the art there is dark red and purple).
    corner = [picture.get_at((x, y)) for x in range(reels.x + 2, reels.x + 80)
              for y in range(reels.y + 2, reels.y + 16)]
    assert sum(1 for c in corner if min(c.r, c.g, c.b) > 230) > 20
