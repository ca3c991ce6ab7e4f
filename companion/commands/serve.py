"""``companion serve``: host tables for the phones on this network."""

from __future__ import annotations

import os
import sys

from companion.commands.common import add_data_arg, data_dir


def register(subparsers) -> None:
    parser = subparsers.add_parser("serve", help="serve tables to the phones on this network")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=8550, help="port (default: 8550)")
    add_data_arg(parser)
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the base URL phones use (default: found from this machine's interfaces)")
    parser.add_argument("--no-loopback-host", action="store_true",
                        help="do not treat browsers on this machine as the host (use the host link)")
    parser.set_defaults(run=run)


def run(args) -> int:
    from storage import TableStore

    from companion.codes import token_hash
    from companion.context import AppContext, load_host_key
    from companion.hub import Tables
    from companion.lan import public_url
    from companion.qr import qr_text
    from companion.web import serve

    if not (0 < args.port < 65536):
        from companion.cli import UsageError

        raise UsageError(f"--port {args.port}: a port is 1 to 65535")
    folder = data_dir(args.data)
    store = TableStore(folder)
    key = load_host_key(folder)
    url = public_url(args.host, args.port, args.public_url)
    ctx = AppContext(tables=Tables(store), public_url=url, data_dir=folder,
                     host_key_hash=token_hash(key), loopback_is_host=not args.no_loopback_host)
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    print(f"Table Companion is serving on {url}", flush=True)
    print("Phones on this network: scan the code below, or open the address.", flush=True)
    print(qr_text(url), flush=True)
    print(f"Host screen (keep private): {ctx.host_url(key)}", flush=True)
    print(f"Tables are kept in {folder}. Stop with Ctrl-C.", flush=True)
    sys.stdout.flush()
    serve(ctx, args.host, args.port)
    return 0
