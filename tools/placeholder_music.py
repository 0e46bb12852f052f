"""Render the template's placeholder tracks: ``templates/game/sound/{base,feature,big_win}.ogg``.

``python -m tools.new_game`` copies these (with the template score, ``templates/game/sound/score.py``)
into a new game's ``assets/music/<id>/`` so that it plays and passes the soundtrack tests before
its own music is written. They are rendered from the template score by a plain sine synth (no
SoundFont, so no fluidsynth), cut as one steady cycle, mastered to the soundtrack's loudness
(``tools/music/master.py``) and encoded by ``oggenc`` in mono at a low quality with a fixed serial
number: a few tens of kB each. Run it again only when the template score changes (``--check``
compares against the committed files).

    python -m tools.placeholder_music [--check]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
import types
import wave
import zlib
from pathlib import Path

import numpy as np

from tools.music.master import master, steady_cycle, to_pcm16
from tools.music.score import DRUMS, Score

REPO = Path(__file__).resolve().parent.parent
SOUND = REPO / "templates" / "game" / "sound"
RATE = 44100
QUALITY = "-1"  # oggenc's lowest: a placeholder, mono
TRACKS = ("base", "feature", "big_win")

log = logging.getLogger("placeholder_music")


def template_score() -> types.ModuleType:
    """The template score module, its names filled in for the template itself."""
    module = types.ModuleType("template_score")
    text = (SOUND / "score.py").read_text(encoding="utf-8").replace("__GAME_TITLE__", "Template")
    exec(compile(text.replace("__GAME_ID__", "template"), str(SOUND / "score.py"), "exec"), module.__dict__)
    return module


def synth(score: Score) -> np.ndarray:
    """Two cycles of the score, mono: each note a sine with its octave, struck and decaying."""
    beat = score.tempo_us / 1e6
    loop = round(score.beats * beat * RATE)
    out = np.zeros(2 * loop + RATE * 2)
    for part in score.parts:
        if part.channel == DRUMS:
            continue
        for cycle in (0, 1):
            for note in part.notes:
                start = round((note.start + cycle * score.beats) * beat * RATE)
                t = np.arange(round((note.length * beat + 0.3) * RATE)) / RATE
                hz = 440.0 * 2 ** ((note.pitch - 69) / 12)
                tone = np.sin(2 * np.pi * hz * t) + 0.25 * np.sin(4 * np.pi * hz * t)
                envelope = np.minimum(t / 0.01, 1.0) * np.exp(-t * 2.5)
                envelope[-round(0.3 * RATE):] *= np.linspace(1.0, 0.0, round(0.3 * RATE))
                out[start:start + t.size] += tone * envelope * note.velocity / 127 * part.volume / 127
    return steady_cycle(out, 0, loop)


def render(name: str, build: object, target: Path, work: Path) -> None:
    assert callable(build)
    mono = synth(build())
    stereo = master(np.stack([mono, mono], axis=1), RATE)
    wav = work / f"{name}.wav"
    with wave.open(str(wav), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm16(stereo[:, 0]))
    serial = zlib.crc32(f"template/{name}".encode()) & 0x7FFFFFFF
    subprocess.run(["oggenc", "-Q", "-q", QUALITY, "-s", str(serial), "-o", str(target), str(wav)], check=True)
    log.info("%s: %.1f s, %d bytes", target.name, mono.size / RATE, target.stat().st_size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.placeholder_music", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="render to a temporary folder and compare")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if shutil.which("oggenc") is None:
        log.error("placeholder_music: oggenc (vorbis-tools) is not installed")
        return 2
    module = template_score()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        differs = []
        for name in TRACKS:
            target = work / f"{name}.ogg" if args.check else SOUND / f"{name}.ogg"
            render(name, module.TRACKS[name], target, work)
            if args.check and target.read_bytes() != (SOUND / f"{name}.ogg").read_bytes():
                differs.append(name)
    if differs:
        log.error("placeholder_music: %s differ from their render", ", ".join(differs))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
