"""__GAME_TITLE__: 3 reels, 3 rows, 5 lines; two gifts offer a priced respin, three open a gift pick."""

from .game import __GameClass__

__all__ = ["__GameClass__"]
