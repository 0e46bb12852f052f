"""__GAME_TITLE__'s help pages: the paytable at the current bet and the rules."""

from __future__ import annotations

from typing import Any

from game.client.kit.help import PaytablePage, RulesPage, plain_rtp_page
from game.client.resources import Resources


def help_pages(resources: Resources, game: Any, bet: int, symbols: dict[str, Any]) -> list[Any]:
    rules = [
        ("Lines", f"{len(game.lines)} lines pay left to right; the wild stands in for every symbol but the gift."),
        ("Respin", f"Two gifts offer a respin of the other reels for {game.respin_price_x}x the bet; "
                   "the price is taken when you accept."),
        ("Gift pick", "Three gifts open a pick: each gift hides a prize."),
    ]
    return [PaytablePage(resources, game, bet, symbols), RulesPage(resources, rules), plain_rtp_page(resources, game)]
