"""What every game screen shares: the screen base, the round director, the presenter registry, the reel kit."""
