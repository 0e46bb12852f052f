"""Screen layouts from Tiled maps: every region is a named object in ``levels/<screen>.tmx``.

An object's class (Tiled's *Class* field, saved as the object's ``type`` attribute by Tiled 1.10
and as ``class`` by Tiled 1.9; both are read) says what kind of widget the region is; it must be
one of :data:`CLASSES`, the same list ``levels/festive-slots.tiled-project`` offers in Tiled.
Values the engine also knows (a ``reels`` or ``grid`` object's ``cols`` and ``rows``) are checked
against the engine when the screen loads its map. Image layers (the locked ``reference`` layer
showing the screen's art) are for the designer and are not read. The map's ``notes`` property and
each object's ``note`` property are the designer's notes: Tiled keeps them when it saves, as it
would not keep XML comments.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pygame
import pytmx

from ..paths import level_path

log = logging.getLogger(__name__)

# The object classes the game knows (levels/festive-slots.tiled-project declares the same ones,
# with their properties, so Tiled offers them; a test keeps the two lists equal).
CLASSES: dict[str, str] = {
    "reels": "the reel window: cols x rows cells, frame art frame_margin px around it",
    "grid": "a symbol grid (cluster pays): cols x rows cells, frame art frame_margin px around it",
    "button": "a button; the screen gives it its label and action by the object's name",
    "panel": "a framed panel a widget draws into (a meter, the free spins, the balance)",
    "value": "a money field with its label (balance, bet, win)",
    "banner": "the big message: feature intros and ends, resuming, max win",
    "toast": "short messages",
    "badge": "the REPLAY / FREE GAMES badge",
    "hints": "the key hints strip (F1)",
    "art": "a picture the screen paints (the logo, a caption ribbon)",
    "label": "a line of text (a price, a title, a hint)",
    "path": "a band something moves through (the sleigh's flight)",
    "tile": "the lobby's tile area: a tile for every game of the catalogue is laid out in it",
    "area": "an area of the screen: one an effect fills (the lobby's snow), one kept clear (its lights)",
}
GRID_CLASSES = ("reels", "grid")  # classes whose cols and rows the engine also knows
# Classes drawn over other regions by design (the big message over the reels, the snow over
# everything); any other region may be drawn over others when its ``overlay`` property is true
# (a pop-up panel). Two regions that overlap otherwise are reported: one hides the other.
OVERLAY_CLASSES = ("banner", "toast", "hints", "path", "area")


class LayoutError(Exception):
    """A map that cannot be used: unreadable, missing or misnaming a region, an unknown class, or
    a value that disagrees with the engine. The message names the map file and the object."""


class GridSize(Protocol):
    """What the layout checks a map against: an engine game's title and window size."""

    title: str
    reel_count: int
    rows: int


@dataclass(frozen=True)
class Region:
    name: str
    rect: pygame.Rect
    kind: str = ""  # the Tiled object's class, one of CLASSES, e.g. "button"
    properties: dict[str, Any] = field(default_factory=dict)

    @property
    def note(self) -> str:
        """The designer's note on this object (its ``note`` property), or ``""``."""
        return str(self.properties.get("note", ""))


