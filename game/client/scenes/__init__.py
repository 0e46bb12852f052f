"""Game screens and the lobby: one scene per screen."""
