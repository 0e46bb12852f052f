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

from ...engine.describe import RtpReport, RtpSource, StatedRtp
from ...engine.money import cents_of, format_cents
from .. import gfx, theme
from ..resources import Resources
from ..widgets.text import CENTER, fit_width, render_text

INK = (20, 8, 30)
TEXT = (240, 230, 250)
GOLD = (255, 204, 92)
DIM = (180, 165, 200)
BOX = (40, 20, 62)
EDGE = (120, 80, 150)
LIT = (255, 160, 50)

Paragraph = tuple[str, str]  # (heading, body); an empty heading continues the text


def player_rtp(report: RtpReport | None, stated: str | None, exact: float | None = None) -> str:
    """The RTP a player is told, as "96.17%": the engine's exact figure when it computes one, else the
    figure measured on the game's current data, else the game's stated figure (how each is established
    is in docs/MATH.md and the PAR sheets, never on the player's page)."""
    if exact is not None:
        return f"{exact:.2%}"
    if report is not None and report.data_current:
        return f"{report.rtp:.2%}"
    return stated or "not published yet"


def stated_rtp_sentence(stated: StatedRtp, bought: str | None = None) -> str:
    """Where the game's own RTP figure comes from, in a player's words: the rules print it, or they print
    none and it is the game's design target. ``bought``: the name of the feature the buy figure is for."""
    figures = stated.base + (f" ({stated.buy} for buying {bought})" if stated.buy and bought else "")
    if stated.source is RtpSource.PRINTED:
        return f"The game's rules print its RTP: {figures}."
    return f"The game's rules print no RTP: its design target, the return it was built to pay, is {figures}."


def one_in(rounds: float, what: str = "rounds") -> str:
    """A frequency as a player reads it: "about 1 in 80 rounds"."""
    return f"about 1 in {rounds:,.0f} {what}" if rounds >= 10 else f"about 1 in {rounds:,.1f} {what}"


class PlayerRtpPage:
    """The RTP in plain words: "RTP 96.17%" and what it means, a bought feature's beside it, then the few
    facts a player asks about (how often a round wins, the feature, the maximum win, the bets)."""

    title = "RTP & max win"

    def __init__(self, resources: Resources, rtp: str, facts: Sequence[tuple[str, str]], *, stated: StatedRtp,
                 bought: tuple[str, str] | None = None, note: str = "") -> None:
        """``stated``: the game's own figures and their kind (``game.description.rtp``); ``bought``: (the
        feature's name, its RTP) when it can be bought."""
        self.res, self.rtp, self.facts_shown, self.bought, self.note = resources, rtp, list(facts), bought, note
        self.stated = stated

    def sentences(self) -> list[str]:
        said = [f"On average, over a very long run of play, this game pays back {self.rtp} of everything staked. "
                "It is an average, not a promise: any one session can win more, or less."]
        if self.bought is not None:
            said.append(f"Buying {self.bought[0]} pays back {self.bought[1]} of its price on average.")
        said.append(stated_rtp_sentence(self.stated, self.bought[0] if self.bought else None))
        return said

    def texts(self) -> list[str]:
        """Every text the page shows, in order."""
        bought = [f"Buying {self.bought[0]}: RTP {self.bought[1]}"] if self.bought else []
        return [f"RTP {self.rtp}", *bought, *self.sentences(),
                *(part for fact in self.facts_shown for part in fact), *([self.note] if self.note else [])]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        big = render_text(theme.display(self.res, 64), f"RTP {self.rtp}", GOLD, INK, 3, shadow=True)
        surface.blit(big, big.get_rect(midtop=(rect.centerx, rect.y + 4)))
        y = rect.y + 4 + big.get_height()
        if self.bought is not None:
            extra = render_text(theme.ui(self.res, 26, "heavy"), f"Buying {self.bought[0]}: RTP {self.bought[1]}",
                                GOLD, INK, 2)
            surface.blit(extra, extra.get_rect(midtop=(rect.centerx, y)))
            y += extra.get_height() + 4
        said = render_text(theme.ui(self.res, 21), " ".join(self.sentences()), TEXT, wrap=min(rect.w - 80, 820),
                           align=CENTER)
        surface.blit(said, said.get_rect(midtop=(rect.centerx, y + 6)))
        y += said.get_height() + 26
        head, body = theme.ui(self.res, 22, "heavy"), theme.ui(self.res, 22)
        for label, value in self.facts_shown:
            image = render_text(head, label, GOLD, INK, 1)
            surface.blit(image, image.get_rect(topright=(rect.centerx - 20, y)))
            text = render_text(body, value, TEXT, wrap=rect.right - (rect.centerx + 20) - 10)
            surface.blit(text, text.get_rect(topleft=(rect.centerx + 20, y)))
            y += max(image.get_height(), text.get_height()) + 10
        if self.note:
            note = render_text(theme.ui(self.res, 18), self.note, DIM, wrap=rect.w - 80, align=CENTER)
            surface.blit(note, note.get_rect(midtop=(rect.centerx, max(y + 8, rect.bottom - note.get_height()))))


fitted = fit_width  # what help pages call it: an image shrunk to a width, never cut


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


def plain_rtp_page(resources: Resources, game: Any) -> PlayerRtpPage:
    """The RTP page of a game with no exact math: its figure measured on today's data (``rtp.json``),
    else, not measured yet, the figure it states; and its bets."""
    bets = game.bets
    facts = [("Bets", f"{format_cents(bets[0])} to {format_cents(bets[-1])}, on {len(game.lines)} fixed lines")]
    rtp = player_rtp(game.rtp_reports().get("base"), game.description.rtp.base)
    return PlayerRtpPage(resources, rtp, facts, stated=game.description.rtp)


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
