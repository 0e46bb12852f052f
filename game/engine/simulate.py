"""``python -m game.engine.simulate``: the RTP simulation tool (``game.engine.analysis.cli``)."""

from __future__ import annotations

from .analysis.cli import main
from .commands import run_command

if __name__ == "__main__":
    run_command(main)
