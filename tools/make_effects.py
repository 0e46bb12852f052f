"""Render every game's sound effects into ``assets/sounds/<game id>/`` and write its cue table.

Run from the repository root::

    python -m tools.make_effects [--game ID] [--check] [-v]

Each effect is a few notes written here as data, played by ``fluidsynth`` through the General MIDI
SoundFont FluidR3_GM (MIT, Debian's ``fluid-soundfont-gm``) on the instruments of its game's world,
then peak-normalised, faded and encoded to mono OGG Vorbis by ``oggenc`` with a fixed stream
serial. Reverb and chorus are off and the render is 32-bit float, so nothing random enters: the
same tools give the same bytes (``--check`` renders again and compares, changing nothing).
Only this tool needs fluidsynth and oggenc; the game and its tests read the committed files.
"""

from __future__ import annotations

import argparse
import array
import importlib
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

from game.catalogue import CATALOGUE
from tools.effects.notes import Note, World, chord, degree, drum, run
from tools.music.smf import single_track_file

log = logging.getLogger("make_effects")

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
RATE = 44100
TICKS = 960  # MIDI ticks a second (480 a quarter note at 120 bpm)
SLOT = 5.0  # seconds between two effects in a game's render: room for every tail
TAIL_DB = 46.0  # a tail ends where it is this far under the effect's peak
QUALITY = "3"  # oggenc -q: clean for short effects at a few kB each
DRUMS = 9  # General MIDI's percussion channel

# Peak level of each kind of effect (dBFS): ticks and stops sit under the wins and fanfares, and
# nothing reaches -1 dBFS (the encoder's overshoot of a peak is a fraction of a decibel).
LEVELS = {"tick": -14.0, "stop": -10.0, "step": -7.0, "win": -4.5, "fanfare": -3.0}
# The longest each kind may ring (a tick comes every 0.12 s of a count-up, a stop five times a spin).
LONGEST = {"tick": 0.16, "stop": 0.3, "step": 2.2, "win": 2.5, "fanfare": 3.5}


# --------------------------------------------------------------------------------------------
# the effects: (level, notes) from a game's world
# --------------------------------------------------------------------------------------------


def common_effects(w: World) -> dict[str, tuple[str, list[Note]]]:
    """The moments every reel game has, each in its own world's instruments and key."""
    return {
        "spin_start": ("step", run(w, [0, 2, 4], 0.0, 0.05, 0.18, "bell", 80, 8)),
        "reel_stop": ("stop", [(0.0, 0.12, "low", degree(w, -7), 100), drum(76, 0.0, 70, 0.1)]),
        "scatter_land": ("step", chord(w, [7, 11], 0.0, 0.6, "bell", 100)),
        "scatter_land_2": ("step", chord(w, [9, 13], 0.0, 0.6, "bell", 108)),
        "scatter_land_3": ("win", chord(w, [11, 14, 18], 0.0, 0.9, "bell", 118)),
        "anticipation": ("step", run(w, list(range(0, 15)), 0.0, 0.09, 0.14, "pad", 50, 5)
                         + [drum(42, k * 0.09, 40 + 4 * k, 0.05) for k in range(15)]),
        "win_line": ("step", [(0.0, 0.35, "bell", degree(w, 7), 96)]),
        "win_small": ("win", run(w, [0, 2, 4, 7], 0.0, 0.07, 0.5, "bell", 92, 6)),
        "win_big": ("fanfare", run(w, [0, 2, 4], 0.0, 0.12, 0.2, "lead", 100, 6)
                    + chord(w, [7, 9, 11], 0.36, 1.1, "lead", 118) + chord(w, [-7, 0], 0.36, 1.1, "low", 100)
                    + [drum(49, 0.36, 100, 1.0)]),
        "win_mega": ("fanfare", run(w, [2, 4, 6, 7], 0.0, 0.1, 0.2, "lead", 104, 6)
                     + chord(w, [9, 11, 14], 0.4, 1.3, "lead", 122) + chord(w, [-5, 2], 0.4, 1.3, "low", 104)
                     + run(w, [14, 16, 18], 0.4, 0.12, 0.5, "bell", 100) + [drum(49, 0.4, 110, 1.2)]),
        "win_epic": ("fanfare", run(w, [4, 6, 7, 9, 11], 0.0, 0.09, 0.2, "lead", 106, 5)
                     + chord(w, [14, 16, 18, 21], 0.45, 1.6, "lead", 124) + chord(w, [0, 7], 0.45, 1.6, "low", 110)
                     + run(w, [14, 18, 21, 25], 0.45, 0.1, 0.6, "bell", 104)
                     + [drum(49, 0.45, 120, 1.5), drum(57, 0.9, 100, 1.2), drum(36, 0.45, 120, 0.2)]),
        "coin_tick": ("tick", [(0.0, 0.06, "bell", degree(w, 14), 90)]),
        "feature_start": ("fanfare", run(w, [0, 2, 4, 7, 9, 11, 14], 0.0, 0.08, 0.3, "bell", 90, 5)
                          + chord(w, [7, 11, 14], 0.6, 1.3, "lead", 112) + chord(w, [0, 4], 0.6, 1.4, "pad", 90)
                          + [drum(49, 0.6, 90, 1.2)]),
        "feature_end": ("win", run(w, [11, 9, 7, 4], 0.0, 0.14, 0.4, "bell", 96)
                        + chord(w, [0, 4, 7], 0.56, 1.1, "pad", 96) + chord(w, [-7], 0.56, 1.1, "low", 90)),
        "extra_spins": ("win", run(w, [4, 7, 9, 11, 14], 0.0, 0.07, 0.4, "bell", 100, 4)
                        + chord(w, [7, 14], 0.35, 0.7, "lead", 104)),
    }


