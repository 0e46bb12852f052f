"""Santa's Wonderland: 8x8 cluster pays, tumbles, snowflake markers and Midnight Riches."""

from .game import SantasWonderland

__all__ = ["SantasWonderland"]
