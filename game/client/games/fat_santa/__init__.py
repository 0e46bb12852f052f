"""Fat Santa's screen parts: art, Santa's block, the sleigh, the pie meter, the presenter, help."""
