"""The game engine: k in a row on an n×n board, from 3×3 tic-tac-toe to 15×15
gomoku. It knows nothing of the web and does no I/O (other engines, spoken to
by the Gomocup protocol, are webapp.brains's, a floor above); what the
features need of it is this module's names (__all__). Its rooms, each
__init__ saying which file does what:

- game: the rules and a position (rules, position, boards, renju), renju's
  openings by name, and how a game opens (opening, opening_rules, offers);
  values, one scale for a game's value.
- play: the solved boards (solved: 3×3, 4×4's tablebase), the big boards'
  search (patterns, shapes, evaluate, threats, search: think()), what the
  engine says of a move (appraise, advise) and the computer's opening moves
  (opening_play, even_renju, swap2).
- teaching: the textbook searches the pages teach with (classic, limited,
  traced, mcts), each counting what it examines.
- players: the levels (levels: choose_move()) and the learners (menace,
  network, their files in shipped), learning (learning, network_learning)
  and judged by how well they keep a position's value (keeping).
How the shipped learners were trained is offline tooling (tools/training.py),
and how they are judged the harness's (harness/judge.py).
"""

from webapp.engine.game.boards import BOARDS, DEFAULT_BOARD, board_named, rules_offered, rules_words, under_rule
from webapp.engine.game.opening import Opening
from webapp.engine.game.position import Position
from webapp.engine.game.rules import EMPTY, FREESTYLE, MARKS, RENJU, RULES, STANDARD, Rules, cells_of, opponent
from webapp.engine.play.appraise import Appraisal, Forgetful, Memory, advise, appraise
from webapp.engine.play.search import Thought, ThoughtKind, explain, prepare, think
from webapp.engine.play.solved import Outcome, is_solved, losing_replies, outcomes, preference
from webapp.engine.play.threats import Threat, forced_wins, threat_to_answer, win_by_fours, winning_moves
from webapp.engine.players.levels import (
                                          DEFAULT_BUDGET_MS,
                                          LEARNERS,
                                          LEVELS,
                                          Player,
                                          check_level,
                                          choose_move,
                                          hard_choices,
                                          learners_of,
                                          level_player,
                                          levels_of,
                                          play_game,
                                          top_level,
)
from webapp.engine.players.menace import Draw, Menace

__all__ = [
    "Appraisal", "BOARDS", "Forgetful", "Memory", "DEFAULT_BOARD", "DEFAULT_BUDGET_MS", "Draw", "EMPTY", "FREESTYLE",
    "LEARNERS", "LEVELS",
    "MARKS", "Menace", "Opening", "Outcome", "Player", "Position", "RENJU", "RULES", "Rules", "STANDARD", "Thought",
    "ThoughtKind", "Threat",
    "advise", "appraise", "board_named", "cells_of", "explain",
    "check_level", "choose_move", "forced_wins", "hard_choices", "is_solved", "learners_of", "level_player",
    "levels_of", "losing_replies", "opponent", "outcomes", "play_game", "preference", "prepare", "rules_offered",
    "rules_words", "think",
    "threat_to_answer", "top_level", "under_rule", "win_by_fours", "winning_moves",
]
