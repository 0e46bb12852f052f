"""The left column: the Midnight Riches meter, the five marker features and the level ladder.

Each panel's frame and fixed labels are drawn once; per frame a panel blits them, one bar fill
(a slice of a pre-made gradient) and a few cached texts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import gfx
from ...widgets.anim import clamp01, pulse
from ...widgets.art import darker, rounded_panel
from ...widgets.text import render_text
from .art import FEATURE_COLORS, FEATURE_NAMES, FEATURES

INK = (12, 10, 30)
TEXT = (240, 246, 255)
DIM = (160, 176, 210)
GOLD = (255, 210, 96)
ICE = (150, 210, 255)
MIDNIGHT = (190, 150, 255)

Level = tuple[int, int, int | None]  # (level, multiplier, target to reach it)


def _panel(size: tuple[int, int], midnight: bool) -> pygame.Surface:
    if midnight:
        return rounded_panel(size, (52, 30, 96), (20, 10, 46), edge=(190, 150, 255), radius=16, alpha=235, edge_px=2)
    return rounded_panel(size, (26, 54, 112), (10, 22, 58), edge=(150, 200, 255), radius=16, alpha=232, edge_px=2)


def _bar_fill(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int]) -> pygame.Surface:
    return rounded_panel(size, top, bottom, edge=None, radius=size[1] // 2, alpha=255)


class MeterPanel:
    """Base game: Midnight Riches points of this spin (x / 140). Midnight: level, multiplier, collected."""

    EASE = 9.0  # the bar catches up with its target at this rate (1/s)

    def __init__(self, rect: pygame.Rect, *, trigger: int, fonts: dict[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.trigger = trigger
        self.fonts = fonts
        w, h = self.rect.size
        self.bar = pygame.Rect(16, h - 44, w - 32, 22)
        self.frames = {False: _panel((w, h), False), True: _panel((w, h), True)}
        self.full_frame = _panel((w, h), False)
        title = render_text(fonts["title"], "Midnight Riches", GOLD, INK, 2, shadow=True)
        sub = render_text(fonts["small"], f"{trigger} points in one spin trigger it", DIM)
        ready = render_text(fonts["value"], "TRIGGERED!", (255, 236, 140), INK, 2)
        for frame, line in ((self.frames[False], sub), (self.full_frame, ready)):
            frame.blit(title, title.get_rect(midtop=(w // 2, 6)))
            frame.blit(line, line.get_rect(midtop=(w // 2, 8 + title.get_height())))
        for frame in (*self.frames.values(), self.full_frame):
            gfx.draw.rect(frame, (6, 8, 24), self.bar.inflate(6, 6), border_radius=14)
            gfx.draw.rect(frame, (120, 150, 210), self.bar.inflate(6, 6), width=1, border_radius=14)
        self.fills = {
            "base": _bar_fill(self.bar.size, (150, 220, 255), (40, 110, 230)),
            "full": _bar_fill(self.bar.size, (255, 240, 150), (230, 150, 30)),
            "midnight": _bar_fill(self.bar.size, (220, 180, 255), (130, 60, 220)),
        }
        self.glow = rounded_panel((self.bar.w + 20, self.bar.h + 20), (255, 230, 140), (255, 190, 60), radius=20,
                                  alpha=120)
        self.reset()

    def reset(self) -> None:
        self.midnight = False
        self.target = 0.0
        self.shown = 0.0
        self.level = 0
        self.multiplier = 1
        self.needed: int | None = None
        self.next_level: int | None = None
        self.time = 0.0

    # -- state --------------------------------------------------------------------------------

    def set_points(self, points: int, *, animate: bool = True) -> None:
        self.target = float(points)
        if not animate:
            self.shown = self.target

    def enter_level(self, level: int, multiplier: int, needed: int | None, collected: int = 0) -> None:
        self.midnight = True
        self.level, self.multiplier, self.needed = level, multiplier, needed
        self.next_level = level + 1 if needed is not None else None
        self.target = self.shown = float(collected)

    def leave_midnight(self) -> None:
        self.reset()

    def finish(self) -> None:
        self.shown = self.target

    @property
    def full(self) -> bool:
        return not self.midnight and self.shown >= self.trigger

    def update(self, dt: float) -> None:
        self.time += dt
        if self.shown != self.target:
            gap = self.target - self.shown
            step = gap * min(1.0, dt * self.EASE)
            if abs(gap) < 0.6 or abs(step) >= abs(gap):
                self.shown = self.target
            else:
                self.shown += step if abs(step) > 0.2 else (0.2 if gap > 0 else -0.2)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        full = not self.midnight and self.shown >= self.trigger
        surface.blit(self.full_frame if full else self.frames[self.midnight], r)
        bar = self.bar.move(r.topleft)
        f = self.fonts
        if self.midnight:
            title = render_text(f["title"], f"Level {self.level}", MIDNIGHT, INK, 2, shadow=True)
            surface.blit(title, title.get_rect(midtop=(r.centerx - 44, r.y + 4)))
            mult = render_text(f["big"], f"x{self.multiplier}", GOLD, INK, 3, shadow=True)
            surface.blit(mult, mult.get_rect(midtop=(r.centerx + 78, r.y + 2)))
            shown = round(self.shown)
            if self.needed is not None:
                line = f"{shown} / {self.needed} symbols for level {self.next_level}"
                share = clamp01(self.shown / self.needed)
            else:
                line = f"Final level  -  {shown} symbols collected"
                share = 1.0
            text = render_text(f["small"], line, TEXT, INK, 1)
            surface.blit(text, text.get_rect(midbottom=(r.centerx, bar.top - 6)))
            self._fill(surface, bar, share, "full" if self.needed is not None and share >= 1 else "midnight")
            value = render_text(f["value"], f"{shown}", TEXT, INK, 2)
        else:
            share = clamp01(self.shown / self.trigger)
            full = self.shown >= self.trigger
            if full:
                self.glow.set_alpha(int(90 + 120 * pulse(self.time, 0.7)))
                surface.blit(self.glow, self.glow.get_rect(center=bar.center))
            self._fill(surface, bar, share, "full" if full else "base")
            value = render_text(f["value"], f"{round(self.shown)} / {self.trigger}", TEXT, INK, 2)
        surface.blit(value, value.get_rect(center=bar.center))

    def _fill(self, surface: pygame.Surface, bar: pygame.Rect, share: float, kind: str) -> None:
        w = round(bar.w * share)
        if w > 0:
            surface.blit(self.fills[kind], bar.topleft, pygame.Rect(0, 0, w, bar.h))


class FeaturesPanel:
    """The five marker features: waiting on the grid, won (owed), playing, played."""

    STATES = ("idle", "marked", "owed", "playing", "done")

    def __init__(self, rect: pygame.Rect, icons: dict[str, pygame.Surface], *,
                 fonts: dict[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.icons = icons
        self.fonts = fonts
        w, h = self.rect.size
        self.frames = {False: _panel((w, h), False), True: _panel((w, h), True)}
        for midnight, frame in self.frames.items():
            head = "Features every level" if midnight else "Snowflake features"
            title = render_text(fonts["head"], head, GOLD, INK, 2)
            frame.blit(title, title.get_rect(midtop=(w // 2, 6)))
        self.top = 36
        self.row_h = (h - self.top - 6) // len(FEATURES)
        self.rows = {name: pygame.Rect(8, self.top + i * self.row_h, w - 16, self.row_h - 4)
                     for i, name in enumerate(FEATURES)}
        self.lit = {name: rounded_panel(self.rows[name].size, FEATURE_COLORS[name][1],
                                        darker(FEATURE_COLORS[name][1], 3),
                                        edge=FEATURE_COLORS[name][0], radius=10, alpha=230)
                    for name in FEATURES}
        self.soft = {name: rounded_panel(self.rows[name].size, (40, 60, 110), (20, 30, 70),
                                         edge=FEATURE_COLORS[name][1], radius=10, alpha=170)
                     for name in FEATURES}
        self.labels = {name: render_text(fonts["row"], FEATURE_NAMES[name], TEXT, INK, 2) for name in FEATURES}
        self.status_text = {
            "marked": ("on the grid", DIM), "owed": ("WON!", GOLD), "playing": ("PLAYING", (255, 255, 255)),
            "done": ("played", DIM),
        }
        self.reset()

    def reset(self, midnight: bool = False) -> None:
        self.midnight = midnight
        self.state = dict.fromkeys(FEATURES, "idle")
        self.flash: dict[str, float] = {}
        self.time = 0.0

    def set(self, name: str, state: str) -> None:
        self.state[name] = state
        if state in ("owed", "playing"):
            self.flash[name] = 0.0

    def set_all(self, state: str) -> None:
        for name in FEATURES:
            self.state[name] = state

    def icon_center(self, name: str) -> tuple[int, int]:
        row = self.rows[name].move(self.rect.topleft)
        return row.x + 24, row.centery

    def update(self, dt: float) -> None:
        self.time += dt
        for name in list(self.flash):
            self.flash[name] += dt
            if self.flash[name] > 0.6:
                del self.flash[name]

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        surface.blit(self.frames[self.midnight], r)
        for name in FEATURES:
            row = self.rows[name].move(r.topleft)
            state = self.state[name]
            if state in ("owed", "playing"):
                lit = self.lit[name]
                lit.set_alpha(int(170 + 85 * pulse(self.time, 0.6 if state == "playing" else 1.0)))
                surface.blit(lit, row)
            elif state == "marked":
                surface.blit(self.soft[name], row)
            icon = self.icons[name]
            icon.set_alpha(110 if state in ("done", "idle") and not self.midnight else 255)
            k = self.flash.get(name)
            y_bob = -round(6 * (1 - k / 0.6)) if k is not None else 0
            surface.blit(icon, icon.get_rect(center=(row.x + 24, row.centery + y_bob)))
            icon.set_alpha(255)
            label = self.labels[name]
            label.set_alpha(140 if state == "done" else 255)
            surface.blit(label, label.get_rect(midleft=(row.x + 48, row.centery + 1)))
            label.set_alpha(255)
            status = self.status_text.get(state)
            if status is not None:
                text = render_text(self.fonts["small"], status[0], status[1], INK, 1)
                surface.blit(text, text.get_rect(midright=(row.right - 10, row.centery + 1)))


class LevelsPanel:
    """The Midnight Riches ladder: each level's multiplier and the symbols that reach it."""

    def __init__(self, rect: pygame.Rect, levels: Sequence[Level], *, fonts: dict[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.levels = list(levels)
        self.fonts = fonts
        w, h = self.rect.size
        self.frames = {False: _panel((w, h), False), True: _panel((w, h), True)}
        top = 30
        self.row_h = (h - top - 6) // max(1, len(self.levels))
        self.rows = [pygame.Rect(8, top + i * self.row_h, w - 16, self.row_h - 2) for i in range(len(self.levels))]
        for midnight, frame in self.frames.items():
            title = render_text(fonts["head"], "Midnight Riches levels", GOLD, INK, 2)
            frame.blit(title, title.get_rect(midtop=(w // 2, 5)))
            for row, (level, mult, target) in zip(self.rows, self.levels, strict=True):
                a = render_text(fonts["small"], f"LEVEL {level}", TEXT, INK, 1)
                b = render_text(fonts["row"], f"x{mult}", GOLD, INK, 2)
                need = "start" if target is None else f"collect {target}"
                c = render_text(fonts["small"], need, DIM if not midnight else MIDNIGHT, INK, 1)
                frame.blit(a, a.get_rect(midleft=(row.x + 10, row.centery)))
                frame.blit(b, b.get_rect(center=(row.x + 118, row.centery)))
                frame.blit(c, c.get_rect(midright=(row.right - 10, row.centery)))
        self.current = rounded_panel(self.rows[0].size, (150, 90, 240), (70, 30, 140), edge=(230, 200, 255),
                                     radius=9, alpha=150) if self.rows else None
        self.reached = rounded_panel(self.rows[0].size, (60, 120, 90), (30, 70, 50), radius=9,
                                     alpha=110) if self.rows else None
        self.level = 0
        self.time = 0.0

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        surface.blit(self.frames[self.level > 0], r)
        if not self.level or self.current is None or self.reached is None:
            return
        for i, row in enumerate(self.rows):
            n = self.levels[i][0]
            if n < self.level:
                surface.blit(self.reached, row.move(r.topleft))
            elif n == self.level:
                self.current.set_alpha(int(120 + 100 * pulse(self.time, 1.1)))
                surface.blit(self.current, row.move(r.topleft))
        # redraw the current row's labels above the highlight
        level, mult, _ = self.levels[self.level - 1]
        row = self.rows[self.level - 1].move(r.topleft)
        b = render_text(self.fonts["row"], f"x{mult}", GOLD, INK, 2)
        surface.blit(b, b.get_rect(center=(row.x + 118, row.centery)))
        a = render_text(self.fonts["small"], f"LEVEL {level}", (255, 255, 255), INK, 1)
        surface.blit(a, a.get_rect(midleft=(row.x + 10, row.centery)))
