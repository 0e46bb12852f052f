"""Sound: every game's cues have their files, effects stay under -1 dBFS, settings persist, the
music crossfades and ducks (a fake mixer records what the mix asks), and a missing sound card is
one INFO line with SDL's and ALSA's chatter kept off the terminal."""

from __future__ import annotations

import array
import ast
import importlib
import logging
import math
import os
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.catalogue import CATALOGUE
from game.client.audio import EFFECTS_HEADROOM, FANFARES, Audio
from game.client.sound import backend as sound_backend
from game.client.sound.cues import cue_files, missing_cues
from game.client.sound.music import DUCK_GAIN, FADE, TRACKS, MusicCue, MusicMix
from game.client.sound.quiet import stderr_to_log
from game.paths import asset_path
from game.store import Wallet
from tools.placeholder_sound import bundle_size

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "game" / "client"
SOUNDS = asset_path("sounds")
GAMES = [e.id for e in CATALOGUE if (CLIENT / "games" / e.id).is_dir() and not e.id.startswith("_")]


def mechanics(game_id: str) -> set[str]:
    """A game's own moments (issue 36): the ones its effects module (``tools/effects/<id>.py``) renders;
    its table must have them, in files of its own."""
    module = importlib.import_module(f"tools.effects.{game_id}")
    return set(module.mechanics(module.WORLD))


EVERY_GAME = {"spin_start", "reel_stop", "scatter_land", "scatter_land_2", "scatter_land_3", "anticipation",
              "win_line", "win_small", "win_big", "win_mega", "win_epic", "coin_tick", "feature_start",
              "feature_end"}
SOUND_CALLS = {"sound", "play", "loop"}


def _cue_names(paths: list[Path]) -> set[str]:
    """Every cue name the code plays: string arguments of ``sound``/``play``/``loop`` calls (both
    sides of a conditional), ``sound_name=`` keywords, and ``*_CUES`` tuples."""
    names: set[str] = set()

    def strings(node: ast.AST) -> set[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value} if node.value else set()
        if isinstance(node, ast.IfExp):
            return strings(node.body) | strings(node.orelse)
        return set()

    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                if name in SOUND_CALLS and node.args:
                    names |= strings(node.args[0])
                for keyword in node.keywords:
                    if keyword.arg == "sound_name":
                        names |= strings(keyword.value)
            elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple)
                  and any(isinstance(t, ast.Name) and t.id.endswith("_CUES") for t in node.targets)):
                names |= set().union(*(strings(e) for e in node.value.elts))
    return names


def _shared_code() -> list[Path]:
    return [p for folder in ("kit", "widgets", "overlays") for p in (CLIENT / folder).glob("*.py")]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_cue_a_game_plays_has_its_file(game_id: str) -> None:
    played = _cue_names(_shared_code() + list((CLIENT / "games" / game_id).glob("*.py")))
    assert {"reel_stop", "scatter_land_2", "win_epic"} <= played, "the scan finds the kit's cues"
    assert missing_cues(SOUNDS, game_id, played) == []
    assert missing_cues(SOUNDS, game_id) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_own_effects_for_its_moments_and_mechanics(game_id: str) -> None:
    files = cue_files(SOUNDS, game_id)
    for cue in sorted(EVERY_GAME | mechanics(game_id)):
        assert cue in files, f"{game_id}: no {cue} in its cue table"
        assert files[cue].parent.name == game_id, f"{game_id}: {cue} is not its own ({files[cue]})"


def test_the_lobby_has_every_cue_it_plays() -> None:
    played = _cue_names([*(CLIENT / "scenes").glob("*.py"), *(CLIENT / "overlays").glob("*.py")])
    assert "win_small" in played
    assert missing_cues(SOUNDS, None, played) == []


def test_a_missing_file_names_the_game_and_the_cue(tmp_path: Path) -> None:
    (tmp_path / "cues.json").write_text('{"cues": {"click": "click.wav"}}', encoding="utf-8")
    (tmp_path / "click.wav").write_bytes(b"")
    (tmp_path / "fat_santa").mkdir()
    (tmp_path / "fat_santa" / "cues.json").write_text('{"cues": {"santa_eat": "fat_santa/santa_eat.ogg"}}',
                                                       encoding="utf-8")
    assert missing_cues(tmp_path, "fat_santa") == ["fat_santa: santa_eat (santa_eat.ogg)"]
    assert missing_cues(tmp_path, "fat_santa", {"click", "santa_grow"}) == [
        "fat_santa: santa_grow (not in its cue table)"]


