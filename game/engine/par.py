"""``python -m game.engine.par``: the command line of ``game.engine.analysis.par``."""

from __future__ import annotations

from .analysis.par import main
from .commands import run_command

if __name__ == "__main__":
    run_command(main)
