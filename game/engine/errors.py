"""Errors the engine raises, each naming what is wrong."""


class EngineError(Exception):
    """Base class for engine errors."""


class DataError(EngineError):
    """A game data file is missing, unreadable or inconsistent."""


class UnknownGame(EngineError, KeyError):
    """No game with that id."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown game"


class InvalidBet(EngineError, ValueError):
    """A bet that is not on the game's bet ladder."""


class DecisionError(EngineError, ValueError):
    """A decision that the waiting step does not accept."""
