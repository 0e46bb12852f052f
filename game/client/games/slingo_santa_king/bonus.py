"""The Reel King bonus: the stage's Santa Kings step out, each spins his own three mini reels of red,
yellow and blue 7s until a blank shows, and each win is paid as it lands.

Every symbol and every amount is the ``bonus`` event's: the characters' mini spins in order and each
character's win. What one mini spin paid (shown as it lands) is the engine's own rule, asked of the
stage (``Stage.spin_pay``), so nothing here is a copy of a pay. The step is skippable: Space shows
every character's end at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame

from ....engine.games.slingo_santa_king.reel_king import Stage as BonusStage
from ....engine.money import cents_of, format_cents
from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.art import rounded_panel
from ...widgets.text import render_text
from ...widgets.timeline import Step
from .art import BLANK, CREAM, GOLD, INK, SEVEN_CELL, SEVENS, SlingoArt, glow_disc

APPEAR = 0.09  # seconds between two characters stepping out
SPIN = 0.42  # a mini spin: seconds before its first reel stops
REEL_GAP = 0.1  # and between its reels' stops
SHOW = 0.42  # seconds a spin's result stays before the next spin (a win), or the next character (a loss)
OUTRO = 1.7


@dataclass
class Character:
    spins: list[list[str]]
    x: Fraction
    rect: pygame.Rect = field(default_factory=pygame.Rect)
    won: int = 0  # cents shown so far
    spun: int = 0  # mini spins finished
    done: bool = False


class BonusShow:
    """What the bonus draws over the card: a stage curtain, the characters and their mini slots."""

    def __init__(self, rect: pygame.Rect, art: SlingoArt, fonts: Mapping[str, pygame.font.Font]) -> None:
        self.rect = pygame.Rect(rect)
        self.art = art
        self.fonts = fonts
        self.panel = rounded_panel(self.rect.size, (110, 10, 34), (36, 2, 14), edge=GOLD, radius=30, alpha=252,
                                   edge_px=4)
        gfx.draw.rect(self.panel, (255, 230, 160), self.panel.get_rect().inflate(-16, -16), width=1, border_radius=24)
        rays = gfx.Surface(self.rect.size, pygame.SRCALPHA)
        cx, cy = self.rect.w / 2, self.rect.h * 0.42
        for k in range(18):
            a0, a1 = k * math.tau / 18, (k + 0.5) * math.tau / 18
            far = max(self.rect.size)
            gfx.draw.polygon(rays, (255, 210, 120, 22), [(cx, cy), (cx + math.cos(a0) * far, cy + math.sin(a0) * far),
                                                        (cx + math.cos(a1) * far, cy + math.sin(a1) * far)])
        self.panel.blit(rays, (0, 0))
        self.spot = glow_disc((180, 200), (255, 220, 140), 1.0)
        self.done_veil = gfx.Surface((10, 10), pygame.SRCALPHA)
        self.win_glow = glow_disc((140, 90), (255, 230, 120), 1.0)
        self.active = False
        self.characters: list[Character] = []
        self.current = -1
        self.reels: list[str] = [BLANK, BLANK, BLANK]  # the mini reels of the character playing
        self.stopped = 3  # how many of them have stopped
        self.title: pygame.Surface | None = None
        self.subtitle: pygame.Surface | None = None
        self.king: pygame.Surface = art.santa_king
        self.total: pygame.Surface | None = None
        self.time = 0.0
        self.flash: tuple[int, pygame.Surface, float] | None = None  # a win's amount over a character
        self.total_at = 0.0
        self.sevens = art.sevens
        self.cell = SEVEN_CELL

    def open(self, name: str, count: int, characters: Sequence[Character]) -> None:
        self.active = True
        self.time = 0.0
        self.characters = list(characters)
        self.current = -1
        self.total = None
        self.flash = None
        self.total_at = 0.0
        self.title = render_text(self.fonts["title"], f"{name} Bonus", GOLD, INK, 3, shadow=True)
        kings = "SANTA KING" if count == 1 else f"{count} SANTA KINGS"
        self.subtitle = render_text(self.fonts["sub"], f"{kings}  \u00b7  SPIN UNTIL A BLANK SHOWS", CREAM, INK, 2)
        rows = 1 if count <= 4 else 2
        per_row = math.ceil(count / rows)
        self.sevens = self.art.sevens_big if rows == 1 else self.art.sevens
        self.cell = next(iter(self.sevens.values())).get_size()
        card_w = min(200, (self.rect.w - 40) // per_row)
        head, foot = self.rect.y + 106, self.rect.bottom - 58
        gap_y = 10
        extra_h = self.cell[1] + 30  # the mini reels and the win under each King
        king_w, king_h = self.art.santa_king.get_size()
        fit_h = ((foot - head - (rows - 1) * gap_y) // rows - extra_h) / king_h
        scale = min(1.0, (card_w - 14) / king_w, fit_h)
        self.king = self.art.santa_king if scale >= 1 else gfx.transform.smoothscale(
            self.art.santa_king, (round(king_w * scale), round(king_h * scale)))
        card_h = self.king.get_height() + extra_h
        block = rows * card_h + (rows - 1) * gap_y
        top = head + max(0, (foot - head - block) // 2)
        for index, character in enumerate(self.characters):
            row, col = divmod(index, per_row)
            in_row = min(per_row, count - row * per_row)
            left = self.rect.centerx - in_row * card_w // 2
            character.rect = pygame.Rect(left + col * card_w, top + row * (card_h + gap_y), card_w, card_h)
        self.done_veil = gfx.Surface((card_w, card_h), pygame.SRCALPHA)
        gfx.draw.rect(self.done_veil, (20, 0, 8, 120), self.done_veil.get_rect(), border_radius=16)

    def close(self) -> None:
        self.active = False
        self.characters = []

    def show_total(self, cents: int) -> None:
        self.total = render_text(self.fonts["total"], f"BONUS WIN {format_cents(cents)}", (255, 240, 170), INK, 3,
                                 shadow=True)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.flash is not None:
            index, image, age = self.flash
            self.flash = (index, image, age + dt) if age + dt < 0.9 else None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        t = self.time
        alpha = round(255 * clamp01(t / 0.25))
        self.panel.set_alpha(alpha)
        surface.blit(self.panel, self.rect)
        self.panel.set_alpha(255)
        if self.title is not None and self.subtitle is not None:
            surface.blit(self.title, self.title.get_rect(midtop=(self.rect.centerx, self.rect.y + 14)))
            surface.blit(self.subtitle, self.subtitle.get_rect(midtop=(self.rect.centerx, self.rect.y + 80)))
        for index, character in enumerate(self.characters):
            self._draw_character(surface, index, character)
        if self.total is not None:
            k = ease_out_back(clamp01((t - self.total_at) / 0.35), 2.0)
            image = self.total
            y = self.rect.bottom - 40 + round(16 * (1 - k))
            surface.blit(image, image.get_rect(center=(self.rect.centerx, y)))

    def total_now(self) -> None:
        self.total_at = self.time

    def _draw_character(self, surface: pygame.Surface, index: int, character: Character) -> None:
        appear = clamp01((self.time - 0.2 - index * APPEAR) / 0.3)
        if appear <= 0:
            return
        rect = character.rect
        playing = index == self.current and not character.done
        if playing:
            self.spot.set_alpha(150 + round(100 * pulse(self.time, 0.8)))
            surface.blit(self.spot, self.spot.get_rect(center=(rect.centerx, rect.y + self.king.get_height() // 2)))
        k = ease_out_back(appear, 1.8)
        dy = round(30 * (1 - k))
        bob = round(3 * math.sin(self.time * 6 + index)) if playing else 0
        king = self.king
        surface.blit(king, king.get_rect(midtop=(rect.centerx, rect.y + dy + bob)))
        y = rect.y + king.get_height() + 6 + dy
        cw, ch = self.cell
        left = rect.centerx - (3 * cw + 8) // 2
        symbols = self._symbols_of(index, character)
        for reel, symbol in enumerate(symbols):
            surface.blit(self.sevens[symbol], (left + reel * (cw + 4), y))
        label = render_text(self.fonts["pay"], format_cents(character.won) if character.won or character.done else "",
                            (255, 236, 150) if character.won else (200, 170, 170), INK, 2)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, y + ch + 4)))
        if character.done:
            surface.blit(self.done_veil, rect)
        if self.flash is not None and self.flash[0] == index:
            _, image, age = self.flash
            rise = round(30 * clamp01(age / 0.5))
            self.win_glow.set_alpha(round(220 * (1 - clamp01(age / 0.9))))
            center = (rect.centerx, y - 14 - rise)
            surface.blit(self.win_glow, self.win_glow.get_rect(center=center))
            surface.blit(image, image.get_rect(center=center))

    def _symbols_of(self, index: int, character: Character) -> list[str]:
        if index == self.current and not character.done:
            return self.reels
        if character.spun and character.spins:
            return character.spins[min(character.spun, len(character.spins)) - 1]
        return [BLANK, BLANK, BLANK]

    def win_flash(self, index: int, cents: int) -> None:
        self.flash = (index, render_text(self.fonts["win"], f"+{format_cents(cents)}", (255, 250, 210), INK, 3), 0.0)


class BonusStep(Step):
    """One ``bonus`` event: the stage opens, each character plays his spins, the total is paid."""

    name = "bonus"

    def __init__(self, show: BonusShow, event: dict[str, Any], stage: BonusStage, bet: int, *,
                 counter_from: Fraction, on_start: Callable[[], None], on_end: Callable[[], None],
                 on_win: Callable[[int], None], sound: Callable[[str], None], progress: int | None = None) -> None:
        self.show = show
        self.event = event
        self.stage = stage
        self.bet = bet
        self.counter_from = counter_from  # the round's win before the bonus, x stake
        self.on_start = on_start
        self.on_end = on_end
        self.on_win = on_win  # the win field's new amount, cents
        self.sound = sound
        self.progress = progress
        self.characters = [Character([list(spin) for spin in c["spins"]], Fraction(c["x"]))
                           for c in event["characters"]]
        self.total = Fraction(event["x"])
        self.t = 0.0
        self.phase = "intro"
        self.spin_t = 0.0
        self.won = Fraction(0)
        self.finished = False

    def start(self) -> None:
        self.t = 0.0
        self.phase = "intro"
        self.won = Fraction(0)
        self.finished = False
        self.show.open(self.event["name"], len(self.characters), self.characters)
        self.on_start()
        self.sound("feature_start")

    # -- the play -------------------------------------------------------------------------------

    def _next_character(self) -> None:
        show = self.show
        show.current += 1
        if show.current >= len(self.characters):
            self._outro()
            return
        self._begin_spin()

    def _begin_spin(self) -> None:
        self.phase = "spin"
        self.spin_t = 0.0
        self.show.stopped = 0
        self.sound("spin_start")

    def _land(self) -> None:
        """The playing character's mini spin has landed: pay it, or end him on a blank."""
        show = self.show
        character = self.characters[show.current]
        symbols = character.spins[character.spun]
        character.spun += 1
        pay = self.stage.spin_pay(symbols)
        if pay is not None:
            self.won += pay
            character.won = cents_of(self._character_won(character), self.bet)
            show.win_flash(show.current, cents_of(pay, self.bet))
            self.on_win(cents_of(self.counter_from + self.won, self.bet))
            self.sound("win_small" if pay >= 1 else "win_line")
        else:
            character.done = True
            character.won = cents_of(character.x, self.bet)
            self.sound("reel_stop")
        self.phase = "result"
        self.spin_t = 0.0

    def _character_won(self, character: Character) -> Fraction:
        won = Fraction(0)
        for symbols in character.spins[:character.spun]:
            pay = self.stage.spin_pay(symbols)
            if pay is not None:
                won += pay
        return won

    def _outro(self) -> None:
        self.phase = "outro"
        self.spin_t = 0.0
        self.won = self.total
        for character in self.characters:
            character.spun = len(character.spins)
            character.done = True
            character.won = cents_of(character.x, self.bet)
        self.show.current = len(self.characters)
        self.show.show_total(cents_of(self.total, self.bet))
        self.show.total_now()
        self.on_win(cents_of(self.counter_from + self.total, self.bet))
        self.sound("win_big" if self.total >= 5 else "feature_end")

    def update(self, dt: float) -> bool:
        if self.finished:
            return True
        self.t += dt
        self.spin_t += dt
        show = self.show
        if self.phase == "intro":
            if self.t >= 0.45 + APPEAR * len(self.characters):
                self._next_character()
        elif self.phase == "spin":
            character = self.characters[show.current]
            target = character.spins[character.spun]
            stopped = sum(1 for reel in range(3) if self.spin_t >= SPIN + reel * REEL_GAP)
            if stopped > show.stopped:
                show.stopped = stopped
            cycle = int(self.spin_t * 22)
            show.reels = [target[reel] if reel < show.stopped else (*SEVENS, BLANK)[(cycle + reel * 3) % 4]
                          for reel in range(3)]
            if show.stopped >= 3:
                self._land()
        elif self.phase == "result":
            if self.spin_t >= SHOW:
                character = self.characters[show.current]
                if character.done:
                    self._next_character()
                else:
                    self._begin_spin()
        elif self.phase == "outro" and self.spin_t >= OUTRO:
            self.finish()
            return True
        show.update(dt)
        return False

    def skip(self) -> None:
        if self.phase == "outro":
            self.spin_t = OUTRO
        else:
            self._outro()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.show.close()
        self.on_end()
