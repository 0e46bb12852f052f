"""Naughty or Nice?'s help pages: the paytable at the current line bet, the rules, the two Bonus
Substitutes' award tables, the progressive jackpot (its pool now, seed and share), the 50 lines,
and the RTP as proven beside the game's stated figure (its kind from the data), with the cap.

Each page has ``.title`` and ``.draw(surface, rect)``; the help overlay renders a page once and
keeps the picture, so drawing here may take its time. Every figure is the engine's:
``game.description``, ``game.jackpot``, ``game.exact_parts()`` and ``game.rtp_reports()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.describe import RtpReport
from ....engine.jackpot import UNITS_PER_CENT
from ....engine.money import cents_of, format_cents
from ... import gfx, theme
from ...kit import help as kit_help
from ...kit.help import LinesPage, PlayerRtpPage, fitted, one_in, player_rtp
from ...resources import Resources
from ...widgets.text import CENTER, render_text
from .choice import award_label, leanings, substitute_name, worth_more

if TYPE_CHECKING:
    from ....engine.games.naughty_or_nice import NaughtyOrNice
    from ....engine.parts import ExactParts

INK = (20, 8, 20)
TEXT = (244, 232, 236)
GOLD = (255, 210, 100)
DIM = (190, 170, 180)
HOLLY = (120, 210, 130)
RED = (235, 80, 80)
BOX = (52, 16, 24)
EDGE = (140, 70, 70)

NAMES = {
    "santa": "Santa", "mrs_claus": "Mrs Claus", "reindeer": "Reindeer", "present": "Present",
    "mistletoe": "Mistletoe", "stocking": "Stocking", "candy_cane": "Candy Cane", "scatter": "Naughty or Nice? sign",
}


def line_bet_text(bet: int, lines: int) -> str:
    """The bet per line in money, to a tenth of a cent when it needs one."""
    value = Fraction(bet, 100 * lines)
    for places in (2, 3, 4):
        if (value * 10 ** places).denominator == 1:
            return f"{float(value):,.{places}f}"
    return f"{float(value):,.4f}"


def pct(value: float | Fraction) -> str:
    return f"{float(value):.2%}"


def share_text(share: Fraction) -> str:
    return f"{float(share):.0%}" if (share * 100).denominator == 1 else f"{float(share):.3%}"


@cache
def exact_of(game: NaughtyOrNice) -> ExactParts:
    """The engine's exact parts (base game, trigger rate, the jackpot's rate a spin), computed once."""
    return game.exact_parts()


def exact_value(parts: ExactParts, name: str) -> Fraction | None:
    return next((value for label, value, _ in parts.exact if label == name), None)


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, str]],
               fonts: dict[str, pygame.font.Font]) -> int:
    return kit_help.paragraphs(surface, rect, items, fonts, color=TEXT, head_color=GOLD, ink=INK)


class PaytablePage:
    title = "Paytable"

    def __init__(self, resources: Resources, game: NaughtyOrNice, bet: int,
                 symbols: Mapping[str, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.symbols = resources, game, bet, symbols

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g, bet = self.game.description, self.bet
        lines = len(g.lines)
        note = (f"Line wins at your line bet of {line_bet_text(bet, lines)} (total bet {format_cents(bet)} ="
                f" {lines} lines x {line_bet_text(bet, lines)}).  Scatter wins x the total bet, anywhere.")
        image = fitted(render_text(theme.ui(self.res, 18), note, TEXT), rect.w - 8)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))
        entries = [*g.line_pays, g.scatter]
        cols = 4
        cell_w = rect.w // cols
        top = rect.y + 30
        cell_h = (rect.h - 30 - 62) // 2
        icon = 64
        count_font, pay_font = theme.ui(self.res, 17, "heavy"), theme.ui(self.res, 19, "heavy")
        name_font = theme.ui(self.res, 16, "heavy")
        jackpot_count = g.replaced_pay[1]
        for i, name in enumerate(entries):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + col * cell_w + 5, top + row * cell_h + 3, cell_w - 10, cell_h - 6)
            gfx.draw.rect(surface, BOX, box, border_radius=14)
            gfx.draw.rect(surface, GOLD if name in (g.scatter, g.pays_as) else EDGE, box, 2, border_radius=14)
            art = gfx.transform.smoothscale(self.symbols[name], (icon, icon))
            surface.blit(art, (box.x + 8, box.y + 8))
            label = fitted(render_text(name_font, NAMES.get(name, name).upper(), DIM), box.w - icon - 24)
            surface.blit(label, (box.x + icon + 16, box.y + 10))
            if name == g.scatter:
                pays = {count: cents_of(Fraction(x), bet) for count, x in g.scatter_pays.items()}
                extra = f"{g.scatter_trigger}+ : {g.free_spins} FREE GAMES"
            else:
                pays = {count: cents_of(Fraction(p, lines), bet) for count, p in g.line_pays[name].items()}
                extra = f"{jackpot_count} {substitute_name(g.jackpot_symbol)}S: JACKPOT" if name == g.pays_as else ""
            y = box.y + 32
            for count in sorted(pays, reverse=True):
                c = render_text(count_font, f"{count}x", DIM)
                p = render_text(pay_font, format_cents(pays[count]), GOLD, INK, 1)
                surface.blit(c, c.get_rect(midleft=(box.x + icon + 16, y + 10)))
                surface.blit(p, p.get_rect(midright=(box.right - 12, y + 10)))
                y += 21
            if extra:
                e = fitted(render_text(theme.ui(self.res, 15, "heavy"), extra, HOLLY, INK, 1), box.w - 16)
                surface.blit(e, e.get_rect(midbottom=(box.centerx, box.bottom - 6)))
        sub_box = pygame.Rect(rect.x + 5, rect.bottom - 56, rect.w - 10, 52)
        gfx.draw.rect(surface, (30, 44, 66), sub_box, border_radius=14)
        gfx.draw.rect(surface, (170, 210, 255), sub_box, 2, border_radius=14)
        x = sub_box.x + 8
        for name in g.substitutes:
            art = gfx.transform.smoothscale(self.symbols[name], (44, 44))
            surface.blit(art, (x, sub_box.y + 4))
            x += 48
        text = (f"{' and '.join(substitute_name(n) for n in g.substitutes)} substitute for every symbol but the"
                f" scatter. A line of substitutes pays as {NAMES.get(g.pays_as, g.pays_as)}; "
                f"{jackpot_count} {substitute_name(g.jackpot_symbol)}S win the jackpot instead.")
        image = fitted(render_text(theme.ui(self.res, 17), text, TEXT), sub_box.right - x - 12)
        surface.blit(image, image.get_rect(midleft=(x + 8, sub_box.centery)))


class RulesPage:
    title = "Rules"

    def __init__(self, resources: Resources, game: NaughtyOrNice) -> None:
        self.res, self.game = resources, game

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.game.description
        lines = len(g.lines)
        fonts = {"head": theme.ui(self.res, 19, "heavy"), "body": theme.ui(self.res, 17)}
        girls = " and ".join(substitute_name(n).title() for n in g.substitutes)
        left = [
            ("The game", f"{g.reels} reels, {g.rows} rows, {lines} fixed lines, every line played on every spin. "
                         f"Total bet = bet per line x {lines}: from {format_cents(g.bets.ladder[0])} to "
                         f"{format_cents(g.bets.ladder[-1])}."),
            ("Line wins", "Matching symbols side by side on a line from the leftmost reel pay x the bet per line. "
                          "Only the highest win on each line is paid; wins on different lines add up."),
            ("Scatter", f"The Naughty or Nice? sign pays anywhere, x the total bet, added to line wins. "
                        f"{g.scatter_trigger} or more start {g.free_spins} free games."),
            ("Substitutes", f"{girls} substitute for every symbol except the scatter. A line of substitutes "
                            f"pays as {NAMES.get(g.pays_as, g.pays_as)}."),
        ]
        right = [
            ("Free games", f"{g.free_spins} free games at the lines and bet that started them. First choose "
                           "your Bonus Substitute: one of the two girls."),
            ("Bonus Substitute", f"A win with your Bonus Substitute in it is multiplied by {g.double}. Each time "
                                 "she lands she awards one bonus: 1 extra free game, an instant prize (x the total "
                                 "bet), or her reel held for the next free game. A held reel keeps its symbols and "
                                 "does not spin; its Bonus Substitutes award nothing again."),
            ("No retrigger", "Scatters in the free games pay, but start no more free games."),
            ("", "Malfunction voids all pays and plays. Play money only: it has no cash value."),
        ]
        half = (rect.w - 40) // 2
        paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), left, fonts)
        paragraphs(surface, pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h), right, fonts)


class SubstitutesPage:
    """Each girl's award table and prizes, and which of the two is worth more (by the proof, when it is in)."""

    title = "Bonus Substitutes"

    def __init__(self, resources: Resources, game: NaughtyOrNice, bet: int, portraits: Mapping[str, pygame.Surface],
                 icons: Mapping[str, pygame.Surface], means: Mapping[str, float]) -> None:
        self.res, self.game, self.bet = resources, game, bet
        self.portraits, self.icons, self.means = portraits, icons, dict(means)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.game.description
        names = list(g.substitutes)
        lean = leanings(g)
        col_w = (rect.w - 24) // len(names)
        head = theme.ui(self.res, 17, "heavy")
        body = theme.ui(self.res, 17)
        for i, name in enumerate(names):
            table = g.bonus[name]
            box = pygame.Rect(rect.x + i * (col_w + 24), rect.y, col_w, rect.h - 56)
            gfx.draw.rect(surface, BOX, box, border_radius=16)
            gfx.draw.rect(surface, GOLD, box, 2, border_radius=16)
            portrait = self.portraits.get(name)
            if portrait is not None:
                small = gfx.transform.smoothscale(portrait, (118, 150))
                surface.blit(small, (box.x + 10, box.y + 10))
            x = box.x + 142
            y = box.y + 12
            title = render_text(theme.display(self.res, 34), substitute_name(name).title(), GOLD, INK, 2)
            surface.blit(title, (x, y))
            y += title.get_height()
            surface.blit(render_text(head, lean[name], HOLLY, INK, 1), (x, y))
            y += 26
            surface.blit(render_text(body, "Each time she lands she awards:", DIM), (x, y))
            y += 24
            for award in table.awards:
                icon = self.icons.get(award)
                if icon is not None:
                    surface.blit(gfx.transform.smoothscale(icon, (24, 24)), (x, y - 2))
                surface.blit(render_text(head, award_label(award), TEXT), (x + 30, y))
                value = render_text(head, pct(table.probability(award)), GOLD, INK, 1)
                surface.blit(value, value.get_rect(topright=(box.right - 14, y)))
                y += 26
            y = max(y + 6, box.y + 172)
            surface.blit(render_text(head, "Instant prizes", GOLD, INK, 1), (box.x + 14, y))
            columns = (box.x + box.w * 0.52, box.x + box.w * 0.75, box.right - 14)  # right edges
            for text, right in zip(("x total bet", "at your bet", "chance"), columns, strict=True):
                image = render_text(body, text, DIM)
                surface.blit(image, image.get_rect(topright=(round(right), y)))
            y += 24
            for x_bet in sorted(table.prizes):
                chance = Fraction(table.prizes[x_bet], table.prize_total)
                cells = (f"{x_bet}x", format_cents(cents_of(Fraction(x_bet), self.bet)), pct(chance))
                for text, right in zip(cells, columns, strict=True):
                    image = render_text(body, text, TEXT if right != columns[1] else GOLD)
                    surface.blit(image, image.get_rect(topright=(round(right), y)))
                y += 21
            mean = table.mean_prize()
            image = render_text(head, f"An instant prize is {float(mean):.2f}x the total bet on average", HOLLY)
            surface.blit(fitted(image, box.w - 28), (box.x + 14, box.bottom - 30))
        verdict = worth_more(self.means)
        if verdict is not None:
            others = " and ".join(f"{substitute_name(n).title()} {self.means[n]:.2f}x" for n in names)
            text = (f"Worth more: {substitute_name(verdict).title()}. Her free games pay more on average "
                    f"({others} the bet).")
        elif self.means:
            text = "The two girls' free games pay the same on average."
        else:
            text = ("Which girl is worth more is not measured yet, so this game does not say. "
                    "Their awards differ; so do the ways they win.")
        image = render_text(body, text, TEXT if verdict else DIM, wrap=rect.w - 20, align=CENTER)
        surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.bottom)))


