"""How many frames a second the loop asks for: 60, 120 or the display's own refresh rate.

The player's choice is kept in the player's wallet (``SETTING``). "Display" follows the refresh
rate SDL reports for the window's display; a driver that reports none (0, as Xvfb and the dummy
driver do) gets 60. The rate is a cap: with vsync on, a flip also waits for the display.
"""

from __future__ import annotations

SETTING = "frame_rate"
DISPLAY = "display"
CHOICES: tuple[int | str, ...] = (60, 120, DISPLAY)
DEFAULT = 60
HIGHEST = 240  # a display that reports more is still capped here


def load_choice(stored: object) -> int | str:
    """The stored choice, or the default for a missing or unknown value."""
    if isinstance(stored, (int, str)) and not isinstance(stored, bool) and stored in CHOICES:
        return stored
    return DEFAULT


def frames_per_second(choice: int | str, display_hz: int) -> int:
    """The loop's cap for ``choice`` on a display refreshing at ``display_hz`` (0: unknown)."""
    if choice == DISPLAY:
        return min(display_hz, HIGHEST) if display_hz > 0 else DEFAULT
    return int(choice)


def label(choice: int | str) -> str:
    return "Match display" if choice == DISPLAY else f"{choice} fps"
