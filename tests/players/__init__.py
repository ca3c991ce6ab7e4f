"""Random players per game: ``payload(rng, kind, view, table)`` picks what a player
looking at their own view might send (often legal, sometimes not, as at a real table)."""
