"""Digests of every round's events for fixed seeds, so a refactor can prove it changed no round.

    python -m tools.golden_events            # rewrite tests/golden/events.json
    python -m tools.golden_events --check    # compare against it (exit 1 on a difference)

For each playable game and mode (base, and buy where the game has one), rounds with seeds
``derive_seed(GOLDEN_MASTER, i)`` for ``i < ROUNDS`` are played through ``game.play`` at the
default bet; the SHA-256 of each round's canonical JSON events and its win are stored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

from game.engine import GAME_IDS, get_game
from game.engine.rng import derive_seed

GOLDEN_FILE = Path(__file__).resolve().parent.parent / "tests" / "golden" / "events.json"
GOLDEN_MASTER = 20261201
ROUNDS = 300

log = logging.getLogger(__name__)


def round_digest(game_id: str, seed: int, buy: bool) -> str:
    """``"<sha256 of the events, 20 hex digits> <win in cents>"`` of one round."""
    game = get_game(game_id)
    result = game.play(game.default_bet, seed, buy=buy)
    text = json.dumps(list(result.events), sort_keys=True, separators=(",", ":"))
    return f"{hashlib.sha256(text.encode()).hexdigest()[:20]} {result.win}"


def digests(game_ids: tuple[str, ...] = GAME_IDS, rounds: int = ROUNDS) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for game_id in game_ids:
        game = get_game(game_id)
        modes = [False] + ([True] if game.buy_price_x is not None else [])
        for buy in modes:
            key = f"{game_id}{'_buy' if buy else ''}"
            table[key] = [round_digest(game_id, derive_seed(GOLDEN_MASTER, i), buy) for i in range(rounds)]
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the stored digests")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    table = digests()
    if args.check:
        stored = json.loads(GOLDEN_FILE.read_text())
        bad = [key for key in stored if stored[key] != table.get(key)]
        for key in bad:
            log.error("%s: events differ from the stored digests", key)
        return 1 if bad else 0
    GOLDEN_FILE.write_text(json.dumps(table, indent=1) + "\n")
    log.info("wrote %s (%d modes x %d rounds)", GOLDEN_FILE, len(table), ROUNDS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
