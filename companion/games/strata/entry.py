"""Four Big Strata: entering the card a player takes, in two taps for the common case.

1. One screen of big class buttons in the class colours, one per points value
   ("Scholar 2 points"); "Face down" is one switch above them.
2. The card's effect from the few its class can have, most used first (the view's
   catalogue says which); one tap takes the card. "More than one effect" lets a player
   tick several, then take the card.

A face-down card kept face down: one tap on the row to put it in ("Keep face down in
Scholars"); "Note its front" (only its owner sees it) or "Turn it face up" (for Money)
first goes through the grid above. The all-face-down gift, when due, is one more tap.
"""

from __future__ import annotations

import flet as ft

from companion.games.strata import look
from companion.games.strata.words import cat_of, numbers_of
from companion.ui import kit
from engine.words import plural
from companion.ui.live import part, use_table, use_view


def entry_for(screen: dict, cls: str) -> dict:
    """The view's card entry for a class: ``options`` (effect combinations, most used
    first, each ``{"effects", "label"}``) and ``effects`` (every single effect, most used
    first). A view without it offers every effect of the catalogue, one at a time."""
    entry = (screen["public"].get("card_entry") or {}).get(cls)
    if entry:
        return entry
    cat = cat_of(screen)
    return {"options": [{"effects": [e], "label": cat["effect_short"][e]} for e in cat["effects"]],
            "effects": [e for e in cat["effects"] if e != "none"], "single": True}


def card_payload(front: dict) -> dict:
    """The take_card fields of a front: ``class``, ``points`` and the list ``effects``."""
    return {"class": front["class"], "points": front["points"],
            "effects": [e for e in front.get("effects") or [] if e != "none"]}


def _slice(screen: dict):
    public = screen["public"]
    private = screen.get("private") or {}
    market = public["market"]
    return (market["up"], market["down"], bool(market.get("empress")),
            bool(private.get("can_flip_up")),
            tuple(tuple(o) for o in (private.get("splits") or {}).get("take_gift") or ()),
            private.get("all_down_bonus", 0),
            (private.get("splits") or {}).get("take_gift") is not None)


FACE_DOWN_TEXT = ft.TextStyle(size=kit.BODY + 2, weight=ft.FontWeight.BOLD)


@part
def CardEntry(seat: int):
    context = use_table()
    up, down, empress, can_flip_up, gift_options, gift_amount, gift_due = use_view(_slice)
    cat = use_view(cat_of)
    cost = use_view(lambda s: numbers_of(s)["flip_up_cost"])
    draft, set_draft = ft.use_state(lambda: {"down": up == 0})
    entry = _Entry(cat, draft, lambda **fields: set_draft({**draft, **fields}), set_draft,
                   lambda payload: context.act("take_card", dict(payload)), gift_due)
    rows: list[ft.Control] = [kit.title("The card you take"), MarketWords()]
    if up and down:
        face_down = draft["down"]
        rows.append(ft.Switch(label="Face down", value=face_down, label_text_style=FACE_DOWN_TEXT,
                              on_change=lambda e: set_draft({"down": bool(e.control.value)})))
    if draft.get("front") is None:
        rows += entry.front_rows(empress, can_flip_up, cost)
    else:
        rows += entry.effect_rows(draft["front"])
    return kit.card(rows)


class _Entry:
    """One card being entered: its draft (face down or not, its front, what is noted) and
    the rows of the step it is at."""

    def __init__(self, cat, draft, change, set_draft, take, gift_due):
        self.cat, self.draft, self.change, self.set_draft = cat, draft, change, set_draft
        self.take, self.gift_due = take, gift_due
        self.face_down = draft["down"]
        self.kept_down = self.face_down and not draft.get("flip_up")

    def front_rows(self, empress: bool, can_flip_up: bool, cost: int) -> list[ft.Control]:
        """Step 1: a face-down card kept face down in one tap, or the card's class and points."""
        change = self.change
        if self.kept_down and not self.draft.get("note"):
            others = []
            if can_flip_up:
                others.append(look.token(f"Turn it face up ({cost} Money)", "Turn face up",
                                         lambda e: change(flip_up=True), size=kit.SMALL + 2))
            others.append(look.token("Note its front (only you see it)", "Note its front",
                                     lambda e: change(note=True), size=kit.SMALL + 2))
            return _keep_down(self.cat, self.gift_due, self.draft, change, self.take) + [look.token_row(others)]
        rows: list[ft.Control] = []
        if self.face_down:
            what = (f"Turned face up for {cost} Money: what does it show?" if self.draft.get("flip_up")
                    else "What its front shows (only you will see it):")
            rows.append(kit.body(what, size=kit.SMALL + 2, weight=ft.FontWeight.BOLD))
        rows.append(ClassGrid(empress and not self.face_down,
                              lambda cls, points: change(front={"class": cls, "points": points})))
        if self.face_down:
            rows.append(kit.secondary("Back", lambda e: self.set_draft({"down": True})))
        return rows

    def effect_rows(self, front: dict) -> list[ft.Control]:
        """Step 2: the card's effects (one tap takes it); a card kept face down whose front
        was noted then goes to its row."""
        if self.kept_down and self.draft.get("effects_done"):
            return ([kit.body(f"Its front: {look.front_words(front, self.cat)}", size=kit.SMALL + 2)]
                    + _keep_down(self.cat, self.gift_due, self.draft, self.change, self.take, front))

        def chosen(effects: list[str]):
            full = {**front, "effects": effects}
            if self.kept_down:
                self.change(front=full, effects_done=True)
                return
            payload = {"face": "down" if self.face_down else "up", **card_payload(full)}
            if self.face_down:
                payload["flip_up"] = True
            self.take(payload)

        return [EffectChoice(front["class"], front["points"], chosen, lambda: self.change(front=None))]


