"""The music mix: which track of which world plays, crossfades between them, ducking.

A scene asks each frame for a :class:`MusicCue` (its world, the track its moment wants, whether a
card is up); :class:`MusicMix` moves reserved channels' volumes towards it. Every track has its own
channel: the one wanted rises over :data:`FADE` seconds while the others fall (a crossfade), a
track that has fallen silent is paused (the base track then resumes where it was; the feature and
big-win tracks start from their top each time, but a feature a big win interrupted goes on where
it was). Under a fanfare (:meth:`MusicMix.duck_for`) or a
feature card the whole mix drops to :data:`DUCK_GAIN`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from .backend import Channel, Playable

log = logging.getLogger(__name__)

TRACKS = ("base", "feature", "big_win")
LOBBY = "lobby"
FADE = 1.2  # seconds a crossfade takes
DUCK_GAIN = 0.3  # the music's share of its level under a fanfare or a feature card
DUCK_ATTACK, DUCK_RELEASE = 0.12, 0.7  # seconds to duck and to come back
FROM_THE_TOP = frozenset({"feature", "big_win"})  # begin again each time; the base track resumes
ONCE = frozenset({"big_win"})  # played once (it may end on a sting); the others loop


@dataclass(frozen=True)
class MusicCue:
    world: str  # "lobby" or a game id
    track: str = "base"
    duck: bool = False  # a feature card is up


def track_files(music_folder: Path, world: str) -> dict[str, Path]:
    """The files ``world``'s tracks would be: ``lobby.ogg``, or ``<game id>/{base,feature,big_win}.ogg``."""
    if world == LOBBY:
        return {"base": music_folder / "lobby.ogg"}
    return {track: music_folder / world / f"{track}.ogg" for track in TRACKS}


def _toward(value: float, target: float, step: float) -> float:
    return min(target, value + step) if value < target else max(target, value - step)


class MusicMix:
    def __init__(self, channels: list[Channel]) -> None:
        self.channels = dict(zip(TRACKS, channels, strict=True))
        self.world: str | None = None
        self.tracks: dict[str, Playable] = {}
        self.wanted: str | None = None
        self.levels = {track: 0.0 for track in TRACKS}
        self.sounding: set[str] = set()  # tracks started and not paused
        self.started: set[str] = set()  # tracks begun in this world (a paused one resumes)
        self.duck = 1.0
        self._duck_left = 0.0
        self._sent: dict[str, float] = {}
        self._next: tuple[str, dict[str, Playable]] | None = None

    # -- what plays -------------------------------------------------------------------------------

    def install(self, world: str, tracks: dict[str, Playable]) -> None:
        """``world``'s loaded tracks: the current world's fade out first, then these take over."""
        if world == self.world and not self.sounding:
            self._take(world, tracks)
        elif self.sounding:
            self._next = (world, tracks)
        else:
            self._take(world, tracks)

    def _take(self, world: str, tracks: dict[str, Playable]) -> None:
        for track in list(self.sounding | self.started):
            self.channels[track].stop()
        self.world, self.tracks = world, tracks
        self.sounding.clear()
        self.started.clear()
        self.levels = {track: 0.0 for track in TRACKS}
        self._sent.clear()
        self._next = None
        self.wanted = None
        log.debug("music: %s (%s)", world, ", ".join(sorted(tracks)) or "no tracks")

    def want(self, track: str | None) -> None:
        """The track the moment wants (one the world lacks falls back to its base track)."""
        if track is not None and track not in self.tracks:
            track = "base" if "base" in self.tracks else None
        if track == self.wanted:
            return
        previous, self.wanted = self.wanted, track
        if track is None:
            return
        log.debug("music: %s/%s in", self.world, track)
        channel = self.channels[track]
        # a track begins again from its top, but after a big win the feature goes on where it was
        if track not in self.started or (track in FROM_THE_TOP and previous != "big_win"):
            channel.stop()
            channel.set_volume(0.0)
            self._sent[track] = 0.0
            self.levels[track] = 0.0
            channel.play(self.tracks[track], loops=0 if track in ONCE else -1)
            self.started.add(track)
        elif track not in self.sounding:
            channel.unpause()
        self.sounding.add(track)

    def duck_for(self, seconds: float) -> None:
        """Duck under a fanfare for ``seconds``."""
        self._duck_left = max(self._duck_left, seconds)

    # -- each frame ---------------------------------------------------------------------------------

    def update(self, dt: float, volume: float, card: bool = False) -> None:
        """Move the levels ``dt`` seconds on; ``volume`` is the music's setting (0 when off or muted)."""
        self._duck_left = max(0.0, self._duck_left - dt)
        ducked = card or self._duck_left > 0
        rate = (1 - DUCK_GAIN) * dt / (DUCK_ATTACK if ducked else DUCK_RELEASE)
        self.duck = _toward(self.duck, DUCK_GAIN if ducked else 1.0, rate)
        leaving = self._next is not None
        for track in list(self.sounding):
            target = 1.0 if track == self.wanted and not leaving else 0.0
            level = self.levels[track] = _toward(self.levels[track], target, dt / FADE)
            if level <= 0.0 and target == 0.0:
                self.channels[track].pause()
                self.sounding.discard(track)
                continue
            self._send(track, level * self.duck * volume)
        if leaving and not self.sounding and self._next is not None:
            self._take(*self._next)

    def _send(self, track: str, value: float) -> None:
        if abs(self._sent.get(track, -1.0) - value) >= 0.004 or (value == 0.0) != (self._sent.get(track) == 0.0):
            self._sent[track] = value
            self.channels[track].set_volume(value)

    def stop(self) -> None:
        for track in TRACKS:
            self.channels[track].stop()
        self.sounding.clear()
        self.started.clear()
        self.wanted = None
