"""Santa's Wonderland screen parts: art, grid, markers, clusters, features, panels, presenter, help."""
