"""The soundtrack's note data (tools/music/scores): every track, its length, its notes in tune.

These read the scores only (no synth); tests/test_music.py checks the rendered files.
"""

from __future__ import annotations

import pytest

from game.catalogue import CATALOGUE
from tools.music.arrange import wrong_notes
from tools.music.score import Part, Score, chords, loop_tempo, melody
from tools.music.scores import GAME_TRACKS, all_tracks

TRACKS = all_tracks()


def test_every_game_and_the_lobby_have_their_tracks():
    expected = {"lobby"} | {f"{entry.id}/{track}" for entry in CATALOGUE for track in GAME_TRACKS}
    assert set(TRACKS) == expected


@pytest.fixture(scope="module")
def scores() -> dict[str, Score]:
    return {name: build() for name, build in TRACKS.items()}


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_a_loop_is_at_least_30_seconds_and_its_parts_fit_in_it(scores, name):
    score = scores[name]
    assert score.seconds >= 30.0, f"{name}: {score.seconds:.1f} s"
    assert sum(c.length for c in score.harmony) == score.beats, f"{name}: the chords do not fill the loop"
    for part in score.parts:
        assert part.notes, f"{name}: {part.name} has no notes"
        assert all(0 <= n.start < score.beats for n in part.notes), f"{name}: {part.name} starts a note outside"
        assert all(0 <= n.pitch <= 127 and 1 <= n.velocity <= 127 for n in part.notes)


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_the_tune_s_held_and_downbeat_notes_are_tones_of_their_chord(scores, name):
    """No wrong notes (``wrong_notes``): what is held or falls on a downbeat is in the chord."""
    score = scores[name]
    assert any(p.tune for p in score.parts), f"{name}: no part carries the tune"
    assert not wrong_notes(score), f"{name}: " + ", ".join(wrong_notes(score))


def test_a_held_note_outside_its_chord_is_found_and_a_passing_one_is_not():
    harmony = chords("C:4 G7:4")
    tune = Part("tune", 0, 0, tune=True, notes=melody("E5:1 F:.5 E:.5 G:2 C#:2 B4:2"))
    found = wrong_notes(Score("test", 120, 4, 2, [tune], harmony))
    assert found == ["tune: MIDI 73 at beat 4.00"]  # C# held over G7; F (a passing half beat), G and B pass


def test_the_loop_tempo_makes_a_whole_number_of_synth_blocks():
    for beats in (48, 64, 72, 80, 96, 120):
        loop_us = beats * loop_tempo(beats, 131.0)
        assert loop_us % 640_000 == 0
        assert abs(60e6 / loop_tempo(beats, 131.0) - 131.0) < 131.0 * 0.1


def test_the_note_format():
    assert [(n.start, n.pitch) for n in melody("C4:1 D:.5 r:.5 F#5:2")] == [(0, 60), (1, 62), (2, 78)]
    assert [(c.root, c.intervals, c.bass) for c in chords("Am:3 G7/B:1")] == [(9, (0, 3, 7), 9), (7, (0, 4, 7, 10), 11)]
    with pytest.raises(ValueError, match="bad melody token"):
        melody("H4:1")
    with pytest.raises(ValueError, match="bad chord token"):
        chords("Cx:1")
