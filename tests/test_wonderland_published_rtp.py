"""The RTPs the help page and README quote were measured on today's data and meet their targets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import get_game

GAME_DIR = Path(__file__).resolve().parent.parent / "game" / "engine" / "games" / "santas_wonderland"


@pytest.mark.parametrize(("name", "buy", "target"), [("rtp.json", False, 0.962), ("rtp_buy.json", True, 0.964)])
def test_published_figures_are_for_the_current_data_and_meet_the_target(name: str, buy: bool, target: float) -> None:
    report = json.loads((GAME_DIR / name).read_text(encoding="utf-8"))
    game = get_game("santas_wonderland")
    assert report["data_sha256"] == game.data_digest(), (
        f"data.json changed since the RTP was measured: re-run the command in {name}"
    )
    assert report["game"] == "santas_wonderland" and report["buy"] is buy
    assert report["ci_low"] <= target <= report["ci_high"]
    assert report["half_width"] <= 0.005
    assert report["max_win_x"] <= game.cap
    assert report["command"].startswith("python -m game.engine.simulate santas_wonderland")
    assert ("--buy" in report["command"].split()) is buy
