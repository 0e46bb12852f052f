"""``python -m game.engine.analysis.exact GAME [ARGS]``: a game's exact math, from its folder's ``exact.py``.

The command finds the game through the catalogue and runs its ``exact.main(ARGS)`` (which prints
its figures; Halloween Vacation's ``--write`` keeps the headline ones in ``exact.json``). A game
whose folder has no ``exact.py`` computes no part of its math exactly: exit 2, saying so.
"""

from __future__ import annotations

import argparse
import logging

from .. import GAME_IDS, get_game
from ..commands import run_command
from .plugins import game_module

log = logging.getLogger("exact")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.analysis.exact", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAME_IDS, help="game id")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the game's own options (--help lists them)")
    args = parser.parse_args(argv)
    module = game_module(get_game(args.game), "exact")
    if module is None or not hasattr(module, "main"):
        logging.basicConfig(format="%(message)s")
        log.error("exact: %s computes no part of its math exactly (its folder has no exact.py with a main)", args.game)
        return 2
    status: int = module.main(args.args)
    return status


if __name__ == "__main__":
    run_command(main)
