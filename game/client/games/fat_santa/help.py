"""Fat Santa's help pages: paytable at the current line bet, wilds and the sleigh, the free games
and the pie meter, the 50 lines, and the RTP (printed beside measured) with the cap.

Each page has ``.title`` and ``.draw(surface, rect)``; the help overlay renders a page once and
keeps the picture, so drawing here may take its time.
"""

from __future__ import annotations

import json
import logging
from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame

from ....engine.money import cents_of, format_cents
from ... import theme
from ...resources import Resources
from ...widgets.text import render_text

log = logging.getLogger(__name__)

GAME_DIR = Path(__file__).resolve().parents[3] / "engine" / "games" / "fat_santa"
RTP_FILE = GAME_DIR / "rtp.json"
RTP_BUY_FILE = GAME_DIR / "rtp_buy.json"
PRINTED_RTP = "94.15%"
PRINTED_BUY_RTP = "94.20%"
PRINTED_CAP = "11,322.76"
INK = (20, 8, 30)
TEXT = (236, 240, 255)
GOLD = (255, 204, 92)
ICE = (150, 210, 255)
GREEN = (110, 225, 140)
RED = (255, 110, 100)
DIM = (170, 180, 210)
BOX = (24, 34, 78)
EDGE = (90, 120, 190)
NAMES = {
    "santa": "Fat Santa", "pie": "Christmas Pie", "rudolph": "Rudolph", "elf": "Elf", "snowman": "Snowman",
    "gingerbread": "Gingerbread", "ace": "Ace", "king": "King", "queen": "Queen", "jack": "Jack", "ten": "Ten",
}


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def paragraphs(surface: pygame.Surface, rect: pygame.Rect, items: list[tuple[str, str]], fonts: dict[str, Any]) -> int:
    """Headed paragraphs down ``rect``; returns the y reached."""
    y = rect.y
    for head, body in items:
        if head:
            image = render_text(fonts["head"], head, GOLD, INK, 1)
            surface.blit(image, (rect.x, y))
            y += image.get_height() + 2
        for line in wrap(fonts["body"], body, rect.w):
            image = render_text(fonts["body"], line, TEXT)
            surface.blit(image, (rect.x, y))
            y += image.get_height()
        y += 10
    return y


def line_count(game: Any) -> int:
    return len(game.lines) or 50


def line_bet_text(bet: int, lines: int = 50) -> str:
    """The bet per line in money, to a tenth of a cent when it needs one (0.10 / 50 = 0.002)."""
    value = Fraction(bet, 100 * lines)
    for places in (2, 3, 4):
        scaled = value * 10 ** places
        if scaled.denominator == 1:
            return f"{float(value):,.{places}f}"
    return f"{float(value):,.4f}"


def pays_of(game: Any) -> dict[str, dict[int, Fraction]]:
    """The pays, x line bet (the engine's data)."""
    data = getattr(game, "data", None)
    pays = getattr(data, "pays", None) or getattr(game, "pays", None) or {}
    return {name: {int(k): Fraction(v) for k, v in row.items()} for name, row in pays.items()}


def meter_table(game: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    data = getattr(game, "data", None)
    sizes = tuple(getattr(data, "meter", (4, 5, 6, 7)))
    extra = tuple(getattr(data, "extra_spins", (3, 2, 2, 1)))
    return sizes, extra


def _box(surface: pygame.Surface, rect: pygame.Rect, edge: tuple[int, int, int] = EDGE) -> None:
    pygame.draw.rect(surface, BOX, rect, border_radius=14)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=14)


class PaytablePage:
    title = "Paytable"

    def __init__(self, resources: Resources, game: Any, bet: int, symbols: dict[str, pygame.Surface]) -> None:
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
        name_font = theme.ui(self.res, 15)
        wilds = (getattr(game, "santa", "santa"), getattr(game, "pie", "pie"))
        for i, name in enumerate(entries[:11]):
            col, row = i % cols, i // cols
            box = pygame.Rect(rect.x + col * cell_w + 6, top + row * cell_h + 4, cell_w - 12, cell_h - 8)
            _box(surface, box, GOLD if name in wilds else EDGE)
            art = pygame.transform.smoothscale(self.symbols[name], (icon, icon))
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
        top = pays.get("santa", {}).get(5, 0)
        for text, color in (("WILDS", GOLD), ("Fat Santa: wild for", TEXT), ("all symbols, lands", TEXT),
                            ("on reel 1 only", TEXT), ("Pie: wild for all", TEXT), ("except Fat Santa", TEXT),
                            ("pays are x line bet", DIM), (f"5 Santas: {top}x", DIM)):
            image = render_text(body, text, color, INK if color == GOLD else None, 1)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += image.get_height() + 2


