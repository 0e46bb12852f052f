"""``python -m game.engine.rounding``: the command line of ``game.engine.analysis.rounding``."""

from __future__ import annotations

from .analysis.rounding import main
from .commands import run_command

if __name__ == "__main__":
    run_command(main)
