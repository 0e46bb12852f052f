"""Slingo Santa King: a 5x5 Slingo grid, 11 spins, wild picks, the Reel King trail, priced extra spins."""

from .game import SlingoSantaKing

__all__ = ["SlingoSantaKing"]
