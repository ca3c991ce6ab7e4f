"""A new game is its folder, its screen module and one registry line: a toy game
registered here is listed, created, played, undone and described through the real hub."""

import pytest

from engine import registry
from engine.errors import IllegalAction
from engine.registry import GameEntry
from companion.hub import HOST
from tests.support import memory_tables, seated
from tests.test_game_contract import play_one


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (GameEntry("toy", "tests.toygame"),))
    return registry.get_game("toy")


def test_one_registry_line_makes_a_game_playable_through_the_hub(toy):
    assert registry.game_ids()[-1] == "toy" and toy in registry.games()
    hub = memory_tables().create("toy", ["Ann", "Bo"], {"target": 5})
    ann, bo = seated(hub)
    assert hub.view(ann)["legal"] == ["add"] and hub.view(bo)["legal"] == []
    with pytest.raises(IllegalAction, match="It is not your turn: it is Ann's"):
        hub.act(bo, "add", {"amount": 1}, None)
    hub.act(ann, "add", {"amount": 3}, None)
    hub.act(bo, "add", {"amount": 2}, None)
    assert hub.view(HOST)["result"] == {"winner": "Bo"}
    assert [line["text"] for line in hub.history(ann)] == ["Ann added 3", "Bo added 2"]
    hub.act(HOST, "undo", {}, None)  # the end is the host's to undo
    assert hub.view(HOST)["public"]["count"] == 3 and hub.view(bo)["legal"] == ["add", "redo"]


def test_the_contract_checks_hold_for_the_toy_game_too(toy):
    for seed in range(20):
        play_one("toy", seed)


def test_the_game_list_the_screens_and_the_commands_come_from_the_registry():
    from companion.cli import build_parser
    from companion.games import screens_for

    assert [g.id for g in registry.games()] == registry.game_ids()
    for game_id in registry.game_ids():
        assert screens_for(game_id) is not None
    listed = build_parser().format_help()
    for name in registry.game_commands():
        assert name.replace("_", "-") in listed
