"""Why the app cannot start or go on: raised by the app and the demo, caught by the entry point."""

from __future__ import annotations

# The exit status of a full disk, at start-up or in play (README, "Exit status").
DISK_FULL_STATUS = 3


class StartupError(Exception):
    """The app cannot start or continue as asked; the message is the one-line reason.

    ``status`` is the exit status: 2 for what the player can fix before starting (a flag, an
    unusable data folder, the game already open on it), DISK_FULL_STATUS for a full disk, 1 otherwise.
    """

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status
