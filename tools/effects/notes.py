"""The note data's vocabulary for the games' sound effects (``python -m tools.make_effects``).

A game's effects module, ``tools/effects/<game id>.py``, names its ``WORLD`` (the instruments and
the key of its world) and its own moments in ``mechanics(world)``; the moments every reel game has
are ``tools.make_effects.common_effects``. A new game adds its module: no shared file changes.
"""

from __future__ import annotations

from dataclasses import dataclass

Note = tuple[float, float, str, int, int]  # start s, length s, role, semitones from the root (or drum note), velocity


@dataclass(frozen=True)
class World:
    """The instruments of a game's world: a role (lead, bell, low, pad) to a General MIDI program,
    and the key its effects are in (the MIDI note of the root) with its scale's steps."""

    programs: dict[str, int]
    root: int
    scale: tuple[int, ...]  # the seven steps of its mode, in semitones



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
