"""History rows name the round's features briefly and always fit their column."""

from __future__ import annotations

import pygame

from game.client.overlays.history import features_text, fit_text


def test_features_read_free_games_first_with_counts() -> None:
    summary = {"features": {"expanding_wilds": 1, "free_games": 1, "sticky_wilds": 3}}
    assert features_text(summary) == "free games, expanding wilds, sticky wilds x3"
    assert features_text({"features": {}}) == "-"
    assert features_text(None) == "-"


def test_long_text_is_cut_at_a_word_with_an_ellipsis() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    text = "free games, expanding wilds, sticky wilds x3"
    width = font.size(text)[0] - 40
    cut = fit_text(font, text, width)
    assert cut.endswith("…") and font.size(cut)[0] <= width
    assert text.startswith(cut[:-2].rstrip(","))
    assert fit_text(font, "short", 500) == "short"


def test_the_stake_column_shows_each_purchase() -> None:
    from dataclasses import replace

    from game.client.overlays.history import stake_text
    from game.store.records import RoundRecord

    plain = RoundRecord(id=1, game_id="g", bet=100, cost=100, seed=1, buy=False, state_in=None, decisions=[],
                        decision_costs=[], progress={}, status="settled", win=0, state_out=None, summary=None,
                        created_at="2026-12-01T08:00:00.000Z", settled_at=None, note=None)
    assert stake_text(plain) == "1.00"
    assert stake_text(replace(plain, cost=8500, buy=True)) == "85.00 (buy)"
    bought = replace(plain, cost=780, decisions=["red", "buy", "buy", "collect"], decision_costs=[0, 340, 340, 0])
    assert stake_text(bought) == "7.80 (2 bought)"


def test_recall_shows_cost_balance_before_and_after_and_marks_an_unsettled_round(tmp_path) -> None:
    """Each of the last rounds: what it cost (a buy, priced decisions), the balance around it, and
    an open round marked as interrupted (left by an earlier run) or in play."""
    from game.client.overlays.history import row_cells
    from game.engine import get_game
    from game.engine.money import format_cents
    from game.session import PlaySession
    from game.store import Wallet
    from tests.gift_shop import GiftShop

    wallet = Wallet.open(tmp_path, starting_balance=100_000).wallet
    wonderland = PlaySession(wallet, get_game("santas_wonderland"))
    plain = wonderland.spin(seed=1)
    wonderland.settle(plain)
    bought = wonderland.spin(seed=4, buy=True)
    wonderland.settle(bought)
    shop = PlaySession(wallet, GiftShop())
    priced = shop.spin(seed=12)
    for choice in ("green", "buy", "buy", "collect"):
        shop.decide(priced, choice)
    shop.settle(priced)
    left = wonderland.spin(seed=5)
    wallet.close()

    wallet = Wallet.open(tmp_path).wallet  # a later run: the open round was interrupted
    try:
        records = wallet.recall(None, 10)
        assert [r.id for r in records] == [left.round_id, priced.round_id, bought.round_id, plain.round_id]
        cells = {r.id: [text for text, _ in row_cells(r, wallet.opened_at)] for r in records}
        start = 100_000
        after_plain = start - 200 + plain.result.win
        after_bought = after_plain - 20_000 + bought.result.win
        after_priced = after_bought - 780 + priced.result.win
        assert cells[plain.round_id][1:5] == ["2.00", format_cents(plain.result.win), "1,000.00",
                                              format_cents(after_plain)]
        assert cells[bought.round_id][1] == "200.00 (buy)"
        assert cells[bought.round_id][3:5] == [format_cents(after_plain), format_cents(after_bought)]
        assert cells[priced.round_id][1] == "7.80 (2 bought)"
        assert cells[priced.round_id][3:5] == [format_cents(after_bought), format_cents(after_priced)]
        assert cells[left.round_id][2:] == ["-", format_cents(after_priced), "not settled",
                                            "interrupted, not settled yet"]
        assert wallet.balance == after_priced - 200
        # The round being played in this run is "in play", not interrupted.
        wallet.settle_round(left.round_id, 0)
        current = PlaySession(wallet, get_game("santas_wonderland")).spin(seed=6)
        [latest] = wallet.recall("santas_wonderland", 1)
        assert latest.id == current.round_id and row_cells(latest, wallet.opened_at)[-1][0].startswith("in play")
    finally:
        wallet.close()
