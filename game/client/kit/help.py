"""Help pages every game's paytable overlay is built from: paytable, rules, line shapes, facts.

A page has ``.title`` and ``.draw(surface, rect)``; the help overlay draws each page once and keeps
the picture, so drawing here may take its time. Amounts are shown at the player's bet
(``cents_of(pay, bet)``) from the pays the engine holds; nothing here holds a game's numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pygame

from ...engine.describe import RtpReport
from ...engine.money import cents_of, format_cents
from .. import gfx, theme
from ..resources import Resources
from ..widgets.text import CENTER, render_text

INK = (20, 8, 30)
TEXT = (240, 230, 250)
GOLD = (255, 204, 92)
DIM = (180, 165, 200)
BOX = (40, 20, 62)
EDGE = (120, 80, 150)
LIT = (255, 160, 50)

Paragraph = tuple[str, str]  # (heading, body); an empty heading continues the text


def measured_over(report: RtpReport) -> str:
    """What a measured RTP was measured over, as the player reads it ("" when not recorded)."""
    rounds, runs = report.rounds, report.feature_runs
    if report.method == "exact_parts" and runs is not None:
        return f"{runs:,} bought features" if report.mode == "buy" else f"base exact + {runs:,} feature runs"
    if report.method == "stratified" and runs is not None and rounds is not None:
        return f"{rounds:,} rounds + {runs:,} feature runs"
    return f"{rounds:,} simulated rounds" if rounds is not None else ""


PROOF_HALF_WIDTH = 0.001  # docs/MATH.md: an RTP is proven when its 95% interval's half-width is at most 0.1 point


def measured_fact(report: RtpReport | None, places: int = 2) -> tuple[str, str, str]:
    """A measured RTP as a help page's fact: (label, figure, detail).

    The label is "Proven" only when the report meets the acceptance rule (on today's data, half-width
    at most 0.1 point), else "Measured"; the detail gives the 95% interval and what it was measured over.
    """
    if report is None:
        return "Proven", "not proven yet", "its proof by simulation is not recorded yet"
    parts = []
    if report.interval is not None:
        low, high = report.interval
        parts.append(f"95% interval {low:.{places}%} to {high:.{places}%}")
    over = measured_over(report)
    if over:
        parts.append(over)
    proven = report.data_current and report.half_width is not None and report.half_width <= PROOF_HALF_WIDTH
    if not report.data_current:
        parts.append("measured on other data")
    elif not proven:
        parts.append("not yet to 0.1 point")
    return ("Proven" if proven else "Measured"), f"{report.rtp:.{places}%}", ", ".join(parts)


def fitted(image: pygame.Surface, width: int) -> pygame.Surface:
    """``image`` shrunk to ``width`` when it is wider (its height in proportion)."""
    if image.get_width() <= width:
        return image
    return gfx.transform.smoothscale(image, (width, max(1, image.get_height() * width // image.get_width())))


Colours = tuple[int, int, int]


def draw_facts(surface: pygame.Surface, rect: pygame.Rect, res: Resources, facts: Sequence[tuple[str, str, str]],
               notes: Sequence[str], colours: tuple[Colours, Colours, Colours, Colours], row: int = 40) -> None:
    """An RTP page: each fact's label right of the middle line, its value left, its detail under it
    (a value "not proven yet" dimmed), then the notes centred at the foot. ``colours``: gold, ink,
    text, dim."""
    gold, ink, text_colour, dim = colours
    head, body, small = theme.ui(res, 22, "heavy"), theme.ui(res, 22), theme.ui(res, 16)
    y = rect.y + 8
    for label, value, detail in facts:
        image = render_text(head, label, gold, ink, 1)
        surface.blit(image, image.get_rect(topright=(rect.centerx - 40, y)))
        text = fitted(render_text(body, value, dim if value == "not proven yet" else text_colour),
                      rect.right - (rect.centerx - 10) - 6)
        surface.blit(text, text.get_rect(topleft=(rect.centerx - 10, y)))
        if detail:
            extra = fitted(render_text(small, detail, dim), rect.right - (rect.centerx - 8) - 6)
            surface.blit(extra, extra.get_rect(topleft=(rect.centerx - 8, y + text.get_height() + 1)))
            y += 18
        y += row
    shown = [note for note in notes if note]
    if shown:
        text = render_text(small, "\n".join(shown), dim, wrap=rect.w - 40, align=CENTER)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, max(y, rect.bottom - text.get_height()))))


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[Paragraph],
               fonts: Mapping[str, pygame.font.Font], *, color: tuple[int, int, int] = TEXT,
               head_color: tuple[int, int, int] = GOLD, ink: tuple[int, int, int] = INK) -> int:
    """Headed paragraphs down ``rect`` (fonts ``head`` and ``body``); returns the y reached."""
    y = rect.y
    for head, body in items:
        if head:
            image = render_text(fonts["head"], head, head_color, ink, 1)
            surface.blit(image, (rect.x, y))
            y += image.get_height() + 2
        image = render_text(fonts["body"], body, color, wrap=rect.w)
        surface.blit(image, (rect.x, y))
        y += image.get_height()
        y += 10
    return y


class RulesPage:
    """The rules in one or two columns of headed paragraphs."""

    def __init__(self, resources: Resources, left: Sequence[Paragraph], right: Sequence[Paragraph] = (),
                 title: str = "Rules") -> None:
        self.res, self.left, self.right, self.title = resources, list(left), list(right), title

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = {"head": theme.ui(self.res, 20, "heavy"), "body": theme.ui(self.res, 18)}
        if not self.right:
            paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, rect.w - 12, rect.h), self.left, fonts)
            return
        half = (rect.w - 40) // 2
        paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), self.left, fonts)
        paragraphs(surface, pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h), self.right, fonts)


class PaytablePage:
    """One box per symbol: its picture and what each count pays at the bet (pays x total bet)."""

    title = "Paytable"

    def __init__(self, resources: Resources, game: Any, bet: int, symbols: Mapping[str, pygame.Surface], *,
                 pays: Mapping[str, Mapping[int, Fraction]] | None = None, note: str = "", columns: int = 6,
                 lit: Sequence[str] = ()) -> None:
        self.res, self.game, self.bet, self.symbols = resources, game, bet, symbols
        self.pays = pays if pays is not None else game.pays
        self.note = note or f"Wins at your bet of {format_cents(bet)}. Lines pay left to right on adjacent reels."
        self.columns = columns
        self.lit = set(lit)  # boxes drawn with the feature colour (scatters, specials)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        image = render_text(theme.ui(self.res, 19), self.note, TEXT)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))
        names = list(self.pays)
        rows = max(1, (len(names) + self.columns - 1) // self.columns)
        cell_w = rect.w // self.columns
        top = rect.y + 34
        cell_h = min(260, (rect.h - 34) // rows)
        most = max((len(p) for p in self.pays.values()), default=1)
        icon = max(40, min(92, cell_h - 30 - 22 * most))
        count_font, pay_font = theme.ui(self.res, 18, "heavy"), theme.ui(self.res, 20, "heavy")
        for i, name in enumerate(names):
            col, row = i % self.columns, i // self.columns
            box = pygame.Rect(rect.x + col * cell_w + 6, top + row * cell_h + 4, cell_w - 12, cell_h - 8)
            gfx.draw.rect(surface, BOX, box, border_radius=14)
            gfx.draw.rect(surface, LIT if name in self.lit else EDGE, box, 2, border_radius=14)
            if name in self.symbols:
                art = gfx.transform.smoothscale(self.symbols[name], (icon, icon))
                surface.blit(art, art.get_rect(midtop=(box.centerx, box.y + 6)))
            y = box.y + icon + 12
            for count in sorted(self.pays[name], reverse=True):
                money = format_cents(cents_of(Fraction(self.pays[name][count]), self.bet))
                c = render_text(count_font, f"{count}x", DIM)
                p = render_text(pay_font, money, GOLD, INK, 1)
                surface.blit(c, c.get_rect(midleft=(box.x + 16, y + 11)))
                surface.blit(p, p.get_rect(midright=(box.right - 16, y + 11)))
                y += 22


class LinesPage:
    """Every line's shape on a small grid of the reels, numbered as the win lines are."""

    def __init__(self, resources: Resources, lines: Sequence[Sequence[int]], reels: int, rows: int,
                 color: tuple[int, int, int] = LIT, off: tuple[int, int, int] = (58, 38, 80)) -> None:
        self.res, self.lines, self.reels, self.rows = resources, list(lines), reels, rows
        self.color, self.off = color, off
        self.title = f"{len(self.lines)} Lines"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cols = min(10, len(self.lines))
        grid_rows = (len(self.lines) + cols - 1) // cols
        slot_w, slot_h = rect.w // cols, rect.h // max(1, grid_rows)
        cw = min(18, (slot_w - 16) // self.reels)
        ch = min(13, (slot_h - 26) // self.rows)
        font = theme.ui(self.res, 16, "heavy")
        for i, line in enumerate(self.lines):
            sx = rect.x + (i % cols) * slot_w
            sy = rect.y + (i // cols) * slot_h
            label = render_text(font, str(i + 1), GOLD)
            surface.blit(label, label.get_rect(midtop=(sx + slot_w // 2, sy + 2)))
            ox = sx + (slot_w - self.reels * cw) // 2
            oy = sy + 22
            for c in range(self.reels):
                for r in range(self.rows):
                    cell = pygame.Rect(ox + c * cw, oy + r * ch, cw - 2, ch - 2)
                    gfx.draw.rect(surface, self.color if line[c] == r else self.off, cell, border_radius=3)
            points = [(ox + c * cw + (cw - 2) // 2, oy + line[c] * ch + (ch - 2) // 2) for c in range(self.reels)]
            gfx.draw.lines(surface, (255, 246, 228), False, points, 2)