EFFECT_FILES = sorted(str(p.relative_to(SOUNDS)) for p in SOUNDS.rglob("*") if p.suffix in (".ogg", ".wav"))


@pytest.fixture(scope="module")
def mixer():
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if pygame.mixer.get_init() is None:
        pygame.mixer.init(44100, -16, 2, 512)
    yield pygame.mixer.get_init()


@pytest.mark.parametrize("rel", EFFECT_FILES)
def test_effect_peaks_within_bounds(rel: str, mixer) -> None:
    """Decoded as the game plays it: under -1 dBFS (no clipping), over -30 dBFS (not silent), 4 s at most."""
    sound = pygame.mixer.Sound(str(SOUNDS / rel))
    samples = array.array("h")
    samples.frombytes(sound.get_raw())
    peak = max(abs(s) for s in samples) / 32768
    assert 20 * math.log10(peak) <= -1.0, f"{rel} peaks at {20 * math.log10(peak):.2f} dBFS"
    assert 20 * math.log10(peak) >= -30.0, f"{rel} is nearly silent"
    assert 0.02 <= sound.get_length() <= 4.0


def test_effects_fit_their_budget() -> None:
    """Issue 36: about 2 MiB of effects at most, beside the music's share of the 12 MiB of audio."""
    total = bundle_size(p for p in SOUNDS.rglob("*") if p.is_file())  # a new game's placeholder tones count once
    assert total <= 2 * 1024 * 1024


# -- a fake mixer ------------------------------------------------------------------------------


class FakeSound:
    def __init__(self, path: Path, log: list[tuple]) -> None:
        self.name = path.stem if path.parent.name in ("sounds", "music") or path.stem == "lobby" else \
            f"{path.parent.name}/{path.stem}"
        self.log = log
        self.volume = 1.0

    def play(self, loops: int = 0) -> None:
        self.log.append(("play", self.name, loops))

    def stop(self) -> None:
        self.log.append(("stop", self.name))

    def set_volume(self, value: float) -> None:
        self.volume = value

    def get_length(self) -> float:
        return 2.0

    def get_num_channels(self) -> int:
        return self.sounding

    sounding = 0  # how many channels play it (the fake's sounds never end by themselves)


class FakeChannel:
    def __init__(self, index: int, log: list[tuple]) -> None:
        self.index, self.log = index, log
        self.volume = 1.0
        self.sound: FakeSound | None = None
        self.paused = False

    def play(self, sound: FakeSound, loops: int = 0) -> None:
        self.sound, self.paused = sound, False
        self.log.append(("channel_play", self.index, sound.name, loops))

    def stop(self) -> None:
        self.sound = None

    def pause(self) -> None:
        self.paused = True
        self.log.append(("pause", self.index))

    def unpause(self) -> None:
        self.paused = False
        self.log.append(("unpause", self.index))

    def set_volume(self, value: float) -> None:
        self.volume = value


class FakeBackend:
    def __init__(self, fail: str | None = None) -> None:
        self.log: list[tuple] = []
        self.fail = fail
        self.channels = [FakeChannel(i, self.log) for i in range(sound_backend.MUSIC_CHANNELS)]
        self.sounds: list[FakeSound] = []

    def start(self) -> str | None:
        return self.fail

    def load(self, path: Path) -> FakeSound:
        sound = FakeSound(path, self.log)
        self.sounds.append(sound)
        return sound

    def channel(self, index: int) -> FakeChannel:
        return self.channels[index]

    def stop_all(self) -> None:
        self.log.append(("stop_all",))


