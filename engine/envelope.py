"""The one view envelope: what every screen and the JSON transport get for a viewer.

``public`` (everyone's), ``private`` (this seat's), ``legal`` (this seat's moves now),
``to_act``, ``result`` (once over), ``revision`` and ``news`` (what happened since the
revision this viewer last saw, each line as the game describes it for them, ``concerns``
when it concerns their seat, ``sealed`` when it is a secret move's), ``moves`` (the table's move count,
:func:`engine.log.move_count`: what "move n" on a phone says, the tables list's "n
moves"): the same shape for every game.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game

ENVELOPE = ("public", "private", "legal", "to_act", "result", "revision", "news", "moves")


def envelope(game: Game, state: Any, public: dict, seat: int | None, legal: list[str],
             revision: int, news: list[dict], moves: int) -> dict:
    """The envelope of ``state`` for ``seat`` (None: the table screen or a watcher);
    ``public`` is built once per state and shared by every viewer."""
    over = game.is_over(state)
    return {
        "public": public,
        "private": game.private(state, seat) if seat is not None else None,
        "legal": legal,
        "to_act": [] if over else list(game.to_act(state)),
        "result": game.result(state) if over else None,
        "revision": revision,
        "news": news,
        "moves": moves,
    }
