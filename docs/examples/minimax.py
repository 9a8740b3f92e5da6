"""Plain minimax: it tries every move, and every reply to it, to the end of
the game, and plays the move whose worst outcome is best. Perfect on 3×3 (it
never loses), and far too slow for a bigger board, so it plays 3×3 only.

    pbrain-python docs/examples/minimax.py:choose
"""

from functools import cache

BOARD_SIZES = (3,)  # the boards it plays: pbrain-python refuses the others


def choose(board, side, k):
    """The square (row, column) where side does best, both sides playing perfectly."""
    score, move = best(board, side, k)
    return move


@cache  # remember each position's answer: 3×3 has only 5,478, met again and again
def best(board, side, k):
    """(score, move) for side to move: 1 it wins, 0 a draw, -1 it loses."""
    other = "O" if side == "X" else "X"
    best_score, best_move = -2, None
    for row, column in empty_squares(board):
        after = placed(board, row, column, side)
        if wins(after, side, k):
            return 1, (row, column)  # nothing beats a win now
        if empty_squares(after):
            score = -best(after, other, k)[0]  # what is good for the other side is bad for us
        else:
            score = 0  # the board is full: a draw
        if score > best_score:
            best_score, best_move = score, (row, column)
    return best_score, best_move


def empty_squares(board):
    return [(row, column) for row, line in enumerate(board) for column, mark in enumerate(line) if mark == "."]


def placed(board, row, column, side):
    """The board with side's mark at (row, column)."""
    line = board[row]
    return board[:row] + (line[:column] + side + line[column + 1:],) + board[row + 1:]


def wins(board, side, k):
    """Whether side has k in a row: along a row, a column or either diagonal."""
    size = len(board)
    for row in range(size):
        for column in range(size):
            for down, across in ((0, 1), (1, 0), (1, 1), (1, -1)):
                squares = [(row + down * step, column + across * step) for step in range(k)]
                if all(0 <= r < size and 0 <= c < size and board[r][c] == side for r, c in squares):
                    return True
    return False
