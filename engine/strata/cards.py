"""Cards as the players enter them: class, face, points and the effects of section 5C.

The box's card list is not known (CLARIFICATIONS), so the app never assumes one: a card
is whatever the player types when taking it. A card in a Personal Display is a small
JSON-friendly dict:

- face up: ``{"id", "column", "face_up": True, "class", "points", "effects"}``; its
  ``column`` is its class (Empresses have their own column until the game ends);
  ``effects`` is a list of effect keys (often one; empty for no effect: a Scholar may
  provide Influence and cost its extra feeding). (Cards of logs kept at version 1
  had one ``effect``: the upgrade to log version 2 made it ``effects``,
  :mod:`engine.strata.upgrades`.)
- face down: ``{"id", "column", "face_up": False, "front", "secret"}``; ``column`` is the
  class it was rotated to, ``front`` is what the owner saw (``{"class", "points",
  "effects"}`` or None if not entered) and ``secret`` says whether the others ever saw
  it (a card taken face down: yes; a card flipped down from face up: no).

"Only the upper area is in effect" on a face-down card: it belongs to its column's class
(it counts for complete sets and scores ``face_down_points`` for that class, a table
setting) and has no effect: no production, no cost, no Influence, no bonus.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.errors import IllegalAction

SCHOLARS, PEASANTS, ARTISANS, MERCHANTS, EMPRESSES = (
    "scholars", "peasants", "artisans", "merchants", "empresses")
CLASSES = (SCHOLARS, PEASANTS, ARTISANS, MERCHANTS)
"""The four scoring classes, in the order the app lists them (and breaks ties by)."""
COLUMNS = CLASSES + (EMPRESSES,)

MIN_POINTS, MAX_POINTS = 1, 4
MAX_EFFECTS = 4
"""The most effects one card is entered with."""

EFFECTS: dict[str, str] = {
    "none": "No effect",
    "produce_grain": "Production: gain 1 Grain",
    "produce_money": "Production: gain 1 Money",
    "influence": "Tribute: provides 1 Influence",
    "feed_grain": "Feeding: discard 1 Grain",
    "feed_money": "Feeding: discard 1 Money",
    "bonus_each_class": "End of game: 1 point to each class",
    "bonus_any_class": "End of game: 2 points to any one class",
    "bonus_scholars": "End of game: 3 points to the Scholar class",
    "bonus_peasants": "End of game: 3 points to the Peasant class",
    "bonus_merchants": "End of game: 3 points to the Merchant class",
    "set_grain": "Production: gain 1 Grain for each complete set",
    "set_money": "Production: gain 1 Money for each complete set",
    "set_influence": "Tribute: 1 Influence for each complete set",
    "trade": "At any time: exchange 4 Money for 2 Grain, or 4 Grain for 2 Money",
}
"""Effect keys (what payloads carry) and their words, exactly the list of section 5C.