class WildsPage:
    title = "Wilds & Sleigh"

    def __init__(self, resources: Resources, game: Any, symbols: dict[str, pygame.Surface],
                 sleigh: pygame.Surface) -> None:
        self.res, self.game, self.symbols, self.sleigh = resources, game, symbols, sleigh

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = {"head": theme.ui(self.res, 21, "heavy"), "body": theme.ui(self.res, 18)}
        half = (rect.w - 40) // 2
        left = pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h)
        right = pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h)
        for i, name in enumerate(("santa", "pie")):
            art = pygame.transform.smoothscale(self.symbols[name], (96, 96))
            surface.blit(art, (left.x + i * 108, left.y))
        paragraphs(surface, pygame.Rect(left.x, left.y + 108, left.w, left.h - 108), [
            ("Fat Santa (wild)", "The Fat Santa symbol is a wild that substitutes for all other symbols. It lands only "
                                 "on reel 1. Five Fat Santas on a line pay the top prize."),
            ("Christmas Pie (wild)", "The Christmas Pie and the Wild Christmas Pie left by the sleigh are wilds that "
                                     "substitute for all other symbols except Fat Santa."),
            ("Line wins", "Matching symbols side by side on a line from reel 1 win. Only the highest win on each line "
                          "is paid; wins on different lines add up."),
        ], fonts)
        sleigh = self.sleigh
        scale = min(1.0, right.w / sleigh.get_width())
        art = pygame.transform.smoothscale(sleigh, (round(sleigh.get_width() * scale),
                                                    round(sleigh.get_height() * scale)))
        surface.blit(art, art.get_rect(midtop=(right.centerx, right.y - 6)))
        paragraphs(surface, pygame.Rect(right.x, right.y + art.get_height() + 4, right.w, right.h), [
            ("Santa's Sleigh", "While the reels spin in the base game, Santa's Sleigh may fly over and leave "
                               "Christmas Pies on random cells. The pies lock in place and act as wild. The reels "
                               "then land, and whatever lands beneath a pie is replaced by the pie."),
            ("Free Games", "Fat Santa landing together with one or more pies (landed or left by the sleigh) "
                           "awards 5 free spins."),
            ("", "Malfunction voids all pays and plays. Play money only: it has no cash value."),
        ], fonts)


