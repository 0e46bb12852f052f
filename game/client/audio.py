"""Sound effects: ``assets/sounds/*.wav`` loaded once; volume and mute kept in wallet settings.

If the mixer cannot start (no sound card, no driver) the problem is logged once and every
call becomes a silent no-op, so screens never need to check.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from ..paths import asset_path

if TYPE_CHECKING:
    from ..store import Wallet

log = logging.getLogger(__name__)

VOLUME_KEY = "volume"
MUTED_KEY = "muted"
DEFAULT_VOLUME = 0.7


class Audio:
    def __init__(self, wallet: Wallet | None = None, *, mute: bool = False) -> None:
        self._wallet = wallet
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._missing: set[str] = set()
        self.available = False
        self.volume = DEFAULT_VOLUME
        self.muted = mute
        if wallet is not None:
            stored = wallet.setting(VOLUME_KEY, DEFAULT_VOLUME)
            self.volume = _clamp(stored) if isinstance(stored, (int, float)) else DEFAULT_VOLUME
            # --mute silences this run without changing the stored preference.
            self.muted = mute or bool(wallet.setting(MUTED_KEY, False))
        self._start_mixer()
        self._apply_volume()

    def _start_mixer(self) -> None:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
        except pygame.error as exc:
            log.warning("sound is off: the mixer could not start (%s)", exc)
            return
        self.available = True
        folder = asset_path("sounds")
        for path in sorted(folder.glob("*.wav")) if folder.is_dir() else ():
            try:
                self._sounds[path.stem] = pygame.mixer.Sound(str(path))
            except pygame.error as exc:
                log.warning("sound %s could not be loaded (%s)", path.name, exc)
        log.info("audio: %d sound(s) loaded", len(self._sounds))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._sounds)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is None and self.available and name not in self._missing:
            self._missing.add(name)
            log.warning("no sound named %r in assets/sounds", name)
        return sound

    def play(self, name: str) -> None:
        sound = self._sound(name)
        if sound is not None and not self.muted:
            sound.play()

    def loop(self, name: str) -> None:
        """Play ``name`` over and over until ``stop(name)`` (restarts it if already looping)."""
        sound = self._sound(name)
        if sound is not None:
            sound.stop()
            sound.play(loops=-1)

    def stop(self, name: str) -> None:
        sound = self._sounds.get(name)
        if sound is not None:
            sound.stop()

    def stop_all(self) -> None:
        if self.available:
            pygame.mixer.stop()

    def set_volume(self, volume: float) -> None:
        self.volume = _clamp(volume)
        self._apply_volume()
        self._save(VOLUME_KEY, round(self.volume, 2))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        self._apply_volume()
        self._save(MUTED_KEY, muted)

    def toggle_mute(self) -> bool:
        self.set_muted(not self.muted)
        return self.muted

    def bind_wallet(self, wallet: Wallet | None) -> None:
        """Where settings are persisted (the player's wallet)."""
        self._wallet = wallet

    def _apply_volume(self) -> None:
        level = 0.0 if self.muted else self.volume
        for sound in self._sounds.values():
            sound.set_volume(level)

    def _save(self, key: str, value: object) -> None:
        if self._wallet is None:
            return
        try:
            self._wallet.set_setting(key, value)
        except Exception:  # a settings write must never stop the game
            log.exception("could not save the %s setting", key)


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))
