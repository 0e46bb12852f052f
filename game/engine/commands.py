"""How every analysis command ends: its exit status, and quietly when its reader goes away."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run_command(main: Callable[[], int]) -> None:
    """Run a command's ``main`` and exit with its status.

    Output piped to a reader that stops early (``| head``) ends the command at once, with no
    traceback: the rest of the output is not wanted. Python would report the broken pipe again
    when it flushes stdout at exit, so stdout is pointed at the null device first.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 0
    sys.exit(status)