class JackpotPage:
    title = "Jackpot"

    def __init__(self, resources: Resources, game: NaughtyOrNice, pool_units: int) -> None:
        self.res, self.game, self.pool_units = resources, game, pool_units

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.game.description
        rules = self.game.jackpot
        head, body = theme.ui(self.res, 22, "heavy"), theme.ui(self.res, 22)
        pool = self.pool_units // UNITS_PER_CENT
        rate = exact_value(exact_of(self.game), "jackpot a spin")
        count = g.replaced_pay[1]
        jackpot_name = substitute_name(g.jackpot_symbol).title()
        facts = [
            ("The pool now", format_cents(pool)),
            ("It starts at", f"{format_cents(rules.seed)}, and again after each win"),
            ("It grows by", f"{share_text(rules.share)} of every wager (the bet of every paid spin)"),
            ("Won by", f"{count} {jackpot_name}s on a line in the base game"),
            ("", f"{count} of your Bonus Substitute on a line in the free games"),
            ("How often", f"about 1 in {float(1 / rate):,.0f} base spins" if rate else "not worked out yet"),
        ]
        y = rect.y + 14
        for label, value in facts:
            if label:
                image = render_text(head, label, GOLD, INK, 1)
                surface.blit(image, image.get_rect(topright=(rect.centerx - 140, y)))
            text = render_text(body, value, TEXT)
            surface.blit(text, text.get_rect(topleft=(rect.centerx - 110, y)))
            y += 40
        notes = [
            f"The jackpot is paid instead of the {count}-{NAMES.get(g.pays_as, g.pays_as)} prize on that line; "
            "it adds to the other wins and is not multiplied by the bet: the pool is paid whole, at any bet.",
            "It is paid beside the maximum win, never cut by it, and the game's RTP is counted without it. "
            "The pool is play money kept with your wallet; the counter shows it live.",
        ]
        small = theme.ui(self.res, 18)
        text = render_text(small, "\n".join(notes), DIM, wrap=rect.w - 40, align=CENTER)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, max(y + 10, rect.bottom - text.get_height() - 6))))


