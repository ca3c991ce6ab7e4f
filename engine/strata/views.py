"""Four Big Strata: the views the screens draw (``public``, ``private``, ``result``).

THE VIEW CONTRACT (what a screen may read; everything a screen shows is here, so a
screen never imports the engine to compute something). Seats are 0-based and clockwise;
resources are ``{"money": m, "grain": g}``; class keys are ``scholars``, ``peasants``,
``artisans``, ``merchants`` (and ``empresses`` for the Empress column); the words to
show are always the full names from ``catalogue["singular"]`` ("Scholar", "Peasant",
"Artisan", "Merchant", "Empress") or ``catalogue["labels"]`` (plural: "Scholars", ...).

public (everyone; nothing hidden)
---------------------------------
``round`` (0 during setup, 1..15), ``rounds`` (15), ``phase`` (one of ``setup``,
``auction``, ``pick``, ``production``, ``production_cap``, ``tribute``, ``tribute_cap``,
``scoring``, ``over``), ``phase_label`` (its headline words).

Start player: ``start`` the seat of the current round's start
player, ``start_name`` its name, ``first_start`` the seat chosen at setup (table setting
``start_player``, 1-based, default 1 = the first seat), ``round_starts`` the start
player's seat for every round, ``round_starts[r - 1]`` for round ``r`` (15 entries).
Each player entry also has ``is_start``.

The bank: ``bank`` is ``{"money", "grain"}`` left in a limited bank, None
when the bank is unlimited (the default: a payment from it is never cut short);
``bank_limited``; ``bank_note``: ``"The bank has no Grain left"`` (``Money``, ``Money or
Grain``) once a limited bank has run out of something, else None: every screen shows it.

``market`` (``{"up", "down", "empress"}``: cards left in the Public Display),
``can_reveal``, ``numbers`` (the rules' constants: ``cap``, ``flip_gain``,
``flip_up_cost``, ``start``, ``exchange``, ``trade``), ``pick_order`` and ``picker``
(once bids are revealed).

``players``: one entry per seat: ``seat``, ``name``, ``money``, ``grain``, ``total``,
``influence`` (now, from the display as it is), ``is_start``, ``cards`` (each
``{"id", "column", "face_up", "points", "effects": [effect keys]}`` when face up; face
down ``{"id", "column", "face_up": False}`` plus ``"front"`` (``class``, ``points``,
``effects``) when it was turned down from face up). Phase extras: ``extra_due`` (setup), ``has_bid``
(auction), ``bid`` (after the reveal), ``picked`` (pick), ``must_discard``
(production_cap, tribute_cap), ``unpaid`` (what the last feeding or tribute could not take from a player
with only face-down cards: ``{"what": "feeding"|"tribute", "money", "grain"}``).

Card entry (a card in at most 2 taps): ``catalogue`` has ``classes``, ``columns``,
``labels`` (plural), ``singular`` (full class names), ``effects`` (every effect key, the
rules' order), ``effect_labels`` (key -> the rules' words), ``effect_short`` (key -> a
few words), ``points`` ([1, 2, 3, 4]). ``card_entry`` has one entry per column::

    card_entry["scholars"] = {
        "label": "Scholar",
        "options": [{"effects": ["influence", "feed_money"],
                     "label": "+1 Influence, costs 1 Money"}, ...],   # most used first
        "effects": ["influence", "feed_money", ...],                   # every single effect,
    }                                                                  # most used first

``options`` are the effect combinations that class usually has, ordered by how often
they were entered at this table (then the app's own guess of the usual ones); a card
with another combination is entered by picking from ``effects`` (a list, often one).
``take_card`` takes ``"effects": [keys]`` (at most ``catalogue["max_effects"]``).

Production and feeding (an explicit step; phase ``production``)::

    production = {
        "seats": [{"seat", "name",
                   "gain": {money, grain},      # what production gave (bank paid it)
                   "bank_short": {money, grain}, # what the cards gave that a limited bank
                                                 # could not pay (zeros: paid in full)
                   "feed": {money, grain},      # feeding owed by the display as it is now
                   "have": {money, grain},      # what the player holds now
                   "after": {money, grain},     # after paying the feed (never negative)
                   "short": {money, grain},     # what the player lacks to pay the feed
                   "can_flip": bool,            # has a face-up card to turn down
                   "will_drop": {money, grain}, # short with only face-down cards: not paid
                   "must_discard": n,           # over the cap of 10 after feeding
                   "needs": None | "flip" | "discard",  # what stops "done" now
                   "done": bool,
                   "words": "gains 3 Grain and 1 Money; feeds 4 Grain"}, ...],
                   # (and "; the bank could not pay 2 Grain" when it ran out)
        "done": [seats done], "waiting": [seats not done],
    }

Everything here follows from public facts, so it is public. A player taps ``done``
(payload ``{"money": m, "grain": g}``: the discard down to 10 when ``must_discard``,
one of ``private["production"]["discard_options"]``; may be left out when there is only
one way) once the real tokens are moved: the feeding is paid then, from the display as
it is then (a card turned face down to pay no longer charges). A player ``short`` who
``can_flip`` must first turn cards face down (``flip_down``) or exchange; a player short
with only face-down cards pays what they have and ``will_drop`` the rest. The host may
send ``done`` for any seat, or ``move_on`` (host only, no payload): every seat that has
nothing left to choose is done at once. When every seat is done, every player above 10
then (a flip after Done) discards in ``production_cap`` (one way: at once); then Tribute
starts.

Tribute::

    tribute = {
        "rate": X, "start": the start player's seat (the first taker),
        "influence": [per seat when the tribute began: what every count follows],
        "influence_now": [per seat now (for the next round)],
        "transfers": [{"from", "to", "count", "paid": {money, grain} | None,
                       "unpaid": n}, ...],     # processing order: done, current, forecast
        "current": {"from", "to", "count", "paid": None,
                    "waiting_for": "payer" | "taker"} | None,
        "lines": ["Cy took 1 Grain from Di", ...],   # the transfers done, in words
    }

Order: takers from the start player clockwise; each taker takes floor(difference / X)
from every player with less Influence, those payers clockwise from the taker; 0 counts
left out. Every count follows ``influence``, taken as the phase began: a card
turned face down to pay changes no debt of the phase, so the transfers not made yet
(after ``current``) are known; only what a payer can pay may change.

Final result (``result``, once over)::

    {"ranking": [{"seat", "name", "place", "score", "classes": {class: total},
                  "chart": [{"class", "label", "points"}, ...],   # the four classes
                  "standing": [totals lowest first], "assignment": [...]}, ...],
     "walkthrough": ["Ann and Bo tied on 7; second lowest 8 against 7: Ann ahead", ...]}

``public["final"]`` (scoring and over) lists per seat ``fixed``, ``chunks``,
``proposal``, ``chosen`` (the flexible points to place).

private (one seat)
------------------
``seat``, ``fronts`` (fronts of the cards this seat took face down: ``{"id", "class",
"points", "effects"}``), ``bid``, ``bid_max``, ``production_preview`` (before
the production step: what it would do now), ``production`` (during the step: this
seat's entry of ``public["production"]["seats"]`` plus ``discard_options`` and
``flip_choices``: ``[{"card", "label", "feed_after", "short_after"}]``, the face-up
cards it may turn down, what its feeding becomes and what it would still lack once the
resources the flip brings are taken where they are short), ``feeding_short``,
``must_discard``, ``all_down_bonus``, ``can_flip_up``, ``swaps``, ``splits`` (the
``[money, grain]`` choices a phone offers: ``extra``, ``discard``, ``tribute``, ``flip``,
``flip_gift``, ``take_gift``).
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.strata import queries as q
from engine.strata import production as prod
from engine.strata.cards import (CLASSES, COLUMNS, EFFECT_SHORT, SINGULAR, catalogue,
                                 describe_front, flipped_down, public_card, secret_fronts)
from engine.strata.resources import (CAP, EXCHANGE_GET, EXCHANGE_GIVE, FLIP_GAIN,
                                     FLIP_UP_COST, GRAIN, MONEY, RESOURCES, TRADE_GET,
                                     TRADE_GIVE, bank_has, bank_note, split_options, total,
                                     words)
from engine.strata.scoring import places, rank, walkthrough

# The effect combinations each class usually has, most usual first (the box's card list
# is not known: this is the app's guess; a table's own entries reorder it).
USUAL: dict[str, list[list[str]]] = {
    "scholars": [["influence", "feed_money"], ["influence", "feed_grain"], ["influence"],
                 ["set_influence"], ["bonus_scholars"], ["bonus_any_class"], ["none"]],
    "peasants": [["produce_grain"], ["set_grain"], ["bonus_peasants"],
                 ["bonus_each_class"], ["none"]],
    "artisans": [["influence"], ["trade"], ["set_influence"], ["bonus_any_class"],
                 ["bonus_each_class"], ["none"]],
    "merchants": [["produce_money"], ["set_money"], ["trade"], ["bonus_merchants"],
                  ["none"]],
    "empresses": [["feed_money"], ["feed_grain"], ["feed_money", "feed_grain"],
                  ["bonus_each_class"], ["none"]],
}


def combo_label(effects: list[str]) -> str:
    keys = [e for e in effects if e != "none"]
    if not keys:
        return EFFECT_SHORT["none"]
    return ", ".join(EFFECT_SHORT[e] for e in keys)


def card_entry(state: dict) -> dict:
    """Per column: the usual effect combinations and every effect, most used first (by
    the cards everyone has seen at this table: face-up cards and cards turned down from
    face up; never the hidden front of a card taken face down)."""
    combos: dict[str, dict[tuple, int]] = {c: {} for c in COLUMNS}
    singles: dict[str, dict[str, int]] = {c: {} for c in COLUMNS}
    for cards in state["cards"]:
        for card in cards:
            front = card if card["face_up"] else card.get("front")
            if not front or (not card["face_up"] and card.get("secret")):  # hidden
                continue
            cls = front["class"]
            keys = tuple(front["effects"]) or ("none",)
            combos[cls][keys] = combos[cls].get(keys, 0) + 1
            for key in keys:
                singles[cls][key] = singles[cls].get(key, 0) + 1
    out = {}
    all_effects = list(EFFECT_SHORT)
    for cls in COLUMNS:
        usual = [tuple(c) for c in USUAL[cls]]
        seen = usual + [k for k in combos[cls] if k not in usual]
        ordered = sorted(seen, key=lambda k: (-combos[cls].get(k, 0), seen.index(k)))
        first = [e for combo in USUAL[cls] for e in combo]
        base = list(dict.fromkeys(first + all_effects))
        effects = sorted(base, key=lambda e: (-singles[cls].get(e, 0), base.index(e)))
        out[cls] = {
            "label": SINGULAR[cls],
            "options": [{"effects": list(k), "label": combo_label(list(k))} for k in ordered],
            "effects": effects,
        }
    return out


def _resources(money: int, grain: int) -> dict:
    return {MONEY: money, GRAIN: grain}


def production_entry(state: dict, seat: int) -> dict:
    """One seat's line of the production and feeding step (see the module docstring)."""
    step = state.get("production") or {}
    gains = step.get("gain") or [None] * len(state["players"])
    gain = dict(gains[seat] or _resources(0, 0))
    bank_short = q.bank_short(state["cards"][seat], gain) if step else _resources(0, 0)
    feed = prod.costs(state["cards"][seat])
    money, grain = state[MONEY][seat], state[GRAIN][seat]
    short = _resources(max(feed[MONEY] - money, 0), max(feed[GRAIN] - grain, 0))
    after = _resources(max(money - feed[MONEY], 0), max(grain - feed[GRAIN], 0))
    can_flip = any(c["face_up"] for c in state["cards"][seat])
    is_short = bool(short[MONEY] or short[GRAIN])
    will_drop = dict(short) if is_short and not can_flip else _resources(0, 0)
    excess = max(after[MONEY] + after[GRAIN] - CAP, 0)
    done = bool((step.get("done") or [False] * len(state["players"]))[seat])
    needs = None
    if not done:
        if is_short and can_flip:
            needs = "flip"
        elif excess and len(split_options(excess, after[MONEY], after[GRAIN])) > 1:
            needs = "discard"
    words_now = f"gains {words(gain[MONEY], gain[GRAIN])}; feeds {words(feed[MONEY], feed[GRAIN])}"
    if bank_short[MONEY] or bank_short[GRAIN]:
        words_now += f"; the bank could not pay {words(bank_short[MONEY], bank_short[GRAIN])}"
    return {
        "seat": seat,
        "name": state["players"][seat],
        "gain": gain,
        "bank_short": bank_short,
        "feed": dict(feed),
        "have": _resources(money, grain),
        "after": after,
        "short": short,
        "can_flip": can_flip,
        "will_drop": will_drop,
        "must_discard": excess,
        "needs": needs,
        "done": done,
        "words": words_now,
    }


