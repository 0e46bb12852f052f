"""The mixer behind :class:`~game.client.audio.Audio`: pygame's, or a test's fake that records calls.

Music plays on channels reserved for it (one a track), so the effects' ``Sound.play`` never takes
them; their volumes are what the mix moves each frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, cast

import pygame

from .quiet import stderr_to_log

MUSIC_CHANNELS = 3  # base, feature, big_win: one reserved channel each
EFFECT_CHANNELS = 16


class Playable(Protocol):
    def play(self, loops: int = 0) -> object: ...
    def stop(self) -> None: ...
    def set_volume(self, value: float) -> None: ...
    def get_length(self) -> float: ...
    def get_num_channels(self) -> int: ...


class Channel(Protocol):
    def play(self, sound: Playable, loops: int = 0) -> object: ...
    def stop(self) -> None: ...
    def pause(self) -> None: ...
    def unpause(self) -> None: ...
    def set_volume(self, value: float) -> None: ...


class Backend(Protocol):
    def start(self) -> str | None:
        """Open the device; the reason it could not, or None."""

    def load(self, path: Path) -> Playable: ...
    def channel(self, index: int) -> Channel: ...
    def stop_all(self) -> None: ...


class PygameBackend:
    """``pygame.mixer``; the device is opened with SDL's and ALSA's stderr chatter sent to the log."""

    def start(self) -> str | None:
        try:
            with stderr_to_log("audio device"):
                if pygame.mixer.get_init() is None:
                    pygame.mixer.pre_init(44100, -16, 2, 512)
                    pygame.mixer.init()
            pygame.mixer.set_num_channels(MUSIC_CHANNELS + EFFECT_CHANNELS)
            pygame.mixer.set_reserved(MUSIC_CHANNELS)
        except pygame.error as exc:
            return str(exc)
        return None

    def load(self, path: Path) -> Playable:
        return pygame.mixer.Sound(str(path))  # decodes with the interpreter lock released

    def channel(self, index: int) -> Channel:
        return cast(Channel, pygame.mixer.Channel(index))  # its play takes the Sounds load() made

    def stop_all(self) -> None:
        pygame.mixer.stop()
