"""--plot PATH: a PNG of the win distribution and the RTP convergence, matplotlib only when asked.

matplotlib is a tools dependency (requirements-plot.txt), in requirements-dev.txt so CI draws the
plots; the drawing tests skip only on a machine without it, never under CI.
"""

from __future__ import annotations

import importlib
import logging
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.analysis.cli import main
from game.engine.analysis.simulate import CHECKPOINTS, run
from game.engine.rng import derive_seed

ROOT = Path(__file__).resolve().parent.parent


def _need_matplotlib() -> None:
    if os.environ.get("CI"):
        importlib.import_module("matplotlib")  # CI installs requirements-dev.txt: never skipped there
    else:
        pytest.importorskip("matplotlib")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("args", [
    ["halloween_vacation", "--rounds", "3000"],
    ["fat_santa", "--exact-parts", "--buy", "--feature-runs", "1000", "--pilot-runs", "500"],
], ids=["plain", "exact-parts-buy"])
def test_a_tiny_run_writes_a_png_of_sensible_size(args: list[str], tmp_path: Path) -> None:
    _need_matplotlib()
    out = tmp_path / "report.png"
    assert main([*args, "--workers", "1", "--seed", "4", "--quiet", "--plot", str(out)]) == 0
    width, height = _png_size(out)
    assert 1000 <= width <= 2000 and 400 <= height <= 1000
    assert 20_000 < out.stat().st_size < 2_000_000  # drawn, not blank


def test_without_matplotlib_plot_is_one_line_and_status_2(monkeypatch: pytest.MonkeyPatch,
                                                          caplog: pytest.LogCaptureFixture,
                                                          tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    out = tmp_path / "report.png"
    assert main(["halloween_vacation", "--rounds", "100", "--quiet", "--plot", str(out)]) == 2
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "pip install -r requirements-plot.txt" in errors[0] and "\n" not in errors[0]
    assert not out.exists()


def test_the_tool_imports_neither_matplotlib_nor_dask() -> None:
    code = ("import sys, game.engine.simulate, game.engine.analysis.plot, game.engine.analysis.backend;"
            " print(sorted(m for m in ('matplotlib', 'distributed', 'dask') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_the_running_rtp_is_the_rtp_of_the_first_rounds() -> None:
    game = get_game("halloween_vacation")
    report = run("halloween_vacation", 2_500, 1, seed=9, progress=False, batch=700)  # checkpoints inside chunks
    wins = [float(game.play(game.default_bet, derive_seed(9, i)).win_x) for i in range(2_500)]
    expected = [n for n in CHECKPOINTS if n < 2_500] + [2_500]
    assert [p["rounds"] for p in report.convergence] == expected
    for point in report.convergence:
        assert point["rtp"] == pytest.approx(sum(wins[:point["rounds"]]) / point["rounds"], rel=1e-12)
    assert report.convergence[-1]["rtp"] == report.rtp and report.convergence[-1]["half_width"] == report.half_width
