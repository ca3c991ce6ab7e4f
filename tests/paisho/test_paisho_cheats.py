"""Cheats at a Pai Sho table over the JSON transport, as a player with their own seat
token (from the phone's storage) would try them: each is refused with a sentence a
player can read, and the table does not change."""

from __future__ import annotations

import pytest

from tests.support import Api

ANN, BO = 0, 1
OPENING = ((ANN, "place", {"tile": "rose"}), (BO, "place", {"tile": "jasmine"}),
           (ANN, "place", {"tile": "knotweed"}), (BO, "place", {"tile": "lily"}))


@pytest.fixture
def table():
    """(api, code, tokens) at Ann's turn: Ann has a Rose and a Knotweed on the board, Bo a
    Jasmine and a Lily."""
    api = Api()
    code = api.create("paisho", ("Ann", "Bo"), {"board": False})  # the score keeper
    tokens = [api.claim(code, ANN), api.claim(code, BO)]
    for seat, kind, payload in OPENING:
        status, body = api.act(code, kind, payload, token=tokens[seat])
        assert status == 200, body
    return api, code, tokens



# -- `true` is not a seat ------------------------------------------------------------------

def test_true_as_the_owner_of_a_captured_tile_is_refused(table):
    api, code, tokens = table
    # Ann's Rose could take Bo's Jasmine: with owner true, it may not
    message = api.refused(code, "capture", {"tile": "rose", "captured": "jasmine", "owner": True},
                      token=tokens[ANN])
    assert message == "The captured tile's owner must be a whole number from 0 to 3"
    for owner in (False, 1.0, "1.5", 7, -1, [1], {"seat": 1}, "Cy"):
        api.refused(code, "capture", {"tile": "rose", "captured": "jasmine", "owner": owner},
                token=tokens[ANN])
    status, body = api.act(code, "capture", {"tile": "rose", "captured": "jasmine", "owner": 1},
                           token=tokens[ANN])
    assert status == 200, body


def test_true_as_a_knotweeds_owner_or_a_killed_tiles_owner_is_refused(table):
    api, code, tokens = table
    killed = [{"owner": BO, "kind": "lily"}]
    assert api.refused(code, "knotweed_kill", {"knotweed": True, "killed": killed},
                   token=tokens[BO]) == "The Knotweed's owner must be a whole number from 0 to 3"
    assert api.refused(code, "knotweed_kill",
                   {"knotweed": ANN, "killed": [{"owner": True, "kind": "lily"}]},
                   token=tokens[BO]) == "A killed tile's owner must be a whole number from 0 to 3"
    assert api.refused(code, "knotweed_kill", {"knotweed": 3, "killed": killed},
                   token=tokens[BO]) == "There is no such player at this table"


def test_true_as_a_returned_flowers_owner_is_refused():
    api = Api()
    code = api.create("paisho", ("Ann", "Bo"), {"board": False})  # the score keeper
    ann, bo = api.claim(code, ANN), api.claim(code, BO)
    for token, tile in ((ann, "boat"), (bo, "lily")):
        assert api.act(code, "place", {"tile": tile}, token=token)[0] == 200
    api.refused(code, "return", {"tile": "boat", "returned": [{"owner": True, "kind": "lily"}]},
            token=ann)


def test_true_as_the_seat_of_an_action_is_refused(table):
    api, code, tokens = table
    assert api.refused(code, "pass", {}, raw=b'{"kind": "pass", "seat": true}',
                   token=tokens[ANN]) == "'seat' is a whole number"
    assert api.refused(code, "pass", {}, raw=b'{"kind": "pass", "seat": true}', host=True) == \
        "'seat' is a whole number"


# -- turns and seats -----------------------------------------------------------------------

def test_moving_out_of_turn_is_refused(table):
    api, code, tokens = table
    for kind, payload in (("pass", {}), ("place", {"tile": "rose"}), ("move", {"tile": "lily"}),
                          ("capture", {"tile": "jasmine", "captured": "rose"})):
        assert api.refused(code, kind, payload, token=tokens[BO]) == \
            "It is not your turn: it is Ann's"


def test_acting_for_another_seat_is_refused(table):
    api, code, tokens = table
    # Bo plays Ann's turn for her
    assert api.refused(code, "pass", {}, token=tokens[BO], seat=ANN) == \
        "You can only act for your own seat"
    # Bo records a harmony as Ann's: by seat, or with the old actor key
    assert api.refused(code, "harmony_formed", {"tiles": ["rose", "jasmine"]}, token=tokens[BO],
                   seat=ANN) == "You can only act for your own seat"
    assert api.refused(code, "harmony_formed", {"tiles": ["jasmine", "lily"], "owner": ANN},
                   token=tokens[BO]) == "This move does not take 'owner'"
    # a watcher (no token) acts for nobody
    assert api.refused(code, "pass", {}, seat=ANN)
    # a made-up token
    assert api.refused(code, "pass", {}, token="not-a-token") == \
        "That seat token is not valid at this table"


