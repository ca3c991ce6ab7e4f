"""``companion serve``: host tables for the phones on this network.

Everything that can go wrong before serving is checked before anything is printed:
the data folder (a file, or not writable, is one line and exit status 2), the address
and port (bound here, then handed to the server), the options.
"""

from __future__ import annotations

import os
import socket
import sys

from companion.cli.commands.common import add_data_arg, data_dir


def register(subparsers) -> None:
    from companion.table.codes import CODE_LENGTH, MAX_CODE_LENGTH

    parser = subparsers.add_parser("serve", help="serve tables to the phones on this network")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=8550, help="port (default: 8550)")
    add_data_arg(parser)
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the base URL phones use (default: found from this machine's interfaces)")
    parser.add_argument("--no-loopback-host", action="store_true",
                        help="do not treat browsers on this machine as the host (use the host link)")
    parser.add_argument("--code-length", type=int, default=CODE_LENGTH, metavar="N",
                        help=f"letters in new tables' join codes, {CODE_LENGTH} to {MAX_CODE_LENGTH} "
                             f"(default {CODE_LENGTH}; a venue may want 8 or more)")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="believe X-Forwarded-For from a proxy on this machine (default: ignored)")
    parser.set_defaults(run=run)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``, or UsageError in one line."""
    from companion.cli import UsageError

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise UsageError(f"--host {host}: not an address of this machine") from None
    error: OSError | None = None
    for family, kind, proto, _, address in infos:
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            sock.bind(address)
            sock.listen(2048)
            sock.set_inheritable(True)
            return sock
        except OSError as exc:
            sock.close()
            error = exc
    reason = (error.strerror if error is not None else None) or "it cannot be used"
    raise UsageError(f"--host {host} --port {port}: cannot listen there ({reason.lower()})")


def check_data_folder(folder) -> None:
    """The data folder exists (made if needed), is a folder, and this user can write in
    it; else UsageError in one line."""
    from storage.durable import private_folders

    from companion.cli import UsageError

    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--data {folder}: that is a file, not a folder")
    try:
        private_folders(folder)
        probe = folder / f".write-test.{os.getpid()}"
        with open(probe, "wb") as handle:
            handle.write(b"ok")
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"--data {folder}: tables cannot be written there "
                         f"({(exc.strerror or str(exc)).lower()})") from None


def run(args) -> int:
    from storage import StorageError, DiskStore

    from companion.server import deadlines
    from companion.cli import UsageError
    from companion.table.codes import CODE_LENGTH, MAX_CODE_LENGTH, token_hash
    from companion.flet_runtime import quiet_gc
    from companion.table.context import AppContext, load_host_key
    from companion.table.hub import Tables
    from companion.server.lan import public_url
    from companion.ui.qr import qr_text
    from companion.server.edge import TRUSTED_PROXIES, Limits, raise_open_file_limit
    from companion.server.asgi import serve
    from companion.table.plays import backfill, open_book

    if not (0 < args.port < 65536):
        raise UsageError(f"--port {args.port}: a port is 1 to 65535")
    if not CODE_LENGTH <= args.code_length <= MAX_CODE_LENGTH:
        raise UsageError(f"--code-length {args.code_length}: {CODE_LENGTH} to {MAX_CODE_LENGTH} letters")
    try:
        deadlines.load()
    except ValueError as error:
        raise UsageError(str(error)) from None
    folder = data_dir(args.data)
    check_data_folder(folder)
    try:
        store = DiskStore(folder)
        key = load_host_key(folder)
        recorder = open_book(folder)
    except (StorageError, OSError) as exc:
        raise UsageError(f"--data {folder}: {exc}") from None
    sock = bind(args.host, args.port)
    url = public_url(args.host, args.port, args.public_url)
    tables = Tables(store, code_length=args.code_length, while_moving=quiet_gc.moving,
                    recorder=recorder)
    backfill(recorder, tables, tables.list())
    ctx = AppContext(tables=tables, public_url=url,
                     data_dir=folder, host_key_hash=token_hash(key),
                     loopback_is_host=not args.no_loopback_host)
    open_files = raise_open_file_limit()
    limits = Limits.for_open_files(open_files, uncapped=TRUSTED_PROXIES if args.trust_proxy else ())
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    print(f"Table Companion is serving on {url}", flush=True)
    print("Phones on this network: scan the code below, or open the address.", flush=True)
    print(qr_text(url), flush=True)
    print(f"Host screen (keep private): {ctx.host_url(key)}", flush=True)
    print(f"Open files: up to {open_files:,}; connections: up to {limits.total:,}, "
          f"{limits.per_address} per device"
          + ("; X-Forwarded-For believed from this machine" if args.trust_proxy else ""), flush=True)
    print(f"Tables are kept in {folder}. Stop with Ctrl-C.", flush=True)
    sys.stdout.flush()
    serve(ctx, args.host, args.port, sock=sock, trust_proxy=args.trust_proxy, limits=limits)
    return 0
