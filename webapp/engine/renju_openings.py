"""Renju's 26 canonical openings: the three stones every classic renju game
starts from, each with the name players call it by.

Black's first stone is at the centre (h8 on 15×15); white's is next to it,
straight above (the 13 *direct* openings, numbered 1D to 13D) or diagonally
above and to the right (the 13 *indirect* ones, 1I to 13I); black's second
stone lies within the central 5×5 square. Every legal third move is one of
these 26 up to the board's symmetries, so the RIF opening rule offers
exactly these (and Soosõrv-8, Taraguchi-10 and the other certified rules
must keep all 26 possible).

Each entry is (name, (black, white, black)), every stone as (columns to
the right, rows up) from the centre: (0, 1) is h9, (1, -1) is i7. The
order, names and numbering are those of the English Wikipedia article
"Renju opening pattern" (https://en.wikipedia.org/wiki/Renju_opening_pattern),
whose diagrams (Wikimedia Commons, "Renju vertical openings" and "Renju
diagonal openings") place the third stones. That they are 26 different
openings, and every third move within the 5×5 square one of them, is
checked in tests/engine/test_renju.py. Plain data, for the engine's
opening rules and the tools.
"""

from __future__ import annotations

Offset = tuple[int, int]
"""A point as (columns to the right, rows up) from the board's centre."""

DIRECT, INDIRECT = (0, 1), (1, 1)
"""White's first stone: straight above black's (direct) or diagonally up and right (indirect)."""

RENJU_OPENINGS: tuple[tuple[str, tuple[Offset, Offset, Offset]], ...] = (
    ("Kansei", ((0, 0), DIRECT, (0, 2))),  # 1D
    ("Keigetsu", ((0, 0), DIRECT, (1, 2))),  # 2D
    ("Sosei", ((0, 0), DIRECT, (2, 2))),  # 3D
    ("Kagetsu", ((0, 0), DIRECT, (1, 1))),  # 4D
    ("Zangetsu", ((0, 0), DIRECT, (2, 1))),  # 5D
    ("Ugetsu", ((0, 0), DIRECT, (1, 0))),  # 6D
    ("Kinsei", ((0, 0), DIRECT, (2, 0))),  # 7D
    ("Shogetsu", ((0, 0), DIRECT, (0, -1))),  # 8D
    ("Kyugetsu", ((0, 0), DIRECT, (1, -1))),  # 9D
    ("Shingetsu", ((0, 0), DIRECT, (2, -1))),  # 10D
    ("Zuisei", ((0, 0), DIRECT, (0, -2))),  # 11D
    ("Sangetsu", ((0, 0), DIRECT, (1, -2))),  # 12D
    ("Yusei", ((0, 0), DIRECT, (2, -2))),  # 13D
    ("Chosei", ((0, 0), INDIRECT, (2, 2))),  # 1I
    ("Kyogetsu", ((0, 0), INDIRECT, (2, 1))),  # 2I
    ("Kosei", ((0, 0), INDIRECT, (2, 0))),  # 3I
    ("Suigetsu", ((0, 0), INDIRECT, (2, -1))),  # 4I
    ("Ryusei", ((0, 0), INDIRECT, (2, -2))),  # 5I
    ("Ungetsu", ((0, 0), INDIRECT, (1, 0))),  # 6I
    ("Hogetsu", ((0, 0), INDIRECT, (1, -1))),  # 7I
    ("Rangetsu", ((0, 0), INDIRECT, (1, -2))),  # 8I
    ("Gingetsu", ((0, 0), INDIRECT, (0, -1))),  # 9I
    ("Myojo", ((0, 0), INDIRECT, (0, -2))),  # 10I
    ("Shagetsu", ((0, 0), INDIRECT, (-1, -1))),  # 11I
    ("Meigetsu", ((0, 0), INDIRECT, (-1, -2))),  # 12I
    ("Suisei", ((0, 0), INDIRECT, (-2, -2))),  # 13I
)
"""The 26 openings, direct then indirect, each in its number's order."""