def production_view(state: dict) -> dict:
    seats = [production_entry(state, s) for s in range(len(state["players"]))]
    return {"seats": seats,
            "done": [e["seat"] for e in seats if e["done"]],
            "waiting": [e["seat"] for e in seats if not e["done"]]}


def _flip_choices(state: dict, seat: int) -> list[dict]:
    out = []
    cards = state["cards"][seat]
    money, grain = state[MONEY][seat], state[GRAIN][seat]
    face_up = sum(1 for c in cards if c["face_up"])
    for card in cards:
        if not card["face_up"]:
            continue
        column = card["column"] if card["column"] in CLASSES else CLASSES[0]
        trial = [flipped_down(c, column) if c is card else c for c in cards]
        feed = prod.costs(trial)
        short_m = max(feed[MONEY] - money, 0)
        short_g = max(feed[GRAIN] - grain, 0)
        # the resources it brings (2, and the all-face-down gift for the last face-up
        # card) are the player's choice: taken where they are short
        brings = FLIP_GAIN + (q.all_down_bonus(state, seat) if face_up == 1 else 0)
        cover = min(short_g, brings)
        short_g -= cover
        short_m = max(short_m - (brings - cover), 0)
        out.append({"card": card["id"],
                    "label": f"Turn {describe_front(card)} face down",
                    "feed_after": dict(feed),
                    "short_after": _resources(short_m, short_g)})
    return out


