"""The money bar every game screen shares: balance, bet (with its ladder text) and win.

Labels and panels are drawn into the screen's static background once (``bake``); per frame
the values are cached text (they change rarely) and the win is a glyph counter that rolls. When
the wallet holds a bonus balance or the game has free games left, the balance panel shows them
in small type at its right edge (the bet panel's breakdown style): ``BONUS 5.00`` and
``10 FREE GAMES``.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.money import format_cents
from .art import rounded_panel
from .counter import RollingCounter
from .glyphs import GlyphText
from .text import blit_text, render_text

INK = (18, 8, 28)
LABEL = (205, 180, 230)
VALUE = (255, 246, 228)
GOLD = (255, 204, 92)


class MoneyBar:
    def __init__(
        self,
        *,
        balance: pygame.Rect,
        bet: pygame.Rect,
        win: pygame.Rect,
        label_font: pygame.font.Font,
        value_font: pygame.font.Font,
        win_glyphs: GlyphText,
        tick: Callable[[], None] | None = None,
    ) -> None:
        self.balance_rect = pygame.Rect(balance)
        self.bet_rect = pygame.Rect(bet)
        self.win_rect = pygame.Rect(win)
        self.label_font = label_font
        self.value_font = value_font
        self.win_glyphs = win_glyphs
        self.balance = 0
        self.bet_text = ""
        self.bet_detail = ""  # the bet's breakdown, small, at the panel's right edge
        self.win_label = "WIN"
        self.counter = RollingCounter(0, tick=tick)
        self.bonus = 0  # the bonus balance (cents), shown beside the cash when above 0
        self.free_games = 0  # the free games this game has left, shown when above 0

    def bonus_lines(self) -> list[str]:
        """The balance panel's small lines: the bonus balance and the free games left (none when neither)."""
        lines = []
        if self.bonus or self.free_games:
            lines.append(f"BONUS {format_cents(self.bonus)}")
        if self.free_games:
            lines.append(f"{self.free_games} FREE GAME{'S' if self.free_games != 1 else ''}")
        return lines

    def bake(self, background: pygame.Surface) -> None:
        """Draw the static panels and labels into the screen's background."""
        for rect, label in ((self.balance_rect, "BALANCE"), (self.bet_rect, "TOTAL BET"), (self.win_rect, None)):
            panel = rounded_panel(rect.size, (58, 30, 84), (26, 12, 42), edge=(200, 140, 60), radius=12, alpha=230)
            background.blit(panel, rect)
            if label:
                text = render_text(self.label_font, label, LABEL, INK, 1)
                background.blit(text, text.get_rect(midtop=(rect.centerx, rect.y + 3)))

    def update(self, dt: float) -> None:
        self.counter.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.balance_rect
        lines = self.bonus_lines()
        # With the bonus at its right edge the cash moves left of centre, so the two never touch.
        cash_x = r.centerx if not lines else r.x + r.w * 5 // 12
        blit_text(surface, self.value_font, format_cents(self.balance), VALUE,
                  center=(cash_x, r.bottom - 16), outline=INK)
        for i, line in enumerate(lines):
            text = render_text(self.label_font, line, GOLD if i == 0 else LABEL, INK, 1)
            y = r.bottom - 16 if len(lines) == 1 else r.centery - 7 + i * 17
            surface.blit(text, text.get_rect(midright=(r.right - 12, y)))
        r = self.bet_rect
        blit_text(surface, self.value_font, self.bet_text, GOLD, center=(r.centerx, r.bottom - 17), outline=INK)
        if self.bet_detail:
            detail = render_text(self.label_font, self.bet_detail, LABEL, INK, 1)
            surface.blit(detail, detail.get_rect(midright=(r.right - 12, r.bottom - 16)))
        r = self.win_rect
        label = render_text(self.label_font, self.win_label, LABEL, INK, 1)
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.y + 3)))
        self.win_glyphs.draw(surface, format_cents(self.counter.shown), center=(r.centerx, r.bottom - 17))
