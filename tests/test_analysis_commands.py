"""The analysis commands do what they say: unknown arguments are refused with exit 2, output piped
to a reader that stops early ends quietly, and their messages read right."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.analysis import cli, exact, par, rounding
from game.engine.analysis.report import workers_text

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("main", [cli.main, par.main, rounding.main, exact.main], ids=["simulate", "par", "rounding",
                                                                                     "exact"])
def test_every_command_refuses_an_unknown_argument(main, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["halloween_vacation", "--bogus", *(["--rounds", "10"] if main is cli.main else [])])
    assert stop.value.code == 2
    assert "--bogus" in capsys.readouterr().err


def test_a_games_own_exact_command_refuses_an_unknown_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        exact.main(["naughty_or_nice", "--bogus"])
    assert stop.value.code == 2


def test_rounding_checks_the_games_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert rounding.main(["fat_santa"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("fat_santa: ") and "no rounding loss" in out and "halloween" not in out
    with pytest.raises(SystemExit) as stop:
        rounding.main(["no_such_game"])
    assert stop.value.code == 2


def test_one_worker_is_one_worker() -> None:
    assert workers_text(1) == "1 worker" and workers_text(2) == "2 workers"


def test_exact_parts_on_a_game_exact_by_other_means_says_where_its_figures_are(
        caplog: pytest.LogCaptureFixture) -> None:
    assert cli.main(["halloween_vacation", "--exact-parts", "--feature-runs", "10", "--rounds", "10", "--quiet"]) == 1
    message = " ".join(record.getMessage() for record in caplog.records)
    assert "computes no part" not in message
    assert "python -m game.engine.analysis.exact halloween_vacation" in message


def test_a_game_without_exact_math_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert exact.main(["santas_wonderland"]) == 2


@pytest.mark.parametrize("command", [["game.engine.par", "halloween_vacation"], ["game.engine.rounding"],
                                     ["game.engine.analysis.exact", "naughty_or_nice"]])
def test_output_piped_to_head_ends_quietly(command: list[str], tmp_path: Path) -> None:
    errors = tmp_path / "stderr.txt"
    script = f'"$0" -m {" ".join(command)} 2>"{errors}" | head -n 1; exit "${{PIPESTATUS[0]}}"'
    done = subprocess.run(["bash", "-c", script, sys.executable], cwd=REPO, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.stdout.count("\n") == 1, "head saw its one line"
    assert errors.read_text(encoding="utf-8") == "", "no traceback"
    assert done.returncode == 0
