"""Fat Santa: 5x5, 50 lines, Santa's Sleigh, and a Fat Santa who grows to 5x5 in the free games."""

from .game import FatSanta

__all__ = ["FatSanta"]
