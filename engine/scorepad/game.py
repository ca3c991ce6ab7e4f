"""Score pad rules: enter points per player per round; totals; optional secret scores.

With ``secret`` on, each player sees only their own points until the host reveals
them (for games scored in secret); the table screen sees only who has entered.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.game import Action, Game, Setting, copied

MAX_POINTS = 100_000


class ScorePad(Game):
    id = "scorepad"
    title = "Score pad"
    min_players = 1
    max_players = 12
    settings = (
        Setting("secret", "Secret scores until revealed", False, kind="bool",
                help="Each player sees only their own points until the host reveals them."),
    )

    def setup(self, players: list[str], settings: dict) -> dict:
        return {
            "players": list(players),
            "secret": bool(settings.get("secret", False)),
            "rounds": [[None] * len(players)],  # rounds[r][seat] = points or None
            "revealed": False,
            "finished": False,
        }

    # -- rules ---------------------------------------------------------------
    def apply(self, state: dict, action: Action) -> dict:
        kind = action.kind
        if kind == "points":
            return self._points(state, action)
        if kind == "new_round":
            if all(p is None for p in state["rounds"][-1]):
                raise IllegalAction("This round has no points yet")
            new = copied(state)
            new["rounds"].append([None] * len(state["players"]))
            return new
        if kind == "reveal":
            if action.seat is not None:
                raise IllegalAction("Only the host reveals the scores")
            if not state["secret"] or state["revealed"]:
                raise IllegalAction("The scores are already open")
            new = copied(state)
            new["revealed"] = True
            return new
        if kind == "finish":
            new = copied(state)
            new["finished"] = True
            new["revealed"] = True
            return new
        raise IllegalAction(f"The score pad has no action '{kind}'")

    def _points(self, state: dict, action: Action) -> dict:
        seat = action.get("player", action.seat)
        if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("Choose a player")
        if action.seat is not None and seat != action.seat:
            raise IllegalAction("You can only enter your own points")
        rnd = action.get("round", len(state["rounds"]) - 1)
        if not isinstance(rnd, int) or not 0 <= rnd < len(state["rounds"]):
            raise IllegalAction("There is no such round")
        raw = action.get("points")
        try:
            points = int(str(raw).strip())
        except (TypeError, ValueError):
            raise IllegalAction(f"'{raw}' is not a whole number of points") from None
        if abs(points) > MAX_POINTS:
            raise IllegalAction(f"Points are between -{MAX_POINTS} and {MAX_POINTS}")
        new = copied(state)
        new["rounds"][rnd][seat] = points
        return new

    # -- reading -------------------------------------------------------------
    @staticmethod
    def totals(state: dict) -> list[int]:
        n = len(state["players"])
        return [sum(r[s] or 0 for r in state["rounds"]) for s in range(n)]

    def _visible(self, state: dict, seat: int | None, owner: int) -> bool:
        return not state["secret"] or state["revealed"] or seat == owner

    def view(self, state: dict, seat: int | None) -> dict:
        totals = self.totals(state)
        players = []
        for s, name in enumerate(state["players"]):
            visible = self._visible(state, seat, s)
            players.append({
                "name": name,
                "total": totals[s] if visible else None,
                "rounds": [r[s] if visible else ("entered" if r[s] is not None else None)
                           for r in state["rounds"]],
            })
        return {
            "round": len(state["rounds"]),
            "players": players,
            "secret": state["secret"] and not state["revealed"],
            "finished": state["finished"],
        }

    def is_over(self, state: dict) -> bool:
        return state["finished"]

    def result(self, state: dict) -> dict | None:
        if not state["finished"]:
            return None
        totals = self.totals(state)
        order = sorted(range(len(totals)), key=lambda s: -totals[s])
        return {"ranking": [{"name": state["players"][s], "total": totals[s]} for s in order]}

    def describe(self, state: dict, action: Action, viewer: int | None) -> str:
        names = state["players"]
        if action.kind == "points":
            seat = action.get("player", action.seat)
            who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
            rnd = action.get("round", len(state["rounds"]) - 1)
            if self._visible(state, viewer, seat):
                return f"{who} scored {action.get('points')} in round {rnd + 1}"
            return f"{who} entered a secret score for round {rnd + 1}"
        if action.kind == "new_round":
            return f"Round {len(state['rounds']) + 1} started"
        if action.kind == "reveal":
            return "The host revealed the scores"
        if action.kind == "finish":
            return "The game was finished"
        return super().describe(state, action, viewer)

    def undoable(self, action: Action) -> bool:
        return action.kind != "reveal"


GAME = ScorePad()
