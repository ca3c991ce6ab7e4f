"""BluffStones phone screens: setup, the secret bid, the reveal, the resolution on a board.

Every screen is drawn from the view envelope alone (``ui.public``, ``ui.private``,
``ui.legal``, ``ui.result``); a move's button is offered only when the table would
accept it (``ui.may``):

- setup: the tower circles (default layout offered, or tapped on the board), each
  tower's top colour as drawn, the start player, then Start;
- bidding: on a phone, my stones and my secret bid (pick, then Confirm bid); everyone
  sees only who is ready; once all are ready anyone presses Reveal (with a confirm);
- resolving: the revealed bids, then the pending step: the player whose step it is taps
  a legal circle on the board (the host may tap for them), warned of the towers a circle
  would leave one stone from scoring for someone else; towers scored are announced and
  counted;
- over: the ranking and the round the game ended in.

Every screen lists the towers with the matching stones next to each and how many more
it needs. The shared table screen (``ui.seat is None``) shows the board, every pile,
the turn tower and the towers won; on a wide screen the board sits beside the rest.
"""

from __future__ import annotations

from typing import Callable

import flet as ft

from companion.games import bluffstones_board as drawing
from companion.ui import kit
from companion.ui.gameui import GameUI

TOWER_COUNT = 7


def build(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    phase = game["phase"]
    if phase == "setup":
        controls = _setup(ui)
    elif kit.is_wide(ui):
        controls = _wide_table(ui)
    elif ui.seat is None:
        controls = _table(ui)
    else:
        controls = _phone(ui)
    return controls + [_house_rules(ui)]


def _house_rules(ui: GameUI) -> ft.Control:
    """What the app decided where the printed rules are silent (from the engine)."""
    rules = ui.public.get("house_rules") or []
    return ft.ExpansionTile(
        title=ft.Text("Where the rules are silent", size=kit.BODY),
        controls=[kit.body(rule, size=kit.SMALL + 2) for rule in rules],
        controls_padding=ft.Padding(12, 0, 12, 12),
    )


# -- sizes -----------------------------------------------------------------------
def _page_width() -> float:
    try:
        return float(ft.context.page.width or 0) or 390.0
    except (RuntimeError, AttributeError, TypeError, ValueError):
        return 390.0


def _board_width(ui: GameUI) -> float:
    """The width the board may take: the phone column (or half a wide table screen)."""
    page = _page_width()
    if kit.is_wide(ui):
        return min(min(page, 1280) * 0.55 - 24, 560)  # the whole board fits a landscape screen
    return min(page, kit.PHONE_WIDTH + 24) - 24 - 4


# -- setup ---------------------------------------------------------------------------
def _setup(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    setup = game["setup"]
    can = ui.may("towers")
    editing = ui.local.get("tower_edit") if can else None
    controls: list[ft.Control] = [kit.title("Set up the table")]
    missing = setup["missing"]
    if missing:
        controls.append(kit.body("Still to record: " + "; ".join(missing) + "."))
    else:
        controls.append(kit.body("Everything is recorded: start when the stones are dealt."))
    controls.append(_setup_board(ui, editing))
    controls.append(_setup_towers(ui, editing, can))
    if editing is None:
        controls.append(_setup_colours(ui, can))
        controls.append(_setup_start_player(ui, can))
        if can:
            controls.append(kit.primary("Start game", (lambda e: ui.act("start")) if ui.may("start") else None))
        else:
            controls.append(kit.muted("Watching: the players set up the game."))
    return controls


def _setup_board(ui: GameUI, editing: list[str] | None) -> ft.Control:
    game = ui.public
    width = _board_width(ui)
    if editing is None:
        return _centred(drawing.draw(game["board"], width))

    def toggle(circle: str) -> Callable:
        def handler(e=None):
            chosen = ui.local["tower_edit"]
            if circle in chosen:
                chosen.remove(circle)
            else:
                chosen.append(circle)
            ui.rerender()
        return handler

    targets = {}
    for item in game["board"]["circles"]:
        c = item["circle"]
        name = f"Take the tower off {c}" if c in editing else f"Put a tower on {c}"
        targets[c] = (name, toggle(c))
    return _centred(drawing.draw(game["board"], width, targets=targets, selected=set(editing),
                                 tower_circles=list(editing), mark_targets=False))


def _setup_towers(ui: GameUI, editing: list[str] | None, can: bool) -> ft.Control:
    setup = ui.public["setup"]
    current, default = setup["tower_circles"], setup["default_towers"]
    rows: list[ft.Control] = [kit.title("Towers", size=kit.BODY + 2)]
    if editing is not None:
        rows.append(kit.body(f"Tap circles on the board: {len(editing)} of {TOWER_COUNT} chosen"
                             + (f" ({', '.join(editing)})" if editing else "") + "."))

        def save(e=None):
            ui.act("towers", {"circles": list(editing)})
            ui.local.pop("tower_edit", None)
            ui.rerender()

        def cancel(e=None):
            ui.local.pop("tower_edit", None)
            ui.rerender()

        rows.append(ft.Row([
            kit.primary("Save towers", save if len(editing) == TOWER_COUNT else None),
            kit.secondary("Cancel", cancel),
        ], wrap=True))
        return kit.card(rows)
    layout = "the default layout" if list(current) == list(default) else "a layout of your own"
    rows.append(kit.body(f"Towers stand on {', '.join(current)} ({layout})."))
    if can:
        def edit(e=None):
            ui.local["tower_edit"] = list(current)
            ui.rerender()

        buttons = [kit.secondary("Move towers", edit)]
        if list(current) != list(default):
            buttons.insert(0, kit.secondary("Use the default layout",
                                            lambda e: ui.act("towers", {"circles": list(default)})))
        rows.append(ft.Row(buttons, wrap=True))
    return kit.card(rows)


def _setup_colours(ui: GameUI, can: bool) -> ft.Control:
    setup = ui.public["setup"]
    colours = setup["tower_colours"]
    rows: list[ft.Control] = [
        kit.title("Top stone of each tower", size=kit.BODY + 2),
        kit.muted("Draw 7 of the 3 blue, 3 yellow and 3 green stones blind; tap what came out."),
    ]
    for circle in setup["tower_circles"]:
        chips: list[ft.Control] = []
        for colour in setup["colours"]:
            picked = colours.get(circle) == colour
            handler = (lambda e, c=circle, col=colour: ui.act(
                "tower_colour", {"circle": c, "colour": col})) if ui.may("tower_colour") else None
            chips.append(_token(colour.capitalize(), colour, f"{circle} {colour}", handler,
                                selected=picked, compact=True))
        now = colours.get(circle)
        rows.append(ft.Row([
            ft.Container(kit.own(ft.Text(circle, size=kit.LARGE, weight=ft.FontWeight.BOLD,
                                         semantics_label=f"Tower {circle} {now or 'not recorded'}")),
                         width=46),
            ft.Row(chips, spacing=6, tight=True),
        ], spacing=8))
    return kit.card(rows)


def _setup_start_player(ui: GameUI, can: bool) -> ft.Control:
    setup = ui.public["setup"]
    chosen = setup["start_player"]
    rows: list[ft.Control] = [kit.title("Who takes the turn tower?", size=kit.BODY + 2)]
    buttons = []
    for seat, name in enumerate(ui.players):
        handler = (lambda e, s=seat: ui.act("start_player", {"player": s})) if ui.may("start_player") else None
        make = kit.primary if chosen == seat else kit.secondary
        buttons.append(make(f"{name} starts", handler))
    rows.append(ft.Row(buttons, wrap=True, spacing=6))
    if chosen is not None:
        rows.append(kit.body(f"{ui.players[chosen]} holds the turn tower."))
    return kit.card(rows)


# -- a player's phone ------------------------------------------------------------------
def _phone(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    phase = game["phase"]
    controls: list[ft.Control | None] = [_round_line(ui)]
    if phase == "over":
        controls.append(_result(ui))
        controls.append(_centred(drawing.draw(game["board"], _board_width(ui))))
        controls.append(_players(ui))
        return [c for c in controls if c is not None]
    if phase == "bidding":
        controls.append(_my_bid(ui))
        controls.append(_reveal(ui))
        controls.append(_last_round(ui))
        controls.append(_centred(drawing.draw(game["board"], _board_width(ui))))
        controls.append(_towers_list(ui))
        controls.append(_players(ui))
        return [c for c in controls if c is not None]
    # resolving
    controls.append(_pending(ui))
    controls.append(_gives(ui))
    controls.append(_resolution_board(ui))
    controls.append(_events(ui))
    controls.append(_revealed(ui))
    controls.append(_towers_list(ui))
    controls.append(_players(ui))
    return [c for c in controls if c is not None]


def _round_line(ui: GameUI) -> ft.Control:
    game = ui.public
    holder = game["turn_tower"]
    holder_name = ui.players[holder] if holder is not None else "nobody"
    words = {"bidding": "secret bids", "resolving": "resolving the bids", "over": "game over"}
    return ft.Row([
        kit.own(ft.Text(f"Round {game['round']}", size=kit.LARGE, weight=ft.FontWeight.BOLD,
                        semantics_label=f"Round {game['round']}: {words.get(game['phase'], '')}")),
        ft.Row([ft.Icon(ft.Icons.FORT, size=22),
                kit.body(f"Turn tower: {holder_name}", size=kit.SMALL + 2)], spacing=4, tight=True),
    ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True)


def _pick_key(ui: GameUI) -> str:
    return f"{ui.seat}:{ui.public['round']}"


def _my_bid(ui: GameUI) -> ft.Control:
    game = ui.public
    seat = ui.seat
    me = game["players"][seat]
    private = ui.private or {}
    mine = private.get("my_bid")
    picks = ui.local_for("pick", {})
    pick = picks.get(_pick_key(ui))
    rows: list[ft.Control] = [kit.title("Your secret bid")]
    if me["stones_left"] == 0:
        rows.append(kit.body("You have no stones left: you are ready with a zero bid."))
        return kit.card(rows)
    if not ui.may("bid"):
        return kit.card([kit.muted("Watching: you cannot bid for this seat.")])
    choices = private.get("bid_choices") or []
    words = {(c["colour"], c["count"]): c["words"] for c in choices}
    allowed = set(words)
    shown = pick or mine

    def choose(bid: dict) -> Callable:
        def handler(e=None):
            picks[_pick_key(ui)] = dict(bid)
            ui.rerender()
        return handler

    def is_shown(colour, count) -> bool:
        return bool(shown) and shown.get("count") == count and (count == 0 or shown.get("colour") == colour)

    for colour in game["colours"]:
        have = me["pile"].get(colour, 0)
        buttons = []
        for count in (1, 2):
            ok = (colour, count) in allowed
            buttons.append(_token(str(count), colour, f"Bid {count} {colour}",
                                  choose({"colour": colour, "count": count}) if ok else None,
                                  selected=is_shown(colour, count), dim=not ok))
        rows.append(ft.Row([
            _stone(colour, have, f"My {colour} stones {have}", size=40),
            kit.body(f"{colour.capitalize()}", size=kit.BODY),
            ft.Row(buttons, spacing=8, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    rows.append(ft.Row([_token("Nothing", "white", "Bid nothing", choose({"colour": None, "count": 0}),
                               selected=is_shown(None, 0))], alignment=ft.MainAxisAlignment.END))
    if pick is not None and (mine is None or (pick["colour"], pick["count"]) != (mine["colour"], mine["count"])):
        pick_words = words.get((pick["colour"], pick["count"]), "nothing")
        rows.append(kit.own(ft.Text(f"You will bid {pick_words}", size=kit.BODY + 2,
                                    weight=ft.FontWeight.BOLD)))

        def send(e=None):
            payload = {"count": pick["count"]} if not pick["count"] else dict(pick)
            # the pick stays until the view shows it recorded: a refused send (someone
            # acted a moment earlier) leaves "Confirm bid" here to tap again
            ui.act("bid", payload, seat=seat)

        rows.append(kit.primary("Confirm bid", send))
    elif mine is not None:
        rows.append(kit.own(ft.Text(f"Your bid: {mine['words']}", size=kit.BODY + 2,
                                    weight=ft.FontWeight.BOLD)))
        rows.append(kit.muted("Secret until the reveal; tap another bid to change it."))
    else:
        rows.append(kit.muted("Pick zero, one or two stones of one colour, then confirm."))
    return kit.card(rows)


def _reveal(ui: GameUI) -> ft.Control | None:
    game = ui.public
    waiting = game["waiting_for"]
    if waiting:
        names = ", ".join(ui.players[s] for s in waiting)
        return kit.body(f"Waiting for {names} to bid.")
    if not ui.may("reveal"):
        return kit.body("Everyone is ready.")

    def reveal(e=None):
        ui.confirm("Reveal every bid?",
                   "Every phone shows every bid at once. This cannot be undone.",
                   lambda: ui.act("reveal"), "Reveal")

    return ft.Column([kit.body("Everyone is ready."), kit.primary("Reveal bids", reveal)],
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _last_round(ui: GameUI) -> ft.Control | None:
    """What the round last revealed did (the engine words it until the next reveal)."""
    last = ui.public.get("last_round")
    if not last or not last["lines"]:
        return None
    return _events_card(f"Round {last['round']}", last["lines"])


def _revealed(ui: GameUI) -> ft.Control | None:
    bids = ui.public.get("revealed_bids")
    if not bids:
        return None
    rows: list[ft.Control] = [kit.title("Bids revealed", size=kit.BODY + 2)]
    for bid in bids:
        dots = [_stone(bid["colour"], None, None, size=22) for _ in range(bid["count"])]
        rows.append(ft.Row([
            kit.player_badge(bid["name"], ui.colours[bid["seat"]]),
            ft.Row(dots + [kit.own(ft.Text(bid["words"], size=kit.BODY,
                                           semantics_label=f"{bid['name']} bid {bid['words']}"))],
                   spacing=4, tight=True),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return kit.card(rows)


def _pending(ui: GameUI) -> ft.Control | None:
    step = ui.public.get("pending")
    if not step:
        return None
    what = ("remove a stone with the red stone" if step["step"] == "remove"
            else f"place the {step['colour']} stone")
    mine = ui.may(step["step"])
    if mine and ui.seat == step["seat"]:
        text = ("Your turn: tap a stone to remove" if step["step"] == "remove"
                else f"Your turn: tap an empty circle for your {step['colour']} stone")
    elif mine:
        text = f"{step['name']} must {what}: tap the circle for them"
    else:
        text = f"Waiting for {step['name']} to {what}"
    return ft.Container(
        ft.Row([_stone(step["colour"], None, None, size=30),
                ft.Container(kit.own(ft.Text(text, size=kit.BODY + 2, weight=ft.FontWeight.BOLD)),
                             expand=True)], spacing=10),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12,
    )


def _gives(ui: GameUI) -> ft.Control | None:
    """Before a placement: the circles that would leave a tower one stone from scoring
    for someone else ("E2 gives Bo D4 if Bo places blue"), on the placer's screen and the
    table screen."""
    step = ui.public.get("pending")
    if not step or step["step"] != "place" or not step["gives"]:
        return None
    if not ui.may("place") and ui.seat is not None:
        return None
    circles: dict[tuple, list[str]] = {}  # one line per tower given away, with its circles
    for item in step["gives"]:
        for gift in item["gives"]:
            key = (gift["tower"], gift["player"], gift["colour"], gift["this_round"])
            circles.setdefault(key, []).append(item["circle"])
    rows: list[ft.Control] = [kit.title("Careful", size=kit.BODY + 2)]
    for (tower, player, colour, now), where in circles.items():
        listed = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " or " + where[-1]
        when = "" if now else " next round"
        rows.append(kit.body(f"A stone on {listed} gives {player} {tower} if {player} places "
                             f"{colour}{when}", size=kit.SMALL + 2))
    return kit.card(rows)


def _resolution_board(ui: GameUI) -> ft.Control:
    game = ui.public
    step = game.get("pending")
    targets: dict = {}
    if step and ui.may(step["step"]):
        for circle in step["choices"]:
            name = f"Remove {circle}" if step["step"] == "remove" else f"Place on {circle}"

            def tap(e=None, circle=circle, kind=step["step"], seat=step["seat"]):
                ui.act(kind, {"circle": circle}, seat=seat)

            targets[circle] = (name, tap)
    return _centred(drawing.draw(game["board"], _board_width(ui), targets=targets))


def _events(ui: GameUI) -> ft.Control | None:
    last = ui.public.get("last_round") or {}
    events = [e for e in last.get("lines") or [] if e["kind"] != "reveal"]
    if not events:
        return None
    return _events_card("This round", events)


def _events_card(title: str, events: list[dict]) -> ft.Control:
    rows: list[ft.Control] = [kit.title(title, size=kit.BODY + 2)]
    for event in events:
        if event["kind"] == "score":
            rows.append(ft.Container(
                ft.Row([ft.Icon(ft.Icons.CASTLE, size=30, color=kit.text_on(event["colour"])),
                        ft.Container(kit.own(ft.Text(event["text"], size=kit.BODY + 2,
                                                     weight=ft.FontWeight.BOLD,
                                                     color=kit.text_on(event["colour"]))),
                                     expand=True)], spacing=8),
                bgcolor=kit.swatch(event["colour"]), border_radius=10, padding=10))
        else:
            rows.append(kit.body(event["text"], size=kit.SMALL + 2))
    return kit.card(rows)


def _result(ui: GameUI) -> ft.Control:
    result = ui.result
    if not result:
        return kit.title("The game is over")
    names = result["winner_names"]
    headline = (f"{names[0]} wins" if len(names) == 1 else " and ".join(names) + " share the win")
    rows: list[ft.Control] = [kit.title(headline, size=kit.BIG - 8)]
    if result.get("reason"):
        rows.append(kit.body(result["reason"] + "."))
    for entry in result["ranking"]:
        towers = entry["towers"]
        rows.append(ft.Row([
            kit.own(ft.Text(f"{entry['rank']}. {entry['name']}", size=kit.LARGE, weight=ft.FontWeight.BOLD)),
            kit.own(ft.Text(f"{towers} tower{'s' if towers != 1 else ''} · {entry['stones_left']} stones",
                            size=kit.BODY,
                            semantics_label=f"{entry['name']} final {towers} towers {entry['stones_left']} stones")),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return kit.card(rows)


# -- every player's pile, towers and turn tower --------------------------------------
def _players(ui: GameUI) -> ft.Control:
    game = ui.public
    rows: list[ft.Control] = [kit.title("Players", size=kit.BODY + 2)]
    for player in game["players"]:
        seat, name = player["seat"], player["name"]
        status = []
        if player["holds_turn_tower"]:
            status.append(ft.Row([ft.Icon(ft.Icons.FORT, size=20),
                                  kit.body("turn tower", size=kit.SMALL)], spacing=2, tight=True))
        if game["phase"] == "bidding":
            ready = player["ready"]
            status.append(kit.own(ft.Text("ready" if ready else "choosing…", size=kit.SMALL + 2,
                                          weight=ft.FontWeight.BOLD if ready else None,
                                          semantics_label=f"{name} {'ready' if ready else 'choosing'}")))
        elif game["phase"] == "resolving" and player["in_hand"]:
            status.append(ft.Row([kit.body("holds", size=kit.SMALL),
                                  _stone(player["in_hand"], None, f"{name} holds {player['in_hand']}", size=18)],
                                 spacing=4, tight=True))
        count = player["tower_count"]
        rows.append(ft.Row([
            ft.Column([kit.player_badge(name, ui.colours[seat], size=20),
                       ft.Row(status, spacing=8, tight=True)], spacing=2, tight=True),
            ft.Column([
                kit.own(ft.Text(str(count), size=kit.BIG - 6, weight=ft.FontWeight.BOLD,
                                semantics_label=f"{name} towers {count}")),
                ft.Text("towers", size=kit.SMALL - 2),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        ], alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        rows.append(ft.Row([_stone(colour, player["pile"].get(colour, 0),
                                   f"{name} {colour} {player['pile'].get(colour, 0)}", size=38)
                            for colour in game["colours"]]
                           + [kit.own(ft.Text(f"{player['stones_left']} left", size=kit.SMALL,
                                              semantics_label=f"{name} stones left {player['stones_left']}"))],
                           spacing=8))
        if player["towers"]:
            rows.append(kit.muted("Won: " + ", ".join(player["towers"])))
        rows.append(ft.Divider(height=4))
    return kit.card(rows)


def _towers_list(ui: GameUI) -> ft.Control:
    """Each tower: "D4 blue: 2 of 3 blue stones next to it, needs 1 more", or who scored it."""
    game = ui.public
    rows: list[ft.Control] = [kit.title("Towers", size=kit.BODY + 2)]
    for tower in game["board"]["towers"]:
        circle, colour = tower["circle"], tower["colour"]
        if tower["standing"]:
            needs = tower["needs"]
            text = (f"{circle} {colour}: {tower['matching']} of 3 {colour} stones next to it, "
                    f"needs {needs} more")
        else:
            text = f"{circle} {colour}: scored by {ui.players[tower['scored_by']]}"
        rows.append(ft.Row([_stone(colour, None, None, size=20), kit.body(text, size=kit.SMALL + 2)],
                           spacing=8))
    return kit.card(rows)


# -- the shared table screen ------------------------------------------------------------
def _table(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    controls: list[ft.Control | None] = [_round_line(ui)]
    if game["phase"] == "over":
        controls.append(_result(ui))
    controls.append(_table_action(ui))
    controls.append(_gives(ui))
    controls.append(_revealed(ui))
    controls.append(_resolution_board(ui))
    controls.append(_events(ui) if game["phase"] == "resolving" else _last_round(ui))
    controls.append(_players(ui))
    controls.append(_towers_list(ui))
    return [c for c in controls if c is not None]


def _table_action(ui: GameUI) -> ft.Control | None:
    game = ui.public
    if game["phase"] == "bidding":
        parts: list[ft.Control] = [_reveal(ui)]
        if ui.host:
            parts.append(kit.muted("Bids are secret: choose \"Enter for <player>\" above to "
                                   "bid for a player without a phone."))
        return ft.Column(parts, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    if game["phase"] == "resolving":
        return _pending(ui)
    return None


def _wide_table(ui: GameUI) -> list[ft.Control]:
    game = ui.public
    left: list[ft.Control | None] = [_resolution_board(ui)]
    right: list[ft.Control | None] = [_round_line(ui), _table_action(ui), _gives(ui)]
    if game["phase"] == "over":
        right.append(_result(ui))
    right += [_revealed(ui), _events(ui) if game["phase"] == "resolving" else _last_round(ui),
              _players(ui), _towers_list(ui)]
    return [ft.Row([
        ft.Column([c for c in left if c is not None], expand=11, spacing=12),
        ft.Column([c for c in right if c is not None], expand=9, spacing=12),
    ], vertical_alignment=ft.CrossAxisAlignment.START, spacing=16)]


# -- small pieces ----------------------------------------------------------------------
def _centred(control: ft.Control) -> ft.Control:
    return ft.Row([control], alignment=ft.MainAxisAlignment.CENTER)


def _stone(colour: str | None, count: int | None, label: str | None, size: int = 36) -> ft.Control:
    """A round stone in its colour, with a count on it (``None``: just the stone)."""
    text = None
    if count is not None:
        text = ft.Text(str(count), size=max(12, int(size * 0.45)), weight=ft.FontWeight.BOLD,
                       color=kit.text_on(colour or "grey"), semantics_label=label)
    stone = ft.Container(text, width=size, height=size, border_radius=size / 2,
                         bgcolor=kit.swatch(colour) if colour else ft.Colors.OUTLINE,
                         border=ft.Border.all(2, "#616161"), alignment=ft.Alignment(0, 0))
    if label and count is None:
        return kit.own(ft.Semantics(content=stone, label=label))
    return kit.own(stone) if label else stone


def _token(text: str, colour: str, name: str, on_click: Callable | None, selected: bool = False,
           dim: bool = False, compact: bool = False) -> ft.Control:
    """A tappable coloured token whose accessible name is ``name`` (unique on the screen)."""
    label = ft.Text(text, size=kit.BODY, weight=ft.FontWeight.BOLD, color=kit.text_on(colour),
                    semantics_label=name)
    content: ft.Control = label
    if text.isdigit():  # a bid of n stones: the number and n small stones
        dots = [ft.Container(width=10, height=10, border_radius=5, bgcolor=kit.text_on(colour))
                for _ in range(int(text))]
        content = ft.Row([label, *dots], spacing=3, tight=True)
    return ft.Container(
        content=content,
        bgcolor=kit.swatch(colour), border_radius=22,
        padding=ft.Padding(10 if compact else 16, 8, 10 if compact else 16, 8),
        border=ft.Border.all(4, ft.Colors.PRIMARY) if selected else ft.Border.all(2, "#9e9e9e"),
        on_click=on_click, ink=on_click is not None, opacity=0.35 if dim else 1.0,
    )
