"""Production and feeding: what a display yields and what it costs, as pure arithmetic.

Gains: 1 Grain / 1 Money per face-up production card; 1 Grain / 1 Money per complete
set (one Scholar, Peasant, Artisan and Merchant, face-down cards counting for their
column) for each face-up "per set" card.
Costs: 1 Grain for every card in the display (face down and Empresses included), plus
1 Grain / 1 Money for each face-up feeding card.
"""

from __future__ import annotations

from engine.strata.cards import complete_sets


def yields(cards: list[dict]) -> dict[str, int]:
    """Resources the display produces: ``{"money", "grain"}``."""
    sets = complete_sets(cards)
    grain = money = 0
    for card in cards:
        if not card["face_up"]:
            continue
        effect = card["effect"]
        if effect == "produce_grain":
            grain += 1
        elif effect == "produce_money":
            money += 1
        elif effect == "set_grain":
            grain += sets
        elif effect == "set_money":
            money += sets
    return {"money": money, "grain": grain}


def costs(cards: list[dict]) -> dict[str, int]:
    """Resources the display must pay at feeding: ``{"money", "grain"}``."""
    grain = len(cards)
    money = 0
    for card in cards:
        if not card["face_up"]:
            continue
        if card["effect"] == "feed_grain":
            grain += 1
        elif card["effect"] == "feed_money":
            money += 1
    return {"money": money, "grain": grain}


def preview(cards: list[dict], money: int, grain: int) -> dict:
    """What Production and feeding will do to a player holding ``money``/``grain``
    (ignoring a bank running dry): gains, costs, what is left and any shortfall."""
    gain = yields(cards)
    cost = costs(cards)
    after_money = money + gain["money"] - cost["money"]
    after_grain = grain + gain["grain"] - cost["grain"]
    return {
        "gain": gain,
        "cost": cost,
        "after": {"money": max(after_money, 0), "grain": max(after_grain, 0)},
        "short": {"money": max(-after_money, 0), "grain": max(-after_grain, 0)},
    }
