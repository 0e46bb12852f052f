"""The games, each in its own package with its data file."""
