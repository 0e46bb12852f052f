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
import json
import logging
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

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

# The instruments of each game's world: a role (lead, bell, low, pad) to a General MIDI program,
# and the key its effects are in (the MIDI note of the root) with its scale's steps.
Note = tuple[float, float, str, int, int]  # start s, length s, role, semitones from the root (or drum note), velocity


@dataclass(frozen=True)
class World:
    programs: dict[str, int]
    root: int
    scale: tuple[int, ...]  # the seven steps of its mode, in semitones


WORLDS: dict[str, World] = {
    # Day of the Dead: marimba, nylon guitar, mariachi trumpet, an acoustic bass for the guitarrón.
    "halloween_vacation": World({"lead": 56, "bell": 12, "low": 32, "pad": 24}, 57, (0, 2, 3, 5, 7, 8, 11)),
    # A snowy winter night: celesta, glockenspiel, tubular bells, a choir.
    "santas_wonderland": World({"lead": 8, "bell": 9, "low": 14, "pad": 52}, 62, (0, 2, 4, 5, 7, 9, 11)),
    # A cosy fireplace: harp, vibraphone, clarinet, a warm piano.
    "naughty_or_nice": World({"lead": 71, "bell": 11, "low": 0, "pad": 46}, 58, (0, 2, 4, 5, 7, 9, 11)),
    # A circus and a game show: brass section, calliope, tuba, glockenspiel.
    "slingo_santa_king": World({"lead": 61, "bell": 9, "low": 58, "pad": 82}, 60, (0, 2, 4, 5, 7, 9, 10)),
    # A Christmas bakery: pizzicato strings, music box, bassoon, kalimba.
    "fat_santa": World({"lead": 45, "bell": 10, "low": 70, "pad": 108}, 65, (0, 2, 4, 5, 7, 9, 11)),
}

# Peak level of each kind of effect (dBFS): ticks and stops sit under the wins and fanfares, and
# nothing reaches -1 dBFS (the encoder's overshoot of a peak is a fraction of a decibel).
LEVELS = {"tick": -14.0, "stop": -10.0, "step": -7.0, "win": -4.5, "fanfare": -3.0}
# The longest each kind may ring (a tick comes every 0.12 s of a count-up, a stop five times a spin).
LONGEST = {"tick": 0.16, "stop": 0.3, "step": 2.2, "win": 2.5, "fanfare": 3.5}


def degree(world: World, step: int) -> int:
    """Semitones of the scale's ``step`` (0 the root; 7 the octave; negatives go down)."""
    octave, index = divmod(step, 7)
    return 12 * octave + world.scale[index]


def run(world: World, steps: list[int], start: float, gap: float, length: float, role: str,
        velocity: int, rise: int = 0) -> list[Note]:
    """Notes on ``steps`` of the scale, one every ``gap`` seconds, velocity rising by ``rise`` each."""
    return [(start + k * gap, length, role, degree(world, s), min(127, velocity + k * rise))
            for k, s in enumerate(steps)]


def chord(world: World, steps: list[int], start: float, length: float, role: str, velocity: int) -> list[Note]:
    return [(start, length, role, degree(world, s), velocity) for s in steps]


def drum(note: int, start: float, velocity: int, length: float = 0.3) -> Note:
    return (start, length, "drums", note, velocity)


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


