"""The voices agree on the boards too big to solve: over seeded games against
master in which the person takes every hint, the status, the hint, the coach
and the review of the same game never contradict one another.

- the hint is one of the squares the computer's words say must be played;
- "nothing is forced" is never said where the coach marks a square that must
  be played (after the computer's move: a block or a stop, a threat its words
  did not name);
- a hinted move is never judged Mistake, Blunder or Missed win by the review;
- "within N moves" never grows from one move of a forced win to the next.

(`make voices`, tools/voices.py, counts the same on 15×15 under every rule.)
"""

from __future__ import annotations

import random
import re

import pytest

from webapp.engine import BOARDS, under_rule
from webapp.play.computer import Computer
from webapp.play.game import Game
from webapp.review.judgement import ERRORS
from webapp.review.review import judgements
from webapp.shared.coach import square_values
from webapp.workers.pool import EnginePool

pytestmark = pytest.mark.thorough  # seeded games against master: make test runs them, make check does not

MUST = re.compile(r"must (?:stop it at|block) ([a-o]\d{1,2}(?:(?:, | or )[a-o]\d{1,2})*)")
WITHIN = re.compile(r"within (\d+) moves?")
PLIES = 20
BUDGET_MS = 60.0


def must_squares(rules, words: str) -> set[int]:
    """The squares a sentence says must be played ("you must stop it at f10 or f7")."""
    found = MUST.search(words)
    return {rules.parse_cell_name(name) for name in re.findall(r"[a-o]\d{1,2}", found.group(1))} if found else set()


def forced(position, kinds: tuple[str, ...] = ("win", "block", "forced")) -> bool:
    """Whether the coach marks a square of those kinds for the side to move (one it must play)."""
    return any(value.kind in kinds for value in square_values(position).values())


@pytest.mark.long
@pytest.mark.parametrize("rule, seed", [("freestyle", 1), ("standard", 3)])
def test_on_7x7_the_hint_the_status_the_coach_and_the_review_agree(tmp_path, rule: str, seed: int):
    rules = under_rule(BOARDS["7x7"], rule)
    pool = EnginePool("inline", str(tmp_path))
    computer = Computer(random.Random(seed), BUDGET_MS, engines=pool)
    rng = random.Random(seed)
    game = Game.start("human", "master", computer, rules=rules)
    first = rng.choice([cell for cell in range(rules.cells) if abs(cell // 7 - 3) <= 1 and abs(cell % 7 - 3) <= 1])
    game = game.play(first, 0, computer)
    hinted, counts = [], {}
    while not game.is_over and game.ply < PLIES:
        said, position = game.computer_says or "", game.position
        assert not ("othing is forced" in said and forced(position, ("block",))), said  # a threat it did not name
        hint = game.hint(game.ply, computer)
        must = must_squares(rules, said)
        assert not must or hint.cell in must, (said, hint.words)
        assert not ("othing is forced" in hint.why and (must or forced(position))), (said, hint.words)
        for side, words in (("O", said), ("X", hint.why)):
            count = WITHIN.search(words)
            if count and "win" in words:
                assert int(count.group(1)) < counts.get(side, 99), (side, words, counts)
                counts[side] = int(count.group(1))
            else:
                counts.pop(side, None)
        hinted.append(game.ply)
        game = game.play(hint.cell, game.ply, computer)
    judged = judgements(rules, game.moves, pool)
    errors = [(step, judged[step].word) for step in hinted if judged[step] and judged[step].word in ERRORS]
    assert not errors, errors
