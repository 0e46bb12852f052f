"""tqdm is a tool dependency (requirements-tools.txt), not a run-time one: without it the
simulation tool gives the same figures, with no progress bar and one line saying why."""

from __future__ import annotations

import sys

import pytest

from game.engine.analysis.cli import main
from game.engine.analysis.simulate import run


def test_simulation_runs_without_tqdm(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    expected = run("halloween_vacation", 2_000, 1, seed=3, progress=False)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm -> ImportError
    with pytest.raises(ImportError):
        import tqdm  # noqa: F401
    assert run("halloween_vacation", 2_000, 1, seed=3, progress=True).rtp == expected.rtp
    assert "pip install -r requirements-tools.txt" in capsys.readouterr().err
    assert main(["halloween_vacation", "--rounds", "2000", "--workers", "1", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    assert "RTP" in captured.out and "no progress bar" in captured.err


def test_quiet_says_nothing_about_the_bar(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    run("halloween_vacation", 1_000, 1, seed=3, progress=False)
    assert capsys.readouterr().err == ""
