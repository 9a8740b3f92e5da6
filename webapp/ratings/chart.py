"""A rating's history as a chart the server draws (inline SVG): its points laid out, its axes' ticks, and the
same figures as rows for the table beside it (the chart's text alternative). Pure: no Flask."""

from __future__ import annotations

import math
from typing import NamedTuple

from webapp.ratings.standing import Standing, day_words, shown

WIDTH, HEIGHT = 560, 200
LEFT, RIGHT, TOP, BOTTOM = 48, WIDTH - 12, 12, HEIGHT - 28
"""The plotting area inside the drawing, in SVG units: room on the left for the ratings' ticks, below for games."""
TICK_STEP = 50
"""Ratings' ticks fall on multiples of this (widened until there are at most six)."""


class Row(NamedTuple):
    """A point of the chart as its table says it."""

    game: int     # the rated game's number, 1 for the first kept
    day: str      # "7 December 2026"
    rating: str   # "1662?"


class RatingChart(NamedTuple):
    """A rating's history laid out for SVG: the line's points and the ticks of both axes."""

    title: str
    points: str                      # the polyline's "x,y x,y …"
    dots: list[tuple[float, float]]  # each point, for a dot (a chart of one game has no line)
    rating_ticks: list[tuple[float, int]]
    game_ticks: list[tuple[float, int]]
    rows: list[Row]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM


def rating_chart(standing: Standing) -> RatingChart | None:
    """The chart of standing's history (None before any rated game): rating against games, oldest first."""
    history = standing.history
    if not history:
        return None
    values = [point.value for point in history]
    step = TICK_STEP
    while (max(values) - min(values)) / step > 5:
        step *= 2
    low = math.floor(min(values) / step) * step
    high = max(low + step, math.ceil(max(values) / step) * step)
    first = standing.games - len(history) + 1  # the number of the oldest game kept

    def x(index: int) -> float:
        return LEFT + (RIGHT - LEFT) * (index / (len(history) - 1) if len(history) > 1 else 0.5)

    def y(value: float) -> float:
        return BOTTOM - (BOTTOM - TOP) * (value - low) / (high - low)

    dots = [(round(x(index), 1), round(y(point.value), 1)) for index, point in enumerate(history)]
    last = len(history) - 1
    game_ticks = sorted({(round(x(index), 1), first + index) for index in (0, last // 2, last)})
    rows = [Row(first + index, day_words(point.at), shown(point.value, point.deviation))
            for index, point in enumerate(history)]
    return RatingChart(f"{standing.name}'s {standing.kind.words} rating over their last {len(history)} rated "
                       f"{'game' if len(history) == 1 else 'games'}",
                       " ".join(f"{px},{py}" for px, py in dots), dots,
                       [(round(y(tick), 1), tick) for tick in range(low, high + 1, step)], game_ticks, rows)

