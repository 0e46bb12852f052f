"""Slingo Santa King's screen parts: art, the grid and its reels, the ladder, the trail, the Reel King
bonus, the Superspin Wheel, the pick and the extra-spin offer, the play controls, presenter, help."""
