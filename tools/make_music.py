"""Render the soundtrack's note data (``tools/music/scores/``) to the OGG loops in ``assets/music/``.

Run from the repository root::

    python -m tools.make_music [--only GLOB] [--check] [--keep DIR] [-v]

Each track: its score written as a Standard MIDI File (two cycles back to back), rendered by
``fluidsynth`` with the FluidR3_GM SoundFont at 44.1 kHz (float, one core, chorus and reverb
off), the second cycle cut out (it holds the first one's tails: the loop is
seamless), a reverb added as a circular convolution (its tail wraps into the start), set to
-16 LUFS integrated with sample peaks under -1.5 dBFS, written as 16-bit WAV and encoded by
``oggenc`` at quality 3 with a serial number fixed per track. The same fluidsynth, SoundFont
and libvorbis give the same bytes; ``--check`` renders again and compares with the committed
files (exit 1 on a difference, naming the file). Exit 2: fluidsynth, oggenc or the SoundFont is
missing, or ``--only`` matches no track.
"""

from __future__ import annotations

import argparse
import fnmatch
import logging
import shutil
import subprocess
import sys
import tempfile
import wave
import zlib
from pathlib import Path

import numpy as np

from tools.music.master import loop_reverb, master, steady_cycle, to_pcm16
from tools.music.measure import integrated_loudness, sample_peak_db, seam_error
from tools.music.score import Score
from tools.music.scores import all_tracks
from tools.music.smf import lead_seconds, to_midi

log = logging.getLogger("make_music")

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "music"
SOUNDFONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
RATE = 44100
QUALITY = 3
SYNTH_GAIN = 0.4


def serial(name: str) -> int:
    """A fixed Ogg stream serial number per track (oggenc picks a random one otherwise)."""
    return zlib.crc32(name.encode()) & 0x7FFFFFFF


def render(score: Score, work: Path) -> np.ndarray:
    """The score's two cycles as float samples ``(n, 2)`` from fluidsynth."""
    midi = work / "score.mid"
    raw = work / "render.raw"
    midi.write_bytes(to_midi(score, cycles=2, tail_beats=2.0))
    subprocess.run(
        ["fluidsynth", "-n", "-i", "-q", "-C", "0", "-R", "0", "-r", str(RATE), "-g", str(SYNTH_GAIN),
         "-o", "synth.cpu-cores=1", "-T", "raw", "-O", "float", "-E", "little", "-F", str(raw),
         str(SOUNDFONT), str(midi)],
        check=True, stdout=subprocess.DEVNULL)
    return np.fromfile(raw, dtype="<f4").reshape(-1, 2).astype(np.float64)


def loop_of(score: Score, work: Path) -> np.ndarray:
    samples = render(score, work)
    lead = round(lead_seconds(score) * RATE)
    loop = round(score.seconds * RATE)
    cycle = steady_cycle(samples, lead, loop)
    return master(loop_reverb(cycle, RATE, score.reverb, score.room), RATE)


def write_wav(path: Path, signal: np.ndarray) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(signal))


def encode(wav: Path, ogg: Path, name: str) -> None:
    subprocess.run(["oggenc", "-Q", "-q", str(QUALITY), "-s", str(serial(name)), "-o", str(ogg), str(wav)],
                   check=True)


def make(name: str, score: Score, target: Path, work: Path, keep: Path | None) -> None:
    signal = loop_of(score, work)
    wav = work / "loop.wav"
    write_wav(wav, signal)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wav, keep / (name.replace("/", "-") + ".wav"))
    target.parent.mkdir(parents=True, exist_ok=True)
    encode(wav, target, name)
    log.info("%s: %.1f s, %.2f LUFS, peak %.2f dBFS, seam %.2f, %d bytes", name, signal.shape[0] / RATE,
             integrated_loudness(signal, RATE), sample_peak_db(signal), seam_error(signal, RATE),
             target.stat().st_size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.make_music", description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="*", help="render the tracks whose name matches (e.g. 'fat_santa/*')")
    parser.add_argument("--check", action="store_true", help="render and compare with the committed files")
    parser.add_argument("--keep", type=Path, help="also keep each mastered loop as WAV in this folder")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, format="%(message)s")
    missing = [tool for tool in ("fluidsynth", "oggenc") if shutil.which(tool) is None]
    if missing or not SOUNDFONT.is_file():
        print(f"make_music: needs {', '.join(missing) or SOUNDFONT} (Debian: fluidsynth fluid-soundfont-gm "
              "vorbis-tools)", file=sys.stderr)
        return 2
    tracks = {name: build for name, build in all_tracks().items() if fnmatch.fnmatch(name, args.only)}
    if not tracks:
        print(f"make_music: --only {args.only!r} matches no track", file=sys.stderr)
        return 2
    different = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, build in tracks.items():
            committed = OUT / f"{name}.ogg"
            target = work / "check.ogg" if args.check else committed
            make(name, build(), target, work, args.keep)
            if args.check and (not committed.is_file() or committed.read_bytes() != target.read_bytes()):
                different.append(name)
                print(f"make_music: assets/music/{name}.ogg differs from its render", file=sys.stderr)
    if args.check:
        print(f"make_music --check: {len(tracks) - len(different)} of {len(tracks)} tracks identical")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
