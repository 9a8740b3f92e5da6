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
        if wins(after, row, column, k):
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


def wins(board, row, column, k):
    """Whether the mark at (row, column) makes k in a row: along its row, its column or a diagonal."""
    side, size = board[row][column], len(board)
    for down, across in ((0, 1), (1, 0), (1, 1), (1, -1)):
        in_a_row = 1
        for way in (1, -1):  # count along the line one way, then the other
            r, c = row + down * way, column + across * way
            while 0 <= r < size and 0 <= c < size and board[r][c] == side:
                in_a_row += 1
                r, c = r + down * way, c + across * way
        if in_a_row >= k:
            return True
    return False
