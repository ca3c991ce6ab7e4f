"""The bid advice on the phone whose turn it is to bid: one line per pile, a
tap loads its best bid into the composer; every advised bid on demand."""

from __future__ import annotations

import flet as ft

from companion.games.rockgarden import look as rk
from companion.games.rockgarden.words import rock_names, use_while_mine
from companion.ui import kit
from companion.ui.live import part, use_fixed
from engine.words import plural


def advice_button() -> ft.ButtonStyle:
    """A style of its own for each button (see ``kit.outline``)."""
    return ft.ButtonStyle(padding=ft.Padding(10, 8, 10, 8), shape=ft.RoundedRectangleBorder(radius=8))


def advice_line(names, pile: int, bids: list) -> str:
    """The compact advice for one pile: its best bid, in words."""
    if not bids:
        return f"Pile {pile}: its bid of no rocks cannot be undercut"
    best = bids[0]
    return (f"Pile {pile}: bid {rk.rocks_label(names, best['rocks'])} ({best['value']}) and take "
            f"{rk.demerits_words(best['demerits_if_it_stands'])} if it stands")


def advice_entry(names, bid: dict) -> str:
    return (f"{rk.rocks_label(names, bid['rocks'])} · worth {bid['value']} · "
            f"{rk.demerits_words(bid['demerits_if_it_stands'])} if it stands · "
            f"keeps {plural(len(bid['rocks_kept']), 'rock')}")


def pass_line(passing: dict) -> str | None:
    if not passing or not passing["legal"]:
        return None
    return (f"Pass: {rk.demerits_words(float(passing['expected_demerits']))} (the Pass card included); "
            f"{rk.black_rock_chance_words(passing['black_rock_chance'])}")


def tops_line(tops: dict) -> str:
    faced = ", ".join(f"{rk.DECK_NAMES[d]} {tops[d]}" for d in rk.SET_DECKS)
    return (f"For the deck tops you face now ({faced}): who turns in before you is not "
            "known until someone passes.")


@part
def BidAdvice(load):
    """The bid advice: one line per pile, a tap loads its bid; the rest on demand."""
    names = use_fixed(rock_names)  # the bidding comes after the first move: the settings stay
    advice = use_while_mine(lambda s: (s["private"] or {}).get("bid_advice"))  # (shown on my turn only)
    may_bid = use_while_mine(lambda s: "bid" in s["legal"])
    full, set_full = ft.use_state(False)
    if not may_bid:
        load = None
    if not advice:
        return ft.Container(visible=False)
    rows: list[ft.Control] = [kit.title("Advice", size=20)]
    for entry in advice["piles"]:
        text = advice_line(names, entry["pile"], entry["bids"])
        if entry["bids"] and load is not None:
            best = entry["bids"][0]
            rows.append(ft.OutlinedButton(
                content=ft.Text(text, size=16),
                on_click=lambda e, i=entry["pile"] - 1, r=tuple(best["rocks"]): load(i, r),
                style=advice_button()))
        else:
            rows.append(kit.body(text, size=16))
    line = pass_line(advice["pass"])
    if line:
        rows.append(kit.body(line, size=16))
    rows.append(kit.muted(tops_line(advice["tops"])))
    total = sum(len(e["bids"]) for e in advice["piles"])
    rows.append(kit.secondary("Hide the advised bids" if full else f"All advised bids ({total})",
                              lambda e: set_full(not full)))
    if full:
        for entry in advice["piles"]:
            rows.append(kit.body(f"Pile {entry['pile']}", weight=ft.FontWeight.BOLD))
            if not entry["bids"]:
                rows.append(kit.muted("No bid can undercut its bid."))
            for bid in entry["bids"]:
                text = advice_entry(names, bid)
                if load is None:
                    rows.append(kit.body(text, size=15))
                else:
                    rows.append(ft.TextButton(
                        content=ft.Text(text, size=15),
                        on_click=lambda e, i=entry["pile"] - 1, r=tuple(bid["rocks"]): load(i, r)))
    return ft.Container(ft.Column(rows, spacing=6), padding=10,
                        border=kit.outline(2, rk.HIGHLIGHT))
