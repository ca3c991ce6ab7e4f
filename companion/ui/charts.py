"""Charts with ``flet-charts`` (its controls are part of the offline web client).

A chart is drawn on the canvas, which screen readers (and the browser tests) cannot
read: every chart here carries a label saying in words what it shows.
"""

from __future__ import annotations

from typing import Sequence

import flet as ft
import flet_charts as fch

from companion.ui import kit


def _axis_labels(values: Sequence[int], prefix: str = "") -> list:
    return [fch.ChartAxisLabel(value=v, label=ft.Text(f"{prefix}{v}", size=12)) for v in values]


def _described(chart: ft.Control, words: str, height: int) -> ft.Control:
    return ft.Semantics(content=ft.Container(chart, height=height, padding=ft.Padding(4, 12, 12, 4)),
                        label=words, container=True)


def running_totals(names: Sequence[str], colours: Sequence[str],
                   series: Sequence[Sequence[int | None]], height: int = 240) -> ft.Control:
    """One line per player: the running total after each round (None: not known)."""
    rounds = max((len(s) for s in series), default=0)
    known = [v for s in series for v in s if v is not None]
    low, high = min(known + [0]), max(known + [1])
    lines = []
    for colour, values in zip(colours, series):
        points = [fch.LineChartDataPoint(x=i + 1, y=v) for i, v in enumerate(values) if v is not None]
        lines.append(fch.LineChartData(points=points, color=kit.swatch(colour), stroke_width=4,
                                       point=True))
    chart = fch.LineChart(
        data_series=lines, min_x=1, max_x=max(rounds, 2), min_y=low, max_y=high + max(1, (high - low) // 10),
        left_axis=fch.ChartAxis(label_size=44),
        bottom_axis=fch.ChartAxis(labels=_axis_labels(range(1, rounds + 1), "R"), label_size=28),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False, animation=ft.Animation(0),
    )
    last = [next((v for v in reversed(s) if v is not None), None) for s in series]
    words = "Running totals by round: " + ", ".join(
        f"{n} {'?' if v is None else v}" for n, v in zip(names, last))
    return _described(chart, words, height)


def grouped_bars(groups: Sequence[str], names: Sequence[str], colours: Sequence[str],
                 values: Sequence[Sequence[int]], height: int = 240) -> ft.Control:
    """For each group (a round, a class), one bar per player."""
    top = max([v for row in values for v in row] + [1])
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=g, rods=[fch.BarChartRod(to_y=row[g], color=kit.swatch(c), width=12,
                                                              border_radius=2)
                                             for row, c in zip(values, colours)])
                for g in range(len(groups))],
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=g, label=ft.Text(name, size=12))
                                          for g, name in enumerate(groups)], label_size=28),
        left_axis=fch.ChartAxis(label_size=36), max_y=top, interactive=False,
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        animation=ft.Animation(0),
    )
    words = "; ".join(f"{name}: " + ", ".join(f"{g} {row[i]}" for i, g in enumerate(groups))
                      for name, row in zip(names, values))
    return _described(chart, words, height)


def race_to_target(names: Sequence[str], colours: Sequence[str], point_turns: Sequence[Sequence[int]],
                   turns: int, target: int, height: int = 240, label_size: int = 12) -> ft.Control:
    """A race: each player's score over the turns of the table as a step line (a point
    lands in the turn it was scored), and the target as a dashed line across."""
    lines = []
    scores = []
    for colour, when in zip(colours, point_turns):
        points = [fch.LineChartDataPoint(x=0, y=0)]
        points += [fch.LineChartDataPoint(x=t, y=i + 1) for i, t in enumerate(when)]
        if not when or when[-1] < turns:
            points.append(fch.LineChartDataPoint(x=turns, y=len(when)))
        scores.append(len(when))
        lines.append(fch.LineChartData(points=points, color=kit.swatch(colour), stroke_width=4,
                                       step_direction=0, point=False))
    right = max(turns, 1)
    lines.append(fch.LineChartData(
        points=[fch.LineChartDataPoint(x=0, y=target), fch.LineChartDataPoint(x=right, y=target)],
        color=ft.Colors.ON_SURFACE_VARIANT, stroke_width=2, dash_pattern=[8, 6], point=False))
    top = max([target] + scores)
    chart = fch.LineChart(
        data_series=lines, min_x=0, max_x=right, min_y=0, max_y=top + max(1, top // 10),
        left_axis=fch.ChartAxis(label_size=label_size * 3, label_spacing=max(1, top // 5), show_max=False),
        bottom_axis=fch.ChartAxis(label_size=label_size * 2 + 4, label_spacing=max(1, right // 6)),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1,
                                                 interval=max(1, top // 5)),
        interactive=False, animation=ft.Animation(0),
    )
    played = f"after {turns} turn{'s' if turns != 1 else ''}"
    words = (f"Race to {target}, {played}: "
             + ", ".join(f"{n} {s}" for n, s in zip(names, scores))
             + f"; the dashed line is the target, {target}")
    return _described(chart, words, height)


def plays_per_month(months: Sequence[str], counts: Sequence[int], height: int = 200) -> ft.Control:
    """One bar per month ("YYYY-MM"): how many plays ended in it."""
    return grouped_bars([month[2:] for month in months], ["Plays"], ["blue"], [list(counts)], height)


def wins_by_seat(games: Sequence[str], wins: Sequence[Sequence[int]], height: int = 220) -> ft.Control:
    """For each game, one bar per seat: how often that seat won (does the start player
    win more?). ``wins``: each game's wins by seat, seat 1 first."""
    from companion.table.colours import seat_colours

    seats = max((len(row) for row in wins), default=0)
    by_seat = [[row[seat] if seat < len(row) else 0 for row in wins] for seat in range(seats)]
    return grouped_bars(list(games), [f"Seat {seat + 1}" for seat in range(seats)], seat_colours(seats),
                        by_seat, height)
