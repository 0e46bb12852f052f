"""The soundtrack's sources: note data per track and the code that turns it into audio.

``score`` is the note format (a melody string, a chord string, parts of notes in beats),
``arrange`` the accompaniment figures built from chords, ``smf`` writes a Standard MIDI File,
``measure`` holds the loudness (ITU-R BS.1770), peak and loop-seam measurements shared by the
renderer and the tests, ``master`` the loop fold, gain and limiter. ``scores/`` has one module
per game (and the lobby) with its tracks. ``python -m tools.make_music`` renders them all.
"""
