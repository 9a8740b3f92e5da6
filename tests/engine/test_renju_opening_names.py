"""Renju's 26 openings named from a game's first three stones, in every
mirror and turn of the board, checked against the test's own listing of
the Wikipedia article's diagrams ("Renju opening pattern": the direct
openings with white straight above black's first stone, the indirect with
white diagonally above and to the right), written out as players write the
stones, not read back from the engine's table."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS
from webapp.engine.game.renju_openings import NamedOpening, named_opening

FIFTEEN = BOARDS["15x15"]

WIKIPEDIA = {
    "h8 h9 h10": ("Kansei", "1D"), "h8 h9 i10": ("Keigetsu", "2D"), "h8 h9 j10": ("Sosei", "3D"),
    "h8 h9 i9": ("Kagetsu", "4D"), "h8 h9 j9": ("Zangetsu", "5D"), "h8 h9 i8": ("Ugetsu", "6D"),
    "h8 h9 j8": ("Kinsei", "7D"), "h8 h9 h7": ("Shogetsu", "8D"), "h8 h9 i7": ("Kyugetsu", "9D"),
    "h8 h9 j7": ("Shingetsu", "10D"), "h8 h9 h6": ("Zuisei", "11D"), "h8 h9 i6": ("Sangetsu", "12D"),
    "h8 h9 j6": ("Yusei", "13D"),
    "h8 i9 j10": ("Chosei", "1I"), "h8 i9 j9": ("Kyogetsu", "2I"), "h8 i9 j8": ("Kosei", "3I"),
    "h8 i9 j7": ("Suigetsu", "4I"), "h8 i9 j6": ("Ryusei", "5I"), "h8 i9 i8": ("Ungetsu", "6I"),
    "h8 i9 i7": ("Hogetsu", "7I"), "h8 i9 i6": ("Rangetsu", "8I"), "h8 i9 h7": ("Gingetsu", "9I"),
    "h8 i9 h6": ("Myojo", "10I"), "h8 i9 g7": ("Shagetsu", "11I"), "h8 i9 g6": ("Meigetsu", "12I"),
    "h8 i9 f6": ("Suisei", "13I"),
}
LETTERS = "abcdefghijklmno"


def turned(name: str, turn: int, mirrored: bool) -> str:
    """A point's name after a mirror across column h (first, if mirrored) and
    turn quarter turns about h8, by its letter and number alone."""
    right, up = LETTERS.index(name[0]) - 7, int(name[1:]) - 8
    if mirrored:
        right = -right
    for _ in range(turn):
        right, up = -up, right
    return f"{LETTERS[right + 7]}{up + 8}"


def moves(text: str) -> tuple[int, ...]:
    return tuple(map(FIFTEEN.parse_cell_name, text.split()))


def every_image(text: str) -> set[str]:
    return {" ".join(turned(name, turn, mirrored) for name in text.split())
            for turn in range(4) for mirrored in (False, True)}


@pytest.mark.parametrize("stones, named", WIKIPEDIA.items())
def test_each_opening_is_named_in_every_mirror_and_turn(stones, named):
    images = every_image(stones)
    assert len(images) in (4, 8), "a mirror may keep an opening, so four of its images are the other four"
    for image in images:
        assert named_opening(FIFTEEN, moves(image)) == NamedOpening(*named), image
        assert named_opening(FIFTEEN.with_rule("renju"), moves(image + " a1 o15")) == NamedOpening(*named)


def test_the_listing_covers_every_third_stone_once():
    images = [image for stones in WIKIPEDIA for image in every_image(stones)]
    assert len(images) == len(set(images)) == 8 * 23, "eight whites, each with 23 points of the 5×5 left"


@pytest.mark.parametrize("stones", [
    "h8 h10 i9",  # white two from the centre
    "h8 h9 k11",  # black's second three from the centre
    "h8 h9 h11",
    "g8 h9 i9",  # black's first off the centre
    "h9 h8 i9",  # the colours the other way round
    "h8 h9",  # two stones only
    "",
])
def test_other_starts_have_no_name(stones):
    assert named_opening(FIFTEEN, moves(stones)) is None


def test_only_the_15x15_board_names_openings():
    seven = BOARDS["7x7"]
    assert named_opening(seven, tuple(map(seven.parse_cell_name, ("d4", "d5", "e5")))) is None
