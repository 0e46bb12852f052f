"""Game history (recall): the last rounds, each with its time, what it cost, its win, the balance
before and after it, and its features; an open round is marked as not settled yet (interrupted by
an earlier run, or in play). Grants of free games are listed among them by their time, with how
many games at what stake and why they were granted. Up/Down + Enter replays a settled round. On
the practice wallet its title says PRACTICE."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.money import format_cents
from ...store import FreeGames, RoundRecord
from .. import gfx, theme
from ..widgets.text import blit_text, render_text
from .base import SHADOW, Overlay, focus_image

if TYPE_CHECKING:
    from ..context import AppContext

SIZE = (1180, 640)
ROW_H = 40
MAX_ROWS = 10
COLUMNS = (("Time", 0.0), ("Stake", 0.16), ("Win", 0.31), ("Before", 0.41), ("After", 0.52), ("Features", 0.65))


def stake_text(record: RoundRecord) -> str:
    """What the round cost: the bet, a buy's price, and what was bought inside the round; a free game says so."""
    bought = [price for price in record.decision_costs if price]
    text = format_cents(record.cost)
    if record.free_game is not None:
        return f"{text} (free game)" if not bought else f"{text} (free game, {len(bought)} bought)"
    if record.buy:
        return f"{text} (buy)"
    if bought:
        return f"{text} ({len(bought)} bought)"
    return text


def balance_text(cents: int | None) -> str:
    return "-" if cents is None else format_cents(cents)


def open_status(record: RoundRecord, opened_at: str | None) -> str:
    """How an unsettled round is named: left by an earlier run, or the one being played."""
    if opened_at is not None and record.created_at < opened_at:
        return "interrupted, not settled yet"
    return "in play, not settled yet"


def row_cells(record: RoundRecord, opened_at: str | None) -> tuple[tuple[str, str], ...]:
    """The row's texts and what each is: "text", "win", "none", "features" or "open" (for colour)."""
    if record.is_open:
        return ((local_time(record.created_at), "text"), (stake_text(record), "text"), ("-", "none"),
                (balance_text(record.balance_before), "text"), ("not settled", "open"),
                (open_status(record, opened_at), "open"))
    win = record.win or 0
    return ((local_time(record.created_at), "text"), (stake_text(record), "text"),
            (format_cents(win), "win" if win else "none"), (balance_text(record.balance_before), "text"),
            (balance_text(record.balance_after), "text"), (features_text(record.summary), "features"))


def grant_cells(grant: FreeGames) -> tuple[tuple[str, str], ...]:
    """A grant's row: when, how many free games at what stake (the bonus it put in), and why."""
    games = f"{grant.games} free game{'' if grant.games == 1 else 's'}"
    why = f"{games} granted · {grant.reason}" if grant.reason else f"{games} granted"
    return ((local_time(grant.granted_at), "text"), (f"{grant.games} x {format_cents(grant.stake)}", "grant"),
            ("-", "none"), ("-", "none"), (f"+{format_cents(grant.games * grant.stake)} bonus", "grant"),
            (why, "features"))


def local_time(iso: str) -> str:
    """An ISO timestamp from the wallet as the player's local 'Mon 12 14:03:09'."""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso[:19]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%d %b %H:%M:%S")


