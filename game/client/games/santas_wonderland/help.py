"""Santa's Wonderland's help pages: paytable at the current bet, rules, the five features,
Midnight Riches (levels, buy price, cap) and the measured RTPs.

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
from ...kit.help import PlayerRtpPage, one_in, player_rtp
from ...resources import Resources
from ...widgets.text import render_text
from .art import FEATURE_COLORS, FEATURE_NAMES

if TYPE_CHECKING:
    from ....engine.games.santas_wonderland import SantasWonderland

INK = (12, 8, 30)
TEXT = (240, 244, 255)
GOLD = (255, 210, 96)
ICE = (140, 205, 255)
VIOLET = (200, 160, 255)
DIM = (170, 182, 215)


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: Sequence[tuple[str, str]],
               fonts: dict[str, pygame.font.Font]) -> int:
    """The kit's headed paragraphs in this game's colours; returns the y reached."""
    return kit_help.paragraphs(surface, rect, items, fonts, color=TEXT, head_color=GOLD, ink=INK)
PAYING = ("bear", "train", "plane", "spade", "heart", "club", "diamond")
NAMES = {"bear": "Teddy", "train": "Train", "plane": "Plane", "spade": "Spade", "heart": "Heart", "club": "Club",
         "diamond": "Diamond"}
# the Rules page's example: a cluster of six hearts and a wild (and a marker it wins)
EXAMPLE = (
    ("club", "heart", "heart", "diamond", "spade", "club", "plane", "diamond"),
    ("spade", "heart", "wild", "heart", "diamond", "train", "club", "spade"),
    ("diamond", "plane", "heart", "heart", "club", "spade", "diamond", "heart"),
)
EXAMPLE_CLUSTER = {(1, 0), (2, 0), (1, 1), (2, 1), (3, 1), (2, 2), (3, 2)}
# the printed columns, highest first, each with the smallest cluster size it covers
COLUMNS = (("25-64", 25), ("20-24", 20), ("15-19", 15), ("12-14", 12), ("9-11", 9), ("8", 8), ("7", 7),
           ("6", 6), ("5", 5))
FEATURE_TEXT = {
    "refresh": "Every symbol that is not a wild is replaced by a new random symbol, then the tumbles run again.",
    "wild_santa": "One paying symbol on the grid is chosen at random: every cell holding it turns wild.",
    "blocks": "A few 2x2 blocks, all of one random paying symbol, are placed on the grid at random.",
    "supersize": "One giant 3x3, 4x4 or 5x5 block of one random paying symbol is placed at random.",
    "lucky_santa": "5 to 15 wilds are placed on random cells.",
}
Level = tuple[int, int, int | None]






def pay_of(game: SantasWonderland, symbol: str, size: int) -> Fraction:
    return game.pay(symbol, size)


def cap_text(game: SantasWonderland) -> str:
    cap = game.description.cap
    if cap is None:
        return "no cap"
    return f"{int(cap):,}x" if cap.denominator == 1 else f"{float(cap):,.2f}x"


def _scaled(image: pygame.Surface, size: int) -> pygame.Surface:
    return gfx.transform.smoothscale(image, (size, size))


class PaytablePage:
    title = "Paytable"

    def __init__(self, resources: Resources, game: SantasWonderland, bet: int,
                 symbols: dict[str, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.symbols = resources, game, bet, symbols

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        game, bet = self.game, self.bet
        note = (f"Cluster wins at your bet of {format_cents(bet)}, by cluster size (number of touching symbols)."
                "  Wilds count for every symbol.")
        image = render_text(theme.ui(self.res, 18), note, TEXT)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y)))
        head_font, pay_font = theme.ui(self.res, 17, "heavy"), theme.ui(self.res, 17, "heavy")
        left = rect.x + 150
        col_w = (rect.w - 150) // len(COLUMNS)
        top = rect.y + 30
        header = pygame.Rect(rect.x, top, rect.w, 28)
        gfx.draw.rect(surface, (30, 50, 100), header, border_radius=10)
        label = render_text(head_font, "SYMBOL", ICE)
        surface.blit(label, label.get_rect(midleft=(rect.x + 14, header.centery)))
        for i, (text, _) in enumerate(COLUMNS):
            label = render_text(head_font, text, ICE)
            surface.blit(label, label.get_rect(center=(left + i * col_w + col_w // 2, header.centery)))
        row_h = (rect.bottom - 52 - header.bottom - 4) // len(PAYING)
        icon = min(row_h - 4, 52)
        y = header.bottom + 4
        for k, name in enumerate(PAYING):
            row = pygame.Rect(rect.x, y, rect.w, row_h - 3)
            gfx.draw.rect(surface, (22, 34, 74) if k % 2 else (28, 42, 88), row, border_radius=10)
            art = _scaled(self.symbols[name], icon)
            surface.blit(art, art.get_rect(midleft=(rect.x + 8, row.centery)))
            title = render_text(theme.ui(self.res, 16), NAMES[name], DIM)
            surface.blit(title, title.get_rect(midleft=(rect.x + 14 + icon, row.centery)))
            for i, (_, size) in enumerate(COLUMNS):
                money = format_cents(cents_of(pay_of(game, name, size), bet))
                price = render_text(pay_font, money, GOLD if i < 3 else TEXT, INK, 1)
                if price.get_width() > col_w - 6:
                    price = gfx.transform.smoothscale(
                        price, (col_w - 6, max(1, price.get_height() * (col_w - 6) // price.get_width())))
                surface.blit(price, price.get_rect(center=(left + i * col_w + col_w // 2, row.centery)))
            y += row_h
        wild_box = pygame.Rect(rect.x, rect.bottom - 48, rect.w, 46)
        gfx.draw.rect(surface, (70, 24, 40), wild_box, border_radius=12)
        gfx.draw.rect(surface, (255, 120, 120), wild_box, 2, border_radius=12)
        art = _scaled(self.symbols["wild"], 42)
        surface.blit(art, (wild_box.x + 8, wild_box.y + 2))
        text = ("WILD (Santa) counts as any paying symbol; wilds alone pay nothing. Wilds never drop in: "
                "they come from Wild Santa and Lucky Santa.")
        image = render_text(theme.ui(self.res, 16), text, TEXT)
        if image.get_width() > wild_box.w - 72:
            image = gfx.transform.smoothscale(
                image, (wild_box.w - 72, image.get_height() * (wild_box.w - 72) // image.get_width()))
        surface.blit(image, image.get_rect(midleft=(wild_box.x + 60, wild_box.centery)))


class RulesPage:
    title = "Rules"

    def __init__(self, resources: Resources, game: SantasWonderland, trigger: int,
                 symbols: dict[str, pygame.Surface], icons: dict[str, pygame.Surface]) -> None:
        self.res, self.game, self.trigger, self.symbols, self.icons = resources, game, trigger, symbols, icons

    def _example(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A strip of grid with one cluster outlined and the marker it wins (its glows kept inside ``rect``)."""
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        try:
            self._draw_example(surface, rect)
        finally:
            surface.set_clip(clip)

    def _draw_example(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        cell = min((rect.h - 12) // len(EXAMPLE), 54)  # room for the cluster outline and glows inside the page
        x0 = rect.x
        y0 = rect.y + 6 + (rect.h - 12 - cell * len(EXAMPLE)) // 2
        images = {name: _scaled(self.symbols[name], cell - 4) for row in EXAMPLE for name in row}
        marker = (3, 2)
        glow = _scaled(self.icons["blocks"], round(cell * 1.3))
        badge = _scaled(self.icons["blocks"], cell // 2)
        for r, row in enumerate(EXAMPLE):
            for c, name in enumerate(row):
                box = pygame.Rect(x0 + c * cell, y0 + r * cell, cell, cell)
                lit = (c, r) in EXAMPLE_CLUSTER
                gfx.draw.rect(surface, (70, 40, 70) if lit else (24, 38, 80), box.inflate(-2, -2), border_radius=8)
                if (c, r) == marker:
                    surface.blit(glow, glow.get_rect(center=box.center))
                surface.blit(images[name], images[name].get_rect(center=box.center))
                if (c, r) == marker:
                    gfx.draw.rect(surface, FEATURE_COLORS["blocks"][0], box.inflate(-4, -4), 3, border_radius=8)
                    surface.blit(badge, badge.get_rect(topright=(box.right - 1, box.top + 1)))
        for c, r in EXAMPLE_CLUSTER:
            box = pygame.Rect(x0 + c * cell, y0 + r * cell, cell, cell)
            for dc, dr, a, b in ((0, -1, box.topleft, box.topright), (0, 1, box.bottomleft, box.bottomright),
                                 (-1, 0, box.topleft, box.bottomleft), (1, 0, box.topright, box.bottomright)):
                if (c + dc, r + dr) not in EXAMPLE_CLUSTER:
                    gfx.draw.line(surface, (255, 120, 150), a, b, 4)
        text_x = x0 + cell * len(EXAMPLE[0]) + 24
        lines = [("A cluster of 7: six hearts and a wild", GOLD),
                 ("pays the heart's 7 column. Its cells explode", TEXT),
                 ("(7 meter points) and it covers the yellow", TEXT),
                 ("marker: Blocks plays when the tumbles end.", TEXT)]
        font = theme.ui(self.res, 19)
        y = rect.centery - len(lines) * font.get_linesize() // 2
        for line, color in lines:
            image = render_text(font, line, color, INK if color == GOLD else None, 1)
            surface.blit(image, (text_x, y))
            y += font.get_linesize()

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.game
        ladder = g.description.bets.ladder
        fonts = {"head": theme.ui(self.res, 23, "heavy"), "body": theme.ui(self.res, 20)}
        left = [
            ("The game", f"An 8 x 8 grid. Bets from {format_cents(ladder[0])} to {format_cents(ladder[-1])}; "
                         "every pay is a multiple of the total bet."),
            ("Cluster pays", "5 or more of a symbol touching up, down, left or right form a cluster and pay by "
                             "its size. Wilds join clusters of every symbol; a group of wilds alone pays nothing. "
                             "Only the highest win per cluster is paid; clusters add up."),
            ("Tumbles", "All winning symbols explode together (a shared wild once), the rest fall straight "
                        "down and new symbols drop in from the top. This repeats while there is a win."),
        ]
        right = [
            ("Snowflake markers", "Each base spin places five markers (blue, purple, yellow, red, green) on five "
                                  "cells. They stay on their cells while symbols fall. A winning cluster covering "
                                  "a marker wins it: its feature plays when the tumbles end, earliest first in "
                                  "the order Refresh, Wild Santa, Blocks, Supersize, Lucky Santa."),
            ("Midnight Riches meter", f"Every exploding winning symbol adds a point. {self.trigger} points or more "
                                      "in one spin (with all its tumbles and features) start Midnight Riches "
                                      "when the spin is over. The meter starts from zero every spin."),
            ("", f"Max win {cap_text(g)} the total bet per round. Malfunction voids all pays and plays. "
                 "Play money only: it has no cash value."),
        ]
        half = (rect.w - 40) // 2
        y1 = paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), left, fonts)
        y2 = paragraphs(surface, pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h), right, fonts)
        top = max(y1, y2) + 4
        if rect.bottom - top >= 120:
            self._example(surface, pygame.Rect(rect.x + 6, top, rect.w - 12, rect.bottom - top))


