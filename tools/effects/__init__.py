"""Each game's sound effects as note data: ``notes`` (the vocabulary) and one module per game id."""
