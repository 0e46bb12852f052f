"""Naughty or Nice?'s screen parts: art, the Bonus Substitute choice, the free-game layer, the jackpot, help."""
