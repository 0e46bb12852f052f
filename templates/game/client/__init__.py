"""__GAME_TITLE__'s screen parts: art, presenter, help pages."""
