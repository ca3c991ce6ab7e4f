"""Pieces the table commands share: the data directory and the store."""

from __future__ import annotations

from pathlib import Path


def add_data_arg(parser) -> None:
    parser.add_argument("--data", metavar="DIR", default=None,
                        help="where tables are kept (default: the user data directory)")


def data_dir(arg: str | None) -> Path:
    from storage import default_data_dir

    return Path(arg).expanduser() if arg else default_data_dir()


def open_tables(arg: str | None):
    from storage import StorageError, DiskStore

    from companion.cli import UsageError
    from companion.table.hub import Tables

    folder = data_dir(arg)
    try:
        return Tables(DiskStore(folder))
    except StorageError as exc:
        raise UsageError(f"--data {folder}: {exc}") from None