def mechanics(game_id: str, w: World) -> dict[str, tuple[str, list[Note]]]:
    """Each game's own moments."""
    if game_id == "halloween_vacation":
        return {
            # a wild locks on reels 2 and 4: a marimba clack over a low guitarrón note
            "sticky_lock": ("step", [(0.0, 0.25, "low", degree(w, -7), 110), (0.0, 0.2, "bell", degree(w, 4), 110),
                                     drum(75, 0.0, 110, 0.1), drum(39, 0.05, 80, 0.1)]),
            # the Expanding Wild fills reel 3: a trumpet glissando
            "expand": ("win", run(w, [0, 1, 2, 3, 4, 5, 6, 7], 0.0, 0.04, 0.16, "lead", 96, 3)
                       + [(0.32, 0.6, "lead", degree(w, 7), 112)]),
            # its multiplier steps x2 -> x4 -> x8: a rising two-note call and a shaker
            "multiplier_up": ("win", [(0.0, 0.18, "lead", degree(w, 4), 108), (0.16, 0.5, "lead", degree(w, 7), 118),
                                      drum(70, 0.0, 100, 0.1), drum(70, 0.08, 90, 0.1), drum(70, 0.16, 100, 0.1)]),
        }
    if game_id == "santas_wonderland":
        return {
            # a tumble: snowflakes falling, glockenspiel notes down the scale
            "tumble": ("step", run(w, [11, 9, 7, 4, 2], 0.0, 0.045, 0.25, "bell", 84, -4)),
            # a marker fires: a tubular bell and a celesta shimmer
            "marker_fire": ("win", [(0.0, 1.0, "low", degree(w, 7), 104)]
                            + run(w, [14, 16, 18, 21], 0.05, 0.05, 0.4, "lead", 90)),
            # Midnight Riches' next level: the choir rises through a triad
            "level_up": ("fanfare", chord(w, [0, 4], 0.0, 0.5, "pad", 100) + chord(w, [2, 5], 0.45, 0.5, "pad", 106)
                         + chord(w, [4, 7, 9], 0.9, 1.2, "pad", 116) + run(w, [14, 16, 18, 21], 0.9, 0.07, 0.5,
                                                                         "bell", 100)),
            "multiplier_up": ("win", [(0.0, 0.2, "bell", degree(w, 7), 110), (0.15, 0.6, "bell", degree(w, 11), 118)]),
            "sticky_lock": ("step", [(0.0, 0.5, "low", degree(w, 0), 110), (0.0, 0.2, "lead", degree(w, 7), 110)]),
            "expand": ("win", run(w, [0, 2, 4, 7, 9, 11, 14], 0.0, 0.035, 0.3, "lead", 92, 4)),
        }
    if game_id == "naughty_or_nice":
        return {
            # the Bonus Substitute is given: a harp glissando up two octaves and a vibraphone chord
            "substitute_award": ("win", run(w, list(range(0, 15)), 0.0, 0.035, 0.4, "pad", 80, 3)
                                 + chord(w, [7, 9, 11], 0.52, 1.0, "bell", 106)),
            # the progressive jackpot: clarinet and piano fanfare with bells
            "jackpot": ("fanfare", run(w, [0, 4, 7, 11, 14], 0.0, 0.1, 0.3, "lead", 104, 4)
                        + chord(w, [7, 9, 11, 14], 0.5, 2.0, "low", 118) + chord(w, [14, 18], 0.5, 2.0, "bell", 110)
                        + run(w, [14, 16, 18, 21, 25, 28], 0.9, 0.1, 0.6, "pad", 96) + [drum(49, 0.5, 110, 1.8),
                                                                                        drum(81, 0.9, 90, 1.0)]),
            # the Bonus Substitute holds a reel: a piano chord struck low and a harp pluck
            "sticky_lock": ("step", chord(w, [-7, -3, 0], 0.0, 0.5, "low", 108)
                            + [(0.05, 0.4, "pad", degree(w, 7), 100)]),
        }
    if game_id == "slingo_santa_king":
        return {
            # a number daubed: a glockenspiel pop and a wood block
            "slingo_daub": ("stop", [(0.0, 0.15, "bell", degree(w, 9), 104), drum(76, 0.0, 90, 0.08)]),
            # a Slingo line: a brass arpeggio and a snare
            "slingo_line": ("win", run(w, [0, 2, 4, 7], 0.0, 0.06, 0.4, "lead", 104, 5)
                            + [drum(38, 0.0, 90, 0.1), drum(38, 0.06, 90, 0.1), drum(49, 0.24, 90, 0.8)]),
            # the Full House: a circus fanfare with a snare roll
            "full_house": ("fanfare", [drum(38, k * 0.04, 60 + 3 * k, 0.05) for k in range(15)]
                           + chord(w, [0, 4, 7, 11], 0.6, 1.8, "lead", 124) + chord(w, [-7, 0], 0.6, 1.8, "low", 116)
                           + run(w, [14, 16, 18, 21], 0.6, 0.1, 0.7, "bell", 110) + [drum(49, 0.6, 124, 1.6),
                                                                                   drum(36, 0.6, 124, 0.2)]),
            # the Reel King trail moves on a stage: a calliope step up
            "trail_step": ("step", [(0.0, 0.14, "pad", degree(w, 4), 100), (0.12, 0.3, "pad", degree(w, 7), 110)]),
            # the Superspin Wheel passes a peg: a claves click
            "wheel_tick": ("tick", [drum(75, 0.0, 110, 0.05)]),
            # a wild lands on the card: the calliope whoops up an octave
            "expand": ("win", run(w, [0, 2, 4, 5, 7], 0.0, 0.04, 0.12, "pad", 96, 4)
                       + [(0.2, 0.4, "pad", degree(w, 7), 112)]),
        }
    if game_id == "fat_santa":
        return {
            # Santa eats a pie: two comic bassoon munches and a wood block
            "santa_eat": ("step", [(0.0, 0.12, "low", degree(w, -7), 110), (0.16, 0.12, "low", degree(w, -6), 110),
                                   drum(77, 0.0, 90, 0.05), drum(77, 0.16, 90, 0.05),
                                   (0.34, 0.4, "bell", degree(w, 7), 96)]),
            # Santa grows a size: the bassoon climbs and the music box twinkles
            "santa_grow": ("win", run(w, [-7, -5, -3, -1, 0], 0.0, 0.08, 0.14, "low", 100, 4)
                           + chord(w, [7, 9, 11], 0.4, 0.8, "bell", 110) + [drum(81, 0.4, 90, 0.8)]),
            # Santa lands on the reels: a pizzicato flourish and a kalimba chord
            "expand": ("win", run(w, [0, 2, 4, 7, 9, 11], 0.0, 0.04, 0.2, "lead", 96, 4)
                       + chord(w, [7, 11], 0.26, 0.6, "pad", 106)),
            # the sleigh drops a gift that stays: a music-box note over a bassoon thump
            "sticky_lock": ("step", [(0.0, 0.2, "low", degree(w, -7), 110), (0.0, 0.4, "bell", degree(w, 9), 104),
                                     drum(76, 0.0, 80, 0.05)]),
        }
    return {}


def effects_of(game_id: str) -> dict[str, tuple[str, list[Note]]]:
    world = WORLDS[game_id]
    return common_effects(world) | mechanics(game_id, world)


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
        midi.write_bytes(midi_file(WORLDS[game_id], [effects[name][1] for name in names]))
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
    parser.add_argument("--game", choices=sorted(WORLDS), help="only this game")
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
    games = [args.game] if args.game else sorted(WORLDS)
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
