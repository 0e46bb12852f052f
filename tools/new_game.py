"""Start a new game from the template: its engine folder, its client folder and its Tiled map.

    python -m tools.new_game snow_globe "Snow Globe"            # into this repository
    python -m tools.new_game snow_globe "Snow Globe" --root DIR # into another tree (tests do this)

It copies ``templates/game/`` to ``game/engine/games/<id>/``, ``game/client/games/<id>/`` and
``levels/<id>.tmx`` with the names filled in, refuses to overwrite anything, and prints the
catalogue entry to add to ``game/catalogue.py``. docs/ADDING_A_GAME.md walks through the rest.
"""

from __future__ import annotations

import argparse
import keyword
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = REPO / "templates" / "game"
GAME_ID = re.compile(r"^[a-z][a-z0-9_]{2,39}$")

log = logging.getLogger(__name__)


class NewGameError(Exception):
    """The id or title cannot be used, or a file would be overwritten."""


@dataclass(frozen=True)
class NewGame:
    id: str
    title: str

    @property
    def class_name(self) -> str:
        return "".join(part.capitalize() for part in self.id.split("_"))

    def fill(self, text: str) -> str:
        return (text.replace("__GameClass__", self.class_name).replace("__GAME_ID__", self.id)
                .replace("__GAME_TITLE__", self.title))

    def targets(self, root: Path) -> dict[Path, Path]:
        """Template file -> where it goes under ``root``."""
        out: dict[Path, Path] = {}
        for part, folder in (("engine", root / "game" / "engine" / "games" / self.id),
                             ("client", root / "game" / "client" / "games" / self.id)):
            for source in sorted((TEMPLATE / part).iterdir()):
                if source.is_file():
                    out[source] = folder / source.name
        out[TEMPLATE / "level.tmx"] = root / "levels" / f"{self.id}.tmx"
        return out

    def entry_text(self) -> str:
        return (f'    GameEntry(\n        "{self.id}", "{self.title}", "3 reels, 5 lines, gift pick, priced respin",\n'
                f'        engine="game.engine.games.{self.id}:{self.class_name}",\n'
                f'        screen="game.client.games.{self.id}.screen:{self.class_name}Screen",\n'
                f"    ),")


def check(game_id: str, title: str) -> NewGame:
    if not GAME_ID.match(game_id) or keyword.iskeyword(game_id):
        raise NewGameError(f"{game_id!r} is not a game id: lower-case letters, digits and _, 3 to 40, "
                           "starting with a letter")
    if not title.strip() or '"' in title or "\\" in title:
        raise NewGameError(f"{title!r} is not a title: non-empty, without quotes or backslashes")
    return NewGame(game_id, title.strip())


def create(game_id: str, title: str, root: Path = REPO) -> NewGame:
    """Write the new game's files under ``root``; nothing is written when any target exists."""
    game = check(game_id, title)
    targets = game.targets(root)
    taken = [str(target) for target in targets.values() if target.exists()]
    if taken:
        raise NewGameError(f"{game_id} exists already ({', '.join(taken[:3])}); nothing was written")
    for source, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(game.fill(source.read_text(encoding="utf-8")), encoding="utf-8")
        log.info("wrote %s", target)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.new_game", description=__doc__.split("\n")[0])
    parser.add_argument("id", help="the game's id: names its folders, map, tests and docs (e.g. snow_globe)")
    parser.add_argument("title", help='the title players see (e.g. "Snow Globe")')
    parser.add_argument("--root", type=Path, default=REPO, help="the tree to write into (default: this repository)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        game = create(args.id, args.title, args.root)
    except NewGameError as exc:
        log.error("new_game: %s", exc)
        return 2
    log.info("\nAdd this entry to CATALOGUE in game/catalogue.py:\n\n%s\n", game.entry_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
