"""Sound for every scene: the current world's effects by cue name, its music and the mix.

A *world* is the lobby or a game. Its cues (``assets/sounds/<game id>/cues.json`` over the shared
``assets/sounds/cues.json``) and its tracks (``assets/music/<game id>/{base,feature,big_win}.ogg``,
``assets/music/lobby.ogg``) are loaded on a thread when a scene of it first asks for its music
(:mod:`game.client.sound.bank`); until then the shared cues play. Each frame the app hands
:meth:`Audio.update` the music cue of the scene at the bottom of the stack
(:meth:`game.client.scene.Scene.music_cue`): the track its moment wants and whether a feature
card is up; fanfares duck the music by themselves.

The player's settings (kept in the wallet's settings): Music and Effects volumes 0-100, music
on/off, effects on/off, and mute (M: everything). ``--mute`` silences a run without changing
what is stored. If the mixer cannot start (no sound card) one INFO line says so, SDL's and
ALSA's own messages go to the log at DEBUG, and every call is a silent no-op.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..paths import asset_path
from .sound.backend import MUSIC_CHANNELS, Backend, Playable, PygameBackend
from .sound.bank import SHARED, Bank, BankLoader, load_bank
from .sound.music import TRACKS, MusicCue, MusicMix

if TYPE_CHECKING:
    from ..store import Wallet

log = logging.getLogger(__name__)

MUSIC_VOLUME_KEY, EFFECTS_VOLUME_KEY = "music_volume", "effects_volume"
MUSIC_ON_KEY, EFFECTS_ON_KEY, MUTED_KEY = "music_on", "effects_on", "muted"
OLD_VOLUME_KEY = "volume"  # one volume (0.0-1.0) before there were two: read as the effects' volume
DEFAULT_MUSIC_VOLUME, DEFAULT_EFFECTS_VOLUME = 60, 80
# Each effect peaks at -3 dBFS or under, and a busy moment (a fanfare over a count-up's ticks, reel
# stops and the music) sums several: at 100% the effects play at half their files' level (-6 dB),
# so the mix stays under full scale (a 7.5-minute demo at 80% without it clipped 1,334 samples).
EFFECTS_HEADROOM = 0.5
# A cue already sounding this many times is not started again (five reel stops and their daubs in
# a Slingo spin otherwise pile up towards full scale).
VOICES_A_CUE = 3
# Cues whose sound the music ducks under for as long as it plays.
FANFARES = frozenset({"win_big", "win_mega", "win_epic", "jackpot", "full_house", "feature_start", "level_up"})
__all__ = ["Audio", "MusicCue"]


class Audio:
    def __init__(self, wallet: Wallet | None = None, *, mute: bool = False, backend: Backend | None = None) -> None:
        self._wallet = wallet
        self._backend: Backend = backend if backend is not None else PygameBackend()
        self._sounds_folder = asset_path("sounds")
        self._music_folder = asset_path("music")
        self._missing: set[tuple[str, str]] = set()
        self.music_volume, self.effects_volume = DEFAULT_MUSIC_VOLUME, DEFAULT_EFFECTS_VOLUME
        self.music_on = self.effects_on = True
        self.muted = mute
        self._run_muted = mute
        if wallet is not None:
            self._read_settings(wallet)
        self.available = False
        self._shared = Bank(SHARED)
        self._bank: Bank = self._shared
        self._loader: BankLoader | None = None
        self._wanted_world: str | None = None  # asked for by prepare(): loading begins at the next update
        self._mix: MusicMix | None = None
        self._effects_level = -1.0
        reason = self._backend.start()
        if reason is not None:
            log.info("sound is off: no audio device (%s)", reason)
            return
        self.available = True
        self._mix = MusicMix([self._backend.channel(i) for i in range(MUSIC_CHANNELS)])
        # the shared cues are a few small files: loaded now, so the first frame has its buttons
        self._shared = self._bank = load_bank(self._backend, self._sounds_folder, self._music_folder, SHARED)
        self._apply_effects_volume()
        log.info("audio: %d shared cue(s) loaded", len(self._shared.effects))

    def _read_settings(self, wallet: Wallet) -> None:
        old = wallet.setting(OLD_VOLUME_KEY, None)
        effects_default = round(old * 100) if isinstance(old, (int, float)) else DEFAULT_EFFECTS_VOLUME
        self.music_volume = _percent(wallet.setting(MUSIC_VOLUME_KEY, DEFAULT_MUSIC_VOLUME), DEFAULT_MUSIC_VOLUME)
        self.effects_volume = _percent(wallet.setting(EFFECTS_VOLUME_KEY, effects_default), effects_default)
        self.music_on = bool(wallet.setting(MUSIC_ON_KEY, True))
        self.effects_on = bool(wallet.setting(EFFECTS_ON_KEY, True))
        self.muted = self._run_muted or bool(wallet.setting(MUTED_KEY, False))

    # -- effects ------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The cues the current world can play."""
        return tuple(sorted(set(self._shared.effects) | set(self._bank.effects)))

    @property
    def world(self) -> str:
        return self._bank.world

    @property
    def loading(self) -> bool:
        """A world's sounds are asked for or on their way."""
        return self._loader is not None or self._wanted_world is not None

    def _sound(self, name: str) -> Playable | None:
        sound = self._bank.effects.get(name) or self._shared.effects.get(name)
        if sound is None and self.available and not self.loading and (self._bank.world, name) not in self._missing:
            self._missing.add((self._bank.world, name))
            log.warning("no sound for cue %r in %s", name, self._bank.world)
        return sound

    def play(self, name: str) -> None:
        """Play cue ``name`` of the current world (its game's own file, else the shared one)."""
        sound = self._sound(name)
        if sound is None:
            return
        log.debug("cue %s (%s)", name, self._bank.world)
        if self._effects_gain() <= 0 or sound.get_num_channels() >= VOICES_A_CUE:
            return
        sound.play()
        if name in FANFARES and self._mix is not None:
            self._mix.duck_for(sound.get_length())

    def loop(self, name: str) -> None:
        """Play ``name`` over and over until ``stop(name)`` (restarts it if already looping)."""
        sound = self._sound(name)
        if sound is not None:
            log.debug("cue %s (%s) loops", name, self._bank.world)
            sound.stop()
            sound.play(loops=-1)

    def stop(self, name: str) -> None:
        for bank in (self._bank, self._shared):
            sound = bank.effects.get(name)
            if sound is not None:
                sound.stop()

    def stop_all(self) -> None:
        if self.available:
            self._backend.stop_all()
            if self._mix is not None:
                self._mix.stop()

    # -- music --------------------------------------------------------------------------------

    def update(self, dt: float, cue: MusicCue | None) -> None:
        """Once a frame: load the cue's world when it is new, and move the mix towards it."""
        if self._mix is None:
            return
        self._take_loaded_bank()
        if cue is not None:
            self.prepare(cue.world)
        if self._wanted_world is not None and self._loader is None:
            self._loader = BankLoader(self._backend, self._sounds_folder, self._music_folder, self._wanted_world)
            self._wanted_world = None
        mix = self._mix
        if cue is not None and mix.world == cue.world and self._loader is None:
            mix.want(cue.track if cue.track in TRACKS else "base")
        mix.update(dt, self._music_gain(), card=bool(cue and cue.duck))

    def prepare(self, world: str) -> None:
        """Load ``world``'s sounds from the next frame on, unless they are in or on their way (a
        screen calls this when it is attached, behind the fade; the frame never waits for them)."""
        latest = self._loader.world if self._loader is not None else self._bank.world
        if self._mix is not None and world != latest:
            self._wanted_world = world  # (after the bank loading now, if any)

    def _take_loaded_bank(self) -> None:
        loader = self._loader
        if loader is None or self._mix is None:
            return
        if loader.effects is not None and self._bank.world != loader.world:
            self._bank = Bank(loader.world, loader.effects)
            self._effects_level = -1.0
            self._apply_effects_volume()
        if loader.bank is None:
            return
        self._loader = None
        self._mix.install(loader.world, loader.bank.music)
        log.debug("sound: %s loaded (%d cues, %d tracks)", loader.world, len(loader.bank.effects),
                  len(loader.bank.music))

    def close(self) -> None:
        """Stop every sound and let a bank being loaded finish (before the mixer is shut down)."""
        self.stop_all()
        if self._loader is not None:
            self._loader.wait(5.0)
            self._loader = None

    def wait_until_loaded(self, timeout: float = 10.0) -> None:
        """Block until the world being loaded is in (tests and tools; never a frame)."""
        if self._loader is not None:
            self._loader.wait(timeout)
            self._take_loaded_bank()

    # -- settings -----------------------------------------------------------------------------

    @property
    def volume(self) -> float:
        """The effects' volume as 0.0-1.0 (what the one volume used to be)."""
        return self.effects_volume / 100

    def set_volume(self, volume: float) -> None:
        self.set_effects_volume(round(volume * 100))

    def set_music_volume(self, percent: int) -> None:
        self.music_volume = _percent(percent, self.music_volume)
        self._save(MUSIC_VOLUME_KEY, self.music_volume)

    def set_effects_volume(self, percent: int) -> None:
        self.effects_volume = _percent(percent, self.effects_volume)
        self._apply_effects_volume()
        self._save(EFFECTS_VOLUME_KEY, self.effects_volume)

    def set_music_on(self, on: bool) -> None:
        self.music_on = bool(on)
        self._save(MUSIC_ON_KEY, self.music_on)

    def set_effects_on(self, on: bool) -> None:
        self.effects_on = bool(on)
        self._apply_effects_volume()
        self._save(EFFECTS_ON_KEY, self.effects_on)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        self._apply_effects_volume()
        self._save(MUTED_KEY, self.muted)

    def toggle_mute(self) -> bool:
        self.set_muted(not self.muted)
        return self.muted

    def bind_wallet(self, wallet: Wallet | None) -> None:
        """Where settings are persisted (the player's wallet)."""
        self._wallet = wallet

    def _music_gain(self) -> float:
        return 0.0 if self.muted or not self.music_on else self.music_volume / 100

    def _effects_gain(self) -> float:
        return 0.0 if self.muted or not self.effects_on else self.effects_volume / 100 * EFFECTS_HEADROOM

    def _apply_effects_volume(self) -> None:
        level = self._effects_gain()
        if level == self._effects_level:
            return
        self._effects_level = level
        for bank in (self._shared, self._bank):
            for sound in bank.effects.values():
                sound.set_volume(level)

    def _save(self, key: str, value: object) -> None:
        if self._wallet is None:
            return
        try:
            self._wallet.set_setting(key, value)
        except Exception:  # a settings write must never stop the game
            log.exception("could not save the %s setting", key)


def _percent(value: object, default: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    return max(0, min(100, round(value)))
