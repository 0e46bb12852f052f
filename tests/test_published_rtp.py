"""The RTP the help page and README quote was measured on today's data and meets its target."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine import get_game

RTP_FILE = Path(__file__).resolve().parent.parent / "game" / "engine" / "games" / "halloween_vacation" / "rtp.json"


def test_published_figures_are_for_the_current_data_and_meet_the_target() -> None:
    report = json.loads(RTP_FILE.read_text(encoding="utf-8"))
    game = get_game("halloween_vacation")
    assert report["data_sha256"] == game.data_digest(), (
        "data.json changed since the RTP was measured: re-run the command in rtp.json"
    )
    assert report["ci_low"] <= 0.967 <= report["ci_high"]
    assert report["half_width"] <= 0.005
    assert report["rounds"] >= 10_000_000
    assert report["max_win_x"] <= game.max_win_bound_x
    assert report["command"].startswith("python -m game.engine.simulate halloween_vacation")
