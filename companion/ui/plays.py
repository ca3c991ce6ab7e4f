"""**Plays** on the host's screen and **My plays** on a phone (route ``/plays``).

The host sees every play and everyone's statistics, with plays per month as a chart, and
renames and merges people. A phone sees its own person's statistics only: the person it
holds with the token the book gave it (:func:`companion.table.plays.phone_person`), nobody
else's. Both come from the book's summary (:meth:`storage.plays.PlayBook.statistics`),
read off the event loop, never from a table's log: a play keeps only what every phone
saw at the end, so no secret is in it.
"""

from __future__ import annotations

import flet as ft

from companion.table.codes import token_matches
from companion.table.hub import off_loop
from companion.ui import charts, kit
from companion.ui.notice import Notice, Waiting
from storage import StorageError

MONTHS_SHOWN = 12
PLAYS_SHOWN = 30


def back_button(phone) -> ft.Control:
    async def back(e):
        await phone.go("/")

    return kit.secondary("Back to start", back)


def host_view(book) -> dict:
    """What the host's Plays screen shows: people (with their statistics), the games,
    the newest plays and the plays per month."""
    counted = book.statistics()
    people = [{**person, **counted["people"].get(person["id"], {"plays": 0, "wins": 0, "win_rate": 0.0})}
              for person in book.people()]
    months = list(counted["per_month"].items())[-MONTHS_SHOWN:]
    return {"people": people, "games": counted["games"], "h_index": counted["h_index"],
            "months": months, "plays": book.latest(PLAYS_SHOWN)}


def own_view(book, held: tuple[str | None, str | None]) -> dict | None:
    """A phone's own person's statistics (names for the people they meet), or None when
    the phone holds no person of this book (an id without its token is no one)."""
    person_id, token = held
    if not (person_id and token):
        return None
    try:
        if not token_matches(token, book.token_hash(person_id)):
            return None
        person = book.resolve(person_id)
        name = book.name_of(person)
    except StorageError:
        return None
    names = {p["id"]: p["name"] for p in book.people()}
    mine = book.statistics()["people"].get(person)
    return {"name": name, "stats": mine, "names": names}


def person_line(stats: dict) -> str:
    return f"{stats['plays']} plays, {stats['wins']} wins ({stats['win_rate']:.0%})"


def game_lines(stats: dict) -> list[ft.Control]:
    lines = []
    for game, one in stats.get("games", {}).items():
        scores = "" if one["average"] is None else (
            f"; average {one['average']:.1f}, best {one['best']}, worst {one['worst']}")
        lines.append(kit.body(f"{game}: {one['plays']} plays, {one['wins']} wins{scores}"))
    return lines


def rivals(stats: dict, names: dict) -> list[ft.Control]:
    said = [("Beats most", "beats_most"), ("Loses most to", "loses_to_most"), ("Plays most with", "plays_with_most")]
    return [kit.body(f"{words}: {names.get(stats[key], '?')}") for words, key in said if stats.get(key)]


@ft.component
def PlaysPage(phone):
    recorder = phone.ctx.tables.recorder
    if recorder is None:
        return Notice(phone, "No plays", "This host keeps no plays.")
    return HostPlays(phone, recorder.book) if phone.is_host else MyPlays(phone, recorder.book)


@ft.component
def HostPlays(phone, book):
    shown, set_shown = ft.use_state(None)

    async def load():
        set_shown(await off_loop(host_view, book))

    ft.on_mounted(load)
    if shown is None:
        return Waiting("Counting the plays...")
    controls: list[ft.Control] = [kit.title("Plays"), back_button(phone)]
    if shown["months"]:
        months, counts = zip(*shown["months"])
        controls.append(kit.card([kit.body("Plays per month"), charts.plays_per_month(months, counts)]))
    controls.append(kit.card([kit.body("People"), *[PersonRow(phone, book, person, shown, load)
                                                      for person in shown["people"]]]))
    games = sorted(shown["games"].items())
    lines = [kit.body(f"{game}: {one['plays']} plays, wins by seat {one['wins_by_seat']}") for game, one in games]
    if games:
        lines.append(charts.wins_by_seat([game for game, _ in games], [one["wins_by_seat"] for _, one in games]))
    controls.append(kit.card([kit.body(f"Games (h-index {shown['h_index']})"), *lines]))
    controls.append(kit.card([kit.body("Latest plays"), *[kit.muted(play_line(play)) for play in shown["plays"]]]))
    return kit.phone_column(controls, kit.use_width())


def play_line(play: dict) -> str:
    people = ", ".join(f"{s['name']}{'' if s['score'] is None else ' ' + str(s['score'])}"
                       f"{' (won)' if s['winner'] else ''}" for s in play["people"])
    return f"{(play.get('ended') or '')[:10]} {play['game']}: {people}"


def PersonRow(phone, book, person: dict, shown: dict, reload) -> ft.Control:
    """A person's line, with Rename and Merge for the host."""
    name = person["name"]

    async def renamed(typed: str) -> str | None:
        return await changed(book.rename, person["id"], typed)

    async def merged(typed: str) -> str | None:
        kept = book.find(typed)
        if kept is None:
            return f"Nobody called {typed.strip() or 'that'} has played here"
        return await changed(book.merge, person["id"], kept)

    async def changed(change, *args) -> str | None:
        try:
            await off_loop(change, *args)
        except StorageError as exc:
            return str(exc)
        await reload()
        return None

    rename = ft.TextButton(f"Rename {name}", on_click=lambda e: phone.ask_text(
        f"Rename {name}", "Their plays keep counting for them under the new name.", "New name", "Rename", renamed))
    merge = ft.TextButton(f"Merge {name}", on_click=lambda e: phone.ask_text(
        f"Merge {name}", f"{name} is someone else in the book: their plays count as one person's.",
        "The name they are", "Merge", merged))
    return ft.Row([kit.body(f"{name}: {person_line(person)}"), rename, merge], wrap=True)


@ft.component
def MyPlays(phone, book):
    shown, set_shown = ft.use_state(None)
    loaded, set_loaded = ft.use_state(False)

    async def load():
        held = await phone.person()
        set_shown(await off_loop(own_view, book, held))
        set_loaded(True)

    ft.on_mounted(load)
    if not loaded:
        return Waiting("Counting your plays...")
    if shown is None:
        return Notice(phone, "My plays", "This phone has not sat at a table here yet: your plays "
                      "are counted once you sit in a seat.")
    stats = shown["stats"]
    controls: list[ft.Control] = [kit.title(f"My plays: {shown['name']}"),
                                  back_button(phone)]
    if stats is None:
        controls.append(kit.muted("No game of yours has ended yet."))
        return kit.phone_column(controls, kit.use_width())
    streak = stats["streaks"]
    controls += [kit.body(person_line(stats)),
                 kit.body(f"Longest winning streak {streak['longest_wins']}, now {streak['current_wins']}"),
                 *rivals(stats, shown["names"]), *game_lines(stats)]
    return kit.phone_column(controls, kit.use_width())