GAMES = sorted(entry.id for entry in CATALOGUE)  # each with its tools/effects/<id>.py


def effects_of(game_id: str) -> dict[str, tuple[str, list[Note]]]:
    """The moments every reel game has and the game's own, in its world (``tools/effects/<id>.py``)."""
    module = game_effects(game_id)
    return common_effects(module.WORLD) | module.mechanics(module.WORLD)


def game_effects(game_id: str) -> Any:
    """A game's effects module; a game without one is named in the error."""
    try:
        return importlib.import_module(f"tools.effects.{game_id}")
    except ModuleNotFoundError as missing:
        raise SystemExit(f"make_effects: {game_id} has no effects module tools/effects/{game_id}.py") from missing


# --------------------------------------------------------------------------------------------
# MIDI, fluidsynth, oggenc
# --------------------------------------------------------------------------------------------


def midi_file(world: World, effects: list[list[Note]]) -> bytes:
    """A type-0 MIDI file playing ``effects`` one every ``SLOT`` seconds."""
    channels = {role: index for index, role in enumerate(sorted(world.programs))}
    timed: list[tuple[int, int, bytes]] = []  # tick, order (offs first), message
    for role, program in world.programs.items():
        timed.append((0, 0, bytes((0xC0 | channels[role], program))))
    for slot, notes in enumerate(effects):
        base = 0.5 + slot * SLOT
        for start, length, role, pitch, velocity in notes:
            channel = DRUMS if role == "drums" else channels[role]
            key = pitch if role == "drums" else world.root + pitch
            on = round((base + start) * TICKS)
            off = round((base + start + length) * TICKS)
            timed.append((on, 2, bytes((0x90 | channel, key, velocity))))
            timed.append((off, 1, bytes((0x80 | channel, key, 0))))
    timed.sort(key=lambda item: (item[0], item[1], item[2]))  # the track keeps this order at a tick
    tempo = (0, -1, b"\xff\x51\x03\x07\xa1\x20")  # 500,000 us a quarter note: 480 ticks, 960 a second
    return single_track_file([tempo, *timed], division=480)


def render_midi(midi: Path, raw: Path) -> array.array:
    """The MIDI file through fluidsynth: mono float samples at ``RATE``."""
    subprocess.run(["fluidsynth", "-ni", "-q", "-g", "0.6", "-R", "0", "-C", "0", "-r", str(RATE),
                    "-o", "synth.polyphony=128", "-T", "raw", "-O", "float", "-F", str(raw),
                    str(SOUNDFONT), str(midi)], check=True, capture_output=True)
    stereo = array.array("f")
    stereo.frombytes(raw.read_bytes())
    if sys.byteorder != "little":
        stereo.byteswap()
    return array.array("f", [(stereo[i] + stereo[i + 1]) * 0.5 for i in range(0, len(stereo) - 1, 2)])


