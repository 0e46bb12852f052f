"""Keep SDL's and ALSA's own chatter off the terminal while the audio device is opened.

With no sound card, ALSA's library writes some sixteen lines to file descriptor 2 as SDL tries
its devices; Python's ``sys.stderr`` never sees them. Around the calls that open the device the
descriptor is pointed at a temporary file, and what was written there goes to the log at DEBUG:
the player sees the one INFO line the mixer writes, and nothing is lost.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)


@contextmanager
def stderr_to_log(what: str) -> Iterator[None]:
    """Run the block with file descriptor 2 captured; log what was written at DEBUG."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 at all (a windowed build): nothing to keep quiet
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            for line in sink.read().decode("utf-8", "replace").splitlines():
                if line.strip():
                    log.debug("%s: %s", what, line)
