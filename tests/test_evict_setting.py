"""COMPANION_EVICT_EVERY_S: how often the server closes the pages past their grace. A
setting that makes no sense is said in the log and leaves Flet's own period."""

from __future__ import annotations

import logging

import pytest

from companion.flet_runtime.sessions import EVICT_ENV, EVICT_EVERY_S, Sessions, evict_every_from_env


@pytest.mark.parametrize("text, period", [("0.5", 0.5), (" 2 ", 2.0), (str(EVICT_EVERY_S), EVICT_EVERY_S)])
def test_a_period_in_seconds_is_taken(monkeypatch, text, period):
    monkeypatch.setenv(EVICT_ENV, text)
    assert evict_every_from_env() == period
    assert Sessions.from_env().evict_every == period


def test_unset_leaves_the_eviction_to_flet(monkeypatch):
    monkeypatch.delenv(EVICT_ENV, raising=False)
    assert Sessions.from_env().evict_every is None


@pytest.mark.parametrize("text", ["soon", "0", "-1", "nan", "inf", "11"])
def test_a_period_that_makes_no_sense_is_said_and_ignored(monkeypatch, caplog, text):
    monkeypatch.setenv(EVICT_ENV, text)
    with caplog.at_level(logging.WARNING, logger="companion.flet_runtime.sessions"):
        assert evict_every_from_env() is None
    assert EVICT_ENV in caplog.text and "ignored" in caplog.text


def test_flets_session_registry_is_where_the_evictor_reads_it():
    """The evictor reads Flet's own registry of sessions (nowhere public): this fails when the
    pinned Flet moves it, instead of the setting silently leaving eviction to Flet's period."""
    from flet_web.fastapi import app_manager

    registry = getattr(app_manager, "_FletAppManager__sessions", None)
    assert isinstance(registry, dict)
    assert callable(getattr(app_manager, "delete_session", None))
    for session in registry.values():
        assert hasattr(session, "expires_at")