class FeaturesPage:
    title = "Features"

    def __init__(self, resources: Resources, icons: dict[str, pygame.Surface], features: Sequence[str]) -> None:
        """``features`` are the marker features in their printed order (the engine's)."""
        self.res, self.icons, self.features = resources, icons, tuple(features)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        head, body = theme.ui(self.res, 22, "heavy"), theme.ui(self.res, 18)
        note = render_text(theme.ui(self.res, 17), "Won with a marker in the base game; in Midnight Riches all five "
                                                   "play on every level, in this order.", DIM)
        surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.y)))
        top = rect.y + 30
        row_h = (rect.h - 30) // len(self.features)
        for i, name in enumerate(self.features):
            row = pygame.Rect(rect.x, top + i * row_h, rect.w, row_h - 8)
            bright, deep = FEATURE_COLORS[name]
            gfx.draw.rect(surface, tuple(c // 4 for c in deep), row, border_radius=14)
            gfx.draw.rect(surface, bright, row, 2, border_radius=14)
            icon = _scaled(self.icons[name], row.h - 10)
            surface.blit(icon, icon.get_rect(midleft=(row.x + 10, row.centery)))
            title = render_text(head, f"{i + 1}. {FEATURE_NAMES[name]}", bright, INK, 2)
            surface.blit(title, title.get_rect(midleft=(row.x + row.h + 16, row.centery)))
            text_x = row.x + row.h + 230
            image = render_text(body, FEATURE_TEXT[name], TEXT, wrap=row.right - text_x - 12)
            surface.blit(image, image.get_rect(midleft=(text_x, row.centery)))


class MidnightPage:
    title = "Midnight Riches"

    def __init__(self, resources: Resources, game: SantasWonderland, bet: int, levels: Sequence[Level],
                 trigger: int) -> None:
        self.res, self.game, self.bet, self.levels, self.trigger = resources, game, bet, list(levels), trigger

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        g, bet = self.game, self.bet
        fonts = {"head": theme.ui(self.res, 21, "heavy"), "body": theme.ui(self.res, 19)}
        half = (rect.w - 40) // 2
        price_x = g.description.buy_price_x
        text = [
            ("How it starts", f"{self.trigger} or more meter points in one base spin, or buy it."),
            ("Each level", "A fresh grid drops and tumbles out; then all five features play once in the fixed order, "
                           "each followed by its tumbles. Every win of the level is multiplied by its multiplier. "
                           "Winning symbols exploded during a level are collected: reaching the next level's target "
                           f"moves on, otherwise the feature ends. It ends after level {len(self.levels)}."),
        ]
        if price_x is not None:
            price = g.description.buy_price(bet)
            text.append(("Buy Midnight Riches", f"{price_x}x the total bet: {format_cents(price)} at your bet of "
                                                f"{format_cents(bet)}. The bought round plays one base spin with its "
                                                "tumbles and features, then Midnight Riches with the same targets. "
                                                "Press B or the buy button; the price is confirmed first."))
        text.append(("Max win", f"{cap_text(g)} the total bet per round ({self._cap_money()} at your bet). When it "
                                "is reached the round ends at once and the remaining features are forfeited."))
        paragraphs(surface, pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h), text, fonts)
        # the levels table
        x = rect.x + half + 40
        w = rect.w - half - 46
        head = theme.ui(self.res, 18, "heavy")
        title = render_text(theme.display(self.res, 34), "Levels", VIOLET, INK, 2)
        surface.blit(title, title.get_rect(midtop=(x + w // 2, rect.y)))
        top = rect.y + 52
        cols = (("LEVEL", 0.16), ("MULTIPLIER", 0.45), ("TO REACH IT", 0.8))
        header = pygame.Rect(x, top, w, 30)
        gfx.draw.rect(surface, (50, 30, 100), header, border_radius=10)
        for label, at in cols:
            image = render_text(head, label, ICE)
            surface.blit(image, image.get_rect(center=(x + round(w * at), header.centery)))
        row_h = 48
        big = theme.ui(self.res, 26, "heavy")
        for i, (level, mult, target) in enumerate(self.levels):
            row = pygame.Rect(x, header.bottom + 6 + i * row_h, w, row_h - 6)
            gfx.draw.rect(surface, (40, 24, 80) if i % 2 else (52, 32, 100), row, border_radius=10)
            need = "start" if target is None else f"collect {target} symbols in level {level - 1}"
            for value, at, font, color in ((str(level), 0.16, big, TEXT), (f"x{mult}", 0.45, big, GOLD),
                                           (need, 0.8, theme.ui(self.res, 16), DIM)):
                image = render_text(font, value, color, INK, 1)
                surface.blit(image, image.get_rect(center=(x + round(w * at), row.centery)))

    def _cap_money(self) -> str:
        cap = self.game.description.cap_win(self.bet)
        return format_cents(cap) if cap is not None else "-"


class RtpPage(PlayerRtpPage):
    """The RTP a player reads (each mode's, measured on the current data, else the stated one), what it means,
    the facts a player asks about; how each figure is measured is in docs/MATH.md and docs/par/."""

    def __init__(self, resources: Resources, game: SantasWonderland,
                 reports: Mapping[str, RtpReport] | None = None) -> None:
        """``reports`` are the measured RTPs by mode (``game.rtp_reports()`` when not given)."""
        self.game = game
        self.reports = game.rtp_reports() if reports is None else reports
        stated = game.description.rtp
        bought = (("Midnight Riches", player_rtp(self.reports.get("buy"), stated.buy))
                  if game.description.has_buy else None)
        super().__init__(resources, player_rtp(self.reports.get("base"), stated.base), self.facts(), stated=stated,
                         bought=bought)

    def facts(self) -> list[tuple[str, str]]:
        report = self.reports.get("base")
        facts = []
        if report is not None and report.hit_rate:
            facts.append(("Wins", f"{one_in(1 / report.hit_rate)} wins something"))
        midnight = report.feature("midnight_riches") if report is not None else None
        if midnight is not None and midnight.one_in:
            facts.append(("Midnight Riches", one_in(midnight.one_in)))
        ladder = self.game.description.bets.ladder
        facts += [("Max win", f"{cap_text(self.game)} the total bet in one round"),
                  ("Bets", f"{format_cents(ladder[0])} to {format_cents(ladder[-1])}")]
        return facts


def help_pages(resources: Resources, game: SantasWonderland, bet: int, symbols: dict[str, pygame.Surface],
               levels: Sequence[Level], trigger: int) -> list[Any]:
    """The pages; ``levels`` and ``trigger`` are the engine's, as the screen shows them."""
    features = game.description.marker_features
    icons = {name: symbols.get(f"marker_{name}") or _marker_icon(resources, name) for name in features}
    return [PaytablePage(resources, game, bet, symbols), RulesPage(resources, game, trigger, symbols, icons),
            FeaturesPage(resources, icons, features), MidnightPage(resources, game, bet, levels, trigger),
            RtpPage(resources, game)]


def _marker_icon(resources: Resources, name: str) -> pygame.Surface:
    from ...widgets.art import image_or_standin

    return image_or_standin(resources, f"symbols/santas_wonderland/marker_{name}.png")
