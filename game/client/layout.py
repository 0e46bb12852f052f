"""Screen layouts from Tiled maps: every region is a named object in ``levels/<screen>.tmx``."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytmx

from ..paths import level_path

log = logging.getLogger(__name__)


class LayoutError(Exception):
    """A map that cannot be used: unreadable, or missing or misnaming a region."""


@dataclass(frozen=True)
class Region:
    name: str
    rect: pygame.Rect
    kind: str = ""  # the Tiled object's class/type, e.g. "button"
    properties: dict[str, Any] = field(default_factory=dict)


class Layout:
    """The named regions of one screen."""

    def __init__(self, path: Path, size: tuple[int, int], regions: dict[str, Region]) -> None:
        self.path = path
        self.size = size
        self.regions = regions

    @classmethod
    def load(cls, name: str, required: tuple[str, ...] = ()) -> Layout:
        """Load ``levels/<name>.tmx`` (or the ``.tmx`` file ``name`` names); every name in ``required``
        must be an object there."""
        path = Path(name) if name.endswith(".tmx") else level_path(f"{name}.tmx")
        if not path.is_file():
            raise LayoutError(f"{path}: map file not found")
        try:
            tmx = pytmx.TiledMap(str(path))
        except Exception as exc:  # pytmx raises several kinds; all mean the same to a player
            raise LayoutError(f"{path}: cannot read the Tiled map ({exc})") from exc
        size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
        regions: dict[str, Region] = {}
        for obj in tmx.objects:
            if not obj.name:
                continue
            if obj.name in regions:
                raise LayoutError(f"{path}: two objects are named {obj.name!r}")
            rect = pygame.Rect(round(obj.x), round(obj.y), round(obj.width or 0), round(obj.height or 0))
            kind = getattr(obj, "class", None) or getattr(obj, "type", None) or ""
            regions[obj.name] = Region(obj.name, rect, kind, dict(obj.properties))
        layout = cls(path, size, regions)
        missing = [name for name in required if name not in regions]
        if missing:
            raise LayoutError(f"{path}: missing object(s) {', '.join(repr(n) for n in missing)}")
        return layout

    def __contains__(self, name: str) -> bool:
        return name in self.regions

    def region(self, name: str) -> Region:
        try:
            return self.regions[name]
        except KeyError:
            raise LayoutError(f"{self.path}: no object named {name!r}") from None

    def rect(self, name: str) -> pygame.Rect:
        return self.region(name).rect.copy()

    def prop(self, name: str, key: str, default: Any = None) -> Any:
        return self.region(name).properties.get(key, default)
