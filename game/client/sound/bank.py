"""A world's sounds (a game's effects and music, or the lobby's), loaded on a thread of their own.

Decoding a music track takes a few hundred milliseconds; pygame decodes with the interpreter lock
released, so the frames go on while a bank loads (the game's first moments play the shared cues).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .backend import Backend, Playable
from .cues import CueTableError, cue_files
from .music import LOBBY, track_files

log = logging.getLogger(__name__)


@dataclass
class Bank:
    world: str
    effects: dict[str, Playable] = field(default_factory=dict)
    music: dict[str, Playable] = field(default_factory=dict)


SHARED = "shared"  # the shared cues alone: what plays before the first world is loaded


def load_bank(backend: Backend, sounds: Path, music: Path, world: str, *,
              effects_done: Callable[[dict[str, Playable]], None] | None = None) -> Bank:
    """Every file of ``world`` (a game id, the lobby, or the shared cues alone) that is there; a
    file that will not load is logged and left out. ``effects_done`` is told the effects before
    the music (seconds of it) is decoded."""
    bank = Bank(world)
    try:
        effects = cue_files(sounds, None if world in (LOBBY, SHARED) else world)
    except CueTableError as exc:
        log.warning("sound: %s", exc)
        effects = {}
    for cue, path in effects.items():
        sound = _load(backend, path, f"{world} cue {cue}")
        if sound is not None:
            bank.effects[cue] = sound
    if effects_done is not None:
        effects_done(bank.effects)
    for track, path in (track_files(music, world) if world != SHARED else {}).items():
        if path.is_file():
            sound = _load(backend, path, f"{world} track {track}")
            if sound is not None:
                bank.music[track] = sound
    return bank


def _load(backend: Backend, path: Path, what: str) -> Playable | None:
    if not path.is_file():
        log.warning("sound: %s: %s is missing", what, path.name)
        return None
    try:
        return backend.load(path)
    except Exception as exc:  # a damaged file must not stop the game
        log.warning("sound: %s: %s could not be loaded (%s)", what, path.name, exc)
        return None


class BankLoader:
    """Loads one world's bank on a daemon thread; :attr:`bank` is set when it is done."""

    def __init__(self, backend: Backend, sounds: Path, music: Path, world: str) -> None:
        self.world = world
        self.effects: dict[str, Playable] | None = None  # set first: the cues can play before the music is in
        self.bank: Bank | None = None
        self._thread = threading.Thread(target=self._run, args=(backend, sounds, music), daemon=True,
                                        name=f"sound-bank-{world}")
        self._thread.start()

    def _run(self, backend: Backend, sounds: Path, music: Path) -> None:
        try:
            self.bank = load_bank(backend, sounds, music, self.world, effects_done=self._effects_done)
        except Exception:
            log.exception("sound: the %s bank could not be loaded", self.world)
            self.bank = Bank(self.world)

    def _effects_done(self, effects: dict[str, Playable]) -> None:
        self.effects = effects

    def wait(self, timeout: float | None = None) -> Bank | None:
        self._thread.join(timeout)
        return self.bank
