"""A new game's placeholder effects: one short, quiet tone for each of its cues, as WAV.

``python -m tools.new_game`` writes them to ``assets/sounds/<id>/`` with the game's cue table, so
the game plays and passes the sound tests before its effects are rendered
(``python -m tools.make_effects --game <id>`` replaces them with OGG files and a new table).
Each tone is the cue's first note (a sine and its octave, struck and fading) at the level of its
kind of effect (``tools.make_effects.LEVELS``), 11,025 samples a second in mono: about 3 kB each.
Made with the standard library, so no synth or encoder is needed.
"""

from __future__ import annotations

import io
import json
import math
import types
import wave
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from tools.make_effects import LEVELS, LONGEST, common_effects

TEMPLATE_SOUND = Path(__file__).resolve().parent.parent / "templates" / "game" / "sound"
RATE = 11025
SECONDS = 0.15


def effects_module(text: str, name: str) -> types.ModuleType:
    """A game's effects module (``tools/effects/<id>.py``) from its text, without importing it."""
    module = types.ModuleType(name)
    exec(compile(text, name, "exec"), module.__dict__)
    return module


def tone(semitones: int, root: int, level_db: float, seconds: float) -> bytes:
    """A WAV of one struck note, its sample peak at ``level_db`` dBFS."""
    hz = 440.0 * 2 ** ((root + semitones - 69) / 12)
    count = round(seconds * RATE)
    shape = [math.sin(2 * math.pi * hz * k / RATE) + 0.3 * math.sin(4 * math.pi * hz * k / RATE) for k in range(count)]
    envelope = [min(k / (0.004 * RATE), 1.0) * (1 - k / count) ** 2 for k in range(count)]
    samples = [s * e for s, e in zip(shape, envelope, strict=True)]
    gain = 10 ** (level_db / 20) / max(abs(s) for s in samples)
    pcm = b"".join(round(s * gain * 32767).to_bytes(2, "little", signed=True) for s in samples)
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(pcm)
    return out.getvalue()


def placeholder_effects(game_id: str, module: types.ModuleType) -> dict[str, bytes]:
    """File name under ``assets/sounds/<id>/`` -> its bytes: a tone per cue and ``cues.json``."""
    world = module.WORLD
    effects = common_effects(world) | module.mechanics(world)
    files: dict[str, bytes] = {}
    for name, (kind, notes) in sorted(effects.items()):
        pitched = [note for note in notes if note[2] != "drums"]
        semitones = pitched[0][3] if pitched else 0
        files[f"{name}.wav"] = tone(semitones, world.root, LEVELS[kind], min(SECONDS, LONGEST[kind]))
    table = {name: f"{game_id}/{name}.wav" for name in sorted(effects)}
    files["cues.json"] = (json.dumps({"cues": table}, indent=2, sort_keys=True) + "\n").encode()
    return files


@cache
def placeholder_audio() -> frozenset[bytes]:
    """The bytes of every placeholder a new game gets: the template's tracks and its tones."""
    tracks = {path.read_bytes() for path in TEMPLATE_SOUND.glob("*.ogg")}
    module = effects_module((TEMPLATE_SOUND / "effects.py").read_text(encoding="utf-8"), "template effects")
    tones = {data for name, data in placeholder_effects("template", module).items() if name.endswith(".wav")}
    return frozenset(tracks | tones)


def placeholder_bytes() -> int:
    """What one game's placeholders weigh, counted once for every game that still wears them."""
    return sum(len(data) for data in placeholder_audio())


def bundle_size(files: Iterable[Path]) -> int:
    """The bytes of ``files``, each placeholder counted once however many games' folders hold a copy:
    the budgets weigh the games' own sound, and the one set of placeholders they share until replaced."""
    placeholders = placeholder_audio()
    sizes = {len(data) for data in placeholders}
    total, seen = 0, set()
    for path in files:
        size = path.stat().st_size
        if size in sizes and (data := path.read_bytes()) in placeholders:
            if data in seen:
                continue
            seen.add(data)
        total += size
    return total
