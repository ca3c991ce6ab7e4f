"""How hard the random tests look: the budget of ``make test`` by default, the deep run
when ``HYPOTHESIS_PROFILE=deep`` (the README's "Deep runs").

Hypothesis's two profiles are registered here (``tests/conftest.py`` loads the chosen
one); a test whose examples are dear names its own count through :func:`examples`, which
the deep profile multiplies. The contract test's number of random games per game is
``CONTRACT_GAMES`` (default: 50 in the budget, 200 deep).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "budget")
DEEP = PROFILE == "deep"
DEEP_FACTOR = 10
"""How many more examples the deep profile draws than the budget."""
BUDGET_EXAMPLES = 50
"""Examples a property draws when it names no count of its own (Hypothesis's default is 100)."""


def register_profiles() -> None:
    settings.register_profile("budget", max_examples=BUDGET_EXAMPLES, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("deep", max_examples=BUDGET_EXAMPLES * DEEP_FACTOR, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(PROFILE)


def examples(budget: int) -> int:
    """``budget`` examples in the budget run, ten times as many deep."""
    return budget * DEEP_FACTOR if DEEP else budget


def contract_games() -> int:
    """Random games per game in the contract test (``CONTRACT_GAMES``)."""
    return int(os.environ.get("CONTRACT_GAMES", 200 if DEEP else 50))
