"""Every game plays the same rounds from the same seeds as when the digests were recorded.

``tests/golden/events.json`` holds, per game and mode, the digest of 300 rounds' events
(``python -m tools.golden_events`` rewrites it, deliberately, when the math changes).
"""

from __future__ import annotations

import json

import pytest

from game.engine.rng import derive_seed
from tools.golden_events import GOLDEN_FILE, GOLDEN_MASTER, round_digest

STORED: dict[str, list[str]] = json.loads(GOLDEN_FILE.read_text())


@pytest.mark.parametrize("mode", sorted(STORED))
def test_rounds_match_the_recorded_digests(mode: str) -> None:
    game_id, buy = (mode[:-4], True) if mode.endswith("_buy") else (mode, False)
    for index, expected in enumerate(STORED[mode]):
        seed = derive_seed(GOLDEN_MASTER, index)
        assert round_digest(game_id, seed, buy) == expected, f"{mode} round {index} (seed {seed}) changed"
