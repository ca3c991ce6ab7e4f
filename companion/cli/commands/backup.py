"""``companion repair``, ``companion export`` and ``companion import``: a damaged table
rebuilt, a table to one JSON file and back (:mod:`storage.backup`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.cli.commands.common import add_data_arg, data_dir


def register(subparsers) -> None:
    repair = subparsers.add_parser(
        "repair", help="rebuild a damaged table from the readable beginning of its log")
    repair.add_argument("code", metavar="CODE", help="the table's code")
    add_data_arg(repair)
    repair.set_defaults(run=run_repair)

    export = subparsers.add_parser("export", help="write a table to one JSON file")
    export.add_argument("code", metavar="CODE", help="the table's code")
    add_data_arg(export)
    export.add_argument("--out", metavar="FILE", default=None,
                        help="the file to write (default: standard output)")
    export.set_defaults(run=run_export)

    imported = subparsers.add_parser("import", help="make a table of an exported file")
    imported.add_argument("file", metavar="FILE", help="a file written by companion export")
    add_data_arg(imported)
    imported.set_defaults(run=run_import)


def _store(arg: str | None):
    from storage import DiskStore

    return _opened(arg, DiskStore)


def _opened(arg: str | None, kind):
    """``kind`` (the tables, the book of plays) of the data folder, or UsageError."""
    from storage import StorageError

    from companion.cli import UsageError

    folder = data_dir(arg)
    try:
        return kind(folder)
    except StorageError as exc:
        raise UsageError(f"--data {folder}: {exc}") from None


def _code(text: str) -> str:
    """A code as typed (case, spaces and misreadings forgiven), or UsageError."""
    from storage import check_code

    from companion.cli import UsageError
    from companion.table.codes import normalise_code

    code = normalise_code(text) or "".join(text.split()).upper()
    try:
        return check_code(code)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _refused(exc: Exception):
    from companion.cli import UsageError

    return UsageError(str(exc))


def run_repair(args) -> int:
    from storage import NotSaved, UnknownTable
    from storage.backup import BackupError, TableIsFine, repair_table

    code = _code(args.code)
    with _store(args.data) as store:
        try:
            done = repair_table(store, code)
        except TableIsFine as exc:  # nothing to mend is not an error: said, and status 0
            store.make_private(code)
            print(exc if not store.made_private else
                  f"Table {code} is fine: its log was not changed; {_made_private(store)}")
            return 0
        except (UnknownTable, BackupError, NotSaved) as exc:
            raise _refused(exc) from None
        store.make_private(code)
    print(f"Table {code} repaired ({done.problem}): kept {done.kept} "
          f"action{'' if done.kept == 1 else 's'}, could not read {done.unread}; "
          f"the damaged files are kept in {done.aside}"
          + (f"; {_made_private(store)}" if store.made_private else ""))
    return 0


def _made_private(store) -> str:
    count = store.made_private
    return (f"{count} {'folder or file was' if count == 1 else 'folders and files were'} made "
            "readable by this user only")


def run_export(args) -> int:
    from storage import UnknownTable, UnreadableTable
    from storage.backup import export_table
    from storage.durable import write_atomically

    from companion.table.plays import with_play

    from companion.cli import UsageError

    code = _code(args.code)
    with _store(args.data) as store:
        try:
            data = export_table(store, code)
            book = _book(args.data)
            data = with_play(data, book)
            book.close()
        except UnknownTable as exc:
            raise _refused(exc) from None
        except UnreadableTable as exc:
            raise UsageError(f"{exc} (companion repair {code} keeps what can be read)") from None
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if args.out is None:
        sys.stdout.write(text)
        return 0
    out = Path(args.out).expanduser()
    if out.is_dir():
        raise UsageError(f"--out {out}: that is a folder, not a file")
    try:
        write_atomically(out, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"--out {out}: {exc.strerror or exc}") from None
    entries = len(data["log"])
    print(f"Table {code} exported to {out} ({entries} action{'' if entries == 1 else 's'})")
    return 0


def run_import(args) -> int:
    from storage import NotSaved
    from storage.backup import BackupError, import_table, read_export, read_export_file

    from companion.cli import UsageError
    from companion.table.codes import new_code

    path = Path(args.file).expanduser()
    try:
        data = read_export(read_export_file(path), str(path))
    except FileNotFoundError:
        raise UsageError(f"{path}: there is no such file") from None
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None
    except BackupError as exc:
        raise _refused(exc) from None
    _check_export_code(data.get("code"))
    with _store(args.data) as store:
        try:
            code, entries = import_table(store, data, new_code)
        except (BackupError, NotSaved) as exc:
            raise _refused(exc) from None
        _keep_play(store, args.data, code, data)
    players = ", ".join(str(p) for p in data["players"])
    moved = "" if code == data.get("code") else \
        f" (its code {data['code']} is taken here)" if data.get("code") else " (it had no code)"
    print(f"Imported table {code}{moved}: {data['game']} for {players}, "
          f"{entries} action{'' if entries == 1 else 's'}")
    return 0


def _book(arg: str | None):
    """The data folder's book of plays (UsageError if it cannot be read)."""
    from storage.plays import PlayBook

    return _opened(arg, PlayBook)


def _keep_play(store, arg: str | None, code: str, data: dict) -> None:
    """An imported table's play kept in the book: the one its export carried, or its
    end's if it is finished."""
    from companion.table.hub import Tables
    from companion.table.plays import PlayRecorder, imported_play

    recorder = PlayRecorder(_book(arg))
    try:
        imported_play(recorder, Tables(store, recorder=recorder), code, data)
    finally:
        recorder.book.close()


def _check_export_code(code) -> None:
    """An export's code is a join code a phone can type (as ``companion new`` makes
    them), or missing (a new one is made); else UsageError in words."""
    from storage.backup import quoted

    from companion.cli import UsageError
    from companion.table.codes import CODE_ALPHABET, CODE_LENGTH, MAX_CODE_LENGTH, normalise_code

    if code is None or (isinstance(code, str) and normalise_code(code) == code):
        return
    raise UsageError(f"The export cannot be imported: its code {quoted(code)} is not a join code "
                     f"({CODE_LENGTH} to {MAX_CODE_LENGTH} of the letters {' '.join(CODE_ALPHABET)}); "
                     "nothing was imported")
