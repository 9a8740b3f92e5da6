"""The game engine: k in a row on an n×n board, from 3×3 tic-tac-toe to 15×15
gomoku. It knows nothing of the web; what the features need of it is this
module's names (__all__). One file a job:

- rules: a board (n, k) under a rule (freestyle, gomoku's standard, renju),
  its cells, lines and symmetries.
- position: a Position (each side's stones as a bitboard) and what follows
  from it: whose move, who won, the legal moves.
- boards: the boards offered here (BOARDS) and the rules each is played under.
- renju: renju's forbidden points for black (overline, double four, double three).
- renju_openings: renju's 26 canonical openings by name, as data, and named_opening (a game's first stones' name).
- opening: how a game opens, one value (Opening: the rule and the choices made) a game asks what comes next.
- opening_rules: the opening rules (swap1, swap2, pro, long pro; renju's RIF, Soosõrv-8, Taraguchi-10) as
  tables of steps: placements in zones, choices, swaps, a declaration, fifth moves offered and picked.
- offers: the checks black's offered fifth moves must pass (none alike in a mirror of the position).
- opening_play: the computer's part in each step: stones in a zone, choices, offers, a pick.
- even_renju: the opener's three renju stones, one of the 26 openings master's search finds nearly even.
- swap2: swap2's steps by name, and the computer's even openings, choices and two more stones.
- solved: the solved games, 3×3 (solved on first use) and 4×4 (the
  tablebase file `make tablebase` writes): every position's value and best moves.
- patterns, shapes: what a stone on an empty cell would make along each line
  and in all four (an open three, a four and a three...), and what each such
  shape is worth, fitted to games (make shapes).
- evaluate: what the search sees of a position: shapes, threats, where to look.
- threats: the threat solver, which proves wins by continuous fours (and
  threes); forced_wins(), win_by_fours() and winning_moves(), what it proves from a position
  within a count of positions; threat_to_answer(), the threat a side must answer and its answers.
- search: iterative-deepening alpha-beta with a transposition table, and
  think(), the top level's whole decision on a board too big to solve, and
  prepare(), which builds a board's tables before a process's first think().
- appraise: what the engine can say of a position (its choice, the forced
  wins its proofs find), kept by position in a Memory so that it is worked
  out once; of a move already played there (for a review), or an external
  engine's judgement of it (judged_by); and the move a hint suggests (advise).
- external: other engines, any program that speaks the Gomocup protocol:
  configured, asked what they play, their moves and evaluations from one
  warm process each, every wait bounded.
- classic: the textbook searches side by side (minimax, with a memo,
  alpha-beta, with a table), each counting what it examines; tree sizes.
- limited: a depth-limited search with the evaluation at its leaves, every
  first move valued and its line followed to the leaf (classic.Horizon's tree).
- mcts: Monte Carlo tree search (UCT, random playouts), an iteration at a
  time, reproducible from a seed.
- traced: the same searches (minimax, alpha-beta, with a table) as generators
  of steps, in any order of moves, for a person to step through.
- levels: easy, medium, hard, perfect and master, the learners on 3×3, each a
  way of choosing a move (PLAYS), and choose_move().
- menace: MENACE, Michie's matchboxes of beads, which learns from each game.
- network: a small neural network that taught itself by self-play (numpy,
  imported only when the network first plays): its weights and its values.
- shipped: the learners' files (menace.json, network.json) and their records.
- learning, network_learning: learners learning a chunk of games at a time
  (MENACE's; the network's, with numpy, which `make train` also taught the
  shipped network with), resumable from what they write down.
- keeping: how well a 3×3 player plays against the perfect player, the
  share of positions where its move keeps the position's value.
How the shipped learners were trained is offline tooling (tools/training.py),
and how they are judged the harness's (harness/judge.py).
"""

from webapp.engine.appraise import Appraisal, Forgetful, Memory, advise, appraise
from webapp.engine.boards import BOARDS, DEFAULT_BOARD, board_named, rules_offered, rules_words, under_rule
from webapp.engine.levels import (DEFAULT_BUDGET_MS, LEARNERS, LEVELS, Player, check_level, choose_move,
                                  hard_choices, learners_of, level_player, levels_of, play_game, top_level)
from webapp.engine.menace import Draw, Menace
from webapp.engine.opening import Opening
from webapp.engine.position import Position
from webapp.engine.rules import EMPTY, FREESTYLE, MARKS, RENJU, RULES, STANDARD, Rules, cells_of, opponent
from webapp.engine.search import Thought, explain, prepare, think
from webapp.engine.solved import Outcome, is_solved, losing_replies, outcomes, preference
from webapp.engine.threats import Threat, forced_wins, threat_to_answer, win_by_fours, winning_moves

__all__ = [
    "Appraisal", "BOARDS", "Forgetful", "Memory", "DEFAULT_BOARD", "DEFAULT_BUDGET_MS", "Draw", "EMPTY", "FREESTYLE", "LEARNERS", "LEVELS",
    "MARKS", "Menace", "Opening", "Outcome", "Player", "Position", "RENJU", "RULES", "Rules", "STANDARD", "Thought",
    "Threat",
    "advise", "appraise", "board_named", "cells_of", "explain",
    "check_level", "choose_move", "forced_wins", "hard_choices", "is_solved", "learners_of", "level_player",
    "levels_of", "losing_replies", "opponent", "outcomes", "play_game", "preference", "prepare", "rules_offered",
    "rules_words", "think",
    "threat_to_answer", "top_level", "under_rule", "win_by_fours", "winning_moves",
]
