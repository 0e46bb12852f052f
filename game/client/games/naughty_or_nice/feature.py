"""The free-game layer over the reels: held reels under their locks, the Bonus Substitute's award
pop-ups, the x2 marks on doubled wins, and the free games panel.

State changes come only from the presenter (from the events); this draws and animates them. Every
scaled frame of every animation is rendered in the constructor.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, ease_out_cubic, pulse
from ...widgets.art import glow_frame, rounded_panel
from ...widgets.particles import Particles
from ...widgets.reels import Cell, ReelView
from ...widgets.text import render_text
from .art import AWARD, AWARD_POP, LOCK, LOCK_SLAM, NaughtyArt
from .choice import substitute_name

INK = (20, 8, 20)
GOLD = (255, 210, 100)
CREAM = (255, 246, 228)
ICE = (170, 215, 255)
HOLLY = (120, 220, 140)
RED = (235, 70, 70)
SLAM = (1.0, 0.86, 0.74, 0.66, 0.62, 0.6)  # the lock's size as it slams down, of its slam size
POP = (1.0, 0.9, 0.82, 0.78, 0.76)  # an award's size as it pops, of its pop size
PORTRAIT_TOP = 124  # the Bonus Substitute's portrait in the free games panel, from the panel's top
AWARD_COLORS = {"spin": HOLLY, "prize": GOLD, "hold": ICE}


def counted(count: int, word: str) -> str:
    """``2 PRIZES``, ``1 HOLD``: a count and its word, plural when it needs one."""
    return f"{count} {word}" + ("" if count == 1 else ("s" if word.islower() else "S"))


@dataclass
class Pop:
    """One award shown at its cell: its picture pops in, its words under it, then it fades."""

    cell: Cell
    award: str
    label: pygame.Surface
    t: float = 0.0


class FeatureLayer:
    LOCK_TIME = 0.35
    UNLOCK_TIME = 0.45
    POP_IN = 0.28
    POP_LIFE = 1.7
    BADGE_TIME = 0.3

    def __init__(self, reels: ReelView, art: NaughtyArt, *, panel_rect: pygame.Rect, substitutes: Sequence[str],
                 spins: int, trigger: int, double: int, fonts: dict[str, pygame.font.Font], particles: Particles,
                 sparkles: list[pygame.Surface], stars: list[pygame.Surface]) -> None:
        self.reels = reels
        self.art = art
        self.substitutes = tuple(substitutes)
        self.double = double
        self.fonts = fonts
        self.particles = particles
        self.sparkles = sparkles
        self.stars = stars
        # the lock slams down from its slam size: each frame shrunk from art loaded that large
        self.lock_frames = [gfx.transform.smoothscale(art.lock_slam, (round(LOCK_SLAM[0] * s), round(LOCK_SLAM[1] * s)))
                            for s in SLAM if round(LOCK_SLAM[0] * s) > LOCK[0]] + [art.lock]
        self.award_frames = {
            name: [gfx.transform.smoothscale(image, (round(AWARD_POP[0] * s), round(AWARD_POP[1] * s)))
                   for s in POP if round(AWARD_POP[0] * s) > AWARD[0]] + [art.awards[name]]
            for name, image in art.awards_pop.items()
        }
        col = reels.column_rect(0)
        self.held_frame = glow_frame(col.size, ICE, thickness=12, radius=14)
        self.held_tint = gfx.Surface(col.size, pygame.SRCALPHA)
        self.held_tint.fill((140, 200, 255, 38))
        self.cell_dim = rounded_panel((reels.cell_w - 8, reels.cell_h - 8), (10, 2, 6), (10, 2, 6), radius=18,
                                      alpha=150)
        ribbon_text = render_text(fonts["small_heavy"], "HELD", INK)
        self.held_ribbon = rounded_panel((ribbon_text.get_width() + 30, 26), (225, 240, 255), (140, 190, 240),
                                         edge=(255, 255, 255), radius=13, alpha=245)
        self.held_ribbon.blit(ribbon_text, ribbon_text.get_rect(center=(self.held_ribbon.get_width() // 2, 14)))
        self.x2 = self._x2_frames(fonts["badge"], fonts["badge_pop"])
        self.panel_rect = pygame.Rect(panel_rect)
        self.base_panel = self._base_panel(spins, trigger, double)
        self.free_panels = {name: self._free_panel(name) for name in self.substitutes}
        self.reset()

    # -- pre-rendering ----------------------------------------------------------------------

    def _x2_frames(self, font: pygame.font.Font, big_font: pygame.font.Font) -> list[pygame.Surface]:
        """The x2 disc popping in: each frame shrunk from the disc drawn at its largest (text in ``big_font``)."""
        rest = render_text(font, f"x{self.double}", INK)
        size = max(rest.get_width(), rest.get_height()) + 18
        peak = 1.5
        d = round(size * peak)
        disc = gfx.Surface((d, d), pygame.SRCALPHA)
        gfx.draw.circle(disc, (90, 30, 10), (d / 2, d / 2), d / 2)
        gfx.draw.circle(disc, GOLD, (d / 2, d / 2), d / 2 - 4)
        gfx.draw.circle(disc, (255, 245, 200), (d / 2, d / 2), d / 2 - 4, 3)
        label = render_text(big_font, f"x{self.double}", INK)
        disc.blit(label, label.get_rect(center=(d // 2, d // 2 + 1)))
        return [gfx.transform.smoothscale(disc, (round(size * s), round(size * s))) for s in (1.5, 1.25, 1.1, 1.0)]

    def _panel(self, edge: tuple[int, int, int]) -> pygame.Surface:
        return rounded_panel(self.panel_rect.size, (92, 20, 30), (30, 8, 14), edge=edge, radius=18, alpha=238,
                             edge_px=3)

    def _fit(self, image: pygame.Surface, width: int) -> pygame.Surface:
        if image.get_width() <= width:
            return image
        return gfx.transform.smoothscale(image, (width, max(1, image.get_height() * width // image.get_width())))

    def _base_panel(self, spins: int, trigger: int, double: int) -> pygame.Surface:
        panel = self._panel((200, 150, 70))
        w = self.panel_rect.w
        f = self.fonts
        y = 12
        for font, text, color in ((f["title"], "Free Games", GOLD), (f["small"], f"{trigger} or more scatters award",
                                                                    (240, 225, 230)),
                                  (f["big"], f"{spins} FREE GAMES", CREAM)):
            image = self._fit(render_text(font, text, color, INK, 2), w - 14)
            panel.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + 2
        minis = [self.art.mini_portraits[name] for name in self.substitutes]
        gap = 10
        row_w = sum(m.get_width() for m in minis) + gap * (len(minis) - 1)
        x = (w - row_w) // 2
        y += 6
        for mini in minis:
            panel.blit(mini, (x, y))
            x += mini.get_width() + gap
        y += max(m.get_height() for m in minis) + 4
        for text, color in (("Choose your Bonus Substitute:", (240, 225, 230)),
                            (f"wins with her pay x{double}", GOLD), ("and she awards a bonus", (240, 225, 230)),
                            ("each time she lands", (240, 225, 230))):
            image = self._fit(render_text(f["small"], text, color, INK, 1), w - 14)
            panel.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height()
        return panel

    def _free_panel(self, name: str) -> pygame.Surface:
        panel = self._panel(GOLD)
        w = self.panel_rect.w
        title = render_text(self.fonts["title"], "Free Games", GOLD, INK, 2)
        panel.blit(title, title.get_rect(midtop=(w // 2, 10)))
        mini = self.art.mini_portraits[name]
        panel.blit(mini, mini.get_rect(midtop=(w // 2, PORTRAIT_TOP)))
        label = self._fit(render_text(self.fonts["small_heavy"], "BONUS SUBSTITUTE", (240, 225, 230), INK, 1), w - 14)
        panel.blit(label, label.get_rect(midtop=(w // 2, PORTRAIT_TOP + mini.get_height() + 4)))
        who = self._fit(render_text(self.fonts["small_heavy"], f"{substitute_name(name)}  \u00b7  WINS x{self.double}",
                                    GOLD, INK, 1), w - 14)
        panel.blit(who, who.get_rect(midtop=(w // 2, PORTRAIT_TOP + mini.get_height() + 24)))
        return panel

    def portrait_center(self) -> tuple[int, int]:
        """Where the Bonus Substitute's portrait sits in the free games panel."""
        mini = next(iter(self.art.mini_portraits.values()))
        return self.panel_rect.centerx, self.panel_rect.y + PORTRAIT_TOP + mini.get_height() // 2

    def label_for(self, award: str, text: str) -> pygame.Surface:
        """The words under an award, in a pill: '+1 FREE GAME', the prize's amount, 'REEL HELD'."""
        color = AWARD_COLORS.get(award, CREAM)
        words = render_text(self.fonts["award"], text, color, INK, 2)
        w, h = words.get_width() + 26, words.get_height() + 8
        pill = rounded_panel((w, h), (60, 14, 22), (24, 4, 10), edge=color, radius=h // 2, alpha=240, edge_px=2)
        pill.blit(words, words.get_rect(center=(w // 2, h // 2 + 1)))
        return pill

    # -- state (from the presenter) ---------------------------------------------------------

    def reset(self) -> None:
        self.in_free = False
        self.substitute: str | None = None
        self.spin = 0
        self.total = 0
        self.counter_pop = 1.0
        self.held: dict[int, float] = {}  # reel -> seconds since its lock came down
        self.unlocking: dict[int, float] = {}  # reel -> seconds since its lock came off
        self.pops: list[Pop] = []
        self.doubled: list[Cell] = []
        self.badge_t = 1.0
        self.awarded = {"spin": 0, "prize": 0, "hold": 0}
        self.time = 0.0

    def set_state(self, *, in_free: bool, substitute: str | None, spin: int, total: int,
                  held: Iterable[int], awarded: dict[str, int] | None = None) -> None:
        """Jump to a state without animation (a resumed round)."""
        self.reset()
        self.in_free, self.substitute, self.spin, self.total = in_free, substitute, spin, total
        self.held = {col: self.LOCK_TIME for col in held}
        if awarded:
            self.awarded.update(awarded)

    def enter_free(self, total: int, substitute: str) -> None:
        self.in_free, self.substitute, self.spin, self.total = True, substitute, 0, total
        self.awarded = dict.fromkeys(self.awarded, 0)

    def exit_free(self) -> None:
        self.reset()

    def set_counter(self, spin: int, total: int | None = None) -> None:
        self.spin = spin
        if total is not None:
            self.total = total

    def add_spin(self, total: int) -> None:
        """A +1 free game: the counter's total rises with a pop."""
        self.total = total
        self.counter_pop = 0.0
        rect = self.panel_rect
        self.particles.burst(rect.centerx, rect.y + 84, self.stars, count=14, speed=260, life=0.8, gravity=160)

    def pop(self, cell: Cell, award: str, text: str) -> None:
        self.pops.append(Pop(cell, award, self.label_for(award, text)))
        self.awarded[award] = self.awarded.get(award, 0) + 1
        x, y = self.reels.cell_center(*cell)
        self.particles.burst(x, y, self.stars, count=16, speed=300, life=0.8, gravity=180)
        self.particles.burst(x, y, self.sparkles, count=10, speed=160, life=0.7, gravity=0)

    def lock(self, col: int) -> None:
        """Her reel is held for the next free game: the lock slams down on it."""
        self.held[col] = 0.0
        self.unlocking.pop(col, None)
        rect = self.reels.column_rect(col)
        self.particles.burst(rect.centerx, rect.y + 4, self.sparkles, count=16, speed=240, life=0.7, gravity=120)

    def unlock(self, cols: Iterable[int]) -> None:
        """The hold has been played: the locks lift off these reels."""
        for col in cols:
            if col in self.held:
                del self.held[col]
                self.unlocking[col] = 0.0

    def show_doubled(self, cells: Iterable[Sequence[int]]) -> None:
        self.doubled = [(c, r) for c, r in cells]
        self.badge_t = 0.0

    def clear_spin(self) -> None:
        """A new spin: last spin's pop-ups and x2 marks go."""
        self.pops = []
        self.doubled = []

    @property
    def held_reels(self) -> list[int]:
        return sorted(self.held)

    @property
    def animating(self) -> bool:
        return (any(t < self.LOCK_TIME for t in self.held.values()) or bool(self.unlocking)
                or any(pop.t < self.POP_LIFE for pop in self.pops))

    # -- time and drawing -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self.counter_pop = min(1.0, self.counter_pop + dt / 0.4)
        for col in self.held:
            self.held[col] += dt
        for col in list(self.unlocking):
            self.unlocking[col] += dt
            if self.unlocking[col] >= self.UNLOCK_TIME:
                del self.unlocking[col]
        for pop in self.pops:
            pop.t += dt
        self.pops = [pop for pop in self.pops if pop.t < self.POP_LIFE]
        self.badge_t += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Over the reels, under the win lines: held reels (tint, frame, lock)."""
        for col, t in self.held.items():
            self._draw_held(surface, col, t)
        for col, t in self.unlocking.items():
            rect = self.reels.column_rect(col)
            k = clamp01(t / self.UNLOCK_TIME)
            self.art.lock.set_alpha(round(255 * (1 - k)))
            surface.blit(self.art.lock, self.art.lock.get_rect(center=(rect.centerx, rect.y - round(40 * k))))
            self.art.lock.set_alpha(255)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Over the win lines: the x2 marks and the award pop-ups."""
        if self.doubled:
            k = min(len(self.x2) - 1, int(len(self.x2) * self.badge_t / self.BADGE_TIME))
            badge = self.x2[k]
            for cell in self.doubled:
                rect = self.reels.cell_rect(*cell)
                surface.blit(badge, badge.get_rect(center=(rect.right - 22, rect.y + 22)))
        for pop in self.pops:
            self._draw_pop(surface, pop)

    def _draw_held(self, surface: pygame.Surface, col: int, t: float) -> None:
        rect = self.reels.column_rect(col)
        surface.blit(self.held_tint, rect)
        frame = self.held_frame
        frame.set_alpha(round(170 + 85 * pulse(self.time, 1.4)))
        surface.blit(frame, frame.get_rect(center=rect.center))
        ribbon = self.held_ribbon
        surface.blit(ribbon, ribbon.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))
        frames = self.lock_frames
        index = min(len(frames) - 1, int(len(frames) * t / self.LOCK_TIME))
        lock = frames[index]
        bob = round(2 * pulse(self.time, 2.0)) if index == len(frames) - 1 else 0
        surface.blit(lock, lock.get_rect(center=(rect.centerx, rect.y + 6 - bob)))

    def _draw_pop(self, surface: pygame.Surface, pop: Pop) -> None:
        x, y = self.reels.cell_center(*pop.cell)
        frames = self.award_frames[pop.award]
        index = min(len(frames) - 1, int(len(frames) * pop.t / self.POP_IN))
        fade = 1 - clamp01((pop.t - (self.POP_LIFE - 0.35)) / 0.35)
        rise = round(26 * ease_out_cubic(clamp01((pop.t - (self.POP_LIFE - 0.35)) / 0.35)))
        self.cell_dim.set_alpha(round(255 * fade))
        surface.blit(self.cell_dim, self.cell_dim.get_rect(center=(x, y)))
        glow = self.art.cell_glow
        glow.set_alpha(round(255 * fade * (0.6 + 0.4 * pulse(pop.t, 0.8))))
        surface.blit(glow, glow.get_rect(center=(x, y)))
        image = frames[index]
        image.set_alpha(round(255 * fade))
        surface.blit(image, image.get_rect(center=(x, y - 14 - rise)))
        image.set_alpha(255)
        k = ease_out_back(clamp01((pop.t - 0.12) / 0.3))
        if k > 0:
            label = pop.label
            label.set_alpha(round(255 * fade * clamp01(k)))
            surface.blit(label, label.get_rect(center=(x, y + 46 - rise + round(12 * (1 - k)))))

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The left panel: the free games teaser, or the counter and the Bonus Substitute."""
        rect = self.panel_rect
        if not self.in_free or self.substitute not in self.free_panels:
            surface.blit(self.base_panel, rect)
            return
        surface.blit(self.free_panels[self.substitute], rect)
        text = f"{self.spin} of {self.total}" if self.spin else f"{self.total} to play"
        image = render_text(self.fonts["big"], text, CREAM, INK, 3)
        if self.counter_pop < 1.0:
            k = 1 + 0.35 * (1 - ease_out_cubic(self.counter_pop))
            big = render_text(self.fonts["big_pop"], text, GOLD, INK, 3)
            w, h = image.get_size()
            image = gfx.transform.smoothscale(big, (round(w * k), round(h * k)))
        surface.blit(image, image.get_rect(center=(rect.centerx, rect.y + 72)))
        left = max(0, self.total - self.spin)
        sub = render_text(self.fonts["small"], f"{left} left" if self.spin else "", (240, 225, 230), INK, 1)
        surface.blit(sub, sub.get_rect(center=(rect.centerx, rect.y + 102)))
        tally = "  \u00b7  ".join(counted(self.awarded.get(award, 0), word) for award, word in
                                  (("spin", "EXTRA GAME"), ("prize", "PRIZE"), ("hold", "HOLD")))
        image = self._fit(render_text(self.fonts["small"], tally, HOLLY, INK, 1), rect.w - 14)
        surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.bottom - 10)))
