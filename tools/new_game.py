"""Start a new game from the template: everything a game needs that can be made for it.

    python -m tools.new_game snow_globe "Snow Globe"                  # into this repository
    python -m tools.new_game snow_globe "Snow Globe" --root DIR       # into another tree (tests do this)
    python -m tools.new_game snow_globe "Snow Globe" --no-catalogue   # leave game/catalogue.py alone

It prints the checklist of ``docs/ADDING_A_GAME.md``, copies ``templates/game/`` to
``game/engine/games/<id>/``, ``game/client/games/<id>/``, ``levels/<id>.tmx`` and
``docs/rules/<id>.md`` with the names filled in, draws a plain placeholder background
(``assets/backgrounds/<id>.png`` and its ``@1.5x``), lobby tile (``assets/tiles/<id>.png`` and its
``@1.5x``) and screenshot (``docs/screenshots/<id>.png``), gives the game the template's sound:
its score (``tools/music/scores/<id>.py``) with the placeholder tracks rendered from it
(``assets/music/<id>/``), and its effects module (``tools/effects/<id>.py``) with a placeholder
tone for each cue and its cue table (``assets/sounds/<id>/``), adds the entry to ``CATALOGUE``
and writes the game's PAR sheet. It refuses to overwrite anything:
when any of its files exists, nothing is written.
"""

from __future__ import annotations

import argparse
import keyword
import logging
import re
import struct
import subprocess
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

from tools.placeholder_sound import effects_module, placeholder_effects

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = REPO / "templates" / "game"
SOUND = TEMPLATE / "sound"  # the template's score, effects module and placeholder tracks
MUSIC_TRACKS = ("base", "feature", "big_win")
CHECKLIST = REPO / "docs" / "ADDING_A_GAME.md"
BACKGROUND = (24, 40, 64)  # the placeholder pictures' colour: a plain night blue
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
        out[TEMPLATE / "rules.md"] = root / "docs" / "rules" / f"{self.id}.md"
        out[SOUND / "score.py"] = root / "tools" / "music" / "scores" / f"{self.id}.py"
        out[SOUND / "effects.py"] = root / "tools" / "effects" / f"{self.id}.py"
        return out

    def sounds(self, root: Path) -> dict[Path, bytes]:
        """The placeholder audio and its bytes: the template's tracks, a tone for each cue and the cue table."""
        out = {root / "assets" / "music" / self.id / f"{track}.ogg": (SOUND / f"{track}.ogg").read_bytes()
               for track in MUSIC_TRACKS}
        effects = effects_module(self.fill((SOUND / "effects.py").read_text(encoding="utf-8")), f"{self.id} effects")
        for name, data in placeholder_effects(self.id, effects).items():
            out[root / "assets" / "sounds" / self.id / name] = data
        return out

    def pictures(self, root: Path) -> dict[Path, tuple[int, int]]:
        """The placeholder pictures and their sizes in pixels: the background and the lobby tile at 1x and
        1.5x, the screenshot."""
        backgrounds, tiles = root / "assets" / "backgrounds", root / "assets" / "tiles"
        return {backgrounds / f"{self.id}.png": (1280, 720), backgrounds / f"{self.id}@1.5x.png": (1920, 1080),
                tiles / f"{self.id}.png": (220, 300), tiles / f"{self.id}@1.5x.png": (330, 450),
                root / "docs" / "screenshots" / f"{self.id}.png": (1280, 720)}

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


def plain_png(size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    """A PNG of one colour, made without an image library: one bit a pixel over a one-colour palette,
    so a placeholder background costs the assets folder a few hundred bytes."""
    width, height = size
    row = b"\x00" + bytes((width + 7) // 8)  # filter byte 0, then every pixel palette entry 0
    body = zlib.compress(row * height, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 1, 3, 0, 0, 0)  # bit depth 1, colour type 3 (palette)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"PLTE", bytes(colour)) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def catalogue_with(text: str, game: NewGame) -> str:
    """``game/catalogue.py``'s text with the game's entry last in ``CATALOGUE``."""
    start = text.find("CATALOGUE: tuple[GameEntry, ...] = (")
    end = text.find("\n)\n", start)
    if start < 0 or end < 0:
        raise NewGameError("game/catalogue.py has no CATALOGUE tuple to add the entry to")
    if f'"{game.id}"' in text[start:end]:
        raise NewGameError(f"{game.id} is in the catalogue already; nothing was written")
    return text[:end] + "\n" + game.entry_text() + text[end:]


def create(game_id: str, title: str, root: Path = REPO, catalogue: bool = False) -> NewGame:
    """Write the new game's files under ``root``; nothing is written when any target exists.

    With ``catalogue`` the entry goes into ``root``'s ``game/catalogue.py`` and the PAR sheet is
    written (``python -m game.engine.par ID --write`` in ``root``).
    """
    game = check(game_id, title)
    targets = game.targets(root)
    pictures = game.pictures(root)
    sounds = game.sounds(root)
    taken = [str(target) for target in [*targets.values(), *pictures, *sounds] if target.exists()]
    if taken:
        raise NewGameError(f"{game_id} exists already ({', '.join(taken[:3])}); nothing was written")
    catalogue_file = root / "game" / "catalogue.py"
    entry = catalogue_with(catalogue_file.read_text(encoding="utf-8"), game) if catalogue else None
    for source, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(game.fill(source.read_text(encoding="utf-8")), encoding="utf-8")
        log.info("wrote %s", target)
    for target, size in pictures.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(plain_png(size, BACKGROUND))
        log.info("wrote %s (a placeholder)", target)
    for target, data in sounds.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    log.info("wrote the placeholder music (assets/music/%s/) and effects (assets/sounds/%s/)", game.id, game.id)
    if entry is not None:
        catalogue_file.write_text(entry, encoding="utf-8")
        log.info("added %s to %s", game.id, catalogue_file)
        subprocess.run([sys.executable, "-m", "game.engine.par", game.id, "--write"], cwd=root, check=True)
    return game


def checklist() -> str:
    """The checklist section of docs/ADDING_A_GAME.md."""
    text = CHECKLIST.read_text(encoding="utf-8")
    start = text.index("## Checklist")
    return text[start:text.index("\n## ", start + 1)].strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.new_game", description=__doc__.split("\n")[0])
    parser.add_argument("id", help="the game's id: names its folders, map, tests and docs (e.g. snow_globe)")
    parser.add_argument("title", help='the title players see (e.g. "Snow Globe")')
    parser.add_argument("--root", type=Path, default=REPO, help="the tree to write into (default: this repository)")
    parser.add_argument("--no-catalogue", action="store_true",
                        help="leave game/catalogue.py alone (and write no PAR sheet): print the entry instead")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    log.info("%s\n", checklist())
    try:
        game = create(args.id, args.title, args.root, catalogue=not args.no_catalogue)
    except NewGameError as exc:
        log.error("new_game: %s", exc)
        return 2
    except subprocess.CalledProcessError as exc:
        log.error("new_game: the PAR sheet could not be written (%s); the game's files are in place", exc)
        return 1
    if args.no_catalogue:
        log.info("\nAdd this entry to CATALOGUE in game/catalogue.py:\n\n%s\n", game.entry_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
