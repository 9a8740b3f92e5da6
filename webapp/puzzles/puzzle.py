"""A puzzle: a position where the side to move has a forced win, with exactly
one winning move at each of its turns along the solution.

The solution is the winner's moves and the defence the engine plays to each.
On 3×3 and 4×4 it is the solved game's: the fastest win, each answered by the
defence that holds out longest, so "win in N" holds against any defence. On
the bigger boards it is a win by continuous fours the threat solver proves:
every defence is forced (the one block), so N is exact there too. A position
is a puzzle only if, at every one of the winner's turns along the solution,
exactly one move wins that fast (on the bigger boards: the solver proves no
other move wins in as few moves, by fours or by threes); a win in one is not
a puzzle worth the name.
"""

from __future__ import annotations

from dataclasses import dataclass

from webapp.engine import Outcome, Position, Rules, is_solved, opponent, outcomes, preference, win_by_fours
from webapp.engine import winning_moves as proven_winning_moves
from webapp.engine.game.notation import write_moves
from webapp.shared.board import BoardView, SquareValue, board_view
from webapp.shared.words import side_name

LEAST_MOVES = 2
"""The fewest of the winner's moves a puzzle asks for."""


@dataclass(frozen=True)
class Puzzle:
    """A puzzle: its board, the moves that lead to it, and its solution."""

    rules: Rules
    moves: tuple[int, ...]
    solution: tuple[int, ...]   # the winner's moves and the engine's defences, in turn

    @property
    def position(self) -> Position:
        return Position.after(self.rules, self.moves)

    @property
    def winner(self) -> str:
        return self.position.to_move

    def winner_named(self, start: bool = True) -> str:
        """The winner as the board names it (words.side_name): "X", "Black", or "black" inside a sentence."""
        return side_name(self.rules, self.winner, start)

    @property
    def wins_in(self) -> int:
        """The winner's moves in the solution, the last completing a line."""
        return (len(self.solution) + 1) // 2

    @property
    def title(self) -> str:
        return f"{self.winner_named()} to play and win in {self.wins_in}"

    @property
    def key(self) -> str:
        """The puzzle's name where a browser keeps the puzzles it solved: its board and moves."""
        return f"{self.rules.name}/{write_moves(self.rules, self.moves)}"

    def board(self, played: int, hinted: bool = False) -> BoardView:
        """The board `played` moves into the solution, its squares playable
        until it is solved; hinted marks the winning move to play now."""
        moves = (*self.moves, *self.solution[:played])
        solved = played >= len(self.solution)
        left = self.wins_in - played // 2
        winner = self.winner_named()
        status = f"{winner} wins." if solved else f"{winner} to play and win in {left}."
        hint = ({self.solution[played]: SquareValue("hint", "hint: the winning move", "hint")}
                if hinted and not solved else None)
        return board_view(self.rules, moves, status, playable=not solved, values=hint,
                          new=self.solution[max(0, played - 2):played])


def puzzle_at(rules: Rules, moves: tuple[int, ...]) -> Puzzle | None:
    """The puzzle the position after moves makes, or None if it makes none."""
    position = Position.after(rules, moves)
    if position.is_over or not is_solved(rules) and (len(win_by_fours(position) or ()) + 1) // 2 < LEAST_MOVES:
        return None  # on the bigger boards, the quick question first: a win by fours, long enough
    solution = _unique_solution(position)
    if solution is None or (len(solution) + 1) // 2 < LEAST_MOVES:
        return None
    return Puzzle(rules, moves, solution)


def puzzles_in(rules: Rules, moves: tuple[int, ...]) -> list[Puzzle]:
    """The puzzles along a game: each position it passed through (from the
    empty board to its end) that makes one, in the order they came, but for
    one whose solution an earlier one had (the same puzzle again, a stone or
    two elsewhere: the loser did not see the win coming, and nor did the winner)."""
    found: dict[tuple[int, ...], Puzzle] = {}
    for ply in range(len(moves)):
        if (puzzle := puzzle_at(rules, moves[:ply])) and puzzle.solution not in found:
            found[puzzle.solution] = puzzle
    return list(found.values())


def _unique_solution(position: Position) -> tuple[int, ...] | None:
    """The solution, if the side to move has a fastest win that only one move starts, at each of its turns."""
    line: list[int] = []
    while True:
        step = _only_fastest_win(position)
        if step is None:
            return None
        line.append(step[0])
        position = position.play(step[0])
        if position.is_over:
            return tuple(line)
        line.append(step[1])
        position = position.play(step[1])


def _only_fastest_win(position: Position) -> tuple[int, int] | None:
    """The one move that starts the side to move's fastest win, and the
    defence to it; None if no move wins, or two do as fast."""
    if is_solved(position.rules):
        found = outcomes(position)
        fastest = max(preference(outcome, position.rules.cells) for outcome in found.values())
        best = [cell for cell, outcome in found.items() if outcome.result > 0
                and preference(outcome, position.rules.cells) == fastest]
        return (best[0], _longest_defence(position.play(best[0]))) if len(best) == 1 else None
    fours = win_by_fours(position)
    if fours is None:
        return None
    rivals = [cell for cell, line in proven_winning_moves(position, within=len(fours)).items()
              if len(line) <= len(fours)]
    return (fours[0], fours[1] if len(fours) > 1 else -1) if rivals == [fours[0]] else None


def _longest_defence(position: Position) -> int:
    """On a solved board, the reply that holds out longest (-1 if the game is over)."""
    if position.is_over:
        return -1
    found = outcomes(position)
    return max(found, key=lambda cell: (preference(found[cell], position.rules.cells), -cell))


def answer(puzzle: Puzzle, played: int, cell: int) -> tuple[bool, str]:
    """Whether cell is the winner's right move after `played` moves of the
    solution (an even number), and in words why a wrong one is wrong."""
    if cell == puzzle.solution[played]:
        return True, ""
    position = Position.after(puzzle.rules, (*puzzle.moves, *puzzle.solution[:played]))
    left = puzzle.wins_in - played // 2
    if is_solved(puzzle.rules):
        outcome: Outcome = outcomes(position)[cell]
        if outcome.result < 0:
            loser = side_name(puzzle.rules, opponent(puzzle.winner), start=False)
            return False, f"This loses: {loser} wins in {outcome.plies // 2}."
        if outcome.result == 0:
            return False, "This only draws."
        return False, f"This wins, but in {(outcome.plies + 1) // 2}, not {left}."
    return False, f"This does not win in {left}."
