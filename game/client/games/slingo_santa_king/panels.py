"""The panels round the card: the prize ladder, the Reel King trail, the spins left.

Each panel's frame is painted once into the background (``bake``); its rungs, plaques and numbers
are rendered when they change (a new bet, a new count), so a frame is a handful of blits. The
ladder's prizes are the engine's (``description.ladder`` at the bet); the trail's stages, their
names and character counts are the engine's (``description.trail``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from ....engine.money import cents_of, format_cents
from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.art import rounded_panel
from ...widgets.text import render_text
from .art import CREAM, GOLD, GOLD_DEEP, INK, glow_disc

DIM = (214, 170, 170)
LIT_TOP = (255, 230, 130)
LIT_BOTTOM = (226, 140, 20)


def panel_plate(size: tuple[int, int]) -> pygame.Surface:
    """The shared look of a side panel: deep velvet in a gold rim."""
    w, h = size
    out = gfx.Surface(size, pygame.SRCALPHA)
    out.blit(rounded_panel(size, (255, 226, 130), (140, 80, 12), radius=20, alpha=255), (0, 0))
    out.blit(rounded_panel((w - 8, h - 8), (92, 6, 24), (40, 2, 12), edge=GOLD_DEEP, radius=16, alpha=255), (4, 4))
    gfx.draw.rect(out, (255, 240, 190), out.get_rect(), width=1, border_radius=20)
    return out


def title_ribbon(font: pygame.font.Font, text: str, width: int) -> pygame.Surface:
    label = render_text(font, text, (255, 246, 220), INK, 2)
    h = label.get_height() + 8
    ribbon = rounded_panel((width, h), (226, 40, 56), (130, 8, 26), edge=GOLD, radius=h // 2, alpha=255)
    ribbon.blit(label, label.get_rect(center=(width // 2, h // 2 + 1)))
    return ribbon


# -- the prize ladder -----------------------------------------------------------------------------


class LadderPanel:
    """Every rung of the ladder, the Full House at the top; the rung reached is lit and climbs."""

    CLIMB = 0.45

    def __init__(self, rect: pygame.Rect, ladder: Mapping[int, Fraction], full_house: int,
                 fonts: Mapping[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.ladder = dict(ladder)
        self.full_house = full_house
        self.rungs = sorted(self.ladder, reverse=True)
        self.fonts = fonts
        self.title = title_ribbon(fonts["title"], "PRIZES", self.rect.w - 24)
        top = self.rect.y + self.title.get_height() + 18
        self.rung_h = (self.rect.bottom - 10 - top) // len(self.rungs)
        self.rung_rects = {count: pygame.Rect(self.rect.x + 10, top + i * self.rung_h, self.rect.w - 20,
                                              self.rung_h - 4) for i, count in enumerate(self.rungs)}
        size = next(iter(self.rung_rects.values())).size
        self.lit_bar = rounded_panel(size, LIT_TOP, LIT_BOTTOM, edge=(255, 250, 220), radius=size[1] // 2, alpha=255)
        self.passed_bar = rounded_panel(size, (120, 40, 40), (80, 18, 26), radius=size[1] // 2, alpha=200)
        self.glow = glow_disc((size[0] + 60, size[1] + 50), (255, 210, 110), 0.9)
        self.images: dict[tuple[int, bool], pygame.Surface] = {}
        self.reached = 0  # Slingos now
        self.shown = 0.0  # the light's rung position as it climbs (index from the bottom)
        self.time = 0.0
        self.climb = 0.0

    def bake(self, surface: pygame.Surface) -> None:
        surface.blit(panel_plate(self.rect.size), self.rect)
        surface.blit(self.title, self.title.get_rect(midtop=(self.rect.centerx, self.rect.y + 10)))
        for rect in self.rung_rects.values():
            gfx.draw.rect(surface, (30, 0, 8), rect, border_radius=rect.h // 2)
            gfx.draw.rect(surface, (130, 70, 40), rect, width=1, border_radius=rect.h // 2)

    def set_bet(self, bet: int) -> None:
        self.images.clear()
        count_font, pay_font = self.fonts["count"], self.fonts["pay"]
        for count, rect in self.rung_rects.items():
            money = format_cents(cents_of(self.ladder[count], bet))
            for lit in (False, True):
                image = gfx.Surface(rect.size, pygame.SRCALPHA)
                ink = INK if lit else (20, 0, 6)
                if count == self.full_house:
                    label = render_text(self.fonts["small"], "FULL", (90, 20, 0) if lit else GOLD)
                    house = render_text(self.fonts["small"], "HOUSE", (90, 20, 0) if lit else GOLD)
                    both = gfx.Surface((max(label.get_width(), house.get_width()), label.get_height() * 2 - 4),
                                       pygame.SRCALPHA)
                    both.blit(label, (0, 0))
                    both.blit(house, (0, label.get_height() - 4))
                    label = both
                else:
                    label = render_text(count_font, str(count), (90, 20, 0) if lit else GOLD, None)
                pay = render_text(pay_font, money, (255, 255, 255) if lit else CREAM, ink, 2)
                room = rect.w - 12 - label.get_width() - 8 - 10
                if pay.get_width() > room:  # a long prize (the Full House at a high stake) is set smaller
                    pay = gfx.transform.smoothscale(pay, (room, max(1, pay.get_height() * room // pay.get_width())))
                image.blit(label, label.get_rect(midleft=(12, rect.h // 2 + 1)))
                image.blit(pay, pay.get_rect(midright=(rect.w - 10, rect.h // 2 + 1)))
                self.images[(count, lit)] = image

    def index_of(self, slingos: int) -> float:
        """A count's place on the ladder from the bottom (0: below the first rung)."""
        ups = sorted(self.ladder)
        return float(sum(1 for count in ups if count <= slingos))

    def set(self, slingos: int, *, animate: bool = False) -> None:
        self.reached = slingos
        target = self.index_of(slingos)
        if not animate:
            self.shown = target
        self.climb = 0.0

    def update(self, dt: float) -> None:
        self.time += dt
        target = self.index_of(self.reached)
        if self.shown < target:
            self.shown = min(target, self.shown + dt / self.CLIMB * max(1.0, target - self.shown))
            self.climb = 0.6
        elif self.shown > target:
            self.shown = target
        self.climb = max(0.0, self.climb - dt)

    def draw(self, surface: pygame.Surface) -> None:
        ups = sorted(self.ladder)
        top_lit = int(self.shown)
        for index, count in enumerate(ups, 1):
            rect = self.rung_rects[count]
            lit = index == top_lit
            if index < top_lit:
                surface.blit(self.passed_bar, rect)
            elif lit:
                self.glow.set_alpha(120 + round(100 * pulse(self.time, 1.2)) + (35 if self.climb else 0))
                surface.blit(self.glow, self.glow.get_rect(center=rect.center))
                surface.blit(self.lit_bar, rect)
            image = self.images.get((count, lit))
            if image is not None:
                surface.blit(image, rect)
        frac = self.shown - top_lit
        if frac > 0 and top_lit < len(ups):  # the light on its way up to the next rung
            nxt = self.rung_rects[ups[top_lit]]
            below = self.rung_rects[ups[top_lit - 1]].centery if top_lit else nxt.centery + self.rung_h
            y = round(below + (nxt.centery - below) * frac)
            self.glow.set_alpha(200)
            surface.blit(self.glow, self.glow.get_rect(center=(nxt.centerx, y)))