class FreeGamesPage:
    title = "Free Games"

    def __init__(self, resources: Resources, game: Any, bet: int, pie: pygame.Surface,
                 santa: dict[int, pygame.Surface]) -> None:
        self.res, self.game, self.bet, self.pie, self.santa = resources, game, bet, pie, santa

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = {"head": theme.ui(self.res, 21, "heavy"), "body": theme.ui(self.res, 18)}
        half = (rect.w - 40) // 2
        left = pygame.Rect(rect.x + 6, rect.y + 4, half, rect.h)
        right = pygame.Rect(rect.x + half + 34, rect.y + 4, half, rect.h)
        price = getattr(self.game, "buy_price_x", 85) or 85
        cost = self.game.cost(self.bet, True) if hasattr(self.game, "cost") else cents_of(Fraction(price), self.bet)
        paragraphs(surface, left, [
            ("Free Games", "When Fat Santa lands with one or more Wild Christmas Pies anywhere, 5 free spins are "
                           "awarded. Fat Santa stays on the reels for the whole feature, as a wild."),
            ("Santa eats the pies", "Whenever pies land, Santa walks to each of them and collects it. Every pie goes "
                                    "into the Christmas Pie meter beside the reels."),
            ("Santa grows", "Filling the meter makes Santa one size bigger (1x1, 2x2, 3x3, 4x4, 5x5: his whole block "
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
        for i, (need, spins) in enumerate(zip(sizes, extra, strict=False)):
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
            size = i + 2
            thumb = self.santa.get(size)
            if thumb is not None:
                surface.blit(thumb, thumb.get_rect(center=(box.right - 170, box.centery)))
            grow = render_text(big, f"{size}x{size}", GOLD, INK, 2)
            surface.blit(grow, grow.get_rect(midright=(box.right - 86, box.centery)))
            plus = render_text(big, f"+{spins}", GREEN, INK, 2)
            surface.blit(plus, plus.get_rect(midright=(box.right - 14, box.centery - 2)))
            word = render_text(theme.ui(self.res, 13), "SPINS" if spins != 1 else "SPIN", GREEN)
            surface.blit(word, word.get_rect(midtop=(box.right - 30, box.centery + 11)))
            y += row_h
        note = render_text(theme.ui(self.res, 16), "After the fourth fill Santa is 5x5 and covers every reel.", DIM)
        surface.blit(note, (right.x, y))


class LinesPage:
    title = "50 Lines"

    def __init__(self, resources: Resources, game: Any) -> None:
        self.res, self.game = resources, game

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lines = self.game.lines
        rows = 5
        cols = 10
        grid_rows = (len(lines) + cols - 1) // cols
        slot_w, slot_h = rect.w // cols, rect.h // grid_rows
        cw = min(18, (slot_w - 16) // 5)
        ch = min(13, (slot_h - 26) // rows)
        font = theme.ui(self.res, 16, "heavy")
        for i, line in enumerate(lines):
            sx = rect.x + (i % cols) * slot_w
            sy = rect.y + (i // cols) * slot_h
            label = render_text(font, str(i + 1), GOLD)
            surface.blit(label, label.get_rect(midtop=(sx + slot_w // 2, sy + 1)))
            ox = sx + (slot_w - 5 * cw) // 2
            oy = sy + 20
            for c in range(5):
                for r in range(rows):
                    cell = pygame.Rect(ox + c * cw, oy + r * ch, cw - 2, ch - 2)
                    on = line[c] == r
                    pygame.draw.rect(surface, (230, 70, 60) if on else (40, 54, 104), cell, border_radius=3)
            points = [(ox + c * cw + (cw - 2) // 2, oy + line[c] * ch + (ch - 2) // 2) for c in range(5)]
            pygame.draw.lines(surface, (255, 246, 228), False, points, 2)


def _pct(value: Any) -> str:
    v = float(value)
    return f"{v * 100:.2f}%" if v <= 2 else f"{v:.2f}%"


def measured(path: Path) -> dict[str, Any] | None:
    """The simulation tool's figures, or None while they have not been measured."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("cannot read %s (%s)", path, exc)
        return None


class RtpPage:
    title = "RTP & max win"

    def __init__(self, resources: Resources, game: Any, path: Path = RTP_FILE, buy_path: Path = RTP_BUY_FILE) -> None:
        self.res, self.game, self.path, self.buy_path = resources, game, path, buy_path

    @staticmethod
    def _measured_text(data: dict[str, Any] | None) -> tuple[str, str]:
        if data is None or "rtp" not in data:
            return "not measured yet", ""
        value = _pct(data["rtp"])
        detail = ""
        if "ci_low" in data and "ci_high" in data:
            detail = f"95% interval {_pct(data['ci_low'])} to {_pct(data['ci_high'])}"
        if "rounds" in data:
            detail += f"{', ' if detail else ''}{int(data['rounds']):,} rounds"
        return value, detail

    def facts(self) -> list[tuple[str, str, str]]:
        base, buy = measured(self.path), measured(self.buy_path)
        facts = [("Return to player (printed)", PRINTED_RTP, "")]
        value, detail = self._measured_text(base)
        facts.append(("Measured by simulation", value, detail))
        facts.append(("Bonus Buy RTP (printed)", PRINTED_BUY_RTP, ""))
        value, detail = self._measured_text(buy)
        facts.append(("Bonus Buy measured", value, detail))
        if base is not None:
            if "hit_rate" in base:
                facts.append(("Hit rate", f"{_pct(base['hit_rate'])} of rounds win", ""))
            free = base.get("features", {}).get("free_games", {})
            if free.get("one_in"):
                facts.append(("Free games", f"about 1 in {float(free['one_in']):,.0f} rounds", ""))
        cap = getattr(self.game, "cap", None)
        cap_text = f"{float(cap):,.2f}" if cap is not None else PRINTED_CAP
        facts.append(("Maximum win", f"{cap_text}x the bet per round", "the round ends when it is reached"))
        return facts

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        head, body, small = theme.ui(self.res, 23, "heavy"), theme.ui(self.res, 23), theme.ui(self.res, 16)
        y = rect.y + 12
        for label, value, detail in self.facts():
            image = render_text(head, label, GOLD, INK, 1)
            surface.blit(image, image.get_rect(topright=(rect.centerx - 20, y)))
            color = DIM if value == "not measured yet" else TEXT
            text = render_text(body, value, color)
            surface.blit(text, text.get_rect(topleft=(rect.centerx + 20, y)))
            if detail:
                extra = render_text(small, detail, DIM)
                surface.blit(extra, extra.get_rect(topleft=(rect.centerx + 22, y + text.get_height() + 1)))
                y += 20
            y += 44
        g = self.game
        lines = [
            f"Bets from {format_cents(g.bets[0])} to {format_cents(g.bets[-1])}; {line_count(g)} fixed lines.",
            "Measured figures come from python -m game.engine.simulate fat_santa [--buy].",
            "Every round is decided by the engine when it is bought; animations only show it.",
            "Incomplete games resume on the next launch; after 48 hours they are resolved and paid.",
        ]
        y = max(y + 10, rect.bottom - 28 * len(lines))
        for line in lines:
            text = render_text(small, line, DIM)
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += 26


def help_pages(resources: Resources, game: Any, bet: int, symbols: dict[str, pygame.Surface],
               sleigh: pygame.Surface, santa: dict[int, pygame.Surface], pie: pygame.Surface) -> list[Any]:
    """The pages; ``santa`` maps each grown size to a thumbnail, ``pie`` is the meter's pie icon."""
    return [PaytablePage(resources, game, bet, symbols), WildsPage(resources, game, symbols, sleigh),
            FreeGamesPage(resources, game, bet, pie, santa), LinesPage(resources, game), RtpPage(resources, game)]
