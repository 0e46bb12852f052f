"""What Santa's Wonderland's presenter and steps drive on its screen (the screen implements it).

The presenter, the cluster steps and the feature steps are typed against this protocol, not
against the screen class, so the screen imports them and nothing imports the screen back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...kit.reel_presenter import Stage as BaseStage
from .art import WonderlandArt
from .clusters import ClusterPainter
from .fx import FeatureFX
from .grid import GridView
from .markers import MarkerLayer
from .panels import MeterPanel

if TYPE_CHECKING:
    from ....engine.games.santas_wonderland import SantasWonderland

Level = tuple[int, int, int | None]


class Stage(BaseStage, Protocol):
    game: SantasWonderland
    art: WonderlandArt
    grid: GridView
    painter: ClusterPainter
    markers: MarkerLayer
    meter: MeterPanel
    fx: FeatureFX
    trigger_points: int

    @property
    def levels(self) -> Sequence[Level]:
        """The game's Midnight Riches levels (read only: the screen keeps the engine's NamedTuples)."""
        ...

    def start_spin(self) -> None: ...

    def show_markers(self, markers: dict[str, Sequence[int]]) -> None: ...

    def set_meter(self, points: int) -> None: ...

    def meter_triggered(self, points: int) -> None: ...

    def win_markers(self, names: Sequence[str]) -> None: ...

    def begin_feature(self, name: str) -> None: ...

    def end_feature(self, name: str) -> None: ...

    def end_spin(self) -> None: ...

    def enter_midnight(self, levels: Sequence[Level]) -> None: ...

    def begin_level(self, level: int, multiplier: int, needed: int | None) -> None: ...

    def level_done(self, level: int, advance: bool) -> None: ...

    def leave_midnight(self) -> None: ...

    def cap_reached(self) -> None: ...

    def sparkle_at(self, x: float, y: float, color: tuple[int, int, int] | None = None, count: int = 10) -> None: ...

    def burst_cells(self, cells: Sequence[Sequence[int]]) -> None: ...
