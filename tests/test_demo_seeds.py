"""The demo's recorded seeds still show features with today's math (regenerate when they do not)."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine import GAME_IDS, get_game

SEEDS_FILE = Path(__file__).resolve().parent.parent / "game" / "client" / "demo_seeds.json"


def test_every_recorded_demo_seed_triggers_a_feature() -> None:
    recorded = json.loads(SEEDS_FILE.read_text(encoding="utf-8"))
    for game_id in GAME_IDS:
        entry = recorded[game_id]
        game = get_game(game_id)
        assert entry["seeds"], game_id
        for seed in entry["seeds"]:
            features = game.play(entry["bet"], seed).features
            hint = "regenerate: python -m game.client.demo --find-seeds"
            assert any(features.values()), f"{game_id} seed {seed}: no feature ({hint})"
