"""What a player who reads every file of the data folder wins at Slingo Santa King's extra-spin offers.

    python -m tools.answer_attack [--rounds 1000] [--seed S] [--known] [--json PATH]

The rounds are a player's own rounds, played through the session into a wallet in a temporary
data folder. At each extra-spin offer the attacker reads the round as the wallet holds it (its
seed, its answers and the entropy each was taken with: everything the data folder knows of it),
replays "buy this spin, then collect" through the public engine API with its best guess of the
entropy the answer will be taken with (the one the seed derives; any guess is as good), and buys
exactly when that replay wins more than the price. Picks are the game's own; Superspin Wheel
offers are collected.

With ``--known`` the answers take the entropy their seed derives, so the guess is right: that is
the attack before answers took fresh entropy (engine 2, when a whole round followed from its
stored seed). Without it, each answer takes fresh entropy when it is recorded, as the app's do.

The figures: offers seen, spins bought, what they cost, what they returned (each spin's true
value: the replay with the entropy it was actually taken with, against collecting at that offer)
as a share of the price with a 95% interval (the ratio estimator's normal interval; a spin's value
is very skewed, so a run's return falls below its mean more often than above), what the attacker
expected, and what those same spins were worth on average: their exact expected values (the
game's own, from which each price is set), the return of a player with no edge.

Exit status 0; 2 for a bad argument (argparse).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import tempfile
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.engine import Game, get_game
from game.engine.rng import RoundRng, derive_seed, derived_entropy
from game.session import ActiveRound, PlaySession
from game.store import RoundRecord, Wallet

log = logging.getLogger(__name__)

GAME_ID = "slingo_santa_king"
STARTING_BALANCE = 10**11  # cents: enough that no run stops for money


@dataclass
class AttackFigures:
    rounds: int
    offers: int
    bought: int
    paid: int  # cents
    returned: int  # cents: the bought spins' true values, summed
    expected: int  # cents: what the attacker's replays said they would return
    foreseen: int  # spins bought whose true value was the one the attacker's replay showed
    fair: float  # cents: the bought spins' exact expected values, summed
    returned_pct: float
    interval_pct: float  # half-width of the 95% interval of returned_pct
    expected_pct: float
    fair_pct: float
    known: bool


def spin_value(game: Game, record: RoundRecord, upto: int, entropy: int) -> int:
    """Cents won by buying the spin offered at answer ``upto`` (taken with ``entropy``) and then
    collecting, less the cents won by collecting there: that spin's value to the player."""
    decisions, recorded = list(record.decisions[:upto]), list(record.entropy[:upto])

    def win(answer: str, last: int | None) -> int:
        return game.play(record.bet, record.seed, buy=record.buy, state=record.state_in,
                         decisions=[*decisions, answer], entropy=[*recorded, last]).win

    return win("spin", entropy) - win("collect", None)


def attack(rounds: int, seed: int, known: bool, data_dir: Path) -> AttackFigures:
    game = get_game(GAME_ID)
    wallet = Wallet.open(data_dir, starting_balance=STARTING_BALANCE).wallet
    fresh = RoundRng(derive_seed(seed, 1 << 32))  # the "operating system" of this run: repeatable
    try:
        session = PlaySession(wallet, game)
        session.entropy_source = fresh.next64
        offers = 0
        values: list[tuple[int, int, int, Fraction]] = []  # (price, true value, guess, exact mean) of each spin
        for index in range(rounds):
            active = session.spin(seed=derive_seed(seed, index), reproducible=known)
            while active.pending is not None:
                offers += _answer(game, session, wallet, active, values)
            session.settle(active)
    finally:
        wallet.close()
    paid = sum(price for price, _, _, _ in values)
    returned = sum(value for _, value, _, _ in values)
    expected = sum(guess for _, _, guess, _ in values)
    fair = float(sum((mean for _, _, _, mean in values), Fraction(0)))
    ratio = returned / paid if paid else math.nan
    spread = math.sqrt(sum((value - ratio * price) ** 2 for price, value, _, _ in values)) / paid if paid else math.nan
    foreseen = sum(value == guess for _, value, guess, _ in values)

    def pct(cents: float) -> float:
        return 100 * cents / paid if paid else math.nan

    return AttackFigures(rounds, offers, len(values), paid, returned, expected, foreseen, fair, pct(returned),
                         100 * 1.96 * spread, pct(expected), pct(fair), known)


def _answer(game: Game, session: PlaySession, wallet: Wallet, active: ActiveRound,
            values: list[tuple[int, int, int, Fraction]]) -> int:
    """Answer the round's pending question as the attacker would; 1 when it was an extra-spin offer."""
    decision = active.pending
    assert decision is not None
    if decision.kind != "extra_spin":
        session.decide(active, game.choose(active.play))
        return 0
    if decision.info["wheel"]:
        session.decide(active, "collect")
        return 1
    record = wallet.get_round(active.round_id)  # what the data folder holds of the round
    upto = len(record.decisions)
    guess = spin_value(game, record, upto, derived_entropy(record.seed, upto))
    price = decision.price_of("spin")
    if guess <= price:
        session.decide(active, "collect")
        return 1
    session.decide(active, "spin")
    taken = wallet.get_round(active.round_id).entropy[upto]  # recorded with the answer
    assert taken is not None
    mean = Fraction(decision.info["value"]) * record.bet  # cents: the spin's exact expected value
    values.append((price, spin_value(game, record, upto, taken), guess, mean))
    return 1


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m tools.answer_attack", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000, help="rounds to play (default 1000)")
    parser.add_argument("--seed", type=int, default=20261207, help="the run's master seed")
    parser.add_argument("--known", action="store_true",
                        help="answers take the entropy their seed derives (the attack before fresh entropy)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    with tempfile.TemporaryDirectory(prefix="festive-slots-attack-") as temp:
        figures = attack(args.rounds, args.seed, args.known, Path(temp))
    log.info("%s rounds, %d offers, %d spins bought for %.2f: returned %.2f = %.1f%% +- %.1f "
             "(the attacker expected %.1f%%; %d of the spins were worth what it foresaw; their exact mean "
             "%.1f%%)%s", f"{figures.rounds:,}", figures.offers, figures.bought, figures.paid / 100,
             figures.returned / 100, figures.returned_pct, figures.interval_pct, figures.expected_pct,
             figures.foreseen, figures.fair_pct,
             " [entropy known]" if figures.known else "")
    if args.json:
        report: dict[str, Any] = asdict(figures)
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
