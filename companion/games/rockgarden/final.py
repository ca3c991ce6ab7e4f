"""The end of the game: why it ended, the ranking (fewest demerits, ties broken by rocks)
and each player's demerits by round."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import player_colours
from companion.ui import charts, kit
from companion.ui.live import part, use_view
from engine.words import plural

ENDINGS = {
    "black_in_piles": "The black rock came out while the piles were drawn: the game ended at once.",
    "black_on_pass": "The passing player drew the black rock: the game ended after that round's scoring.",
}


def ending_reasons(s: dict) -> tuple:
    result = s["result"] or {}
    out = []
    for reason in result.get("ending", s["public"]["ending"]):
        if reason.startswith("deck_empty:"):
            deck = rk.DECK_NAMES.get(reason.split(":", 1)[1], reason)
            out.append(f"The last {deck} card was taken: the game ended after that round's scoring.")
        else:
            out.append(ENDINGS.get(reason, reason))
    return tuple(out)


def ranking_slice(s: dict) -> tuple:
    return tuple((r["seat"], r["name"], r["place"], r["demerits"], r["rocks"],
                  tuple(tuple(sorted(c.items())) for c in r["cards"]))
                 for r in (s["result"] or {}).get("ranking", ()))


@part
def Final():
    reasons = use_view(ending_reasons)
    rounds = use_view(lambda s: (s["result"] or {}).get("rounds", s["public"]["round"]))
    ranking = use_view(ranking_slice)
    colours = use_view(player_colours)
    rows: list[ft.Control] = [kit.title("Game over", size=30)]
    rows += [kit.body(r) for r in reasons]
    rows.append(kit.muted(f"{plural(rounds, 'round')}. Fewest demerits wins; "
                          "a tie goes to fewer rocks in the garden."))
    for seat, name, place, demerits, rocks, cards in ranking:
        rows.append(ft.Row([
            ft.Row([kit.own(ft.Text(f"{place}.", size=28, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{name} place {place}")),
                    kit.player_badge(name, colours[seat], size=22)], tight=True, spacing=8),
            ft.Row([kit.own(ft.Text(str(demerits), size=30, weight=ft.FontWeight.BOLD,
                                    semantics_label=f"{name} demerits {demerits}")),
                    kit.own(ft.Text(plural(rocks, "rock"), size=16,
                                    semantics_label=f"{name} rocks {rocks}"))], tight=True, spacing=8),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        if cards:
            rows.append(ft.Row([rk.card_chip(dict(c)) for c in cards], wrap=True, spacing=4))
    return kit.card(rows)


@part
def DemeritChart(height: int = 240):
    """Each player's demerits by round (flet-charts, with its words for screen readers)."""
    by_round = use_view(lambda s: tuple((r["seat"], r["name"], tuple(r["demerits_by_round"]))
                                        for r in sorted((s["result"] or {}).get("ranking", ()),
                                                        key=lambda r: r["seat"])))
    colours = use_view(player_colours)
    if not by_round:
        return ft.Container(visible=False)
    rounds = max(len(r[2]) for r in by_round)
    values = [[row[2][i] if i < len(row[2]) else 0 for i in range(rounds)] for row in by_round]
    return kit.card([
        kit.title("Demerits by round"),
        charts.grouped_bars([f"R{i + 1}" for i in range(rounds)], [r[1] for r in by_round],
                            [colours[r[0]] for r in by_round], values, height=height),
    ])
