"""The simulation tool: same series whatever the number of workers, a report a reader can trust."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.analysis.cli import main
from game.engine.analysis.simulate import run
from game.engine.rng import derive_seed


def test_workers_split_the_same_series() -> None:
    one = run("halloween_vacation", 6_000, 1, seed=5, progress=False, batch=1_000)
    two = run("halloween_vacation", 6_000, 2, seed=5, progress=False, batch=1_000)
    assert (one.rtp, one.sd, one.histogram) == (two.rtp, two.sd, two.histogram)  # chunks merged in order: bit for bit
    assert (one.hit_rate, one.max_win_x, one.max_win_seed) == (two.hit_rate, two.max_win_x, two.max_win_seed)
    assert {k: v["rounds"] for k, v in one.features.items()} == {k: v["rounds"] for k, v in two.features.items()}


def test_report_agrees_with_playing_the_rounds_by_hand() -> None:
    game = get_game("halloween_vacation")
    report = run("halloween_vacation", 2_000, 1, seed=9, progress=False)
    wins = [game.play(game.default_bet, derive_seed(9, i)).win_x for i in range(2_000)]
    assert report.rtp == pytest.approx(float(sum(wins)) / 2_000, rel=1e-12)
    assert report.hit_rate == sum(1 for w in wins if w > 0) / 2_000
    assert report.max_win_x == pytest.approx(float(max(wins)))
    assert report.ci_low < report.rtp < report.ci_high


def test_command_line_prints_and_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.json"
    assert main(["halloween_vacation", "--rounds", "3000", "--workers", "1", "--seed", "4", "--quiet",
                 "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "RTP" in printed and "95% CI" in printed and "hit rate" in printed and "free_games" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["rounds"] == 3000 and data["seed"] == 4
    assert data["data_sha256"] == get_game("halloween_vacation").data_digest()


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["halloween_vacation", "--rounds", "0"])
    with pytest.raises(SystemExit):
        main(["no_such_game", "--rounds", "10"])
    assert "invalid choice" in capsys.readouterr().err
