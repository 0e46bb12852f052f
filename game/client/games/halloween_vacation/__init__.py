"""Halloween Vacation's screen parts: art, feature layer, presenter, help pages."""