def public_view(state: dict) -> dict:
    phase = state["phase"]
    out = {
        "round": state["round"],
        "rounds": q.ROUNDS,
        "phase": phase,
        "phase_label": q.PHASE_TITLES[phase],
        **_starts(state),
        "bank": dict(state["bank"]) if state["bank"] is not None else None,
        "bank_limited": state["bank"] is not None,
        "bank_note": bank_note(state),
        "market": dict(state["market"]),
        "players": _players(state),
        "can_reveal": phase == q.AUCTION and all(b is not None for b in state["bids"]),
        "numbers": _numbers(),
        "catalogue": catalogue(),
        "card_entry": card_entry(state),
    }
    if phase == q.PICK or state["revealed_bids"] is not None:
        out["pick_order"] = list(state["pick_order"])
        out["picker"] = q.current_picker(state)
    if phase == q.PRODUCTION:
        out["production"] = production_view(state)
    if state["tribute"] is not None:
        out["tribute"] = q.tribute_view(state)
    if state["final"] is not None:
        out["final"] = _final_view(state)
    return out


def _numbers() -> dict:
    """The rules' constants a screen shows."""
    return {"cap": CAP, "flip_gain": FLIP_GAIN, "flip_up_cost": FLIP_UP_COST,
            "start": {MONEY: q.START_MONEY, GRAIN: q.START_GRAIN},
            "exchange": {"give": EXCHANGE_GIVE, "get": EXCHANGE_GET},
            "trade": {"give": TRADE_GIVE, "get": TRADE_GET}}


