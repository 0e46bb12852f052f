"""Where the lobby's cards go: any number of them in rows inside the map's ``tiles`` area.

Every card keeps the shape of a full-size one (its art and two lines of text) and sits under a
number tab of fixed height. The arrangement is the one, of every count of rows, that lets the
cards be largest, never larger than full size; each row is centred, the rows are centred in the
area. Pure arithmetic on rectangles: no pictures here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

CARD_SIZE = (228, 396)  # a card at full size: 220x300 art, its name and two lines of tagline
TAB_HEIGHT = 26  # the number tab above a card (the key that opens it), never scaled
GAP = 18  # between cards in a row, at full size
ROW_GAP = 24  # between a row's cards and the next row's tabs (room for a hovered card's lift)


@dataclass(frozen=True)
class TileGrid:
    """The cards' rectangles (their tabs above each) and the scale they are drawn at."""

    cards: tuple[pygame.Rect, ...]
    scale: float  # of CARD_SIZE, at most 1
    rows: int
    cols: int


def _scale_for(area: pygame.Rect, rows: int, cols: int) -> float:
    width = (area.w - (cols - 1) * GAP) / (cols * CARD_SIZE[0])
    height = (area.h - (rows - 1) * ROW_GAP - rows * TAB_HEIGHT) / (rows * CARD_SIZE[1])
    return min(1.0, width, height)


def lay_out(area: pygame.Rect, count: int) -> TileGrid:
    """``count`` cards (1 or more) in ``area``; ValueError when the area cannot hold them at all."""
    if count < 1:
        raise ValueError(f"the lobby needs at least one game to lay out, not {count}")
    rows, cols, scale = 1, count, _scale_for(area, 1, count)
    for more in range(2, count + 1):  # fewer rows win a tie: a wide row reads better than a block
        candidate = _scale_for(area, more, math.ceil(count / more))
        if candidate > scale + 1e-9:
            rows, cols, scale = more, math.ceil(count / more), candidate
    if scale <= 0:
        raise ValueError(f"the lobby's tiles area {tuple(area)} cannot hold {count} games")
    w, h = math.floor(CARD_SIZE[0] * scale), math.floor(CARD_SIZE[1] * scale)
    gap = math.floor(GAP * scale)
    block_h = rows * (TAB_HEIGHT + h) + (rows - 1) * ROW_GAP
    top = area.top + (area.h - block_h) // 2
    cards = []
    for row in range(rows):
        in_row = min(cols, count - row * cols)
        row_w = in_row * w + (in_row - 1) * gap
        left = area.left + (area.w - row_w) // 2
        y = top + row * (TAB_HEIGHT + h + ROW_GAP) + TAB_HEIGHT
        cards += [pygame.Rect(left + i * (w + gap), y, w, h) for i in range(in_row)]
    return TileGrid(tuple(cards), scale, rows, cols)


def tab_rect(card: pygame.Rect) -> pygame.Rect:
    """The number tab of ``card``: above its top edge, near its left."""
    width = max(TAB_HEIGHT + 8, round(card.w * 0.16))
    return pygame.Rect(card.x + max(6, round(card.w * 0.05)), card.y - TAB_HEIGHT, width, TAB_HEIGHT)