A complete set is one Scholar, one Peasant, one Artisan and one Merchant in the display.
"""

EFFECT_SHORT: dict[str, str] = {
    "none": "No effect",
    "produce_grain": "+1 Grain",
    "produce_money": "+1 Money",
    "influence": "+1 Influence",
    "feed_grain": "Eats 1 Grain",
    "feed_money": "Costs 1 Money",
    "bonus_each_class": "+1 each class",
    "bonus_any_class": "+2 any class",
    "bonus_scholars": "+3 Scholars",
    "bonus_peasants": "+3 Peasants",
    "bonus_merchants": "+3 Merchants",
    "set_grain": "Grain per set",
    "set_money": "Money per set",
    "set_influence": "Influence per set",
    "trade": "Trade 4 for 2",
}
"""The same effects in a few words, for card tiles and choice tokens."""
assert set(EFFECT_SHORT) == set(EFFECTS)

FIXED_BONUS = {"bonus_scholars": SCHOLARS, "bonus_peasants": PEASANTS,
               "bonus_merchants": MERCHANTS}
FIXED_BONUS_POINTS = 3
ANY_CLASS_POINTS = 2

_ALIASES = {
    "scholar": SCHOLARS, "scholars": SCHOLARS, "s": SCHOLARS,
    "peasant": PEASANTS, "peasants": PEASANTS, "p": PEASANTS,
    "artisan": ARTISANS, "artisans": ARTISANS, "a": ARTISANS,
    "merchant": MERCHANTS, "merchants": MERCHANTS, "m": MERCHANTS,
    "empress": EMPRESSES, "empresses": EMPRESSES, "e": EMPRESSES,
}

LABELS = {SCHOLARS: "Scholars", PEASANTS: "Peasants", ARTISANS: "Artisans",
          MERCHANTS: "Merchants", EMPRESSES: "Empresses"}
SINGULAR = {SCHOLARS: "Scholar", PEASANTS: "Peasant", ARTISANS: "Artisan",
            MERCHANTS: "Merchant", EMPRESSES: "Empress"}


def parse_column(value: Any, *, empress: bool = True) -> str:
    """``"Scholar"`` / ``"scholars"`` / ``"s"`` -> ``"scholars"``; refuses in words."""
    key = _ALIASES.get(str(value).strip().lower()) if isinstance(value, str) else None
    allowed = COLUMNS if empress else CLASSES
    if key is None or key not in allowed:
        names = ", ".join(LABELS[c] for c in allowed)
        raise IllegalAction(f"'{value}' is not a class; choose one of {names}")
    return key


def parse_class(value: Any) -> str:
    """One of the four scoring classes (no Empress)."""
    return parse_column(value, empress=False)


def parse_effect(value: Any) -> str:
    key = str(value).strip().lower() if isinstance(value, str) else None
    if key not in EFFECTS:
        raise IllegalAction(f"'{value}' is not a card effect; the effects are: "
                            + ", ".join(EFFECTS))
    return key


def parse_effects(value: Any) -> list[str]:
    """A list of effect keys -> the list without ``none``; refuses in words."""
    items = value if isinstance(value, list) else [value]
    if len(items) > MAX_EFFECTS:
        raise IllegalAction(f"A card has at most {MAX_EFFECTS} effects")
    return [e for e in (parse_effect(v) for v in items) if e != "none"]


def face_up_card(card_id: int, front: Mapping[str, Any]) -> dict:
    return {"id": card_id, "column": front["class"], "face_up": True,
            "class": front["class"], "points": front["points"], "effects": effects_of(front)}


def face_down_card(card_id: int, column: str, front: Mapping[str, Any] | None,
                   secret: bool) -> dict:
    return {"id": card_id, "column": column, "face_up": False,
            "front": dict(front) if front else None, "secret": secret}


def flipped_down(card: Mapping[str, Any], column: str) -> dict:
    """A face-up card turned face down (its front was public, so it is not secret)."""
    front = {"class": card["class"], "points": card["points"], "effects": effects_of(card)}
    return face_down_card(card["id"], column, front, secret=False)


def has_effect(card: Mapping[str, Any], effect: str) -> int:
    """How many times a face-up card has ``effect`` (0 for a face-down card: only its
    upper area is in effect)."""
    if not card["face_up"]:
        return 0
    return effects_of(card).count(effect)


def class_counts(cards: list[dict]) -> dict[str, int]:
    """Cards per scoring column (face-down cards count for the column they were put in)."""
    counts = {c: 0 for c in CLASSES}
    for card in cards:
        if card["column"] in counts:
            counts[card["column"]] += 1
    return counts


def complete_sets(cards: list[dict]) -> int:
    """Complete sets of one Scholar, Peasant, Artisan and Merchant (Empresses excluded)."""
    return min(class_counts(cards).values())


def has_face_up(cards: list[dict]) -> bool:
    return any(c["face_up"] for c in cards)


def all_face_down(cards: list[dict]) -> bool:
    return bool(cards) and not has_face_up(cards)


def find_card(cards: list[dict], card_id: Any) -> dict | None:
    for card in cards:
        if card["id"] == card_id:
            return card
    return None


def public_card(card: Mapping[str, Any]) -> dict:
    """What everyone sees of a card: ``{"id", "column", "face_up"}``, with ``points`` and
    ``effects`` when face up (its class is its column), and the ``front`` of a card turned
    down from face up (everyone saw it); a card taken face down shows only its column."""
    if card["face_up"]:
        return {"id": card["id"], "column": card["column"], "face_up": True,
                "points": card["points"], "effects": effects_of(card)}
    out = {"id": card["id"], "column": card["column"], "face_up": False}
    if not card.get("secret") and card.get("front"):
        out["front"] = shown_front(card["front"])
    return out


def shown_front(front: Mapping[str, Any]) -> dict:
    return {"class": front["class"], "points": front["points"], "effects": effects_of(front)}


def secret_fronts(cards: list[dict]) -> list[dict]:
    """What only the owner sees: the fronts they looked at of the cards they took face
    down, ``[{"id", "class", "points", "effects"}, ...]``."""
    return [{"id": c["id"], **shown_front(c["front"])} for c in cards
            if not c["face_up"] and c.get("secret") and c.get("front")]


def catalogue() -> dict:
    """The words and choices a screen offers for cards (part of the public view)."""
    return {
        "classes": list(CLASSES),
        "columns": list(COLUMNS),
        "labels": dict(LABELS),
        "singular": dict(SINGULAR),
        "effects": list(EFFECTS),
        "effect_labels": dict(EFFECTS),
        "effect_short": dict(EFFECT_SHORT),
        "points": list(range(MIN_POINTS, MAX_POINTS + 1)),
        "max_effects": MAX_EFFECTS,
    }


def effect_words(effects: list[str]) -> str:
    """``Tribute: provides 1 Influence; Feeding: discard 1 Money`` (or no effect)."""
    keys = [e for e in effects if e != "none"]
    return "; ".join(EFFECTS[e] for e in keys) if keys else EFFECTS["none"]


def describe_front(front: Mapping[str, Any] | None) -> str:
    if not front:
        return "a card"
    points = front["points"]
    text = f"{SINGULAR[front['class']]} ({points} point{'s' if points != 1 else ''}"
    effects = effects_of(front)
    if effects:
        text += f"; {effect_words(effects)}"
    return text + ")"


def effects_of(card: Mapping[str, Any] | None) -> list[str]:
    """A card's (or a front's) effects as a list without ``none``."""
    return [e for e in (card or {}).get("effects") or [] if e != "none"]