class Layout:
    """The named regions of one screen."""

    def __init__(self, path: Path, size: tuple[int, int], regions: dict[str, Region], notes: str = "") -> None:
        self.path = path
        self.size = size
        self.regions = regions
        self.notes = notes  # the map's ``notes`` property
        # What the map was loaded against, so it can be read again the same way (--designer).
        self.required: tuple[str, ...] = ()
        self.optional: tuple[str, ...] = ()
        self.game: GridSize | None = None

    @classmethod
    def load(cls, name: str, required: tuple[str, ...] = (), *, optional: tuple[str, ...] = (),
             game: GridSize | None = None) -> Layout:
        """Load ``levels/<name>.tmx`` (or the ``.tmx`` file ``name`` names).

        Every name in ``required`` must be an object there; every object needs a name and a class
        from :data:`CLASSES`; with ``game``, every ``reels`` / ``grid`` object's ``cols`` and
        ``rows`` must be the engine's (``game.reel_count``, ``game.rows``). With ``required``,
        an object that is neither required nor ``optional`` is logged as unknown (the screen does
        not use it), and so is each pair of regions that overlap (see :data:`OVERLAY_CLASSES`):
        warnings naming the map and the objects, the map still loads.
        """
        path = Path(name) if name.endswith(".tmx") else level_path(f"{name}.tmx")
        if not path.is_file():
            raise LayoutError(f"{path}: map file not found")
        try:
            tmx = pytmx.TiledMap(str(path))
        except Exception as exc:  # pytmx raises several kinds; all mean the same to a player
            raise LayoutError(f"{path}: cannot read the Tiled map ({exc})") from exc
        size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
        regions: dict[str, Region] = {}
        for obj in tmx.objects:  # objects of every object layer; image layers are not objects
            if not obj.name:
                raise LayoutError(f"{path}: object id {obj.id} has no name (every object is a named region)")
            if obj.name in regions:
                raise LayoutError(f"{path}: two objects are named {obj.name!r}")
            kind = getattr(obj, "class", None) or getattr(obj, "type", None) or ""
            if kind not in CLASSES:
                known = ", ".join(CLASSES)
                what = f"has class {kind!r}, which the game does not know" if kind else "has no class"
                raise LayoutError(f"{path}: object {obj.name!r} {what} (classes: {known})")
            rect = pygame.Rect(round(obj.x), round(obj.y), round(obj.width or 0), round(obj.height or 0))
            regions[obj.name] = Region(obj.name, rect, kind, dict(obj.properties))
        layout = cls(path, size, regions, str(tmx.properties.get("notes", "")))
        layout.required, layout.optional, layout.game = required, optional, game
        missing = [name for name in required if name not in regions]
        if missing:
            raise LayoutError(f"{path}: missing object(s) {', '.join(repr(n) for n in missing)}")
        if game is not None:
            layout.check_against(game)
        if required:
            for problem in layout.problems():
                log.warning("%s", problem)
        return layout

    def problems(self) -> list[str]:
        """What a designer should know but that does not stop the screen: objects the screen does
        not use, and regions that overlap (neither drawn over others by design). One line each,
        naming the map and the objects."""
        lines = []
        used = set(self.required) | set(self.optional)
        for region in self.regions.values():
            if region.name not in used:
                lines.append(f"{self.path}: object {region.name!r} (class {region.kind!r}) is not one this screen "
                             "uses: it is ignored (a misspelt name, or one left over?)")
        solid = [r for r in self.regions.values() if r.kind not in OVERLAY_CLASSES and not r.properties.get("overlay")]
        for i, first in enumerate(solid):
            for second in solid[i + 1:]:
                if first.rect.colliderect(second.rect):
                    both = first.rect.clip(second.rect)
                    lines.append(f"{self.path}: objects {first.name!r} and {second.name!r} overlap "
                                 f"({both.width}x{both.height} px at {both.x},{both.y}): one hides the other")
        return lines

    def check_against(self, game: GridSize) -> None:
        """Every ``reels`` / ``grid`` object's ``cols`` and ``rows``, where the map sets them, must be the
        engine's (unset, the screen takes the engine's); LayoutError naming the map, the object and
        both values otherwise."""
        expected = {"cols": game.reel_count, "rows": game.rows}
        for region in self.regions.values():
            if region.kind not in GRID_CLASSES:
                continue
            for key, engine_value in expected.items():
                value = region.properties.get(key)
                if value is None:  # unset in the map: the screen takes the engine's
                    continue
                try:
                    number = int(value)
                except (TypeError, ValueError):
                    raise LayoutError(f"{self.path}: object {region.name!r} has {key}={value!r}, which is not a "
                                      f"whole number; the engine of {game.title} has {key}={engine_value}") from None
                if number != engine_value:
                    raise LayoutError(f"{self.path}: object {region.name!r} has {key}={number}, but the engine of "
                                      f"{game.title} has {key}={engine_value}; the map must match the engine")

    def __contains__(self, name: str) -> bool:
        return name in self.regions

    def region(self, name: str) -> Region:
        try:
            return self.regions[name]
        except KeyError:
            raise LayoutError(f"{self.path}: no object named {name!r}") from None

    def of_class(self, kind: str) -> list[Region]:
        """The regions of class ``kind``, in the map's order."""
        return [region for region in self.regions.values() if region.kind == kind]

    def rect(self, name: str) -> pygame.Rect:
        return self.region(name).rect.copy()

    def prop(self, name: str, key: str, default: Any = None) -> Any:
        return self.region(name).properties.get(key, default)
