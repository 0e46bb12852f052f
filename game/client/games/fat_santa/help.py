"""Fat Santa's help pages: paytable at the current line bet, wilds and the sleigh, the free games
and the pie meter, the 50 lines, and the RTP (measured, beside the game's stated figure) with the cap.

Each page has ``.title`` and ``.draw(surface, rect)``; the help overlay renders a page once and
keeps the picture, so drawing here may take its time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.describe import RtpReport
from ....engine.money import cents_of, format_cents
from ... import gfx, theme
from ...kit import help as kit_help
from ...kit.help import LinesPage, PlayerRtpPage, one_in, player_rtp
from ...resources import Resources
from ...widgets.text import render_text

if TYPE_CHECKING:
    from ....engine.games.fat_santa import FatSanta

INK = (20, 8, 30)
TEXT = (236, 240, 255)
GOLD = (255, 204, 92)
ICE = (150, 210, 255)
GREEN = (110, 225, 140)
RED = (255, 110, 100)
DIM = (170, 180, 210)


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, str]],
               fonts: dict[str, pygame.font.Font]) -> int:
    """The kit's headed paragraphs in this game's colours; returns the y reached."""
    return kit_help.paragraphs(surface, rect, items, fonts, color=TEXT, head_color=GOLD, ink=INK)
BOX = (24, 34, 78)
EDGE = (90, 120, 190)
NAMES = {
    "santa": "Fat Santa", "pie": "Christmas Pie", "rudolph": "Rudolph", "elf": "Elf", "snowman": "Snowman",
    "gingerbread": "Gingerbread", "ace": "Ace", "king": "King", "queen": "Queen", "jack": "Jack", "ten": "Ten",
}






ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def line_count(game: FatSanta) -> int:
    return len(game.description.lines)


def line_bet_text(bet: int, lines: int) -> str:
    """The bet per line in money, to a tenth of a cent when it needs one (0.10 / 50 = 0.002)."""
    value = Fraction(bet, 100 * lines)
    for places in (2, 3, 4):
        scaled = value * 10 ** places
        if scaled.denominator == 1:
            return f"{float(value):,.{places}f}"
    return f"{float(value):,.4f}"


def pays_of(game: FatSanta) -> dict[str, dict[int, Fraction]]:
    """The pays, x line bet (the engine's data)."""
    return {name: dict(row) for name, row in game.data.pays.items()}


def meter_table(game: FatSanta) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Pies per meter fill and the extra spins each fill awards."""
    return game.description.meter_sizes, game.description.extra_spins


def _box(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = EDGE) -> None:
    gfx.draw.rect(surface, BOX, rect, border_radius=14)
    gfx.draw.rect(surface, edge, rect, 2, border_radius=14)


class PaytablePage:
    title = "Paytable"

    def __init__(self, resources: Resources, game: FatSanta, bet: int, symbols: dict[str, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.symbols = resources, game, bet, symbols

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        game, bet = self.game, self.bet
        lines = line_count(game)
        head = theme.ui(self.res, 19)
        note = (f"Wins at your bet of {format_cents(bet)}: {lines} lines, so {line_bet_text(bet, lines)} per line."
                "  Lines pay left to right from reel 1; the highest win on each line is paid.")
        image = render_text(head, note, TEXT)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))
        pays = pays_of(game)
        entries = [name for name in game.symbols if name in pays]
        cols = 6
        cell_w = rect.w // cols
        top = rect.y + 32
        cell_h = (rect.h - 32) // 2
        icon = min(92, cell_h - 84)
        count_font, pay_font = theme.ui(self.res, 18, "heavy"), theme.ui(self.res, 20, "heavy")
        name_font = theme.ui(self.res, 16)
        wilds = (game.description.santa, game.description.pie)
        for i, name in enumerate(entries[:11]):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + col * cell_w + 6, top + row * cell_h + 4, cell_w - 12, cell_h - 8)
            _box(surface, box, GOLD if name in wilds else EDGE)
            art = gfx.transform.smoothscale(self.symbols[name], (icon, icon))
            surface.blit(art, art.get_rect(midtop=(box.centerx, box.y + 6)))
            label = render_text(name_font, NAMES.get(name, name).upper(), ICE if name not in wilds else GOLD)
            surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + icon + 7)))
            y = box.y + icon + 30
            for count in sorted(pays[name], reverse=True):
                money = format_cents(cents_of(pays[name][count] / lines, bet))
                c = render_text(count_font, f"{count}x", DIM)
                p = render_text(pay_font, money, GOLD, INK, 1)
                surface.blit(c, c.get_rect(midleft=(box.x + 14, y + 11)))
                surface.blit(p, p.get_rect(midright=(box.right - 14, y + 11)))
                y += 23
        # the twelfth box: what the wilds do
        box = pygame.Rect(rect.x + 5 * cell_w + 6, top + cell_h + 4, cell_w - 12, cell_h - 8)
        _box(surface, box, GREEN)
        body = theme.ui(self.res, 16)
        y = box.y + 10
        santa_five = pays.get(game.description.santa, {}).get(5, 0)
        for text, color in (("WILDS", GOLD), ("Fat Santa: wild for", TEXT), ("all symbols, lands", TEXT),
                            ("on reel 1 only", TEXT), ("Pie: wild for all", TEXT), ("except Fat Santa", TEXT),
                            ("pays are x line bet", DIM), (f"5 Santas: {santa_five}x, needs", DIM),
                            ("Santa grown to 5x5", DIM)):
            image = render_text(body, text, color, INK if color == GOLD else None, 1)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height() + 2


class WildsPage:
    title = "Wilds & Sleigh"

    def __init__(self, resources: Resources, game: FatSanta, symbols: dict[str, pygame.Surface],
                 sleigh: pygame.Surface) -> None:
        self.res, self.game, self.symbols, self.sleigh = resources, game, symbols, sleigh

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = {"head": theme.ui(self.res, 21, "heavy"), "body": theme.ui(self.res, 18)}
        half = (rect.w - 40) // 2
        left = pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h)
        right = pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h)
        for i, name in enumerate(("santa", "pie")):
            art = gfx.transform.smoothscale(self.symbols[name], (96, 96))
            surface.blit(art, (left.x + i * 108, left.y))
        paragraphs(surface, pygame.Rect(left.x, left.y + 108, left.w, left.h - 108), [
            ("Fat Santa (wild)", "The Fat Santa symbol is a wild that substitutes for all other symbols. It lands only "
                                 "on reel 1, so a line holds one Fat Santa in the base game. In the free games Santa "
                                 "grows: grown to 5x5 he covers all five reels, and a line through him pays five Fat "
                                 "Santas, the top prize."),
            ("Christmas Pie (wild)", "The Christmas Pie and the Wild Christmas Pie left by the sleigh are wilds that "
                                     "substitute for all other symbols except Fat Santa."),
            ("Line wins", "Matching symbols side by side on a line from reel 1 win. Only the highest win on each line "
                          "is paid; wins on different lines add up."),
        ], fonts)
        sleigh = self.sleigh
        scale = min(1.0, right.w / sleigh.get_width())
        art = gfx.transform.smoothscale(sleigh, (round(sleigh.get_width() * scale),
                                                    round(sleigh.get_height() * scale)))
        surface.blit(art, art.get_rect(midtop=(right.centerx, right.y - 6)))
        paragraphs(surface, pygame.Rect(right.x, right.y + art.get_height() + 4, right.w, right.h), [
            ("Santa's Sleigh", "While the reels spin in the base game, Santa's Sleigh may fly over and leave "
                               "Christmas Pies on random cells. The pies lock in place and act as wild. The reels "
                               "then land, and whatever lands beneath a pie is replaced by the pie."),
            ("Free Games", "Fat Santa landing together with one or more pies (landed or left by the sleigh) "
                           f"awards {self.game.description.free_spins} free spins."),
            ("", "Malfunction voids all pays and plays. Play money only: it has no cash value."),
        ], fonts)


class FreeGamesPage:
    title = "Free Games"

    def __init__(self, resources: Resources, game: FatSanta, bet: int, pie: pygame.Surface,
                 santa: dict[int, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.pie, self.santa = resources, game, bet, pie, santa

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = {"head": theme.ui(self.res, 21, "heavy"), "body": theme.ui(self.res, 18)}
        half = (rect.w - 40) // 2
        left = pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h)
        right = pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h)
        d = self.game.description
        price, cost = d.buy_price_x, d.buy_price(self.bet)
        grown = ", ".join(f"{size}x{size}" for size in (1, *d.santa_sizes))
        paragraphs(surface, left, [
            ("Free Games", f"When Fat Santa lands with one or more Wild Christmas Pies anywhere, {d.free_spins} free "
                           "spins are awarded. Fat Santa stays on the reels for the whole feature, as a wild."),
            ("Santa eats the pies", "Whenever pies land, Santa walks to each of them and collects it. Every pie goes "
                                    "into the Christmas Pie meter beside the reels."),
            ("Santa grows", f"Filling the meter makes Santa one size bigger ({grown}: his whole block "
                            "is wild and always fits on the reels) and awards extra spins."),
            ("Bonus Buy", f"Press BONUS BUY or B to buy the Free Games for {price}x your bet "
                          f"({format_cents(cost)} at your bet of {format_cents(self.bet)}). A confirmation shows "
                          "the cost first: Buy starts the feature, Cancel returns."),
        ], fonts)
        sizes, extra = meter_table(self.game)
        head = render_text(fonts["head"], "The pie meter", GOLD, INK, 1)
        surface.blit(head, (right.x, right.y))
        row_h = 86
        y = right.y + 34
        small = theme.ui(self.res, 18, "heavy")
        big = theme.ui(self.res, 24, "heavy")
        for i, (need, spins, size) in enumerate(zip(sizes, extra, d.santa_sizes, strict=True)):
            box = pygame.Rect(right.x, y, right.w, row_h - 8)
            _box(surface, box, GOLD if i == 0 else EDGE)
            label = render_text(small, f"FILL {i + 1}", DIM)
            surface.blit(label, label.get_rect(midleft=(box.x + 12, box.centery)))
            x = box.x + 80
            icon = self.pie
            for k in range(need):
                surface.blit(icon, icon.get_rect(midleft=(x + k * 21, box.centery)))
            count = render_text(small, f"{need} pies", TEXT)
            surface.blit(count, count.get_rect(midleft=(x + need * 21 + 12, box.centery)))
            thumb = self.santa.get(size)
            if thumb is not None:
                surface.blit(thumb, thumb.get_rect(center=(box.right - 170, box.centery)))
            grow = render_text(big, f"{size}x{size}", GOLD, INK, 2)
            surface.blit(grow, grow.get_rect(midright=(box.right - 86, box.centery)))
            plus = render_text(big, f"+{spins}", GREEN, INK, 2)
            surface.blit(plus, plus.get_rect(midright=(box.right - 14, box.centery - 2)))
            word = render_text(theme.ui(self.res, 16), "SPINS" if spins != 1 else "SPIN", GREEN)
            surface.blit(word, word.get_rect(midtop=(box.right - 30, box.centery + 11)))
            y += row_h
        last = d.santa_sizes[-1]
        note = render_text(theme.ui(self.res, 16), f"After the {ORDINALS[len(sizes) - 1]} fill Santa is {last}x{last}"
                           " and covers every reel.", DIM)
        surface.blit(note, (right.x, y))




def _pct(value: float) -> str:
    return f"{value:.2%}"


class RtpPage(PlayerRtpPage):
    """The RTP a player reads (each mode's, measured on the current data, else the stated one), what it means,
    the facts a player asks about; how each figure is measured is in docs/MATH.md and docs/par/."""

    def __init__(self, resources: Resources, game: FatSanta, reports: Mapping[str, RtpReport] | None = None) -> None:
        """``reports`` are the measured RTPs by mode (``game.rtp_reports()`` when not given)."""
        self.game = game
        self.reports = game.rtp_reports() if reports is None else reports
        d = game.description
        buy = d.rtp.buy
        bought = ("the free games", player_rtp(self.reports.get("buy"), buy)) if buy else None
        super().__init__(resources, player_rtp(self.reports.get("base"), d.rtp.base), self.facts(),
                         stated=d.rtp, bought=bought, note="A round left unfinished goes on at the next launch; after "
                                             f"{game.pending_limit.total_seconds() / 3600:.0f} hours it is finished "
                                             "for you and paid.")

    def facts(self) -> list[tuple[str, str]]:
        d = self.game.description
        base = self.reports.get("base")
        facts = []
        if base is not None and base.hit_rate:
            facts.append(("Wins", f"{one_in(1 / base.hit_rate)} wins something"))
        free = base.feature("free_games") if base is not None else None
        rounds = (base.feature_one_in if base is not None and base.feature_one_in
                  else free.one_in if free is not None else None)
        if rounds:
            facts.append(("Free games", one_in(rounds)))
        if d.cap is not None:
            facts.append(("Max win", f"{float(d.cap):,.2f}x the bet in one round; the round ends there"))
        g = self.game
        facts.append(("Bets", f"{format_cents(g.bets[0])} to {format_cents(g.bets[-1])}, on {line_count(g)} "
                              "fixed lines"))
        return facts


def lines_page(resources: Resources, game: Any) -> LinesPage:
    return LinesPage(resources, game.description.lines, game.reel_count, game.rows, (230, 70, 60), (40, 54, 104))


def help_pages(resources: Resources, game: FatSanta, bet: int, symbols: dict[str, pygame.Surface],
               sleigh: pygame.Surface, santa: dict[int, pygame.Surface], pie: pygame.Surface) -> list[Any]:
    """The pages; ``santa`` maps each grown size to a thumbnail, ``pie`` is the meter's pie icon."""
    return [PaytablePage(resources, game, bet, symbols), WildsPage(resources, game, symbols, sleigh),
            FreeGamesPage(resources, game, bet, pie, santa), lines_page(resources, game), RtpPage(resources, game)]
