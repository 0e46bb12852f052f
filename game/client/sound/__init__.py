"""Sound: cue tables, the mixer's backend, music and its mix, loading off the frame.

:class:`game.client.audio.Audio` is what scenes use; these modules are its parts.
"""
