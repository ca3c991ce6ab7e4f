"""A new game is its rules package, its screen package and one registry line: the toy
game (``tests/toy/``), registered here by its line alone, is listed, created, played,
undone and described through the real hub, and played to the end on real in-process
phones whose screens are found through the registry."""

import pytest

from engine import registry
from engine.errors import IllegalAction
from companion.table.hub import HOST
from tests.support import ROOT, memory_tables, run_app, seated, until


def test_one_registry_line_makes_a_game_playable_through_the_hub(toy):
    assert registry.game_ids()[-1] == "toy" and toy in registry.games()
    hub = memory_tables().create("toy", ["Ann", "Bo"], {"target": 5})
    ann, bo = seated(hub)
    assert hub.view(ann)["legal"] == ["add"] and hub.view(bo)["legal"] == []
    with pytest.raises(IllegalAction, match="It is not your turn: it is Ann's"):
        hub.act(bo, "add", {"amount": 1}, None)
    hub.act(ann, "add", {"amount": 3}, None)
    # the news since revision 0: the move as described for each viewer, Bo's marked for him
    assert hub.view(bo, since=0)["news"] == [{"rev": 1, "text": "Ann added 3: 2 to go", "concerns": True, "sealed": False}]
    assert hub.view(ann, since=0)["news"] == [{"rev": 1, "text": "Ann added 3", "concerns": False, "sealed": False}]
    assert hub.view(bo)["news"] == [] and hub.view(bo, since=1)["news"] == []
    hub.act(bo, "add", {"amount": 2}, None)
    assert hub.view(HOST)["result"] == {"winner": "Bo"}
    assert [line["text"] for line in hub.history(ann)] == ["Ann added 3", "Bo added 2"]
    hub.act(HOST, "undo", {}, None)  # the end is the host's to undo
    assert hub.view(HOST)["public"]["count"] == 3 and hub.view(bo)["legal"] == ["add", "redo"]


def test_a_whole_toy_game_on_two_phones(toy):
    async def test(app):
        hub = app.create("toy", ["Ann", "Bo"], {"target": 5})
        ann, bo = await app.seat(hub, 0), await app.seat(hub, 1)
        host = await app.host(hub)
        await until(lambda: "Your turn: add to reach 5" in ann.text(), "Ann's turn banner")
        assert "Your turn" not in bo.text() and "Add 1" not in bo.text()
        await ann.tap("Add 3")
        await until(lambda: "Count 3 of 5" in bo.text() and "Your turn" in bo.text(), "Bo's turn")
        assert bo.phone.toasts == ["Ann added 3: 2 to go"] and ann.phone.toasts == []  # the news, and a buzz
        assert "Count 3 of 5" in host.text() and "Your turn" not in ann.text()
        await bo.tap("Add 2")
        for phone in (ann, bo, host):
            await until(lambda phone=phone: "Bo wins" in phone.text(), "the end on every phone")
        assert hub.view(HOST)["result"] == {"winner": "Bo"}
        assert [line["text"] for line in hub.history(HOST)] == ["Ann added 3", "Bo added 2"]
    run_app(test)



def test_the_game_list_the_screens_and_the_commands_come_from_the_registry():
    from companion.cli import build_parser
    from companion.games import screens_of

    assert [g.id for g in registry.games()] == registry.game_ids()
    listed = build_parser().format_help()
    for command in ("advise", "advise-bid", "strata"):  # declared by the screen packages
        assert command in listed
    for game_id in registry.game_ids():
        screens = screens_of(game_id)
        assert callable(screens.phone_screen()) and callable(screens.turn_words_of())
        assert screens.table is None or callable(screens.table_screen())
        for module in screens.command_modules():
            assert callable(module.register)


def test_the_engine_imports_nothing_above_it():
    """Every game's rules load without any module of the companion or of storage."""
    import subprocess
    import sys

    code = ("import sys\nfrom engine.registry import games\ngames()\n"
            "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith(('companion', 'storage'))}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=60)
    assert out.stdout.strip() == "[]", out.stderr
