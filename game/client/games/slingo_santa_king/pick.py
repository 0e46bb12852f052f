"""A wild's pick: the round waits while the player chooses the number it marks, on the card itself.

:class:`PickOverlay` is a ``ChoiceOverlay`` (the harness and the screen treat it as the round's
question) with no panel of its own: the card below stays live, its valid cells ringed (the wild's
column, or every unmarked cell for a super wild), the others dimmed. The arrow keys move the
dauber from cell to valid cell, Space or Enter marks it; the mouse points at a cell and a click
marks it. Esc does not dismiss it: the round waits for the answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ... import gfx, theme
from ...overlays.base import Overlay
from ...overlays.choice import ChoiceOption, ChoiceOverlay
from ...widgets.anim import clamp01, pulse
from ...widgets.art import rounded_panel
from ...widgets.text import render_text
from .art import INK
from .grid import GridField

if TYPE_CHECKING:
    from ...context import AppContext

Cell = tuple[int, int]
MOVES = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PICK_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def step_towards(cells: Sequence[Cell], focus: Cell, move: tuple[int, int]) -> Cell:
    """The valid cell an arrow key moves to from ``focus``: the nearest one that lies that way
    (straight ahead counts more than sideways), or ``focus`` when none does."""
    dx, dy = move
    best: tuple[float, Cell] | None = None
    for cell in cells:
        ahead = (cell[0] - focus[0]) * dx + (cell[1] - focus[1]) * dy
        if ahead <= 0:
            continue
        side = abs((cell[0] - focus[0]) * dy) + abs((cell[1] - focus[1]) * dx)
        score = ahead + 2.5 * side
        if best is None or score < best[0]:
            best = (score, cell)
    return focus if best is None else best[1]


def first_focus(cells: Sequence[Cell]) -> Cell:
    """Where the dauber starts: the valid cell nearest the card's centre (ties: the first)."""
    return min(cells, key=lambda cell: ((cell[0] - 2) ** 2 + (cell[1] - 2) ** 2, cell))


class PickOverlay(ChoiceOverlay):
    """The question of a ``wild`` or ``super_wild`` decision, asked on the card."""

    pauses_below = False  # the card, the reels and their lights keep moving underneath

    def __init__(self, app: AppContext, grid: GridField, kind: str, reel: int, options: Sequence[Any],
                 on_choose: Callable[[int], bool], *, hint_at: tuple[int, int],
                 on_focus: Callable[[], None] | None = None) -> None:
        title = "Wild" if kind == "wild" else "Super Wild"
        Overlay.__init__(self, app, (320, 120), title)
        self.rect = pygame.Rect((0, 0), gfx.LAYOUT_SIZE)
        self.grid = grid
        self.kind = kind
        self.reel = reel
        self.cells: list[Cell] = [(int(option[0]), int(option[1])) for option in options]
        self.options = tuple(ChoiceOption(f"{col + 1}-{row + 1}") for col, row in self.cells)
        self.on_choose = on_choose
        self.on_focus = on_focus
        self.reason = ""
        self.hint_at = hint_at
        self.cell_focus = first_focus(self.cells)
        self.focus = self.cells.index(self.cell_focus)
        self.time = 0.0
        res = app.resources
        head = "WILD: MARK A NUMBER IN THIS COLUMN" if kind == "wild" else "SUPER WILD: MARK ANY NUMBER"
        label = render_text(theme.ui(res, 22, "heavy"), head, (255, 250, 230), INK, 2)
        w, h = label.get_width() + 48, label.get_height() + 14
        color = ((236, 170, 20), (150, 80, 0)) if kind == "wild" else ((150, 90, 240), (70, 20, 150))
        self.ribbon = rounded_panel((w, h), *color, edge=(255, 246, 210), radius=h // 2, alpha=250, edge_px=3)
        self.ribbon.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        hint = "ARROWS  move   \u00b7   SPACE  mark   \u00b7   CLICK  a number"
        self.hint = render_text(theme.ui(res, 17, "heavy"), hint, (255, 236, 180), INK, 2)
        self._reason_font = theme.ui(res, 18)
        grid.highlight = set(self.cells)
        grid.focus = self.cell_focus
        grid.focus_kind = kind

    # -- the answer -----------------------------------------------------------------------------

    @property
    def focused_cell(self) -> Cell:
        return self.cell_focus

    def _set_focus(self, cell: Cell) -> None:
        if cell != self.cell_focus:
            self.cell_focus = cell
            self.focus = self.cells.index(cell)
            self.grid.focus = cell
            if self.on_focus is not None:
                self.on_focus()

    def choose(self, index: int) -> None:
        if self._closed:
            return
        if self.on_choose(index):
            self.close()

    def close(self) -> None:
        self.grid.highlight = set()
        self.grid.focus = None
        super().close()

    # -- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in MOVES:
                self._set_focus(step_towards(self.cells, self.cell_focus, MOVES[event.key]))
            elif event.key in PICK_KEYS:
                self.choose(self.focus)
            elif event.key == pygame.K_TAB:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self._set_focus(self.cells[(self.focus + step) % len(self.cells)])
            elif event.key == pygame.K_ESCAPE:
                self.on_cancel()
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            cell = self.grid.cell_at(event.pos)
            if cell in self.cells:
                self._set_focus(cell)
                if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
                    self.choose(self.cells.index(cell))
            return True
        return True

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        grid = self.grid
        alpha = round(255 * clamp01(self.time / 0.2))
        self.ribbon.set_alpha(alpha)
        bob = round(2 * math.sin(self.time * 4))
        surface.blit(self.ribbon, self.ribbon.get_rect(midbottom=(grid.rect.centerx, grid.rect.y - 4 + bob)))
        self.ribbon.set_alpha(255)
        self.hint.set_alpha(round(alpha * (0.7 + 0.3 * pulse(self.time, 1.6))))
        surface.blit(self.hint, self.hint.get_rect(center=self.hint_at))
        if self.reason:
            image = render_text(self._reason_font, self.reason, (255, 200, 160), INK, 2)
            surface.blit(image, image.get_rect(midbottom=(self.hint_at[0], self.hint_at[1] - 14)))
