"""Render a screen's Tiled map to a PNG with every region's name written on its box.

    python -m tools.render_map levels/halloween_vacation.tmx out.png [--scale S]

``tmxrasterizer`` (Tiled's renderer: Debian's ``tiled`` package) draws the regions as boxes but not
their names. This tool renders a copy of the map with a ``labels`` layer added: a text object per
region, its name (and class) at the box's top-left corner, in the layer's colour. The map itself
is not changed. The copy sits in a temporary folder beside a link to ``assets/``, so the reference
picture the map points at (``../assets/...``) is found as it is from ``levels/``.

Exit status: 0 rendered, 1 tmxrasterizer failed or is not installed, 2 a wrong argument or a map
that cannot be read.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABEL_LAYER = "labels"
LABEL_COLOUR = "#ffffff"
LABEL_HEIGHT = 18  # pixels: one line of text at LABEL_PIXELS
LABEL_PIXELS = 12

logger = logging.getLogger("tools.render_map")


class MapError(Exception):
    """The map cannot be read (exit status 2)."""


def with_labels(text: str) -> str:
    """The map ``text`` with a locked ``labels`` object layer on top: one text object per named object."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise MapError(f"not a Tiled map ({exc})") from exc
    if root.tag != "map":
        raise MapError(f"not a Tiled map (its root is <{root.tag}>)")
    regions = [obj for group in root.iter("objectgroup") for obj in group.iter("object") if obj.get("name")]
    next_object = int(root.get("nextobjectid", "1"))
    next_object = max([next_object, *(int(obj.get("id", "0")) + 1 for obj in root.iter("object"))])
    next_layer = max([int(root.get("nextlayerid", "1")),
                      *(int(layer.get("id", "0")) + 1 for layer in root if layer.get("id"))])
    layer = ET.SubElement(root, "objectgroup", {"color": LABEL_COLOUR, "id": str(next_layer), "name": LABEL_LAYER,
                                                "locked": "1"})
    for obj in regions:
        kind = obj.get("type") or obj.get("class") or ""
        words_text = f"{obj.get('name')} ({kind})" if kind else str(obj.get("name"))
        width = len(words_text) * LABEL_PIXELS * 0.7 + 8  # room for the whole name on one line, box or not
        label = ET.SubElement(layer, "object", {"id": str(next_object), "x": obj.get("x", "0"),
                                                "y": obj.get("y", "0"), "width": f"{width:g}",
                                                "height": str(LABEL_HEIGHT)})
        words = ET.SubElement(label, "text", {"pixelsize": str(LABEL_PIXELS), "color": LABEL_COLOUR, "bold": "1"})
        words.text = words_text
        next_object += 1
    root.set("nextobjectid", str(next_object))
    root.set("nextlayerid", str(next_layer + 1))
    return ET.tostring(root, encoding="unicode")


def render(map_path: Path, out: Path, scale: float = 1.0) -> None:
    # The map is checked first: a broken map is the designer's error (exit 2) on any machine,
    # with or without Tiled installed.
    try:
        text = map_path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError(f"cannot read it ({exc.strerror or exc})") from exc
    labelled = with_labels(text)
    rasterizer = shutil.which("tmxrasterizer")
    if rasterizer is None:
        raise FileNotFoundError("tmxrasterizer is not installed (Debian and Ubuntu: apt install tiled)")
    with tempfile.TemporaryDirectory(prefix="festive-slots-map-") as temp:
        folder = Path(temp)
        (folder / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
        (folder / "levels").mkdir()
        copy = folder / "levels" / map_path.name
        copy.write_text(labelled, encoding="utf-8")
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
        done = subprocess.run([rasterizer, "--scale", f"{scale:g}", str(copy), str(out.resolve())], env=env,
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0 or not out.is_file():
            raise RuntimeError(f"tmxrasterizer failed ({done.returncode}): {done.stderr.strip()[-500:]}")


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m tools.render_map", description=__doc__.split("\n\n")[0])
    parser.add_argument("map", type=Path, help="the .tmx file")
    parser.add_argument("out", type=Path, help="the PNG to write")
    parser.add_argument("--scale", type=float, default=1.0, help="output scale (default 1)")
    args = parser.parse_args(argv)
    try:
        render(args.map, args.out, args.scale)
    except MapError as exc:
        logger.error("render_map: %s: %s", args.map, exc)
        return 2
    except (FileNotFoundError, RuntimeError, subprocess.TimeoutExpired) as exc:
        logger.error("render_map: %s", exc)
        return 1
    logger.info("wrote %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
