"""One client folder per game, named by its id: screen, presenter, art, help and its own features."""
