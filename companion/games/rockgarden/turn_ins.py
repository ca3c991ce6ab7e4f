"""The turn-ins: the forbidden sets this seat turns in, with the advised plans (best
first, each with the deck tops it assumes and the rocks it may leave) or one set at a time."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import allowed, name_of, seat_and_names
from companion.ui import kit
from companion.ui.live import part, use_table, use_view
from engine.words import plural

PLANS_SHOWN = 4


def _keeps(names, rocks: list) -> str:
    return rk.rocks_label(names, rocks) if rocks else "nothing"


@part
def TurnIns():
    context = use_table()
    seat, host, players, names = use_view(seat_and_names)
    turn = use_view(lambda s: s["public"]["turn"])
    order = use_view(lambda s: tuple(s["public"]["turn_in_order"]))
    (my_turn,) = use_view(allowed("turn_in"))
    sets = use_view(lambda s: s["public"]["players"][seat]["forbidden_sets"] if seat is not None else [])
    garden = use_view(lambda s: s["public"]["players"][seat]["garden"] if seat is not None else {})
    advice = use_view(lambda s: (s["private"] or {}).get("advice"))
    costs = use_view(lambda s: {d: s["public"]["decks"][d]["next_cost"] for d in rk.SET_DECKS})
    has_private = use_view(lambda s: s["private"] is not None)
    chosen, set_chosen = ft.use_state(None)
    all_plans, set_all_plans = ft.use_state(False)
    order_line = kit.muted("Turn-in order: " + ", ".join(name_of(players, s) for s in order))
    if not has_private:
        return kit.card(_watched(name_of(players, turn), host, order_line))
    rows: list[ft.Control] = [
        kit.title("Turn in your forbidden sets" if my_turn else
                  f"{name_of(players, turn)} is turning in forbidden sets", size=26), order_line]
    if not sets or advice is None:
        rows.append(kit.body("You have no forbidden set this round." if not sets
                             else "You have had your turn this round."))
        return kit.card(rows)

    def turn_in(rocks: str):
        context.act("turn_in", {"rocks": rocks})

    steps = rk.remaining_steps(chosen, garden) if chosen is not None else None
    if steps and my_turn:
        return kit.card(rows + _next_step(names, steps[0], turn_in, lambda e: set_chosen(None)))

    def follow(way: dict):
        def handler(e):
            set_chosen({"garden": dict(garden), "steps": list(way["steps"])})
            turn_in(way["steps"][0])
        return handler

    rows.append(_tops_faced(players, advice))
    rows += _plans(names, advice["plans"], all_plans, follow if my_turn else None, lambda e: set_all_plans(True))
    rows += _one_set_at_a_time(names, sets, costs, turn_in if my_turn else None)
    return kit.card(rows)


def _watched(turn: str, host: bool, order_line: ft.Control) -> list[ft.Control]:
    """The turn-ins on a screen without a seat: who turns in, and on the host's how to
    turn in for them."""
    rows = [kit.title(f"{turn} is turning in forbidden sets"), order_line]
    if host:
        rows.append(kit.muted(f"Choose 'Enter for {turn}' above to turn in for them."))
    return rows


def _next_step(names, step: str, turn_in, choose_again) -> list[ft.Control]:
    """The plan I follow: its next set, one tap away."""
    return [kit.body(f"Your plan: next {rk.rocks_label(names, step.split())}", weight=ft.FontWeight.BOLD),
            rk.rock_row(names, step.split(), size=26),
            kit.primary("Turn in the next set", lambda e: turn_in(step)),
            kit.secondary("Choose another way", choose_again)]


def _tops_faced(players, advice: dict) -> ft.Control:
    """The deck tops the advice assumes: those I face, or those I will face after the
    players before me (if they follow their best plan)."""
    tops = advice["tops"]
    faced = ", ".join(f"{rk.DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    if advice["before"]:
        return kit.body(f"Deck tops you will face after "
                        f"{', '.join(name_of(players, s) for s in advice['before'])} "
                        f"(if they follow their best plan): {faced}")
    return kit.body(f"Deck tops you face: {faced}")


def _plans(names, plans: list, all_plans: bool, follow, show_all) -> list[ft.Control]:
    """The advised outcomes, best first (the first few, or all on demand)."""
    shown = plans if all_plans else plans[:PLANS_SHOWN]
    rows: list[ft.Control] = [kit.title("Outcomes, best first", size=20)]
    for number, plan in enumerate(shown, start=1):
        rows.append(_plan_card(names, plan, number, follow))
    if len(plans) > len(shown):
        rows.append(kit.secondary(f"Show all {len(plans)} outcomes", show_all))
    return rows


def _one_set_at_a_time(names, sets: list, costs: dict, turn_in) -> list[ft.Control]:
    """Each forbidden set with what its card costs now, and (on my turn) its button."""
    rows: list[ft.Control] = [kit.title("Or one set at a time, your own order", size=20)]
    for entry in sets:
        text = " ".join(entry["rocks"])
        title = rk.DECK_NAMES[entry["set"]]
        line: list[ft.Control] = [rk.rock_row(names, entry["rocks"]),
                                  kit.body(f"{title}: card {costs[entry['set']]} now")]
        if turn_in is not None:
            line.append(kit.secondary(f"Turn in {title}: {rk.rocks_label(names, entry['rocks'])}",
                                      lambda e, t=text: turn_in(t)))
        rows.append(ft.Column(line, spacing=4))
    return rows


def _plan_card(names, plan: dict, number: int, follow) -> ft.Control:
    kept = plan["kept"]
    head = (f"Plan {number}: {plural(plan['demerits'], 'demerit')}, {plural(plan['cards'], 'card')}, "
            f"keep {plural(kept, 'rock')}")
    ways = plan.get("alternatives") or [plan]
    rows: list[ft.Control] = [kit.own(ft.Text(head, size=18, weight=ft.FontWeight.BOLD))]
    for step in plan["turn_ins"]:
        rows.append(ft.Row([rk.rock_row(names, step["rocks"], size=18),
                            kit.body(f"{rk.DECK_NAMES[step['set']]} card {step['card']}", size=16)],
                           wrap=True))
    if plan["turn_ins"]:
        rows.append(kit.body("Keeps " + "; or ".join(_keeps(names, w["rocks_left"]) for w in ways), size=16))
    if follow is not None and plan["turn_ins"]:
        rows.append(kit.primary(f"Follow plan {number}", follow(ways[0])))
        for way in ways[1:]:
            rows.append(kit.secondary(f"Follow plan {number} keeping {_keeps(names, way['rocks_left'])}",
                                      follow(way)))
    return ft.Container(ft.Column(rows, spacing=4), padding=10, border_radius=10,
                        border=kit.outline(3 if number == 1 else 1,
                                           rk.HIGHLIGHT if number == 1 else "#9e9e9e"))
