"""Halloween Vacation: 5x4, 50 lines, sticky and expanding multiplier wilds in free games."""

from .game import HalloweenVacation

__all__ = ["HalloweenVacation"]
