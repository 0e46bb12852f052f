"""Santa's Wonderland's RTP proof draws its Supersizes from a proposal and weighs each round back.

The proposal must be the game in every rule but the Supersize draws, and a round's likelihood
ratio must be the exact ratio of the chances of the Supersizes it drew, so that weighted rounds
count as the game's own.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import get_game
from game.engine.games.santas_wonderland.game import PROPOSAL_SUPERSIZE
from game.engine.rng import derive_seed

GAME = get_game("santas_wonderland")
PROPOSAL = GAME.proposal()


def _chance(phase, size: int, symbol: str) -> Fraction:
    index = GAME.data.symbols.index(symbol)
    return phase.supersize_size.probability(size) * phase.supersize_symbol.probability(index)


def test_the_proposal_changes_only_the_supersize_draws() -> None:
    for name in ("base", "midnight"):
        mine, theirs = getattr(GAME.data, name), getattr(PROPOSAL.data, name)
        assert theirs.drop_table == mine.drop_table and theirs.lucky_count == mine.lucky_count
        assert (theirs.blocks_count, theirs.blocks_symbol) == (mine.blocks_count, mine.blocks_symbol)
        sizes, symbols = PROPOSAL_SUPERSIZE[name]
        assert [theirs.supersize_size.probability(k) for k in (3, 4, 5)] == [Fraction(w, sum(sizes)) for w in sizes]
        assert [theirs.supersize_symbol.probability(i) for i in range(len(symbols))] == [
            Fraction(w, sum(symbols)) for w in symbols]
        # every size and symbol the game can draw, the proposal can too (else the weights would miss rounds)
        assert all(_chance(theirs, k, s) > 0 for k in (3, 4, 5) for s in GAME.data.symbols if _chance(mine, k, s))
    assert PROPOSAL.data.pays == GAME.data.pays and PROPOSAL.data.levels == GAME.data.levels


def test_a_rounds_weight_is_the_exact_ratio_of_its_supersize_chances() -> None:
    seen = 0
    for index in range(400):
        seed = derive_seed(41, index)
        result = PROPOSAL.play(200, seed, buy=index % 4 == 0)
        expected = Fraction(1)
        for event in result.events:
            if event["type"] == "feature" and event["feature"] == "supersize":
                phase = event["phase"]
                size, symbol = event["blocks"][0][2], event["symbol"]
                expected *= _chance(getattr(GAME.data, phase), size, symbol) / _chance(
                    getattr(PROPOSAL.data, phase), size, symbol)
                seen += 1
        assert GAME.likelihood_ratio(result) == pytest.approx(float(expected), rel=1e-12)
    assert seen > 100  # bought rounds play five Supersizes a level


def test_a_round_without_a_supersize_weighs_one_and_plays_as_the_games_own() -> None:
    for index in range(200):
        seed = derive_seed(42, index)
        drawn = PROPOSAL.play(200, seed)
        if "supersize" not in drawn.features:
            assert GAME.likelihood_ratio(drawn) == 1.0
            assert GAME.play(200, seed).events == drawn.events  # the same draws until a Supersize
            return
    raise AssertionError("every one of 200 spins had a Supersize")


def test_the_weights_average_one_over_the_proposals_rounds() -> None:
    n = 6_000
    weights = [GAME.likelihood_ratio(PROPOSAL.play(200, derive_seed(43, i), defer_features=True)) for i in range(n)]
    mean = sum(weights) / n
    var = sum((w - mean) ** 2 for w in weights) / (n - 1)
    assert abs(mean - 1) < 4 * (var / n) ** 0.5  # E_q[L] = 1 exactly


def test_the_tuning_pilot_reweights_to_any_supersize_law_as_the_likelihood_ratio_does() -> None:
    from tools import tune_wonderland as tune

    sums = tune.play(("base", 44, 0, 300))
    q = tune.chances(PROPOSAL, "base", None)
    same = tune.estimate(sums, q, q)
    rounds = [PROPOSAL.play(200, derive_seed(44, i), defer_features=True) for i in range(300)]
    assert same.mean_x == pytest.approx(sum(float(r.win_x) for r in rounds) / 300, rel=1e-12)
    game_law = tune.estimate(sums, tune.chances(GAME, "base", None), q)
    weighted = sum(GAME.likelihood_ratio(r) * float(r.win_x) for r in rounds) / 300
    assert game_law.mean_x == pytest.approx(weighted, rel=1e-9)
    other = tune.estimate(sums, tune.chances(GAME, "base", (90, 9, 1)), q)
    assert other.mean_x != game_law.mean_x and other.rounds == game_law.rounds == 300