# -- the Reel King trail --------------------------------------------------------------------------


@dataclass(frozen=True)
class StagePlaque:
    level: int
    name: str
    characters: tuple[int, int]


class TrailPanel:
    """The trail's steps from 1 to the top stage: lamps for the steps below the first stage, then a
    plaque per stage (its name and Santa Kings), the highest at the top; lit up to the trail."""

    def __init__(self, rect: pygame.Rect, stages: Sequence[StagePlaque], portrait: pygame.Surface,
                 fonts: Mapping[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.stages = list(stages)
        self.start = self.stages[0].level
        self.top = self.stages[-1].level
        self.portrait = portrait
        self.fonts = fonts
        self.title = title_ribbon(fonts["title"], "REEL KING TRAIL", self.rect.w - 24)
        body_top = self.rect.y + self.title.get_height() + 16
        middle = (body_top + self.rect.bottom - 12) // 2
        self.portrait_rect = portrait.get_rect(center=(self.rect.x + 8 + portrait.get_width() // 2, middle + 6))
        x = self.rect.x + portrait.get_width() + 14
        w = self.rect.right - 12 - x
        lamp_h = 40
        plaque_h = (self.rect.bottom - 12 - lamp_h - body_top) // len(self.stages)
        self.plaque_rects = {stage.level: pygame.Rect(x, body_top + (len(self.stages) - 1 - i) * plaque_h, w,
                                                      plaque_h - 5) for i, stage in enumerate(self.stages)}
        lamp_y = self.rect.bottom - 12 - lamp_h // 2
        steps = self.start - 1
        gap = w / max(1, steps)
        self.lamp_centers = {step: (round(x + gap * (step - 0.5)), lamp_y) for step in range(1, self.start)}
        size = next(iter(self.plaque_rects.values())).size
        self.plaque_off = {s.level: self._plaque(s, size, False) for s in self.stages}
        self.plaque_on = {s.level: self._plaque(s, size, True) for s in self.stages}
        self.lamp_on = glow_disc((46, 46), (255, 220, 120), 1.0)
        gfx.draw.circle(self.lamp_on, (255, 246, 210), (23, 23), 11)
        gfx.draw.circle(self.lamp_on, GOLD_DEEP, (23, 23), 11, 2)
        self.lamp_off = gfx.Surface((46, 46), pygame.SRCALPHA)
        gfx.draw.circle(self.lamp_off, (70, 20, 26), (23, 23), 11)
        gfx.draw.circle(self.lamp_off, (150, 100, 60), (23, 23), 11, 2)
        self.numbers = {step: render_text(fonts["lamp"], str(step), INK) for step in range(1, self.start)}
        self.numbers_off = {step: render_text(fonts["lamp"], str(step), (170, 120, 110))
                            for step in range(1, self.start)}
        self.glow = glow_disc((size[0] + 50, size[1] + 40), (255, 210, 110), 0.9)
        self.held_label = render_text(fonts["held"], "HELD!", (120, 255, 160), INK, 2)
        self.reset_label = render_text(fonts["held"], "RESET", (255, 170, 170), INK, 2)
        self.trail = 0
        self.ages: dict[int, float] = {}  # a step lit just now: its pop
        self.note: tuple[pygame.Surface, float] | None = None  # HELD or RESET, and its age
        self.playing: int | None = None  # the stage whose bonus plays
        self.time = 0.0

    def _plaque(self, stage: StagePlaque, size: tuple[int, int], lit: bool) -> pygame.Surface:
        w, h = size
        if lit:
            out = rounded_panel(size, LIT_TOP, LIT_BOTTOM, edge=(255, 250, 220), radius=h // 2, alpha=255)
            ink, color = (90, 20, 0), (70, 10, 0)
        else:
            out = rounded_panel(size, (54, 4, 16), (30, 0, 8), edge=(130, 70, 40), radius=h // 2, alpha=255)
            ink, color = GOLD, (210, 170, 150)
        name = render_text(self.fonts["stage"], stage.name.upper(), ink)
        low, high = stage.characters
        count = render_text(self.fonts["small"], f"{low}-{high} KINGS", color)
        step = render_text(self.fonts["stage"], str(stage.level), ink)
        out.blit(step, step.get_rect(midleft=(12, h // 2 + 1)))
        out.blit(name, name.get_rect(midleft=(34, h // 2 + 1)))
        out.blit(count, count.get_rect(midright=(w - 12, h // 2 + 1)))
        return out

    def bake(self, surface: pygame.Surface) -> None:
        surface.blit(panel_plate(self.rect.size), self.rect)
        surface.blit(self.title, self.title.get_rect(midtop=(self.rect.centerx, self.rect.y + 10)))
        spot = glow_disc((self.portrait.get_width() + 60, self.portrait.get_height() + 40), (255, 190, 100), 0.7)
        where = self.portrait_rect
        surface.blit(spot, spot.get_rect(center=where.center))
        stand = pygame.Rect(0, 0, where.w - 10, 14)
        stand.midtop = (where.centerx, where.bottom - 8)
        gfx.draw.ellipse(surface, (20, 0, 6), stand.move(0, 4))
        gfx.draw.ellipse(surface, GOLD_DEEP, stand)
        gfx.draw.ellipse(surface, (255, 226, 140), stand, 2)
        surface.blit(self.portrait, where)
        points = [self.lamp_centers[s] for s in sorted(self.lamp_centers)]
        if len(points) > 1:
            gfx.draw.lines(surface, GOLD_DEEP, False, points, 3)

    def set(self, trail: int, *, animate: bool = True) -> None:
        if animate:
            for step in range(self.trail + 1, trail + 1):
                self.ages[step] = 0.0
        self.trail = trail

    def held(self) -> None:
        self.note = (self.held_label, 0.0)

    def reset(self) -> None:
        if self.trail:
            self.note = (self.reset_label, 0.0)
        self.trail = 0
        self.ages.clear()

    def target(self, step: int) -> tuple[int, int]:
        """Where step ``step`` is on the panel (a ding flies there)."""
        step = max(1, min(step, self.top))
        if step in self.lamp_centers:
            return self.lamp_centers[step]
        return self.plaque_rects[step].midleft

    def update(self, dt: float) -> None:
        self.time += dt
        for step in list(self.ages):
            self.ages[step] += dt
            if self.ages[step] > 0.6:
                del self.ages[step]
        if self.note is not None:
            image, age = self.note
            self.note = (image, age + dt) if age + dt < 1.6 else None

    def draw(self, surface: pygame.Surface) -> None:
        for step, center in self.lamp_centers.items():
            on = step <= self.trail
            lamp = self.lamp_on if on else self.lamp_off
            age = self.ages.get(step)
            if age is not None:
                k = ease_out_back(clamp01(age / 0.3), 2.5)
                lamp = gfx.transform.smoothscale(self.lamp_on, (round(46 * (0.6 + 0.4 * k)),) * 2) if k < 1 else lamp
            surface.blit(lamp, lamp.get_rect(center=center))
            number = (self.numbers if on else self.numbers_off)[step]
            surface.blit(number, number.get_rect(center=(center[0], center[1] + 1)))
        for stage in self.stages:
            rect = self.plaque_rects[stage.level]
            on = self.trail >= stage.level or self.playing == stage.level
            if self.playing == stage.level:
                self.glow.set_alpha(140 + round(115 * pulse(self.time, 0.5)))
                surface.blit(self.glow, self.glow.get_rect(center=rect.center))
            elif stage.level in self.ages:
                self.glow.set_alpha(round(255 * (1 - self.ages[stage.level] / 0.6)))
                surface.blit(self.glow, self.glow.get_rect(center=rect.center))
            surface.blit(self.plaque_on[stage.level] if on else self.plaque_off[stage.level], rect)
        if self.note is not None:
            image, age = self.note
            image.set_alpha(round(255 * (1 - clamp01((age - 1.1) / 0.5))))
            x = self.portrait_rect.centerx
            y = self.portrait_rect.y - 4 - round(10 * clamp01(age / 0.3))
            surface.blit(image, image.get_rect(center=(x, y)))
            image.set_alpha(255)


# -- the spins ----------------------------------------------------------------------------------


class SpinsPanel:
    """Spins left in big figures; during extra spins, which extra spin of how many."""

    def __init__(self, rect: pygame.Rect, fonts: Mapping[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.fonts = fonts
        self.left = 0
        self.extra: tuple[int, int] | None = None
        self.bump = 0.0
        self.time = 0.0
        self._image: pygame.Surface | None = None
        self._key: tuple[int, tuple[int, int] | None] | None = None
        self.plus = render_text(fonts["small"], "+1 FREE SPIN", (130, 255, 170), INK, 2)
        self.plus_age: float | None = None

    def bake(self, surface: pygame.Surface) -> None:
        surface.blit(panel_plate(self.rect.size), self.rect)

    def set(self, left: int, extra: tuple[int, int] | None = None, *, bump: bool = False) -> None:
        self.left = left
        self.extra = extra
        if bump:
            self.bump = 0.35

    def free_spin(self) -> None:
        self.plus_age = 0.0
        self.bump = 0.35

    def update(self, dt: float) -> None:
        self.time += dt
        self.bump = max(0.0, self.bump - dt)
        if self.plus_age is not None:
            self.plus_age += dt
            if self.plus_age > 1.4:
                self.plus_age = None

    def _render(self) -> pygame.Surface:
        key = (self.left, self.extra)
        if self._image is None or self._key != key:
            self._key = key
            w, h = self.rect.size
            image = gfx.Surface((w, h), pygame.SRCALPHA)
            extra = self.extra is not None
            label = render_text(self.fonts["label"], "EXTRA SPIN" if extra else "SPINS LEFT", GOLD, INK, 2)
            text = f"{self.extra[0]}/{self.extra[1]}" if self.extra is not None else str(self.left)
            value = render_text(self.fonts["big"], text, (255, 255, 255), INK, 3)
            window = pygame.Rect(0, 0, max(110, value.get_width() + 36), h - 26)
            window.midright = (w - 16, h // 2)
            image.blit(rounded_panel(window.size, (20, 0, 8), (50, 6, 18), edge=GOLD_DEEP, radius=14, alpha=255),
                       window)
            image.blit(label, label.get_rect(midleft=(24, h // 2)))
            image.blit(value, value.get_rect(center=(window.centerx, window.centery + 2)))
            self._image = image
        return self._image

    def draw(self, surface: pygame.Surface) -> None:
        image = self._render()
        if self.bump:
            k = 1 + 0.08 * (self.bump / 0.35)
            big = gfx.transform.smoothscale(image, (round(image.get_width() * k), round(image.get_height() * k)))
            surface.blit(big, big.get_rect(center=self.rect.center))
        else:
            surface.blit(image, self.rect)
        if self.plus_age is not None:  # over the label, rising a little, inside the panel
            y = self.rect.y + 30 - round(12 * clamp01(self.plus_age / 0.6))
            self.plus.set_alpha(round(255 * (1 - clamp01((self.plus_age - 0.9) / 0.5))))
            surface.blit(self.plus, self.plus.get_rect(center=(self.rect.x + 90, y)))
            self.plus.set_alpha(255)


class TopPrizePanel:
    """The Full House's prize at the stake, the game's top prize, under the spin controls."""

    def __init__(self, rect: pygame.Rect, prize: Fraction, fonts: Mapping[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.prize = prize
        self.fonts = fonts
        self.image: pygame.Surface | None = None
        self.glow = glow_disc((self.rect.w + 40, 90), (255, 200, 90), 0.8)
        self.time = 0.0

    def bake(self, surface: pygame.Surface) -> None:
        surface.blit(panel_plate(self.rect.size), self.rect)
        ribbon = title_ribbon(self.fonts["title"], "FULL HOUSE", self.rect.w - 24)
        surface.blit(ribbon, ribbon.get_rect(midtop=(self.rect.centerx, self.rect.y + 10)))
        note = render_text(self.fonts["small"], "EVERY NUMBER DAUBED", (220, 190, 180))
        surface.blit(note, note.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - 14)))

    def set_bet(self, bet: int) -> None:
        w = self.rect.w - 20
        value = render_text(self.fonts["prize"], format_cents(cents_of(self.prize, bet)), GOLD, INK, 3)
        if value.get_width() > w:
            value = gfx.transform.smoothscale(value, (w, max(1, value.get_height() * w // value.get_width())))
        times = render_text(self.fonts["small"], f"{float(self.prize):g}x THE STAKE", CREAM, INK, 2)
        image = gfx.Surface((self.rect.w, value.get_height() + times.get_height() + 4), pygame.SRCALPHA)
        image.blit(value, value.get_rect(midtop=(self.rect.w // 2, 0)))
        image.blit(times, times.get_rect(midtop=(self.rect.w // 2, value.get_height() + 2)))
        self.image = image

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.image is None:
            return
        center = (self.rect.centerx, self.rect.centery + 4)
        self.glow.set_alpha(110 + round(90 * pulse(self.time, 2.4)))
        surface.blit(self.glow, self.glow.get_rect(center=center))
        surface.blit(self.image, self.image.get_rect(center=center))