def features_text(summary: dict[str, Any] | None) -> str:
    features = (summary or {}).get("features") or {}
    parts = []
    # the feature a player names a round by comes first; the details after it
    for name, count in sorted(features.items(), key=lambda item: item[0] != "free_games"):
        if count:
            label = name.replace("_", " ")
            parts.append(label if count == 1 else f"{label} x{count}")
    return ", ".join(parts) or "-"


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut at a word and ended with an ellipsis so that it fits ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(",") + " …"
        if font.size(shorter)[0] <= width:
            return shorter
    return text[: max(1, len(text) * width // max(1, font.size(text)[0]) - 1)] + "…"


class HistoryOverlay(Overlay):
    def __init__(
        self, app: AppContext, records: Sequence[RoundRecord], on_replay: Callable[[RoundRecord], None],
        *, title: str = "Game history", grants: Sequence[FreeGames] = (),
    ) -> None:
        if app.options.practice:  # the practice wallet's rounds are never taken for the player's own
            title = f"PRACTICE wallet · {title}"
        super().__init__(app, SIZE, title)
        # rounds and grants together, newest first (ISO times of one clock sort as text)
        entries: list[RoundRecord | FreeGames] = [*records, *grants]
        entries.sort(key=lambda e: e.created_at if isinstance(e, RoundRecord) else e.granted_at, reverse=True)
        self.entries = entries[:MAX_ROWS]
        self.records = [entry for entry in self.entries if isinstance(entry, RoundRecord)]
        self.on_replay = on_replay
        self.selected = 0
        self.table = pygame.Rect(self.rect.x + 40, self.rect.y + 100, self.rect.w - 80, ROW_H * (MAX_ROWS + 1))
        row_font = theme.ui(app.resources, 20)
        head_font = theme.ui(app.resources, 18, "heavy")
        # Header and rows are pre-rendered once; the selection highlight is the only change.
        for name, frac in COLUMNS:
            image = render_text(head_font, name.upper(), theme.GOLD)
            self._panel.blit(image, image.get_rect(midleft=self._col(frac, 0, panel=True)))
        self.rows: list[pygame.Surface] = []
        colours = {"text": theme.TEXT, "win": theme.GREEN, "none": theme.MUTED, "features": theme.ICE,
                   "open": theme.GOLD, "grant": theme.GOLD}
        opened_at = getattr(app.wallet, "opened_at", None)
        for entry in self.entries:
            row = gfx.Surface((self.table.w, ROW_H), pygame.SRCALPHA)
            texts = row_cells(entry, opened_at) if isinstance(entry, RoundRecord) else grant_cells(entry)
            cells = tuple((text, colours[kind]) for text, kind in texts)
            edges = [frac for _, frac in COLUMNS[1:]] + [1.0]
            for (text, color), (_, frac), end in zip(cells, COLUMNS, edges, strict=True):
                room = int(self.table.w * (end - frac)) - 24
                image = render_text(row_font, fit_text(row_font, text, room), color, theme.INK, 1)
                row.blit(image, image.get_rect(midleft=(int(self.table.w * frac) + 14, ROW_H // 2)))
            self.rows.append(row)
        self._zebra = gfx.Surface((self.table.w, ROW_H), pygame.SRCALPHA)
        self._zebra.fill((255, 255, 255, 14))
        self._focus = focus_image((self.table.w, ROW_H - 2))
        self.button_row([("Replay", self._replay), ("Close", self.close)])
        self.buttons[0].enabled = any(not record.is_open for record in self.records)

    def _col(self, frac: float, row: int, panel: bool = False) -> tuple[int, int]:
        x = self.table.x + int(self.table.w * frac) + 14
        y = self.table.y + row * ROW_H + ROW_H // 2
        if panel:
            return x - self.rect.x + SHADOW, y - self.rect.y + SHADOW
        return x, y

    def _row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.table.x, self.table.y + (index + 1) * ROW_H, self.table.w, ROW_H)

    def _replay(self) -> None:
        if self.entries:
            record = self.entries[self.selected]
            if not isinstance(record, RoundRecord) or record.is_open:  # a grant, or a round shown when it resumes
                return
            self.close_then(lambda: self.on_replay(record))

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_UP, pygame.K_DOWN) and self.entries:
            step = 1 if event.key == pygame.K_DOWN else -1
            self.selected = (self.selected + step) % len(self.entries)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus == 1 and event.key != pygame.K_SPACE:
                self.close()
            else:
                self._replay()
        elif event.key == pygame.K_h:
            self.close()
        else:
            return super().handle_key(event)
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        for index in range(len(self.entries)):
            if self._row_rect(index).collidepoint(getattr(event, "pos", (-1, -1))):
                if event.type == pygame.MOUSEMOTION:
                    self.selected = index
                elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    if index == self.selected:
                        self._replay()
                    self.selected = index
                return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.rows:
            blit_text(surface, self.font, "No rounds played yet.", theme.MUTED, center=self.table.center)
        for index, row in enumerate(self.rows):
            rect = self._row_rect(index)
            if index % 2 == 0:
                surface.blit(self._zebra, rect)
            if index == self.selected:
                surface.blit(self._focus, rect)
            surface.blit(row, rect)
        self.footer(surface, "Up/Down: choose   ·   Enter: replay (marked as replay)   ·   Esc or H: close")
