"""What a game's phone screen gets to work with: its view envelope, and ways to act.

Game screens (``companion/games/<id>.py``) are plain functions of a :class:`GameUI`:
they read the envelope (``ui.public``, ``ui.private``, ``ui.legal``, ``ui.to_act``,
``ui.result``) and the table's facts (players, colours), and call
``ui.act(kind, payload)``. A button is offered when its move is in ``ui.legal``: the
table model computes that list with the very check that accepts or refuses the move.
Scratch state that must survive a re-render (a bid being composed) lives in ``ui.local``.

This is the imperative screens' interface, drawn whole inside one component
(:func:`companion.ui.table.WholeScreen`) while each game's screen moves to components.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable



@dataclass
class GameUI:
    table: dict
    view: dict
    act: Callable[..., None]
    confirm: Callable[[str, str, Callable[[], None]], None]
    toast: Callable[[str], None]
    rerender: Callable[[], None]
    local: dict = field(default_factory=dict)
    memo: Callable[[str, Any, Callable[[], Any]], Any] = lambda name, deps, build: build()

    # -- the envelope ------------------------------------------------------------
    @property
    def public(self) -> dict:
        return self.view["public"]

    @property
    def private(self) -> dict | None:
        return self.view["private"]

    @property
    def legal(self) -> list[str]:
        return self.view["legal"]

    @property
    def to_act(self) -> list[int]:
        return self.view["to_act"]

    @property
    def result(self) -> dict | None:
        return self.view["result"]

    @property
    def revision(self) -> int:
        return self.view["revision"]

    # -- the table ---------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat this screen acts for: the phone's own, or the one the host enters for
        (None: the host's table screen, or a watcher)."""
        return self.table["seat"]

    @property
    def host(self) -> bool:
        return self.table["host"]

    @property
    def players(self) -> list[str]:
        return self.table["players"]

    @property
    def colours(self) -> list[str]:
        return self.table["colours"]

    @property
    def settings(self) -> dict:
        return self.table["settings"]

    @property
    def over(self) -> bool:
        return self.view["result"] is not None

    def may(self, kind: str) -> bool:
        """Is this move open to this screen now (the table's own check, not the screen's)?"""
        return kind in self.view["legal"]

    def name(self, seat: int | None) -> str:
        return "the table" if seat is None else self.players[seat]

    def local_for(self, key: str, default: Any) -> Any:
        return self.local.setdefault(key, default)
