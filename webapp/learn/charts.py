"""How the learners learned, as the "How it learned" page tells it: their
learning curves as charts (with the same figures as tables), this
browser's own MENACE's curve so far, and a learning run's curve against the
perfect player as it grows. Nothing here knows about HTTP.
"""

from __future__ import annotations

from typing import NamedTuple

from webapp.engine import Menace
from webapp.engine.players import shipped

WINDOW = 20
"""This browser's MENACE: its score at a game is over the WINDOW games up to it."""
SERIES = (("random", "X"), ("random", "O"), ("perfect", "X"), ("perfect", "O"))
WIDTH, HEIGHT, MARGIN = 560, 240, 48
"""The chart's drawing area, in SVG units, and the room left for its axes."""


class Frame(NamedTuple):
    """Where a chart's axes, ticks and labels go, in SVG units: the page draws
    them from here, so the chart's size is said once."""

    width: int = WIDTH
    height: int = HEIGHT
    left: int = MARGIN                 # the score axis
    right: int = WIDTH - 28            # room for the last tick's label, centred on it
    top: int = 8
    bottom: int = HEIGHT - MARGIN + 8  # the games axis

    @property
    def middle(self) -> tuple[float, float]:
        """The middle of the plotting area: where the axes' labels are centred."""
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2


FRAME = Frame()


class Series(NamedTuple):
    label: str                        # "against random, as X", for the legend
    points: list[tuple[float, float]]  # (games, score)
    column: str                       # its column's heading in the table: "as X"
    group: str | None = None          # the heading over its group of columns: "Score against random"


class Chart(NamedTuple):
    """A line chart of scores (0 to 1) against games played, laid out for SVG."""

    title: str
    x_label: str
    series: list[Series]
    most_games: int
    y_label: str = "score"

    @property
    def frame(self) -> Frame:
        """Where the chart's axes stand in its picture: every chart's FRAME."""
        return FRAME

    def x(self, games: float) -> float:
        return FRAME.left + (FRAME.right - FRAME.left) * games / max(self.most_games, 1)

    def y(self, score: float) -> float:
        return FRAME.bottom - (FRAME.bottom - FRAME.top) * score

    def polyline(self, series: Series) -> str:
        return " ".join(f"{self.x(games):.1f},{self.y(score):.1f}" for games, score in series.points)

    @property
    def x_ticks(self) -> list[tuple[float, str]]:
        step = _round_step(self.most_games / 5)
        return [(self.x(games), f"{games:,}") for games in range(0, self.most_games + 1, step)]

    @property
    def y_ticks(self) -> list[tuple[float, str]]:
        return [(self.y(score / 4), f"{score / 4:.2f}") for score in range(5)]

    @property
    def groups(self) -> list[tuple[str, int]]:
        """The headings over groups of the table's columns, each with how many it spans; none if no series has one."""
        if not any(series.group for series in self.series):
            return []
        spans: dict[str, int] = {}
        for series in self.series:
            spans[series.group or ""] = spans.get(series.group or "", 0) + 1
        return list(spans.items())

    @property
    def rows(self) -> list[tuple[int, list[str]]]:
        """The same figures as a table: games, then each series' score there."""
        return [(int(games), [f"{series.points[index][1]:.2f}" for series in self.series])
                for index, (games, _) in enumerate(self.series[0].points)]


def _round_step(rough: float) -> int:
    """A tick step of 1, 2 or 5 times a power of ten, near rough."""
    power = 1
    while power * 10 <= rough:
        power *= 10
    return next((step * power for step in (1, 2, 5) if step * power >= rough), 10 * power) or 1


def training_chart(learner: str) -> Chart:
    """The shipped learner's curve from training: its score against a random
    player and against perfect, as X and as O, every so many games."""
    points = shipped.learning_curve(learner)
    series = [Series(f"against {opponent}, as {side}",
                     [(point["games"], _score(point[opponent][side])) for point in points],
                     f"as {side}", f"Score against {opponent}")
              for opponent, side in SERIES]
    name = "The trained MENACE" if learner == "menace" else "The network"
    return Chart(f"{name}: score while it learned", "games of training", series, points[-1]["games"])


def my_menace_chart(machine: Menace) -> Chart | None:
    """This browser's MENACE's score, game by game, over the last WINDOW games; None before its first game."""
    results = machine.results
    if not results:
        return None
    points: list[tuple[float, float]] = []
    for games in range(1, len(results) + 1):
        recent = results[max(0, games - WINDOW):games]
        points.append((games, (recent.count("W") + recent.count("D") / 2) / len(recent)))
    step = max(1, len(points) // 40)  # a chart (and a table) of some 40 points at most
    shown = points[step - 1::step]
    if shown[-1] != points[-1]:
        shown.append(points[-1])
    return Chart(f"Your MENACE: score over its last {WINDOW} games", "games it has played",
                 [Series("its score, as X or O", shown, "Score, as X or O")], len(results))


def tally(machine: Menace) -> dict[str, int]:
    """This browser's MENACE's wins, draws and losses so far, and the boxes it has used."""
    return {"wins": machine.results.count("W"), "draws": machine.results.count("D"),
            "losses": machine.results.count("L"), "boxes": len(machine.boxes)}


def _score(wins_draws_losses: list[int]) -> float:
    wins, draws, losses = wins_draws_losses
    return (wins + draws / 2) / max(1, wins + draws + losses)



def run_chart(run: dict) -> Chart | None:
    """A learning run's curve: the share of positions where the learner's
    move keeps the value, at game 0 and after each chunk, across the run's
    games, with the baselines (measured with its first chunk) as flat lines;
    None before its first chunk lands."""
    if not run["points"]:
        return None
    points = [(games, share) for games, share in run["points"]]
    baselines = run["baselines"]
    flat = [(0, share) for share in (baselines["random"], baselines["wins then random"])]
    learner = "MENACE" if run["learner"] == "menace" else "The network"
    series = [Series(f"{learner}, learning", points, "Share kept"),
              Series("a player who takes any win, else moves at random", [flat[1], (run["games"], flat[1][1])],
                     "Takes wins"),
              Series("a player who moves at random", [flat[0], (run["games"], flat[0][1])], "Random")]
    return Chart(f"{learner}'s moves that keep the position's value", "games of training", series, run["games"],
                 "share kept")
