"""The five games of the product, with what the lobby says of each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    tagline: str
    available: bool


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo("santas_wonderland", "Santa's Wonderland", "8x8 cluster pays, tumbles, Midnight Riches", True),
    GameInfo("halloween_vacation", "Halloween Vacation", "50 lines, sticky and x8 expanding wilds", True),
    GameInfo("naughty_or_nice", "Naughty or Nice?", "50 lines, Bonus Substitute, progressive jackpot", False),
    GameInfo("slingo_santa_king", "Slingo Santa King", "Slingo grid, Reel King trail, Superspin Wheel", False),
    GameInfo("fat_santa", "Fat Santa", "Santa's Sleigh, growing Santa, up to 11,322x", True),
)


def game_info(game_id: str) -> GameInfo:
    for info in CATALOGUE:
        if info.id == game_id:
            return info
    raise KeyError(game_id)
