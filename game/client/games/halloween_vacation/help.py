"""Halloween Vacation's help pages: paytable at the current bet, rules, the 50 lines, RTP.

Each page has ``.title`` and ``.draw(surface, rect)``; the help overlay renders a page once
and keeps the picture, so drawing here may take its time.
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
    from ....engine.games.halloween_vacation import HalloweenVacation

INK = (20, 8, 30)
TEXT = (240, 230, 250)
GOLD = (255, 204, 92)
TEAL = (70, 220, 210)
MARIGOLD = (255, 160, 50)
DIM = (180, 165, 200)


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, str]],
               fonts: dict[str, pygame.font.Font]) -> int:
    """The kit's headed paragraphs in this game's colours; returns the y reached."""
    return kit_help.paragraphs(surface, rect, items, fonts, color=TEXT, head_color=GOLD, ink=INK)






class PaytablePage:
    title = "Paytable"

    def __init__(self, resources: Resources, game: HalloweenVacation, bet: int,
                 symbols: dict[str, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.symbols = resources, game, bet, symbols

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        game, bet = self.game, self.bet
        value, level = game.bet_breakdown(bet)
        credits = game.description.breakdown.credits
        head = theme.ui(self.res, 19)
        note = (f"Wins at your bet of {format_cents(bet)} ({format_cents(value)} x {level} x {credits})."
                "  Lines pay left to right on adjacent reels; scatters pay anywhere.")
        image = render_text(head, note, TEXT)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))
        entries = [name for name in game.pays] + [game.scatter]
        cols = 6
        cell_w = rect.w // cols
        top = rect.y + 34
        cell_h = (rect.h - 34 - 56) // 2
        icon = min(92, cell_h - 84)
        count_font, pay_font = theme.ui(self.res, 18, "heavy"), theme.ui(self.res, 20, "heavy")
        for i, name in enumerate(entries):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + col * cell_w + 6, top + row * cell_h + 4, cell_w - 12, cell_h - 8)
            gfx.draw.rect(surface, (40, 20, 62), box, border_radius=14)
            gfx.draw.rect(surface, (120, 80, 150) if name != game.scatter else MARIGOLD, box, 2, border_radius=14)
            art = gfx.transform.smoothscale(self.symbols[name], (icon, icon))
            surface.blit(art, art.get_rect(midtop=(box.centerx, box.y + 6)))
            pays = game.scatter_pays if name == game.scatter else game.pays[name]
            y = box.y + icon + 12
            for count in sorted(pays, reverse=True):
                money = format_cents(cents_of(Fraction(pays[count]), bet))
                c = render_text(count_font, f"{count}x", DIM)
                p = render_text(pay_font, money, GOLD, INK, 1)
                surface.blit(c, c.get_rect(midleft=(box.x + 16, y + 11)))
                surface.blit(p, p.get_rect(midright=(box.right - 16, y + 11)))
                y += 22
        wild_box = pygame.Rect(rect.x + 6, rect.bottom - 52, rect.w - 12, 48)
        gfx.draw.rect(surface, (30, 60, 66), wild_box, border_radius=14)
        gfx.draw.rect(surface, TEAL, wild_box, 2, border_radius=14)
        art = gfx.transform.smoothscale(self.symbols[game.wild], (42, 42))
        surface.blit(art, (wild_box.x + 10, wild_box.y + 3))
        text = ("WILD substitutes for every symbol except the scatter. Base game: reels 3, 4, 5. "
                "Free games: reels 2, 3, 4.")
        image = render_text(theme.ui(self.res, 18), text, TEXT)
        surface.blit(image, image.get_rect(midleft=(wild_box.x + 64, wild_box.centery)))


class RulesPage:
    title = "Rules"

    def __init__(self, resources: Resources, game: HalloweenVacation) -> None:
        self.res, self.game = resources, game

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.game.description
        credits = g.breakdown.credits
        fonts = {"head": theme.ui(self.res, 20, "heavy"), "body": theme.ui(self.res, 18)}
        mult = ", then ".join(f"x{m}" for m in g.expanding_multipliers)
        sticky = " or ".join(f"reel {reel + 1}" for reel in g.sticky_reels)
        expanding = f"reel {g.expanding_reel + 1}"
        left = [
            ("The game", f"{g.reels} reels, {g.rows} rows, {len(g.lines)} fixed lines. Total bet = Value x Level x "
                         f"{credits} credits; for example {format_cents(g.breakdown.values[0])} x 1 x {credits} = "
                         f"{format_cents(g.breakdown.values[0] * credits)}."),
            ("Line wins", "3 or more matching symbols side by side on a line, starting from the leftmost reel. "
                          "Only the highest win on each line is paid; wins on different lines add up. "
                          "The printed figures are multiples of the total bet."),
            ("Scatters", f"Scatters pay anywhere (3, 4 or 5) and add to line wins. {g.scatter_trigger} or more "
                         f"award {g.free_spins} free spins."),
            ("Wild", "Substitutes for all symbols except the scatter. In the base game it lands on reels 3, 4 "
                     "and 5 only."),
        ]
        right = [
            ("Free games", f"{g.free_spins} free spins at the bet that triggered them. No scatters appear; "
                           "wilds land on reels 2, 3 and 4 only."),
            ("Sticky wilds", f"A wild landing on {sticky} is held in its cell until the free games end."),
            ("Expanding Wild", f"A wild landing on {expanding} expands to cover the whole reel with multiplier "
                               f"{mult}: x{g.expanding_multipliers[0]} on the spin it lands, then the next "
                               "values on the following spins, then it disappears. Every winning line that "
                               f"uses it is multiplied. While it stands no other wild lands on {expanding}."),
            ("Extra spins", f"If an Expanding Wild lands on the last or second-last free spin, extra free "
                            f"spins are added until it has played its x{g.expanding_multipliers[-1]} spin."),
            ("", "Malfunction voids all pays and plays. Play money only: it has no cash value."),
        ]
        half = (rect.w - 40) // 2
        paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), left, fonts)
        paragraphs(surface, pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h), right, fonts)




def pct(value: float) -> str:
    return f"{value:.2%}"


class RtpPage(PlayerRtpPage):
    """The RTP a player reads: the engine's exact figure (from the strips), what it means, the few facts a
    player asks about. How it is computed and cross-checked is in docs/MATH.md and docs/par/."""

    def __init__(self, resources: Resources, game: HalloweenVacation,
                 reports: Mapping[str, RtpReport] | None = None) -> None:
        """``reports`` are the measured RTPs by mode (``game.rtp_reports()`` when not given)."""
        self.game = game
        self.reports = game.rtp_reports() if reports is None else reports
        exact = game.exact_figures  # the engine's, kept in exact.json beside the data
        super().__init__(resources, player_rtp(self.reports.get("base"), game.description.rtp.base,
                                               float(exact.rtp)), self.facts(), stated=game.description.rtp)

    def facts(self) -> list[tuple[str, str]]:
        exact = self.game.exact_figures
        g = self.game.description
        ladder = g.bets.ladder
        return [
            ("Wins", f"{one_in(float(1 / exact.hit_rate))} wins something"),
            ("Free games", f"{one_in(float(1 / exact.trigger))}, paying {float(exact.free_mean):,.0f}x the bet"
                           " on average"),
            ("Max win", f"no cap; a round can pay up to {float(g.max_win_bound_x):,.0f}x the total bet"),
            ("Bets", f"{format_cents(ladder[0])} to {format_cents(ladder[-1])}, on {len(g.lines)} fixed lines"),
        ]


def lines_page(resources: Resources, game: Any) -> LinesPage:
    return LinesPage(resources, game.description.lines, game.reel_count, game.rows, MARIGOLD, (58, 38, 80))


def help_pages(resources: Resources, game: HalloweenVacation, bet: int,
               symbols: dict[str, pygame.Surface]) -> list[Any]:
    return [PaytablePage(resources, game, bet, symbols), RulesPage(resources, game), lines_page(resources, game),
            RtpPage(resources, game)]
