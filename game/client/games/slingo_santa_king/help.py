"""Slingo Santa King's help pages: how to play, the prize ladder at the stake and the special
symbols, the Reel King trail with its stages and the characters' pays, extra spins (their price,
the Superspin Wheel, the play controls, games left unfinished), and the RTP as measured.

Each page has ``.title`` and ``.draw(surface, rect)``; the help overlay renders a page once and
keeps the picture. Every figure is the engine's: ``game.description`` (the ladder, the trail's
stages and their pays, the extra-spin RTP, the wheel, the pending hours), the trail's exact parts
(``game.engine.games.slingo_santa_king.exact``) and ``game.rtp_reports()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.describe import RtpReport
from ....engine.games.slingo_santa_king.exact import BonusExact, bonus_exact
from ....engine.games.slingo_santa_king.grid import LINES
from ....engine.money import cents_of, format_cents
from ... import gfx, theme
from ...kit import help as kit_help
from ...kit.help import PlayerRtpPage, fitted, one_in, player_rtp
from ...resources import Resources
from ...widgets.text import CENTER, render_text
from .art import SEVENS, SlingoArt

if TYPE_CHECKING:
    from ....engine.games.slingo_santa_king import SlingoSantaKing

INK = (24, 4, 10)
TEXT = (250, 236, 232)
GOLD = (255, 208, 96)
DIM = (205, 170, 170)
HOLLY = (120, 220, 140)
BOX = (70, 8, 24)
EDGE = (170, 100, 60)
LIT = (255, 190, 70)
SPECIAL_TEXT = {
    "wild": ("Wild", "Mark any number in the column above it. You choose which."),
    "super_wild": ("Super Wild", "Mark any number on the card. You choose which."),
    "diamond": ("Diamond", "Marks nothing: a blank."),
    "free_spin": ("Free Spin", "One more spin for the game (not on extra spins)."),
}
SEVEN_NAMES = {"red": "Three red 7s", "yellow": "Three yellow 7s", "blue": "Three blue 7s",
               "mixed": "Any three 7s, mixed"}


def pct(value: float | Fraction, places: int = 1) -> str:
    return f"{float(value):.{places}%}"


def x_text(value: Fraction) -> str:
    """A multiple of the stake as the help pages print it: 0.1x, 2x, 500x."""
    return f"{float(value):g}x"


@cache
def exact_of(game: SlingoSantaKing) -> BonusExact:
    """The Reel King bonus and the spins of a game, exact (computed once, when help first opens)."""
    return bonus_exact(game)


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, str]],
               fonts: dict[str, pygame.font.Font]) -> int:
    return kit_help.paragraphs(surface, rect, items, fonts, color=TEXT, head_color=GOLD, ink=INK)


def box(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = EDGE) -> None:
    gfx.draw.rect(surface, BOX, rect, border_radius=14)
    gfx.draw.rect(surface, edge, rect, 2, border_radius=14)


class RulesPage:
    """How to play in four pictures a player takes in at a glance: a spin's daub, a wild's pick, a Slingo,
    the prize ladder; the Reel King, extra spins and play controls have their own pages."""

    title = "How to play"

    def __init__(self, resources: Resources, game: SlingoSantaKing, art: SlingoArt, bet: int) -> None:
        self.res, self.game, self.art, self.bet = resources, game, art, bet

    def steps(self) -> list[tuple[str, str]]:
        """Each picture's title and its words."""
        g, d = self.game, self.game.description
        full = max(d.ladder)
        return [
            ("Spin", f"A game is {d.spins} spins. A number that lands under its column is daubed."),
            ("Pick", "A Wild daubs the number you choose in its column; a Super Wild, any number. Arrows and "
                     "Space, or a click."),
            ("Slingo!", f"A full row, column or diagonal is a Slingo: {len(LINES)} in all "
                        f"({g.rows} rows, {g.reel_count} columns, 2 diagonals)."),
            ("The ladder", f"Each Slingo climbs the ladder: the game pays the rung it ends on. {full} Slingos: the "
                           f"Full House, {x_text(d.ladder[full])} the stake."),
        ]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        steps = self.steps()
        gap = 14
        w = (rect.w - gap * (len(steps) - 1)) // len(steps)
        foot = render_text(theme.ui(self.res, 17), "The Reel King, extra spins and your play controls: the next "
                           "pages. Play money only; a malfunction voids all pays and plays.", DIM, wrap=rect.w - 40,
                           align=CENTER)
        h = rect.h - foot.get_height() - 10
        pictures = (self._spin, self._pick, self._slingo, self._ladder)
        title_font, body = theme.display(self.res, 40), theme.ui(self.res, 20)
        for i, ((title, words), picture) in enumerate(zip(steps, pictures, strict=True)):
            panel = pygame.Rect(rect.x + i * (w + gap), rect.y, w, h)
            box(surface, panel, LIT)
            head = fitted(render_text(title_font, title, GOLD, INK, 3, shadow=True), panel.w - 20)
            surface.blit(head, head.get_rect(midtop=(panel.centerx, panel.y + 6)))
            stage = pygame.Rect(panel.x + 12, panel.y + 66, panel.w - 24, 250)
            picture(surface, stage)
            text = render_text(body, words, TEXT, wrap=panel.w - 28, align=CENTER)
            surface.blit(text, text.get_rect(midtop=(panel.centerx, stage.bottom + 10)))
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom)))

    # -- the pictures, from the game's own art ---------------------------------------------------

    def _cell(self, surface: pygame.Surface, at: pygame.Rect, number: int | None, mark: str = "") -> None:
        art = self.art
        surface.blit(gfx.transform.smoothscale(art.plate, at.size), at)
        if mark:
            dab = art.daubs[mark][-1]
            side = round(min(at.size) * 0.9)
            dab = gfx.transform.smoothscale(dab, (side, side))
            surface.blit(dab, dab.get_rect(center=at.center))
        if number is not None:
            image = (art.numbers_marked if mark else art.numbers)[number]
            k = min(1.0, at.h * 0.55 / max(1, image.get_height()))
            image = gfx.transform.smoothscale(image, (max(1, round(image.get_width() * k)),
                                                      max(1, round(image.get_height() * k))))
            surface.blit(image, image.get_rect(center=at.center))

    def _column(self, col: int) -> list[int]:
        numbers = list(self.game.column_range(col))
        return [numbers[(3 * row + 2) % len(numbers)] for row in range(self.game.rows)]

    def _ball(self, surface: pygame.Surface, name: str, center: tuple[int, int], side: int) -> None:
        image = gfx.transform.smoothscale(self.art.reel_symbols[name], (side, side))
        surface.blit(image, image.get_rect(center=center))

    def _spin(self, surface: pygame.Surface, stage: pygame.Rect) -> None:
        cell = 54
        column = self._column(2)[:3]
        x = stage.centerx - cell // 2
        for row, n in enumerate(column):
            self._cell(surface, pygame.Rect(x, stage.y + row * (cell + 4), cell, cell), n, "number" if row == 1 else "")
        arrow_y = stage.y + 3 * (cell + 4) + 4
        gfx.draw.polygon(surface, GOLD, [(stage.centerx, arrow_y), (stage.centerx - 9, arrow_y + 12),
                                         (stage.centerx + 9, arrow_y + 12)])
        self._ball(surface, str(column[1]), (stage.centerx, stage.bottom - 30), 62)

    def _pick(self, surface: pygame.Surface, stage: pygame.Rect) -> None:
        cell = 54
        column = self._column(1)[:3]
        x = stage.centerx - cell // 2
        glow = gfx.transform.smoothscale(self.art.cell_glow, (cell + 30, cell + 30))
        for row, n in enumerate(column):
            at = pygame.Rect(x, stage.y + row * (cell + 4), cell, cell)
            surface.blit(glow, glow.get_rect(center=at.center))
            self._cell(surface, at, n, "wild" if row == 0 else "")
        self._ball(surface, "wild", (stage.centerx, stage.bottom - 30), 62)

    def _slingo(self, surface: pygame.Surface, stage: pygame.Rect) -> None:
        g = self.game
        cell = min(46, (stage.h - 10) // g.rows, (stage.w - 10) // g.reel_count)
        left = stage.centerx - g.reel_count * cell // 2
        lit_row = 2
        band = pygame.Rect(left - 6, stage.y + lit_row * cell - 5, g.reel_count * cell + 10, cell + 8)
        gfx.draw.rect(surface, GOLD, band, border_radius=12)  # the Slingo: its row lit behind its daubs
        for col in range(g.reel_count):
            column = self._column(col)
            for row in range(g.rows):
                marked = row == lit_row or (col + row) % 4 == 0
                self._cell(surface, pygame.Rect(left + col * cell, stage.y + row * cell, cell - 2, cell - 2),
                           column[row], "number" if marked else "")

    def _ladder(self, surface: pygame.Surface, stage: pygame.Rect) -> None:
        d = self.game.description
        rungs = sorted(d.ladder, reverse=True)[:5]
        font, small = theme.ui(self.res, 19, "heavy"), theme.ui(self.res, 17, "heavy")
        row_h = stage.h // len(rungs)
        lit = rungs[2]
        for i, count in enumerate(rungs):
            row = pygame.Rect(stage.x + 8, stage.y + i * row_h + 3, stage.w - 16, row_h - 6)
            gfx.draw.rect(surface, (150, 90, 16) if count == lit else (50, 6, 18), row, border_radius=row.h // 2)
            label = "FULL HOUSE" if count == max(d.ladder) else str(count)
            left = render_text(small, label, TEXT, INK, 1)
            money = render_text(font, format_cents(cents_of(d.ladder[count], self.bet)), GOLD, INK, 1)
            surface.blit(left, left.get_rect(midleft=(row.x + 12, row.centery)))
            surface.blit(money, money.get_rect(midright=(row.right - 12, row.centery)))


class PrizesPage:
    """The ladder at the stake, and the special symbols."""

    title = "Prizes & specials"

    def __init__(self, resources: Resources, game: SlingoSantaKing, bet: int,
                 specials: Mapping[str, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.specials = resources, game, bet, specials

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        d = self.game.description
        bet = self.bet
        head, body, big = theme.ui(self.res, 17, "heavy"), theme.ui(self.res, 17), theme.ui(self.res, 19, "heavy")
        table = pygame.Rect(rect.x + 4, rect.y, rect.w // 2 - 20, rect.h)
        box(surface, table, LIT)
        title = render_text(big, f"The prize ladder at your stake of {format_cents(bet)}", GOLD, INK, 1)
        surface.blit(fitted(title, table.w - 24), (table.x + 14, table.y + 10))
        rungs = sorted(d.ladder, reverse=True)
        full = max(d.ladder)
        top = table.y + 42
        row_h = min(34, (table.bottom - 10 - top) // (len(rungs) + 1))
        columns = (table.x + 20, table.x + table.w * 0.55, table.right - 20)
        for text, x, anchor in (("Slingos", columns[0], "left"), ("x stake", columns[1], "right"),
                                ("Prize", columns[2], "right")):
            image = render_text(head, text, DIM)
            where = image.get_rect(midleft=(x, top + row_h // 2)) if anchor == "left" else image.get_rect(
                midright=(round(x), top + row_h // 2))
            surface.blit(image, where)
        for i, count in enumerate(rungs, 1):
            y = top + i * row_h
            if count == full:
                gfx.draw.rect(surface, (120, 70, 10), (table.x + 8, y + 2, table.w - 16, row_h - 4), border_radius=10)
            label = "Full House" if count == full else str(count)
            cells = ((label, columns[0], "left", TEXT), (x_text(d.ladder[count]), columns[1], "right", TEXT),
                     (format_cents(cents_of(d.ladder[count], bet)), columns[2], "right", GOLD))
            for text, x, anchor, color in cells:
                image = render_text(head if color == GOLD else body, text, color, INK if color == GOLD else None)
                where = image.get_rect(midleft=(x, y + row_h // 2)) if anchor == "left" else image.get_rect(
                    midright=(round(x), y + row_h // 2))
                surface.blit(image, where)
        right = pygame.Rect(table.right + 24, rect.y, rect.right - table.right - 28, rect.h)
        icon = 72
        row = (right.h - 10) // len(self.specials)
        for i, (name, image) in enumerate(self.specials.items()):
            area = pygame.Rect(right.x, right.y + i * row, right.w, row - 10)
            box(surface, area)
            art = gfx.transform.smoothscale(image, (icon, icon))
            surface.blit(art, art.get_rect(midleft=(area.x + 12, area.centery)))
            heading, text = SPECIAL_TEXT.get(name, (name.replace("_", " ").title(), ""))
            surface.blit(render_text(theme.ui(self.res, 20, "heavy"), heading, GOLD, INK, 1),
                         (area.x + icon + 28, area.y + 12))
            surface.blit(render_text(body, text, TEXT, wrap=area.right - (area.x + icon + 28) - 12),
                         (area.x + icon + 28, area.y + 40))


class ReelKingPage:
    """The trail's stages (names, characters, how good their reels are) and the characters' pays."""

    title = "Reel King"

    def __init__(self, resources: Resources, game: SlingoSantaKing, bet: int, art: SlingoArt) -> None:
        self.res, self.game, self.bet, self.art = resources, game, bet, art

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        d = self.game.description
        trail = d.trail
        head, body = theme.ui(self.res, 17, "heavy"), theme.ui(self.res, 17)
        left = pygame.Rect(rect.x + 4, rect.y, rect.w * 58 // 100, rect.h - 56)
        box(surface, left, LIT)
        surface.blit(render_text(theme.ui(self.res, 19, "heavy"), "The stages of the trail", GOLD, INK, 1),
                     (left.x + 14, left.y + 10))
        columns = (left.x + 18, left.x + 64, left.x + left.w * 0.56, left.x + left.w * 0.77, left.right - 16)
        titles = ("Step", "Stage", "Santa Kings", "A spin wins", "A King wins")
        top = left.y + 44
        for i, text in enumerate(titles):
            image = render_text(head, text, DIM)
            surface.blit(image, image.get_rect(midleft=(round(columns[i]), top)) if i < 2 else
                         image.get_rect(midright=(round(columns[i]), top)))
        row_h = (left.bottom - 14 - (top + 18)) // len(trail.stages)
        for i, stage in enumerate(reversed(trail.stages)):
            y = top + 18 + i * row_h + row_h // 2
            law = stage.outcome_law()
            low, high = stage.characters
            cells = (str(stage.level), stage.name, f"{low} to {high}", pct(1 - law["loss"], 0),
                     f"{float(stage.character_mean()):.2f}x")
            for k, text in enumerate(cells):
                image = render_text(head if k < 2 else body, text, GOLD if k == 1 else TEXT)
                surface.blit(image, image.get_rect(midleft=(round(columns[k]), y)) if k < 2 else
                             image.get_rect(midright=(round(columns[k]), y)))
        right = pygame.Rect(left.right + 20, rect.y, rect.right - left.right - 24, rect.h - 56)
        box(surface, right, LIT)
        surface.blit(render_text(theme.ui(self.res, 19, "heavy"), "Each Santa King's mini slot pays", GOLD, INK, 1),
                     (right.x + 14, right.y + 10))
        pays = trail.stages[0].pays
        y = right.y + 52
        sevens = self.art.sevens
        for name in (*SEVENS, "mixed"):
            x = right.x + 16
            for reel in range(3):
                symbol = name if name != "mixed" else SEVENS[reel]
                surface.blit(sevens[symbol], (x, y))
                x += sevens[symbol].get_width() + 4
            label = render_text(body, SEVEN_NAMES[name], TEXT)
            surface.blit(label, label.get_rect(midleft=(x + 12, y + 20)))
            money = render_text(head, f"{x_text(pays[name])}  {format_cents(cents_of(pays[name], self.bet))}", GOLD,
                                INK, 1)
            surface.blit(money, money.get_rect(midright=(right.right - 16, y + 20)))
            y += 54
        note = ("A King spins until a blank shows; a blank ends his turn and pays nothing. Each stage has its "
                "own, more generous reels.")
        y += 4
        surface.blit(render_text(body, note, DIM, wrap=right.w - 32), (right.x + 16, y))
        foot = (f"On every spin each reel dings with its own chance and moves the trail a step; at a spin's start "
                f"the trail holds with a chance of {pct(trail.hold, 0)}, else it starts again. "
                f"A King pays the average of his turn, times the stake.")
        image = render_text(body, foot, DIM, wrap=rect.w - 20, align=CENTER)
        surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.bottom)))


class ExtraSpinsPage:
    title = "Extra spins"

    def __init__(self, resources: Resources, game: SlingoSantaKing, bet: int) -> None:
        self.res, self.game, self.bet = resources, game, bet

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        d = self.game.description
        fonts = {"head": theme.ui(self.res, 19, "heavy"), "body": theme.ui(self.res, 17)}
        wheel = format_cents(d.wheel_price)
        left = [
            ("Buying extra spins", f"After the game's spins you may collect, or buy one more spin at a time, up to "
                                   f"{d.extra_spins} a game. The offer shows the price and the most the spin could "
                                   "add (\"you could win\"). The price is taken when you buy."),
            ("How a spin is priced", f"Its price is what that spin is worth on average for the card you have "
                                     f"(every way the reels can land, the wilds placed at their best and the Reel "
                                     f"King bonus it may play), so that it pays back {pct(d.extra_rtp)} of its "
                                     "price, rounded up to the cent. It changes with the card and the stake, and "
                                     "can cost more than the stake."),
            ("", "Free-spin symbols do not land on extra spins."),
        ]
        right = [
            ("Superspin Wheel", f"When a spin would cost more than {wheel}, the wheel sells it instead: a wheel "
                                f"spin costs {wheel} and wins the extra spin with the chance {wheel} / price, the "
                                f"green part of the wheel. After {d.wheel_failures} misses in a row it is not "
                                "offered again that game."),
            ("Play controls", "Limit the extra spins a game may buy, the highest price of one, the highest stake "
                              "and the highest loss a game. When the next extra spin would pass one, the game "
                              "collects by itself and tells you which limit ended it. Autoplay buys no extra spins."),
            ("Unfinished games", f"A game you leave waits where it stopped and reopens with this game. Left for "
                                 f"more than {d.pending_hours} hours, it is finished for you with the free choices "
                                 "(picks placed at their best, no extra spins bought) and its win is credited."),
        ]
        half = (rect.w - 40) // 2
        paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), left, fonts)
        paragraphs(surface, pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h), right, fonts)


class RtpPage(PlayerRtpPage):
    """The RTP a player reads (measured on the current data, else the stated one), what it means, the facts a
    player asks about; how it is measured is in docs/MATH.md and docs/par/."""

    title = "RTP"

    def __init__(self, resources: Resources, game: SlingoSantaKing,
                 reports: Mapping[str, RtpReport] | None = None) -> None:
        self.game = game
        self.reports = game.rtp_reports() if reports is None else reports
        super().__init__(resources, player_rtp(self.reports.get("base"), game.description.rtp.base),
                         self.facts(), stated=game.description.rtp)

    def facts(self) -> list[tuple[str, str]]:
        d = self.game.description
        exact = exact_of(self.game)
        first = min(exact.by_stage) if exact.by_stage else None
        facts = [("Spins a game", f"{d.spins}, and {float(exact.free_spins):.1f} free spins on average")]
        if first is not None and exact.by_stage[first]:
            facts.append(("Reel King bonus", one_in(float(1 / exact.by_stage[first]), "games")))
        facts.append(("Extra spins", f"each pays back {pct(d.extra_rtp)} of its price on average"))
        facts.append(("Full House", f"{float(d.ladder[max(d.ladder)]):,.0f}x the stake, every number daubed"))
        return facts


def help_pages(resources: Resources, game: SlingoSantaKing, bet: int, art: SlingoArt) -> list[Any]:
    return [RulesPage(resources, game, art, bet), PrizesPage(resources, game, bet, art.specials),
            ReelKingPage(resources, game, bet, art), ExtraSpinsPage(resources, game, bet), RtpPage(resources, game)]
