"""Plays: what a finished game leaves behind (who sat where, the scores, the winners,
what the game counts at its end) and the statistics over many of them.

Pure like the rest of the engine: :mod:`engine.plays.outcome` reads a game's own final
``result`` (never recomputing who won from the scores, so every game's rules, ties and
lowest-wins score pads, decide), and :mod:`engine.plays.stats` counts over plays.
"""
