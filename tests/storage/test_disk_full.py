"""A full disk refuses the action in words, keeps nothing of it, and the table goes on
once there is room again: through the hub, the JSON transport (507) and a phone's screen
(which keeps its screen and shows the line as a message).

As root the disk really is full: a 1 MB tmpfs mounted for the test, filled with a file.
Otherwise (or where mounting is not allowed) a store whose writes fail as a full disk's
do stands in (``MemoryStore.fail_writes``).
"""

from __future__ import annotations

import errno
import os

import pytest

from companion.table.hub import HOST, SaveFailed, Tables, Who
from storage import DiskStore
from storage.memory import MemoryStore, disk_full
from storage.store import DISK_FULL
from tests.support import Api

from tests.storage.support import MESSAGE, SmallDisk


@pytest.fixture
def disk(tmp_path):
    small = SmallDisk(tmp_path)
    yield small
    small.close()


class Full:
    """Either the real small disk or the stand-in, with the same three moves."""

    def __init__(self, disk: SmallDisk):
        self.disk = disk
        if disk.mounted:
            self.store = DiskStore(disk.path / "data")
        else:
            self.store = MemoryStore()

    def fill(self) -> None:
        if self.disk.mounted:
            self.disk.fill()
        else:
            self.store.fail_writes = disk_full()

    def free(self) -> None:
        if self.disk.mounted:
            self.disk.free()
        else:
            self.store.fail_writes = None

    def reopen(self):
        if self.disk.mounted:
            self.store.close()
            self.store = DiskStore(self.disk.path / "data")
        return self.store


def test_the_stand_in_is_only_used_when_the_disk_cannot_be_mounted(disk):
    if os.geteuid() == 0:
        assert disk.mounted, "as root the test mounts a real small disk"


def test_a_full_disk_refuses_actions_in_words_and_keeps_nothing(disk):
    full = Full(disk)
    tables = Tables(full.store)
    hub = tables.create("scorepad", ["Ann", "Bo"])
    ann = Who(seat=0, token=hub.claim_seat(0))
    hub.act(ann, "points", {"points": 5}, hub.revision)
    full.fill()
    for _ in range(100):  # the file's last block may still take a few lines
        try:
            hub.act(ann, "points", {"points": 5}, hub.revision)
        except SaveFailed:
            break
    before = (hub.revision, hub.view(HOST))
    for attempt in range(3):
        with pytest.raises(SaveFailed) as caught:
            hub.act(ann, "points", {"points": 7}, hub.revision)
        assert caught.value.message == MESSAGE and caught.value.disk_full
        assert (hub.revision, hub.view(HOST)) == before
    with pytest.raises(SaveFailed, match="disk is full"):
        hub.undo(HOST, hub.revision)
    if disk.mounted:  # a new table needs room too
        with pytest.raises(SaveFailed, match="disk is full"):
            tables.create("scorepad", ["Cy"])
    full.free()
    hub.act(ann, "points", {"points": 7}, hub.revision)
    assert hub.view(HOST)["public"]["players"][0]["total"] == 7
    again = Tables(full.reopen()).open(hub.code)
    assert again.revision == before[0] + 1 and again.match.state == hub.match.state


def test_the_json_transport_answers_507_with_the_line(disk):
    full = Full(disk)
    api = Api(Tables(full.store))
    code = api.create("scorepad", ["Ann", "Bo"])
    token = api.claim(code, 0)
    assert api.act(code, "points", {"points": 1}, token) == (200, {"rev": 1})
    full.fill()
    for _ in range(100):  # the file's last block may still take a few lines
        status, body = api.act(code, "points", {"points": 2}, token)
        if status != 200:
            break
    assert (status, body) == (507, {"error": MESSAGE})
    assert api.act(code, "points", {"points": 2}, token) == (507, {"error": MESSAGE})
    full.free()
    assert api.act(code, "points", {"points": 2}, token)[0] == 200


def test_seat_claims_on_a_full_disk_are_refused_in_words():
    store = MemoryStore()
    api = Api(Tables(store))
    code = api.create("scorepad", ["Ann", "Bo"])
    store.fail_writes = disk_full()
    response = api.client.post(f"/api/tables/{code}/seats/1")
    assert response.status_code == 507 and response.json() == {"error": MESSAGE}
    with pytest.raises(SaveFailed, match=MESSAGE):
        api.tables.open(code).claim_seat(0)
    with pytest.raises(SaveFailed, match=MESSAGE):
        api.tables.create("scorepad", ["Cy"])


def test_another_disk_error_answers_503():
    store = MemoryStore()
    api = Api(Tables(store))
    code = api.create("scorepad", ["Ann"])
    token = api.claim(code, 0)
    store.fail_writes = OSError(errno.EIO, "Input/output error")
    status, body = api.act(code, "points", {"points": 2}, token)
    assert status == 503
    assert body == {"error": "The host could not write to its disk: nothing was saved"}


def test_a_phone_keeps_its_screen_and_shows_the_line(disk):
    from tests.support import run_app

    full = Full(disk)

    async def test(app):
        hub = app.create("scorepad", ["Ann", "Bo", "Cy"])
        ann = await app.seat(hub, 0)
        full.fill()
        for _ in range(100):  # the file's last block may still take a few lines
            await ann.type("Ann's points", "9")
            await ann.tap("Save")
            if MESSAGE in ann.phone.toasts:
                break
        assert ann.phone.toasts[-1] == MESSAGE
        box = ann.find(lambda c: getattr(c, "label", None) == "Ann's points")
        assert box is not None and box.value == "9"  # the screen stayed as it was, draft kept
        revision = hub.revision
        full.free()
        await ann.tap("Save")  # the draft is still there: one tap saves it
        await ann.settle()
        assert hub.revision == revision + 1 and ann.total("Ann") == "9"

    run_app(test, Tables(full.store))
    assert DISK_FULL == MESSAGE
