"""Naughty or Nice?: 5x3, 50 lines, two substitutes, the Bonus Substitute free games, a progressive jackpot."""

from .game import NaughtyOrNice

__all__ = ["NaughtyOrNice"]