def _tone(path: Path, seconds: float = 0.05) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(44100)
        w.writeframes(array.array("h", [int(8000 * math.sin(i / 10)) for i in range(int(44100 * seconds))]).tobytes())


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A sounds folder (shared click, a game's cues) and a music folder of small WAV fixtures."""
    sounds, music = tmp_path / "sounds", tmp_path / "music"
    _tone(sounds / "click.wav")
    (sounds / "cues.json").write_text('{"cues": {"click": "click.wav"}}', encoding="utf-8")
    for cue in ("spin_start", "win_big"):
        _tone(sounds / "halloween_vacation" / f"{cue}.ogg")
    (sounds / "halloween_vacation" / "cues.json").write_text(
        '{"cues": {"spin_start": "halloween_vacation/spin_start.ogg", "win_big": "halloween_vacation/win_big.ogg"}}',
        encoding="utf-8")
    _tone(music / "lobby.ogg")
    for track in ("base", "feature", "big_win"):
        _tone(music / "halloween_vacation" / f"{track}.ogg")

    def fake_asset_path(*parts: str) -> Path:
        return tmp_path.joinpath(*parts)

    monkeypatch.setattr("game.client.audio.asset_path", fake_asset_path)
    return tmp_path


def _frames(audio: Audio, cue: MusicCue | None, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        audio.update(1 / 60, cue)


def _settle(audio: Audio, cue: MusicCue) -> None:
    """Into ``cue``'s world: what played fades out, then its base track fades in."""
    audio.update(1 / 60, cue)
    audio.wait_until_loaded()
    _frames(audio, cue, 2 * FADE + 0.2)


def test_volumes_and_switches_persist(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    try:
        audio = Audio(wallet, backend=FakeBackend())
        audio.set_music_volume(30)
        audio.set_effects_volume(90)
        audio.set_music_on(False)
        audio.set_effects_on(False)
        audio.set_muted(True)
        again = Audio(wallet, backend=FakeBackend())
        assert (again.music_volume, again.effects_volume) == (30, 90)
        assert (again.music_on, again.effects_on, again.muted) == (False, False, True)
        assert Audio(wallet, mute=True, backend=FakeBackend()).muted
    finally:
        wallet.close()


def test_the_one_old_volume_becomes_the_effects_volume(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path).wallet
    try:
        wallet.set_setting("volume", 0.4)
        audio = Audio(wallet, backend=FakeBackend())
        assert audio.effects_volume == 40 and audio.music_volume == 60
    finally:
        wallet.close()


def test_music_follows_the_scene_and_crossfades_into_the_feature_and_back(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    audio.set_music_volume(50)
    base, feature, _ = backend.channels
    _settle(audio, MusicCue("lobby"))
    assert ("channel_play", 0, "lobby", -1) in backend.log
    assert base.volume == pytest.approx(0.5)
    _settle(audio, MusicCue("halloween_vacation"))
    assert audio.world == "halloween_vacation"
    assert ("channel_play", 0, "halloween_vacation/base", -1) in backend.log
    assert base.volume == pytest.approx(0.5)
    # the feature begins: its track rises while the base track falls, both heard midway
    _frames(audio, MusicCue("halloween_vacation", "feature"), FADE / 2)
    assert ("channel_play", 1, "halloween_vacation/feature", -1) in backend.log
    assert 0.1 < feature.volume < 0.4 and 0.1 < base.volume < 0.4
    _frames(audio, MusicCue("halloween_vacation", "feature"), FADE)
    assert feature.volume == pytest.approx(0.5) and ("pause", 0) in backend.log
    # and back: the base track resumes where it was
    _frames(audio, MusicCue("halloween_vacation", "base"), FADE + 0.1)
    assert ("unpause", 0) in backend.log and base.volume == pytest.approx(0.5) and ("pause", 1) in backend.log


def test_a_feature_resumes_after_a_big_win_and_a_new_feature_begins_from_its_top(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    _settle(audio, MusicCue("halloween_vacation"))
    for track in ("feature", "big_win", "feature", "base", "feature"):
        _frames(audio, MusicCue("halloween_vacation", track), FADE + 0.2)
    feature_starts = [e for e in backend.log if e[:3] == ("channel_play", 1, "halloween_vacation/feature")]
    assert len(feature_starts) == 2 and ("unpause", 1) in backend.log


def test_music_ducks_under_the_big_win_fanfare_and_under_feature_cards(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    audio.set_music_volume(100)
    base, _, big = backend.channels
    _settle(audio, MusicCue("halloween_vacation"))
    assert "win_big" in FANFARES
    audio.play("win_big")  # the celebration's first fanfare (2 s long in the fake)
    cue = MusicCue("halloween_vacation", "big_win")
    _frames(audio, cue, 0.5)
    assert ("play", "halloween_vacation/win_big", 0) in backend.log
    assert ("channel_play", 2, "halloween_vacation/big_win", 0) in backend.log  # once: it may end on a sting
    assert big.volume <= DUCK_GAIN * 0.5 + 0.01 and base.volume <= DUCK_GAIN + 0.01
    _frames(audio, cue, 2.5)  # the fanfare is over: the big-win track comes up in full
    assert big.volume == pytest.approx(1.0)
    _frames(audio, MusicCue("halloween_vacation", "base", duck=True), FADE + 0.2)
    assert base.volume == pytest.approx(DUCK_GAIN)
    _frames(audio, MusicCue("halloween_vacation"), 1.0)
    assert base.volume == pytest.approx(1.0)


def test_the_effects_leave_the_mix_headroom(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    _settle(audio, MusicCue("halloween_vacation"))
    audio.set_effects_volume(100)
    effects = [sound for sound in backend.sounds if sound.name in ("click", "halloween_vacation/spin_start")]
    assert len(effects) >= 2 and {sound.volume for sound in effects} == {EFFECTS_HEADROOM}
    audio.set_effects_volume(40)
    assert {sound.volume for sound in effects} == {0.4 * EFFECTS_HEADROOM}


def test_a_cue_sounding_three_times_is_not_started_a_fourth(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    _settle(audio, MusicCue("halloween_vacation"))
    stop = next(sound for sound in backend.sounds if sound.name == "halloween_vacation/spin_start")
    for sounding in range(5):
        stop.sounding = sounding
        audio.play("spin_start")
    assert [e for e in backend.log if e == ("play", "halloween_vacation/spin_start", 0)] == [
        ("play", "halloween_vacation/spin_start", 0)] * 3


def test_mute_and_the_switches_silence_what_they_say(folders: Path) -> None:
    backend = FakeBackend()
    audio = Audio(backend=backend)
    base = backend.channels[0]
    _settle(audio, MusicCue("halloween_vacation"))
    audio.set_music_on(False)
    _frames(audio, MusicCue("halloween_vacation"), 0.1)
    assert base.volume == 0.0
    before = len(backend.log)
    audio.play("spin_start")
    assert ("play", "halloween_vacation/spin_start", 0) in backend.log[before:]
    audio.set_music_on(True)
    audio.toggle_mute()
    _frames(audio, MusicCue("halloween_vacation"), 0.1)
    before = len(backend.log)
    audio.play("spin_start")
    assert base.volume == 0.0 and backend.log[before:] == []


def test_cues_are_logged_at_debug(folders: Path, caplog: pytest.LogCaptureFixture) -> None:
    audio = Audio(backend=FakeBackend())
    _settle(audio, MusicCue("halloween_vacation"))
    with caplog.at_level(logging.DEBUG, logger="game.client.audio"):
        audio.play("spin_start")
        audio.play("click")
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("cue ")] == [
        "cue spin_start (halloween_vacation)", "cue click (halloween_vacation)"]


def test_no_sound_card_is_one_info_line(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
                                        caplog: pytest.LogCaptureFixture) -> None:
    """What ALSA writes to descriptor 2 while the device is tried goes to the log at DEBUG."""

    def noisy_init(*args: object, **kwargs: object) -> None:
        for _ in range(16):
            os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "pre_init", lambda *a, **k: None)
    monkeypatch.setattr(pygame.mixer, "init", noisy_init)
    with caplog.at_level(logging.DEBUG):
        audio = Audio()
    assert not audio.available
    assert capfd.readouterr().err == ""
    shown = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert [(r.levelname, r.getMessage()) for r in shown] == [
        ("INFO", "sound is off: no audio device (ALSA: Couldn't open audio device)")]
    assert sum("cannot find card" in r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG) == 16
    audio.play("click")
    audio.update(1 / 60, MusicCue("lobby"))  # every call a silent no-op


def test_stderr_to_log_restores_the_descriptor(capfd: pytest.CaptureFixture[str]) -> None:
    with stderr_to_log("test"):
        os.write(2, b"hidden\n")
    os.write(2, b"shown\n")
    assert capfd.readouterr().err == "shown\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
def test_the_app_on_alsa_without_a_card_writes_no_alsa_lines(tmp_path: Path) -> None:
    """The whole app, with SDL told to use ALSA: on a machine with no sound card (CI) ALSA's
    library complains; none of it reaches the terminal (where there is a card, nothing is said)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "alsa"}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3", "--data-dir", str(tmp_path)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ALSA lib" not in done.stderr
    assert len([line for line in done.stderr.splitlines() if line.strip()]) <= 1


# -- the screens ask for the music their moment wants -------------------------------------------


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface


def test_a_big_win_on_screen_wants_its_track_and_plays_its_fanfares(tmp_path: Path, display) -> None:
    from tests import harness

    game = "halloween_vacation"
    seed = harness.seed_where(game, "big win, base game", lambda r: r.win >= 10 * r.bet and not r.features)
    h = harness.open_game(tmp_path, game)
    played: list[str] = []
    real_play = h.screen.app.audio.play

    def recording(name: str) -> None:
        played.append(name)
        real_play(name)

    h.screen.app.audio.play = recording  # type: ignore[method-assign]
    assert h.screen.music_cue() == MusicCue(game, "base", duck=False)
    h.spin(seed)
    tracks = set()
    h.until(lambda: h.screen.celebration.active, 60)
    while h.screen.celebration.active:
        tracks.add(h.screen.music_cue().track)
        h.frame()
    h.run_until_idle()
    assert tracks == {"big_win"}
    assert "win_big" in played and "coin_tick" in played and "spin_start" in played
    assert h.screen.music_cue().track == "base"


def test_a_feature_card_ducks_and_the_feature_wants_its_track(tmp_path: Path, display) -> None:
    from tests import harness
    from tests.halloween_fixtures import BET, free_seed

    h = harness.open_game(tmp_path, "halloween_vacation", bet=BET, starting_balance=100_000)
    h.spin(free_seed())
    h.until(lambda: h.screen.banner.visible, 120)
    assert h.screen.music_cue().duck
    h.until(lambda: h.screen.in_feature() and not h.screen.banner.visible, 120, each=h.dismiss_card)
    assert h.screen.music_cue() == MusicCue("halloween_vacation", "feature", duck=False)


def test_a_frame_never_waits_for_a_bank_to_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real mixer (dummy driver) decodes a game's effects and its tracks (the game's own
    OGGs stand in for the music) on the bank's thread: no update does that work (some 100-600 ms)."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    game = "santas_wonderland"
    shutil.copytree(SOUNDS, tmp_path / "sounds")
    for track, cue in (("base", "feature_start"), ("feature", "win_epic"), ("big_win", "level_up")):
        (tmp_path / "music" / game).mkdir(parents=True, exist_ok=True)
        shutil.copy(SOUNDS / game / f"{cue}.ogg", tmp_path / "music" / game / f"{track}.ogg")
    monkeypatch.setattr("game.client.audio.asset_path", lambda *parts: tmp_path.joinpath(*parts))
    audio = Audio()
    assert audio.available
    started = time.perf_counter()
    cue, slowest = MusicCue(game), 0.0
    while audio.world != game or audio.loading:
        before = time.thread_time()  # the main thread's own processor time: a busy machine's waits left out
        audio.update(1 / 60, cue)
        slowest = max(slowest, time.thread_time() - before)
        time.sleep(0.002)
        assert time.perf_counter() - started < 30, "the bank never came in"
    assert slowest < 0.01, f"an update took {slowest * 1000:.1f} ms of the main thread's time"
    assert {"tumble", "marker_fire", "level_up"} <= set(audio.names)
    audio.close()


# -- the mix's invariants -----------------------------------------------------------------------

MOMENTS = st.tuples(st.sampled_from((*TRACKS, "missing")), st.booleans(), st.booleans(),
                    st.floats(min_value=0.0, max_value=0.5))


@settings(max_examples=150, deadline=None)
@given(st.lists(MOMENTS, min_size=1, max_size=40), st.integers(min_value=0, max_value=100))
def test_the_mix_stays_within_its_volume_and_settles_on_what_is_wanted(moments, percent) -> None:
    log: list[tuple] = []
    channels = [FakeChannel(i, log) for i in range(len(TRACKS))]
    mix = MusicMix(channels)  # type: ignore[arg-type]
    mix.install("game", {track: FakeSound(Path(f"music/game/{track}.ogg"), log) for track in TRACKS})
    volume = percent / 100
    for track, card, fanfare, seconds in moments:
        mix.want(track)
        if fanfare:
            mix.duck_for(seconds)
        for _ in range(round(seconds * 60)):
            mix.update(1 / 60, volume, card=card)
            assert all(0.0 <= c.volume <= volume + 1e-9 for c in channels if c.sound is not None)
            assert len(mix.sounding) <= len(TRACKS)
    wanted = mix.wanted
    for _ in range(round((FADE + 1.0) * 60)):
        mix.update(1 / 60, volume)
    assert mix.sounding == ({wanted} if wanted is not None else set())
    if wanted is not None:
        assert channels[TRACKS.index(wanted)].volume == pytest.approx(volume, abs=0.005)


@pytest.mark.slow
@pytest.mark.skipif(not (shutil.which("fluidsynth") and shutil.which("oggenc")
                         and Path("/usr/share/sounds/sf2/FluidR3_GM.sf2").is_file()),
                    reason="regenerating the effects needs fluidsynth, vorbis-tools and fluid-soundfont-gm")
def test_make_effects_renders_the_committed_files_byte_for_byte() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.make_effects", "--check", "--game", "fat_santa"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every file matches" in done.stdout + done.stderr