def _starts(state: dict) -> dict:
    """The start player now, the first one and every round's."""
    n, first = len(state["players"]), q.first_start(state)
    return {"start": state["start"], "start_name": state["players"][state["start"]],
            "first_start": first, "round_starts": [(first + r) % n for r in range(q.ROUNDS)]}


def _players(state: dict) -> list[dict]:
    """One entry per seat: what everyone sees of its player, with the phase's extras."""
    phase = state["phase"]
    influence = q.influences(state)
    players = []
    for s, player in enumerate(state["players"]):
        entry = {"seat": s, "name": player, "money": state[MONEY][s], "grain": state[GRAIN][s],
                 "total": total(state, s), "cards": [public_card(c) for c in state["cards"][s]],
                 "influence": influence[s], "is_start": s == state["start"]}
        if phase == q.SETUP:
            entry["extra_due"] = state["extra_due"][s]
        if phase == q.AUCTION:
            entry["has_bid"] = state["bids"][s] is not None
        if state["revealed_bids"] is not None:
            entry["bid"] = state["revealed_bids"][s]
        if phase == q.PICK:
            entry["picked"] = state["picked"][s]
        if state["unpaid"][s]:
            entry["unpaid"] = dict(state["unpaid"][s])
        if phase in q.CAP_PHASES:
            entry["must_discard"] = q.cap_excess(state, s)
        players.append(entry)
    return players


