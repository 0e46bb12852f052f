"""Command-line flags: parsed and validated before any window opens.

A wrong flag or value ends the program with status 2 and one line on stderr naming what is
wrong (argparse's own two-line usage dump is replaced by that single line).
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .. import PROG, __version__
from ..catalogue import CATALOGUE, GameEntry, entry

if TYPE_CHECKING:
    from ..engine import Game

LOG_LEVELS = ("debug", "info", "warning", "error")
RESOLUTIONS = ("auto", "1280x720", "1920x1080")
MAX_SEED = 2**64 - 1


class OptionsError(Exception):
    """A flag value that cannot be used; the message names the flag."""


@dataclass(frozen=True)
class Options:
    game: str | None = None
    demo: bool = False
    windowed: bool = False
    fullscreen: bool = False
    mute: bool = False
    practice: bool = False
    seed: int | None = None
    data_dir: Path | None = None
    autoplay: int | None = None
    buy: bool = False
    extra_spins: int = 0
    extra_spin_max: Fraction | None = None  # x the bet; None: any price
    frames: int | None = None
    screenshot: Path | None = None
    bench: bool = False
    log_level: str = "warning"
    resolution: str = "auto"
    designer: bool = False
    restore_verified: bool = False

    @property
    def logging_level(self) -> int:
        return getattr(logging, self.log_level.upper())


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _seed(text: str) -> int:
    value = _non_negative(text)
    if value > MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is larger than 2**64-1")
    return value


def _multiple(text: str) -> Fraction:
    """A multiple of the bet in ASCII digits, a whole number or a decimal: '2', '0.5'."""
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a multiple of the bet such as 2 or 0.5")
    value = Fraction(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be above 0")
    return value


# The app's commands: a first word that is not a flag (game/__main__.py dispatches them).
COMMANDS_HELP = f"""commands:
  free-games    show the wallet's bonus balance and free games, or grant more
                (with the game closed; {PROG} free-games --help)"""


def build_parser() -> argparse.ArgumentParser:
    ids = ", ".join(info.id for info in CATALOGUE)
    parser = _OneLineParser(prog=PROG, description="Festive Slots: a play-money slot client.", epilog=COMMANDS_HELP,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--game", metavar="ID", help=f"open a game directly ({ids})")
    parser.add_argument("--demo", action="store_true", help="unattended showcase on a demo wallet")
    parser.add_argument("--windowed", action="store_true", help="start in a window")
    parser.add_argument("--fullscreen", action="store_true", help="start full screen")
    parser.add_argument("--mute", action="store_true", help="start with sound off")
    parser.add_argument("--practice", action="store_true",
                        help="play on the practice wallet (practice/ in the data folder), never the player's")
    parser.add_argument("--seed", type=_seed, metavar="S", help="with --practice: reproducible rounds")
    parser.add_argument("--data-dir", metavar="DIR", help="where the wallet lives")
    parser.add_argument("--autoplay", type=_positive, metavar="N", help="autoplay N rounds on the opened game")
    parser.add_argument("--buy", action="store_true", help="with --autoplay: each round buys the game's feature")
    parser.add_argument("--extra-spins", type=_non_negative, default=0, metavar="N",
                        help="with --autoplay: buy up to N priced extra spins a game (a game that offers them)")
    parser.add_argument("--extra-spin-max", type=_multiple, metavar="K",
                        help="with --extra-spins: only at a price up to K times the bet (default: any price)")
    parser.add_argument("--frames", type=_positive, metavar="N", help="quit cleanly after N frames")
    parser.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG on exit")
    parser.add_argument("--bench", action="store_true", help="print frame-time percentiles on exit")
    parser.add_argument("--resolution", type=str.lower, choices=RESOLUTIONS, default="auto",
                        help="pixels the game is drawn at (auto: full HD when the screen has room for it)")
    parser.add_argument("--log-level", type=str.lower, choices=LOG_LEVELS, default="warning")
    parser.add_argument("--designer", action="store_true",
                        help="reload a screen when its Tiled map file changes (for editing the maps)")
    parser.add_argument("--restore-verified", action="store_true",
                        help="rebuild a wallet that needs attention from its last verified state (its files are "
                             "kept aside) and exit")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> Options:
    """Parse and check the flags; exits with status 2 and one line on a wrong one."""
    parser = build_parser()
    ns = parser.parse_args(argv)
    try:
        return validate(ns)
    except OptionsError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")


def validate(ns: argparse.Namespace) -> Options:
    # Paths arrive as text and are checked as text: Path("") would quietly mean the current folder.
    data_dir = _path(ns.data_dir, "--data-dir", "folder")
    screenshot = _path(ns.screenshot, "--screenshot", "file")
    if ns.game is not None:
        info = next((i for i in CATALOGUE if i.id == ns.game), None)
        if info is None:
            known = ", ".join(i.id for i in CATALOGUE)
            raise OptionsError(f"--game: unknown game {ns.game!r} (games: {known})")
        if not info.available:
            raise OptionsError(f"--game: {info.title} ({info.id}) is coming soon and cannot be played yet")
    if ns.windowed and ns.fullscreen:
        raise OptionsError("--windowed and --fullscreen cannot be used together")
    if ns.demo and (ns.game or ns.autoplay):
        raise OptionsError("--demo chooses its own games: leave out --game and --autoplay")
    if ns.demo and ns.practice:
        raise OptionsError("--demo plays on its own demo wallet: leave out --practice")
    if ns.seed is not None and not ns.practice:
        raise OptionsError("--seed: seeds are for practice only, never the player's wallet: add --practice "
                           "(its own wallet, practice/ in the data folder)")
    if ns.autoplay and not ns.game:
        raise OptionsError("--autoplay needs a game: add --game ID")
    if ns.restore_verified and (ns.demo or ns.game or ns.autoplay or ns.frames or ns.bench or ns.seed is not None):
        raise OptionsError("--restore-verified only restores the wallet (of --data-dir, or with --practice its own) "
                           "and exits: leave out the other flags")
    if ns.buy and (not ns.autoplay or not ns.game):
        raise OptionsError("--buy goes with --game ID --autoplay N (each autoplay round buys the feature)")
    if ns.extra_spins and (not ns.autoplay or not ns.game):
        raise OptionsError("--extra-spins goes with --game ID --autoplay N (autoplay buys the extra spins)")
    if ns.extra_spin_max is not None and not ns.extra_spins:
        raise OptionsError("--extra-spin-max goes with --extra-spins N (the highest price autoplay pays)")
    if ns.game is not None:
        game = _load_game(entry(ns.game))
        if ns.buy and game.buy_price_x is None:
            raise OptionsError(f"--buy: {ns.game} has no feature to buy")
        offered = game.description.priced_extras
        if ns.extra_spins > offered:
            raise OptionsError(f"--extra-spins: {ns.game} offers no priced extra spins" if not offered else
                               f"--extra-spins: {ns.game} offers at most {offered} extra spins a game")
    if data_dir is not None:
        check_writable_dir(data_dir, "--data-dir")
    if screenshot is not None:
        if screenshot.suffix.lower() != ".png":
            raise OptionsError(f"--screenshot: {screenshot} must end in .png")
        check_writable_dir(screenshot.parent if str(screenshot.parent) else Path("."), "--screenshot")
    return Options(
        game=ns.game, demo=ns.demo, windowed=ns.windowed, fullscreen=ns.fullscreen, mute=ns.mute,
        practice=ns.practice, seed=ns.seed, data_dir=data_dir, autoplay=ns.autoplay, buy=ns.buy,
        extra_spins=ns.extra_spins, extra_spin_max=ns.extra_spin_max, frames=ns.frames,
        screenshot=screenshot, bench=ns.bench, log_level=ns.log_level, resolution=ns.resolution,
        designer=ns.designer, restore_verified=ns.restore_verified,
    )


def _path(text: str | Path | None, flag: str, what: str) -> Path | None:
    if text is None:
        return None
    if not str(text).strip():
        raise OptionsError(f"{flag}: the {what} name is empty")
    return Path(text)


def _load_game(info: GameEntry) -> Game:
    """The engine of ``--game``'s game; a game whose data cannot be loaded is a wrong flag."""
    from ..engine import EngineError, get_game

    try:
        return get_game(info.id)
    except EngineError as exc:
        raise OptionsError(f"--game: {info.title} ({info.id}) cannot be played: {exc}") from None


def check_writable_dir(path: Path, flag: str) -> None:
    """``path`` is a folder we can create files in: made if missing, then proved with a probe file.

    Permission bits are not enough (root passes every ``os.access`` check, ``/proc`` refuses
    anyway), so the folder is created and a probe file written and removed; the one-line
    OptionsError names the folder and the system's reason.
    """
    path = Path(os.path.abspath(path))
    existing = path
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        raise OptionsError(f"{flag}: {existing} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OptionsError(f"{flag}: {path} cannot be created ({_reason(exc)})") from None
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=path)
        os.close(fd)
        os.unlink(probe)  # our own empty probe file
    except OSError as exc:
        raise OptionsError(f"{flag}: {path} is not writable ({_reason(exc)})") from None


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__
