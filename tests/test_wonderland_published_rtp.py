"""The RTPs the help page and README quote were measured on today's data and meet their targets.

Against the acceptance rule of docs/MATH.md (a 95% interval of half-width at most 0.1 point holding
the target) neither meets it yet: the half-widths are 0.41 and 0.45 point, known gaps marked below
(and in tests/test_published_rtp.py with what it takes).
"""

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


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=(
        "known gap: half-width above 0.1 point (docs/MATH.md); the base game is to be retuned to 96.2% first")))
    for name in ("rtp.json", "rtp_buy.json")
])
def test_published_figures_meet_the_acceptance_rule(name: str) -> None:
    report = json.loads((GAME_DIR / name).read_text(encoding="utf-8"))
    target = 0.962 if name == "rtp.json" else 0.964
    assert report["half_width"] <= 0.001 and report["ci_low"] <= target <= report["ci_high"]