def private_view(state: dict, seat: int) -> dict | None:
    if not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        return None
    phase = state["phase"]
    money = state[MONEY][seat]
    out: dict = {
        "seat": seat,
        "fronts": secret_fronts(state["cards"][seat]),
        "bid": state["bids"][seat] if phase == q.AUCTION else None,
        "bid_max": money,
        "production_preview": q.production_preview(state, seat),
        "feeding_short": q.feeding_shortfall(state, seat),
        "must_discard": q.cap_excess(state, seat),
        "all_down_bonus": q.all_down_bonus(state, seat),
        "can_flip_up": money >= FLIP_UP_COST,
        "swaps": {kind: {give: q.exchange_refusal(state, seat, give, 1, kind == "trade") is None
                         for give in RESOURCES} for kind in ("exchange", "trade")},
    }
    if phase == q.PRODUCTION:
        out["production"] = _own_production(state, seat)
    out["splits"] = _splits(state, seat, out)
    return out


def _own_production(state: dict, seat: int) -> dict:
    """The seat's entry of the production step, with its discard and flip choices."""
    mine = production_entry(state, seat)
    excess, after = mine["must_discard"], mine["after"]
    mine["discard_options"] = split_options(excess, after[MONEY], after[GRAIN]) if excess else []
    mine["flip_choices"] = _flip_choices(state, seat)
    return mine


def _splits(state: dict, seat: int, mine: dict) -> dict:
    """The ``[money, grain]`` choices a phone offers this seat now (see the docstring)."""
    phase = state["phase"]
    bank = {res: bank_has(state, res) for res in RESOURCES}  # unlimited: more than any payment
    splits = {}
    if phase == q.SETUP and state["extra_due"][seat]:
        splits["extra"] = split_options(state["extra_due"][seat], bank[MONEY], bank[GRAIN])
    if phase == q.PRODUCTION and mine["production"]["must_discard"]:
        splits["discard"] = mine["production"]["discard_options"]
    elif phase != q.PRODUCTION and mine["must_discard"]:
        splits["discard"] = split_options(mine["must_discard"], state[MONEY][seat], state[GRAIN][seat])
    step = q.current_tribute(state)
    if step is not None and step["to"] == seat and step["waiting_for"] == "taker":
        payer = step["from"]
        splits["tribute"] = split_options(step["count"], state[MONEY][payer], state[GRAIN][payer])
    face_up = sum(1 for c in state["cards"][seat] if c["face_up"])
    if face_up and phase in q.PLAYING:
        splits.update(_flip_splits(state, seat, bank, last=face_up == 1))
    if phase == q.PICK and not face_up:
        splits["take_gift"] = split_options(q.all_down_bonus(state, seat), bank[MONEY], bank[GRAIN])
    return splits


def _flip_splits(state: dict, seat: int, bank: dict, last: bool) -> dict:
    """What turning a card down brings (and, for the last face-up card, the gift after it,
    from what the bank has left)."""
    flip = split_options(FLIP_GAIN, bank[MONEY], bank[GRAIN])
    if not last:
        return {"flip": flip}
    gift = q.all_down_bonus(state, seat)
    return {"flip": flip, "flip_gift": [
        {"flip": option, "gift": split_options(gift, bank[MONEY] - option[0], bank[GRAIN] - option[1])}
        for option in flip]}


def result_view(state: dict) -> dict | None:
    if state["phase"] != q.OVER:
        return None
    entries = []
    for s, name in enumerate(state["players"]):
        chosen = state["final"]["chosen"][s]
        classes = dict(chosen["classes"])
        entries.append({
            "name": name, "seat": s, "classes": classes, "score": chosen["score"],
            "assignment": [dict(a) for a in chosen["assignment"]],
            "chart": [{"class": c, "label": SINGULAR[c], "points": classes[c]} for c in CLASSES],
            "standing": sorted(classes[c] for c in CLASSES),
        })
    ranked = rank(entries)
    for place, entry in zip(places(ranked), ranked):
        entry["place"] = place
    return {"ranking": ranked, "walkthrough": walkthrough(ranked)}


def _final_view(state: dict) -> list[dict]:
    final = state["final"]
    out = []
    for s in range(len(state["players"])):
        out.append({
            "fixed": dict(final["fixed"][s]),
            "chunks": [dict(c) for c in final["chunks"][s]],
            "proposal": _placing(final["proposals"][s]),
            "chosen": _placing(final["chosen"][s]),
        })
    return out


def _placing(placed: Mapping[str, Any] | None) -> dict | None:
    if placed is None:
        return None
    return {"classes": dict(placed["classes"]), "score": placed["score"],
            "assignment": [dict(a) for a in placed["assignment"]]}
