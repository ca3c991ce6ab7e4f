"""What a game's phone screen gets to work with: its view, and ways to act.

Game screens (``companion/games/<id>.py``) are plain functions of a :class:`GameUI`:
they read ``ui.game`` (the engine's ``view(state, seat)``, nothing more) and call
``ui.act(kind, payload)``. Scratch state that must survive a re-render (a bid being
composed) lives in ``ui.local``. ``ui.memo`` keeps a part that did not change between
re-renders; its deps must name everything the part (and its handlers) reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.ui.memo import no_memo


@dataclass
class GameUI:
    view: dict
    act: Callable[..., None]
    confirm: Callable[[str, str, Callable[[], None]], None]
    toast: Callable[[str], None]
    rerender: Callable[[], None]
    local: dict = field(default_factory=dict)
    acting_seat: int | None = None  # the seat the screen enters actions for
    # memo(name, deps, build): a part built again only when deps change (companion/ui/memo.py)
    memo: Callable[[str, Any, Callable[[], Any]], Any] = no_memo

    @property
    def game(self) -> dict:
        return self.view["game"]

    @property
    def seat(self) -> int | None:
        return self.view["seat"]

    @property
    def host(self) -> bool:
        return self.view["host"]

    @property
    def players(self) -> list[str]:
        return self.view["players"]

    @property
    def colours(self) -> list[str]:
        return self.view["colours"]

    @property
    def over(self) -> bool:
        return self.view["over"]

    def name(self, seat: int | None) -> str:
        return "the table" if seat is None else self.players[seat]

    def may_act_for(self, seat: int | None) -> bool:
        """A phone acts for its own seat; the host for whichever seat it enters for."""
        if self.over:
            return False
        if self.host:
            return True
        return seat is not None and seat == self.seat

    def mine(self) -> int | None:
        """The seat this screen plays as (its own, or the one the host enters for)."""
        return self.seat if self.seat is not None else self.acting_seat

    def local_for(self, key: str, default: Any) -> Any:
        return self.local.setdefault(key, default)