def _keep_down(cat, gift_due, draft, change, take, front=None) -> list[ft.Control]:
    """Rows to keep a face-down card face down: the class row to put it in (one tap), and
    the all-face-down gift first when it is due."""
    labels = cat["labels"]
    rows: list[ft.Control] = []
    column = draft.get("column")

    def payload(col: str, gift=None) -> dict:
        out = {"face": "down", "column": col}
        if front is not None:
            out.update(card_payload(front))
        if gift is not None:
            out["bonus"] = {"money": gift[0], "grain": gift[1]}
        return out

    if gift_due and column is not None:
        rows.append(kit.body(f"Into {labels[column]}. All your cards will be face down: take your gift.",
                             size=kit.SMALL + 2, weight=ft.FontWeight.BOLD))
        rows.append(GiftChoice(lambda m, g: take(payload(column, (m, g)))))
        rows.append(kit.secondary("Back", lambda e: change(column=None)))
        return rows
    rows.append(kit.body("Keep it face down in the row of:", size=kit.SMALL + 2, weight=ft.FontWeight.BOLD))

    def put(col):
        if gift_due:
            return lambda e: change(column=col)
        return lambda e: take(payload(col))

    rows.append(look.token_row([
        look.token(labels[c], f"Keep face down in {labels[c]}", put(c), colour=look.CLASS_COLOURS[c],
                   size=kit.BODY, width=150, height=56)
        for c in cat["classes"]]))
    return rows


@part
def MarketWords():
    market = use_view(lambda s: (s["public"]["market"]["up"], s["public"]["market"]["down"]))
    return kit.body(f"Public Display: {market[0]} face up, {market[1]} face down", size=kit.SMALL + 2)


@part
def GiftChoice(on_pick):
    amount = use_view(lambda s: (s["private"] or {}).get("all_down_bonus", 0))
    options = use_view(lambda s: tuple(tuple(o) for o in ((s["private"] or {}).get("splits") or {}).get("take_gift") or ()))
    return ft.Column([
        kit.body(f"Your all-face-down gift: {plural(amount, 'resource')} of your choice.", size=kit.SMALL + 2),
        look.split_tokens("Gift", options, on_pick),
    ], spacing=4)


@part
def ClassGrid(with_empress: bool, on_pick):
    """Big class buttons in the class colours, one per points value: one tap chooses both."""
    cat = use_view(cat_of)
    points = cat["points"]
    classes = list(cat["classes"]) + (["empresses"] if with_empress else [])
    rows = []
    for cls in classes:
        name = cat["singular"][cls]
        rows.append(ft.Row([
            ft.Container(kit.own(ft.Text(name, size=kit.BODY, weight=ft.FontWeight.BOLD)), width=96),
            *[look.token(str(p), f"{name} {look.points_words(p)}", lambda e, c=cls, p=p: on_pick(c, p),
                         colour=look.CLASS_COLOURS[cls], size=kit.LARGE, width=56, height=56)
              for p in points],
        ], spacing=6))
    return ft.Column([kit.body("Its class and points:", size=kit.SMALL + 2, weight=ft.FontWeight.BOLD), *rows],
                     spacing=6)


@part
def EffectChoice(cls: str, points: int, on_done, on_back):
    """The effects a card of this class can have, most used first: one tap takes it;
    "More than one effect" ticks several first."""
    cat = use_view(cat_of)
    entry = use_view(lambda s: entry_for(s, cls))
    several, set_several = ft.use_state(False)
    ticked, set_ticked = ft.use_state(())
    name = cat["singular"][cls]
    rows: list[ft.Control] = [
        kit.own(ft.Text(f"{name}, {look.points_words(points)}: its effect?", size=kit.LARGE,
                        weight=ft.FontWeight.BOLD)),
    ]
    if not several:
        tokens = []
        for option in entry["options"]:
            effects = [e for e in option["effects"] if e != "none"]
            label = option.get("label") or look.effects_words(cat, effects) or "No effect"
            tokens.append(look.token(label, f"Effect {label}", lambda e, o=effects: on_done(list(o)),
                                     size=kit.BODY, width=160))
        rows.append(look.token_row(tokens))
        buttons = [kit.secondary("Back", lambda e: on_back())]
        if not entry.get("single"):
            buttons.insert(0, kit.secondary("Other or more effects", lambda e: set_several(True)))
        rows.append(ft.Row(buttons, wrap=True))
        return ft.Column(rows, spacing=8)

    def flip(key):
        return lambda e: set_ticked(tuple(x for x in ticked if x != key) if key in ticked else ticked + (key,))

    rows.append(kit.body("Tick every effect the card has, then take it:", size=kit.SMALL + 2))
    rows.append(look.token_row([
        look.token(look.effect_short(cat, key), f"Tick {look.effect_short(cat, key)}", flip(key),
                   selected=key in ticked, size=kit.SMALL + 2) for key in entry["effects"] if key != "none"]))
    chosen = look.effects_words(cat, ticked) or "no effect"
    rows.append(kit.primary(f"Take it: {chosen}", lambda e: on_done(list(ticked))))
    rows.append(kit.secondary("Back", lambda e: set_several(False)))
    return ft.Column(rows, spacing=8)