def test_a_forfeit_for_another_player_is_refused(table):
    api, code, tokens = table
    assert api.refused(code, "forfeit", {}, token=tokens[BO], seat=ANN) == \
        "You can only act for your own seat"
    assert api.refused(code, "forfeit", {"player": ANN}, token=tokens[BO]) == \
        "This move does not take 'player'"
    assert api.refused(code, "forfeit", {"seat": ANN}, token=tokens[BO]) == \
        "This move does not take 'seat'"
    # the host may, for that player, and only naming them
    assert api.refused(code, "forfeit", {}, host=True) == "Say which player this is for"
    status, body = api.act(code, "forfeit", {}, host=True, seat=BO)
    assert status == 200, body
    result = api.view(code, host=True)["result"]
    assert result["winner"] == ANN and result["reason"] == "forfeit"


def test_the_host_plays_the_turn_of_the_player_to_act_only(table):
    api, code, tokens = table
    assert api.refused(code, "pass", {}, host=True, seat=BO) == "It is Ann's turn"
    status, body = api.act(code, "pass", {}, host=True)  # no seat: for the player to act
    assert status == 200, body
    assert api.view(code, token=tokens[BO])["to_act"] == [BO]


# -- payloads no move takes ------------------------------------------------------------------

@pytest.mark.parametrize("raw", [
    b'{"kind": "place", "payload": {"tile": "rose", "formed": [[NaN, "lily"]]}}',
    b'{"kind": "place", "payload": {"tile": "rose", "broken": [Infinity]}}',
    b'{"kind": "harmony_broken", "payload": {"harmony": 1e999}}',
    b'{"kind": "harmony_broken", "payload": {"harmony": -Infinity}}',
])
def test_not_a_number_and_infinite_numbers_are_refused(table, raw):
    api, code, tokens = table
    api.refused(code, "", raw=raw, token=tokens[ANN])


@pytest.mark.parametrize("payload, words", [
    ({"tile": "rose", "zz": 1}, "This move does not take 'zz'"),
    ({"tile": "rose", "x" * 3000: 1}, "This move has a detail it does not take"),
    ({"tile": "x" * 3000}, "The tile is too long (at most 20 characters)"),
    ({"tile": "tulip"}, "The tile must be one of: jasmine, lily, jade, rose"),
    ({"tile": True}, "The tile must be one of: jasmine"),
    ({"tile": "rose", "broken": [10 ** 30]}, "The harmonies broken, item 1, must be a whole number"),
    ({"tile": "rose", "broken": list(range(1, 40))}, "The harmonies broken must have 0 to 32 items"),
    ({"tile": "rose", "formed": [["rose", "lily", "jade"]]}, "must have exactly 2 items"),
    ({"tile": "rose", "formed": [["rose", "knotweed"]]}, "must be one of: jasmine"),
    ({"tile": "rose", "formed": [["lily", "jade"]] * 17}, "The harmonies formed must have 0 to 16 items"),
    ({"tile": "rose", "formed": "lily+jade"}, "The harmonies formed must be a list"),
    ({}, "The tile is missing"),
])
def test_payloads_of_the_wrong_shape_or_size_are_refused(table, payload, words):
    api, code, tokens = table
    assert words in api.refused(code, "place", payload, token=tokens[ANN])


def test_deeply_nested_and_huge_payloads_are_refused(table):
    api, code, tokens = table
    deep: object = "rose"
    for _ in range(300):
        deep = [deep]
    api.refused(code, "place", {"tile": "rose", "formed": deep}, token=tokens[ANN])
    api.refused(code, "knotweed_kill",
            {"knotweed": ANN, "killed": [{"owner": BO, "kind": "lily"}] * 9}, token=tokens[ANN])
    api.refused(code, "return", {"tile": "boat", "returned": [{"kind": "lily", "zz": 1}]},
            token=tokens[ANN])
    api.refused(code, "teleport", {}, token=tokens[ANN])


def test_nothing_refused_reached_the_log(table):
    api, code, tokens = table
    api.refused(code, "place", {"tile": "rose", "zz": "x" * 3000}, token=tokens[ANN])
    api.refused(code, "forfeit", {"player": BO}, token=tokens[ANN])
    hub = api.tables.open(code)
    assert [e.action.kind for e in hub.match.log] == ["place"] * 4
    assert all(set(e.action.payload) == {"tile"} for e in hub.match.log)
