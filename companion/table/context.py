"""What every session of one server shares: the tables, the public URL, the host key."""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.table.codes import token_matches
from companion.table.guard import Guard
from companion.table.hub import NoSuchTable, TableHub, Tables


@dataclass
class AppContext:
    tables: Tables
    public_url: str
    data_dir: Path
    host_key_hash: str = ""
    loopback_is_host: bool = True
    extra: dict = field(default_factory=dict)
    guard: Guard = field(default_factory=Guard)
    sessions: Any = None
    """The pages each device holds (:class:`companion.flet_runtime.sessions.Sessions`): the
    Flet runtime's, made by the Flet entry point unless handed in."""

    async def open_table_async(self, code_text: str, device: str | None) -> TableHub:
        """:meth:`open_table` from the event loop: an open table at once, else opened in
        a worker thread."""
        from companion.table.hub import off_loop

        hub = self.open_already(code_text, device)
        return hub if hub is not None else await off_loop(self.open_table, code_text, device)

    def open_already(self, code_text: str, device: str | None) -> TableHub | None:
        """The table for a code if it is open already (no I/O: safe on the loop), else None;
        raises TooManyGuesses when ``device`` must wait, as :meth:`open_table` does."""
        self.guard.check(device)
        return self.tables.cached(code_text)

    def open_table(self, code_text: str, device: str | None) -> TableHub:
        """The table for a code looked up by ``device`` (a phone's or a script's
        address), counting lookups of codes that name no table (:mod:`companion.table.guard`):
        raises TooManyGuesses when that device must wait. Blocking: call it off the loop."""
        self.guard.check(device)
        try:
            return self.tables.open(code_text)
        except NoSuchTable:
            self.guard.miss(device)
            raise

    def join_url(self, code: str) -> str:
        return f"{self.public_url}/join/{code}"

    def host_url(self, host_key: str) -> str:
        return f"{self.public_url}/host/{host_key}"

    def is_host(self, device: str | None, host_key: str | None) -> bool:
        """The host device: the server's own browser (``device``, the address the server saw,
        is loopback) or one holding the host key."""
        if token_matches(host_key, self.host_key_hash):
            return True
        if self.loopback_is_host and device:
            try:
                return ipaddress.ip_address(device.split("%")[0]).is_loopback
            except ValueError:
                return False
        return False


def load_host_key(data_dir: Path) -> str:
    """The host key of this data directory (made once, readable by the host user only)."""
    path = Path(data_dir) / "host.key"
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    from storage.durable import private_folders, write_atomically

    key = secrets.token_urlsafe(18)
    private_folders(path.parent)
    write_atomically(path, key.encode("ascii"))
    return key