class RtpPage(PlayerRtpPage):
    """The RTP a player reads (measured on the current data, else the stated one; the jackpot aside), what it means,
    and the facts a player asks about; how it is measured is in docs/MATH.md and docs/par/."""

    def __init__(self, resources: Resources, game: NaughtyOrNice, bet: int,
                 reports: Mapping[str, RtpReport] | None = None) -> None:
        """``reports`` are the measured RTPs by mode (``game.rtp_reports()`` when not given)."""
        self.game, self.bet = game, bet
        self.reports = game.rtp_reports() if reports is None else reports
        super().__init__(resources, player_rtp(self.reports.get("base"), game.description.rtp.base),
                         self.facts(), stated=game.description.rtp,
                         note="The progressive jackpot is paid on top of every other win and of the "
                              "maximum win; the RTP above does not count it.")

    def facts(self) -> list[tuple[str, str]]:
        g = self.game.description
        report = self.reports.get("base")
        facts = []
        if report is not None and report.hit_rate:
            facts.append(("Wins", f"{one_in(1 / report.hit_rate)} wins something"))
        facts.append(("Free games", one_in(float(1 / exact_of(self.game).rate))))
        cap_money = format_cents(g.cap_win(self.bet) or 0)
        facts.append(("Max win", f"{g.cap_line_bets:,}x the bet per line, {cap_money} at your bet "
                                 f"({line_bet_text(self.bet, len(g.lines))} a line)"))
        return facts


def lines_page(resources: Resources, game: Any) -> LinesPage:
    return LinesPage(resources, game.description.lines, game.reel_count, game.rows, (230, 70, 60), (70, 30, 40))


def help_pages(resources: Resources, game: NaughtyOrNice, bet: int, symbols: Mapping[str, pygame.Surface],
               portraits: Mapping[str, pygame.Surface], icons: Mapping[str, pygame.Surface], pool_units: int,
               means: Mapping[str, float]) -> list[Any]:
    return [PaytablePage(resources, game, bet, symbols), RulesPage(resources, game),
            SubstitutesPage(resources, game, bet, portraits, icons, means), JackpotPage(resources, game, pool_units),
            lines_page(resources, game), RtpPage(resources, game, bet)]
