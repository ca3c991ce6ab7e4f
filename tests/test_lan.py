"""The join address: found from the interfaces, overridable, never a loopback by choice."""

from companion.server import lan
from companion.table.codes import CODE_ALPHABET, new_code, normalise_code


def test_public_url_override_wins():
    assert lan.public_url("0.0.0.0", 8550, "http://table.local:80/") == "http://table.local:80"


def test_explicit_host_is_used_as_is():
    assert lan.public_url("192.168.1.20", 9000) == "http://192.168.1.20:9000"


def test_private_lan_addresses_rank_before_loopback_and_bridges():
    ranked = sorted(["127.0.0.1", "172.17.0.1", "192.168.1.7"], key=lan.rank)
    assert ranked[0] == "192.168.1.7" and ranked[-1] == "127.0.0.1"


def test_lan_address_is_one_of_this_machines_addresses():
    assert lan.lan_address() in lan.candidate_addresses() + ["127.0.0.1"]


def test_codes_are_unambiguous_and_forgiving():
    codes = {new_code() for _ in range(500)}
    assert len(codes) > 490  # unguessable: no repeats in a small sample
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("IO0125SZBG8L6") & set(CODE_ALPHABET)
    code = next(iter(codes))
    assert normalise_code(f" {code.lower()[:3]} {code.lower()[3:]} ") == code
    assert normalise_code("ABC") == "" and normalise_code("IIIIII") == ""