def shape(samples: array.array, level_db: float, longest: float) -> array.array:
    """Trim the silence after the tail, fade the ends, bring the peak to ``level_db``: 16-bit mono."""
    end = len(samples)
    floor = max((abs(x) for x in samples), default=0.0) * 10 ** (-TAIL_DB / 20)
    while end > 0 and abs(samples[end - 1]) < floor:
        end -= 1
    end = min(len(samples), end + round(0.01 * RATE), round(longest * RATE))
    body = list(samples[:end])
    fade_in, fade_out = round(0.002 * RATE), min(len(body) // 2, round(0.08 * RATE))
    for i in range(min(fade_in, len(body))):
        body[i] *= i / fade_in
    for i in range(fade_out):
        body[len(body) - 1 - i] *= i / fade_out
    peak = max((abs(x) for x in body), default=0.0)
    gain = (10 ** (level_db / 20)) / peak if peak > 0 else 0.0
    return array.array("h", [max(-32767, min(32767, round(x * gain * 32767))) for x in body])


def encode(samples: array.array, out: Path, serial: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "effect.wav"
        data = array.array("h", samples)
        if sys.byteorder != "little":
            data.byteswap()
        with wave.open(str(wav), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(data.tobytes())
        subprocess.run(["oggenc", "-Q", "-q", QUALITY, "--serial", str(serial), "-o", str(out), str(wav)],
                       check=True, capture_output=True)


def build_game(game_id: str, out_dir: Path) -> dict[str, str]:
    """Render ``game_id``'s effects into ``out_dir``; its cue table (cue -> file under sounds/)."""
    effects = effects_of(game_id)
    names = list(effects)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        midi, raw = Path(tmp) / "effects.mid", Path(tmp) / "effects.raw"
        midi.write_bytes(midi_file(game_effects(game_id).WORLD, [effects[name][1] for name in names]))
        mono = render_midi(midi, raw)
    table = {}
    for slot, name in enumerate(names):
        start = round((0.5 + slot * SLOT) * RATE)
        piece = mono[start:start + round(SLOT * RATE)]
        kind = effects[name][0]
        level = LEVELS[kind]
        samples = shape(piece, level, LONGEST[kind])
        serial = 1 + sum(map(ord, game_id)) * 100 + slot
        encode(samples, out_dir / f"{name}.ogg", serial)
        table[name] = f"{game_id}/{name}.ogg"
        log.debug("%s/%s.ogg: %.2f s, peak %.1f dBFS", game_id, name, len(samples) / RATE, level)
    return table


def write_table(game_id: str, table: dict[str, str], out_dir: Path) -> None:
    text = json.dumps({"cues": table}, indent=2, sort_keys=True) + "\n"
    (out_dir / "cues.json").write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_effects", description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, help="only this game")
    parser.add_argument("--check", action="store_true",
                        help="render into a temporary folder and compare with the committed files")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    for tool in ("fluidsynth", "oggenc"):
        if shutil.which(tool) is None:
            log.error("make_effects: %s is not installed (Debian: fluidsynth, vorbis-tools)", tool)
            return 2
    if not SOUNDFONT.is_file():
        log.error("make_effects: %s is missing (Debian: fluid-soundfont-gm)", SOUNDFONT)
        return 2
    games = [args.game] if args.game else GAMES
    differ = 0
    for game_id in games:
        target = SOUNDS / game_id
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                fresh = Path(tmp) / game_id
                write_table(game_id, build_game(game_id, fresh), fresh)
                for path in sorted(fresh.iterdir()):
                    committed = target / path.name
                    if not committed.is_file() or committed.read_bytes() != path.read_bytes():
                        log.error("%s/%s differs from its render", game_id, path.name)
                        differ += 1
            continue
        table = build_game(game_id, target)
        write_table(game_id, table, target)
        size = sum(p.stat().st_size for p in target.iterdir())
        log.info("%s: %d effects, %.0f KiB", game_id, len(table), size / 1024)
    if args.check:
        log.info("make_effects --check: %s", "every file matches" if not differ else f"{differ} file(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
