"""The score pad's state and the queries its moves and views share.

    {
      "players": ["Ann", "Bo", ...],   # names, in seat order
      "secret": False,                 # the table setting: scores hidden until revealed
      "wins": "highest",               # the table setting: the highest or the lowest total wins
      "rounds": [[5, None], ...],      # rounds[r][seat] = points, or None (not entered)
      "revealed": False,               # the host revealed the secret scores (or ended)
      "finished": False,               # the host ended the game
    }
"""

from __future__ import annotations

from engine.words import and_words

MAX_POINTS = 100_000
MAX_ROUNDS = 1_000
HIGHEST, LOWEST = "highest", "lowest"
WHO_WINS = (HIGHEST, LOWEST)


def new_state(players: list[str], secret: bool, wins: str = HIGHEST) -> dict:
    return {
        "players": list(players),
        "secret": bool(secret),
        "wins": wins,
        "rounds": [[None] * len(players)],
        "revealed": False,
        "finished": False,
    }


def totals(state: dict) -> list[int]:
    n = len(state["players"])
    return [sum(r[s] or 0 for r in state["rounds"]) for s in range(n)]


def lowest_wins(state: dict) -> bool:
    """Golf, Hearts: the fewest points win (a pad kept before the setting: the most)."""
    return state.get("wins", HIGHEST) == LOWEST


def best_total(state: dict) -> int:
    sums = totals(state)
    return min(sums) if lowest_wins(state) else max(sums)


def leaders_first(state: dict) -> list[int]:
    """Seats from the best total to the worst (ties in seat order)."""
    sums = totals(state)
    sign = 1 if lowest_wins(state) else -1
    return sorted(range(len(sums)), key=lambda s: (sign * sums[s], s))


def rank_of(state: dict, seat: int) -> int:
    """1 + how many seats have a better total than ``seat``."""
    sums = totals(state)
    better = (lambda other: other < sums[seat]) if lowest_wins(state) else (lambda other: other > sums[seat])
    return 1 + sum(1 for other in sums if better(other))


def waiting(state: dict) -> list[int]:
    """Seats that have not entered points this round."""
    return [s for s, p in enumerate(state["rounds"][-1]) if p is None]


def standing(state: dict) -> str:
    """The final standing in words: "Cy wins with 26", "Ann and Cy tie for first with 26"."""
    sums = totals(state)
    best = best_total(state)
    leaders = [name for name, total in zip(state["players"], sums) if total == best]
    if len(leaders) > 1:
        return f"{and_words(leaders)} tie for first with {best}"
    return f"{leaders[0]} {'wins' if len(sums) > 1 else 'ends'} with {best}"


def hidden(state: dict) -> bool:
    """Whether each player sees only their own points now."""
    return state["secret"] and not state["revealed"]


def visible(state: dict, viewer: int | None, owner: int) -> bool:
    """Whether ``viewer`` (None: the table screen) may read ``owner``'s points."""
    return not hidden(state) or viewer == owner
