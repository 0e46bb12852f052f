"""Write Santa's Wonderland's data.json from the designed numbers below (see DESIGN.md).

    python tools/design_wonderland.py            # rewrite game/engine/games/santas_wonderland/data.json
    python tools/design_wonderland.py --bench    # engine speed: rounds per second through play(), median of 3

The printed figures (paytable, levels, trigger) are copied from the rule text
(docs/rules/santas_wonderland.md); the designed ones (drop weights, feature parameters, marker
placement, bet ladder) are the DESIGN dict. Tuning edits DESIGN and re-runs this script, so
data.json is always written in one consistent shape.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "game" / "engine" / "games" / "santas_wonderland" / "data.json"

SYMBOLS = ["bear", "train", "plane", "spade", "heart", "club", "diamond"]
SIZES = ["5", "6", "7", "8", "9-11", "12-14", "15-19", "20-24", "25-64"]
# the rule text: printed RM at a RM2.00 total bet / 2.00, columns 5 .. 25-64
PAYS = {
    "bear": ["0.5", "0.75", "1.25", "2.5", "6.25", "12.5", "25", "100", "500"],
    "train": ["0.25", "0.35", "0.6", "1.25", "3.75", "6.25", "12.5", "50", "250"],
    "plane": ["0.15", "0.25", "0.35", "0.6", "1.85", "3.75", "7.5", "25", "150"],
    "spade": ["0.1", "0.15", "0.2", "0.35", "1.25", "2.5", "5", "12.5", "75"],
    "heart": ["0.1", "0.15", "0.2", "0.3", "1", "1.75", "3.75", "10", "50"],
    "club": ["0.1", "0.15", "0.2", "0.25", "0.75", "1.25", "2.5", "7.5", "37.5"],
    "diamond": ["0.05", "0.1", "0.15", "0.2", "0.5", "1", "1.85", "5", "25"],
}
LEVELS = [(1, 3, None), (2, 6, 116), (3, 9, 120), (4, 12, 124), (5, 15, 132)]
BETS = [20, 40, 60, 80, 100, 120, 160, 200, 300, 400, 500, 600, 800, 1000, 1600, 2000, 4000, 8000, 10000,
        20000, 40000, 48000]


def by_symbol(weights: list[int]) -> dict[str, int]:
    return dict(zip(SYMBOLS, weights))


def counts(weights: dict[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in weights.items()}


DESIGN = {
    "base": {
        # one random byte per drop: weights out of 256, high symbols rarer
        "drop_weights": by_symbol([26, 30, 33, 36, 41, 43, 47]),
        # Wild Santa: any paying symbol on the grid, alike
        "wild_santa": by_symbol([1, 1, 1, 1, 1, 1, 1]),
        # Blocks: 2, 3 or 4 blocks of 2x2, mostly low symbols
        "blocks_count": {2: 3, 3: 2, 4: 1},
        "blocks_symbol": by_symbol([1, 1, 2, 5, 10, 16, 29]),
        # Supersize: mostly 3x3, mostly low symbols; the 4x4 share is the base RTP's fine tuning (each
        # tenth of a point of 4x4 share is worth about 0.05 point of RTP: DESIGN.md, "Tuning")
        "supersize_size": {3: 908, 4: 82, 5: 10},
        "supersize_symbol": by_symbol([1, 1, 2, 4, 8, 16, 32]),
        # Lucky Santa: 5 to 15 wilds, nearly alike (a small tilt towards 15)
        "lucky_count": {5: 96, **dict.fromkeys(range(6, 15), 100), 15: 104},
    },
    "midnight": {
        "drop_weights": by_symbol([16, 20, 26, 34, 44, 54, 62]),
        "wild_santa": by_symbol([1, 1, 1, 1, 1, 1, 1]),
        "blocks_count": {2: 3, 3: 2, 4: 1},
        "blocks_symbol": by_symbol([1, 2, 4, 8, 12, 16, 20]),
        "supersize_size": {3: 10164, 4: 7000, 5: 2836},
        "supersize_symbol": by_symbol([1, 1, 2, 4, 8, 16, 32]),
        "lucky_count": dict.fromkeys(range(5, 16), 1),
    },
}


def phase(design: dict) -> dict:
    return {
        "drop_weights": design["drop_weights"],
        "wild_santa": {"symbol_weights": design["wild_santa"]},
        "blocks": {"count_weights": counts(design["blocks_count"]), "symbol_weights": design["blocks_symbol"]},
        "supersize": {"size_weights": counts(design["supersize_size"]), "symbol_weights": design["supersize_symbol"]},
        "lucky_santa": {"count_weights": counts(design["lucky_count"])},
    }


def document(design: dict = DESIGN) -> dict:
    return {
        "title": "Santa's Wonderland",
        "rtp": {"source": "design_target", "base": "96.2%", "buy": "96.4%"},  # the rule text prints none: the targets
        "symbols": SYMBOLS,
        "wild": "wild",
        "pays": {name: dict(zip(SIZES, pays)) for name, pays in PAYS.items()},
        "bets": {"ladder": BETS, "default": 200},
        "markers": {"order": ["refresh", "wild_santa", "blocks", "supersize", "lucky_santa"],
                    "cell_weights": [[1] * 8 for _ in range(8)]},
        "meter_trigger": 140,
        "midnight_levels": [{"level": n, "multiplier": m, "target": t} for n, m, t in LEVELS],
        "base": phase(design["base"]),
        "midnight": phase(design["midnight"]),
    }


def write(path: Path = DATA, design: dict = DESIGN) -> None:
    text = json.dumps(document(design), indent=2) + "\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)  # atomic: the screen helper may be loading it right now


def bench(rounds: int = 10_000, buy_rounds: int = 1_000) -> None:
    """Rounds per second on one core through the public ``play()``: base rounds, then bought rounds."""
    import statistics
    import time

    sys.path.insert(0, str(DATA.parents[4]))
    from game.engine import get_game
    from game.engine.rng import derive_seed

    game = get_game("santas_wonderland")
    for label, count, buy in (("base", rounds, False), ("buy", buy_rounds, True)):
        rates = []
        for _ in range(3):
            began = time.perf_counter()
            for index in range(count):
                game.play(game.default_bet, derive_seed(11, index), buy=buy)
            rates.append(count / (time.perf_counter() - began))
        print(f"{label}: {statistics.median(rates):,.0f} rounds/s (median of 3 x {count:,} rounds;"
              f" runs {', '.join(f'{r:,.0f}' for r in rates)})")


if __name__ == "__main__":
    if sys.argv[1:] == ["--bench"]:
        bench()
    else:
        write(Path(sys.argv[1]) if len(sys.argv) > 1 else DATA)
