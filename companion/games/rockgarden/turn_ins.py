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


def _keeps(rocks: list) -> str:
    return " ".join(rocks) if rocks else "nothing"


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
        rows = [kit.title(f"{name_of(players, turn)} is turning in forbidden sets"), order_line]
        if host:
            rows.append(kit.muted(f"Choose 'Enter for {name_of(players, turn)}' above to turn in for them."))
        return kit.card(rows)
    rows: list[ft.Control] = [
        kit.title("Turn in your forbidden sets" if my_turn else
                  f"{name_of(players, turn)} is turning in forbidden sets", size=26), order_line]
    if not sets:
        rows.append(kit.body("You have no forbidden set this round."))
        return kit.card(rows)
    if advice is None:
        rows.append(kit.body("You have had your turn this round."))
        return kit.card(rows)

    def turn_in(rocks: str):
        context.act("turn_in", {"rocks": rocks})

    steps = rk.remaining_steps(chosen, garden) if chosen is not None else None
    if steps and my_turn:
        rows.append(kit.body(f"Your plan: next {steps[0]}", weight=ft.FontWeight.BOLD))
        rows.append(rk.rock_row(names, steps[0].split(), size=26))
        rows.append(kit.primary("Turn in the next set", lambda e: turn_in(steps[0])))
        rows.append(kit.secondary("Choose another way", lambda e: set_chosen(None)))
        return kit.card(rows)
    tops = advice["tops"]
    faced = ", ".join(f"{rk.DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    if advice["before"]:
        rows.append(kit.body(f"Deck tops you will face after "
                             f"{', '.join(name_of(players, s) for s in advice['before'])} "
                             f"(if they follow their best plan): {faced}"))
    else:
        rows.append(kit.body(f"Deck tops you face: {faced}"))
    plans = advice["plans"]
    shown = plans if all_plans else plans[:PLANS_SHOWN]
    rows.append(kit.title("Outcomes, best first", size=20))

    def follow(way: dict):
        def handler(e):
            set_chosen({"garden": dict(garden), "steps": list(way["steps"])})
            turn_in(way["steps"][0])
        return handler

    for number, plan in enumerate(shown, start=1):
        rows.append(_plan_card(names, plan, number, follow if my_turn else None))
    if len(plans) > len(shown):
        rows.append(kit.secondary(f"Show all {len(plans)} outcomes", lambda e: set_all_plans(True)))
    rows.append(kit.title("Or one set at a time, your own order", size=20))
    for entry in sets:
        text = " ".join(entry["rocks"])
        title = rk.DECK_NAMES[entry["set"]]
        line: list[ft.Control] = [rk.rock_row(names, entry["rocks"]),
                                  kit.body(f"{title}: card {costs[entry['set']]} now")]
        if my_turn:
            line.append(kit.secondary(f"Turn in {title} {text}", lambda e, t=text: turn_in(t)))
        rows.append(ft.Column(line, spacing=4))
    return kit.card(rows)


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
        rows.append(kit.body("Keeps " + ", or ".join(_keeps(w["rocks_left"]) for w in ways), size=16))
    if follow is not None and plan["turn_ins"]:
        rows.append(kit.primary(f"Follow plan {number}", follow(ways[0])))
        for way in ways[1:]:
            rows.append(kit.secondary(f"Follow plan {number} keeping {_keeps(way['rocks_left'])}",
                                      follow(way)))
    return ft.Container(ft.Column(rows, spacing=4), padding=10, border_radius=10,
                        border=kit.outline(3 if number == 1 else 1,
                                           rk.HIGHLIGHT if number == 1 else "#9e9e9e"))
