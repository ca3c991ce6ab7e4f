"""Production and feeding: what a display yields and what it costs, as pure arithmetic.

A card may have several effects; each counts. Face-down cards have none (only their
upper area is in effect).
Gains: 1 Grain / 1 Money per face-up production effect; 1 Grain / 1 Money per complete
set (one Scholar, Peasant, Artisan and Merchant, face-down cards counting for their
column) for each face-up "per set" card.
Costs: 1 Grain for every card in the display (face down and Empresses included), plus
1 Grain / 1 Money for each face-up feeding card.
"""

from __future__ import annotations

from engine.strata.cards import complete_sets, has_effect


def yields(cards: list[dict]) -> dict[str, int]:
    """Resources the display produces: ``{"money", "grain"}`` (every effect of every
    face-up card counts)."""
    sets = complete_sets(cards)
    grain = money = 0
    for card in cards:
        grain += has_effect(card, "produce_grain") + sets * has_effect(card, "set_grain")
        money += has_effect(card, "produce_money") + sets * has_effect(card, "set_money")
    return {"money": money, "grain": grain}


def costs(cards: list[dict]) -> dict[str, int]:
    """Resources the display must pay at feeding now: ``{"money", "grain"}`` (1 Grain a
    card, face down and Empresses included, plus every face-up feeding effect)."""
    grain = len(cards)
    money = 0
    for card in cards:
        grain += has_effect(card, "feed_grain")
        money += has_effect(card, "feed_money")
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
