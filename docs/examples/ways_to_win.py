"""Counting ways to win: a quick rule of thumb for any board, and beatable.

It wins when it can, blocks the other side's win when it must, and
otherwise plays the square on the most lines still open: lines of k squares
the other side has no stone in (ways it could still win) and lines it has
no stone in itself (ways the other side could). It looks no further ahead,
so it walks into a fork: on 3×3, X in a corner, it in the centre, X in the
opposite corner, and it takes a corner, after which X wins.

    pbrain-python docs/examples/ways_to_win.py:choose
"""


def choose(board, side, k):
    """The square (row, column) this rule of thumb plays for side."""
    other = "O" if side == "X" else "X"
    empty = [(row, column) for row, line in enumerate(board) for column, mark in enumerate(line) if mark == "."]
    for who in (side, other):  # first a win of its own, then a block of the other side's
        for row, column in empty:
            if completes(board, row, column, who, k):
                return row, column
    return max(empty, key=lambda square: open_lines(board, *square, other, k) + open_lines(board, *square, side, k))


def lines_through(board, row, column, k):
    """Every line of k squares on the board that passes through (row, column)."""
    size = len(board)
    for down, across in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for back in range(k):
            start = (row - down * back, column - across * back)
            squares = [(start[0] + down * step, start[1] + across * step) for step in range(k)]
            if all(0 <= r < size and 0 <= c < size for r, c in squares):
                yield squares


def open_lines(board, row, column, blocker, k):
    """How many lines through (row, column) hold no stone of blocker's."""
    return sum(all(board[r][c] != blocker for r, c in line) for line in lines_through(board, row, column, k))


def completes(board, row, column, who, k):
    """Whether who's stone at (row, column) makes k in a row."""
    return any(all((r, c) == (row, column) or board[r][c] == who for r, c in line)
               for line in lines_through(board, row, column, k))
