"""Game records in and out: SGF, PSQ and the moves written out, as gomoku
players' programs (Gomocalc, Yixin-Board, the Gomocup manager) save and open them.

- SGF (FF[4], GM[4], the game kind SGF gives gomoku and its family): the size
  in SZ, the rule in RU (freestyle, standard or renju on the five-in-a-row
  boards; "3 in a row" and the like on the small ones), the players in PB (black, X) and PW (white, O), the
  result in RE ("B+", "W+R" for a resignation, "B+T" on time, "B+F" by forfeit (a win claimed when
  the friend had left), "0" for a draw, "Void" for a game aborted before it began), an
  opening rule in ON, SGF's opening, as a link writes it ("swap2", "swap2-two"
  where the second player put down two more, "swap1", "pro", "long-pro"; another program's ON, such as
  an opening's name, is read past), a game begun from stones set up by hand
  (the analysis board's) in SGF's setup properties, AB[] and AW[] (black's
  and white's stones, in the root node) and PL[] (the side to move), then
  one node a move, B and W in turn, each point two letters: its column, then its row
  counted from the top ("hh" is the centre of 15×15).
- PSQ, the Gomocup manager's: a first line "Piskvorky 15x15, 11:11, 0", then
  one line a move, "x,y,ms", 1-based from the top left. The lines after the
  moves (the brains' names, a result) are the manager's own, and left aside.
  It does not say its rule: that is given apart, as a move string's board is.
- The move string: the squares' names one after the other, "h8i9g7" (from
  the size and the rule, given apart).
PSQ and the move string have no way to set stones up: a game begun from
stones set up by hand is written in SGF alone (written says why not in the others).

A record read back is checked as a replay link is (game_link.parse_moves): each
move on the board, on an empty square, before the end; a record that is not
one says what is wrong and where, as InvalidInput. What one record holds is
Record; read_record tells the formats apart by their first characters.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from webapp.engine import BOARDS, FREESTYLE, RULES, STANDARD, Position, Rules, rules_words, under_rule
from webapp.engine.game.opening_rules import WRITTEN
from webapp.engine.game.rules import COLUMNS
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import NAME_LENGTH, Ending, Result, checked_moves, parse_moves, parse_opening
from webapp.shared.set_up import as_moves, why_it_cannot_arise
from webapp.shared.words import quoted, side_name

MOST_CHARACTERS = 65_536
"""The longest record read: a 15×15 game of 225 moves in SGF is some 2,000 characters."""
RULE_NAMES = {**{rule: rule for rule in RULES}, "free": FREESTYLE, "gomoku": FREESTYLE, "exact5": STANDARD,
              "exactly five": STANDARD}
"""The rules as SGF's RU writes them here, and the other names programs give them."""
FORMATS = ("sgf", "psq", "txt")
"""The formats a record is written in, by the file name's ending."""


class Record(NamedTuple):
    """One game as a record holds it: its board, its moves, who played and how it ended."""

    rules: Rules
    moves: tuple[int, ...]
    result: Result = Result()   # who played, and a resignation or a time-out, if the record says
    opening: str | None = None  # as a link writes it (opening_rules.WRITTEN), if the game began so
    set_up: int = 0             # how many of the first moves are stones set up by hand (shared.set_up.as_moves)

    @property
    def played(self) -> tuple[int, ...]:
        """The moves played, after any stones set up."""
        return self.moves[self.set_up:]


CANNOT_SET_UP = {"psq": "A PSQ record (the Gomocup manager's) has no way to write stones set up before the moves",
                 "txt": "A list of moves has no way to write stones set up before them"}
"""Why a game begun from stones set up by hand is not written in a format: SGF alone sets stones up."""


def written(record: Record, kind: str) -> str:
    """The record in one of FORMATS; InvalidInput where the format cannot
    hold it (a game begun from stones set up, in any but SGF)."""
    if record.set_up and kind in CANNOT_SET_UP:
        raise InvalidInput(f"{CANNOT_SET_UP[kind]}: download this game as SGF, which writes them (AB[], AW[]).")
    return {"sgf": write_sgf, "psq": write_psq, "txt": write_move_string}[kind](record)


def write_sgf(record: Record) -> str:
    """The record in SGF (FF[4], GM[4]), one move a node."""
    rules, size = record.rules, record.rules.size
    header = [f"FF[4]GM[4]CA[UTF-8]AP[tictactoe-web]SZ[{size}]RU[{_rule(rules)}]"]
    for key, name in (("PB", record.result.black), ("PW", record.result.white)):
        if name:
            header.append(f"{key}[{_sgf_text(name)}]")
    if result := record.result.sgf(Position.after(rules, record.moves)):
        header.append(f"RE[{result}]")
    if record.opening:
        header.append(f"ON[{record.opening}]")
    if record.set_up:
        header.append(_sgf_set_up(record))
    nodes = [f";{'B' if index % 2 == 0 else 'W'}[{_sgf_point(rules, cell)}]"
             for index, cell in enumerate(record.moves) if index >= record.set_up]
    return f"(;{''.join(header)}\n{''.join(nodes)})\n"


def _sgf_set_up(record: Record) -> str:
    """The stones set up, as SGF's setup properties write them: AB[..][..],
    AW[..], and PL[] the side to move (SGF would otherwise take black)."""
    stones = record.moves[:record.set_up]
    points = {key: "".join(f"[{_sgf_point(record.rules, cell)}]" for cell in sorted(stones[start::2]))
              for key, start in (("AB", 0), ("AW", 1))}
    to_move = "B" if record.set_up % 2 == 0 else "W"
    return "".join(f"{key}{written}" for key, written in points.items() if written) + f"PL[{to_move}]"


def write_psq(record: Record) -> str:
    """The record as the Gomocup manager writes a game: the header, then "x,y,ms" a move (no times kept: 0)."""
    size = record.rules.size
    lines = [f"Piskvorky {size}x{size}, 11:11, 0"]
    lines += [f"{cell % size + 1},{cell // size + 1},0" for cell in record.moves]
    return "\n".join(lines) + "\n"


def write_move_string(record: Record) -> str:
    """The moves as players write them, the squares' names one after the other: "h8i9g7"."""
    return "".join(record.rules.cell_name(cell) for cell in record.moves) + "\n"


def read_record(text: str, board: str | None = None, rule: str = FREESTYLE) -> Record:
    """The game a record holds, in any of the formats (a move string needs
    board, the board's name, since it does not say its size; a move string
    and a PSQ record are read under rule, as they do not say theirs);
    InvalidInput saying what is wrong and where."""
    if len(text) > MOST_CHARACTERS:
        raise InvalidInput(f"That is {len(text):,} characters: a record of a game here has at most "
                           f"{MOST_CHARACTERS:,}.")
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        raise InvalidInput("The record is empty: paste a game, or choose a file.")
    if stripped.startswith("("):
        return read_sgf(stripped)
    if stripped.lower().startswith("piskvorky"):
        return read_psq(stripped, rule)
    return read_move_string(stripped, board, rule)


def read_sgf(text: str) -> Record:
    """An SGF record's main line (the first variation at each branch)."""
    nodes = _sgf_main_line(text)
    root = nodes[0] if nodes else {}
    game = root.get("GM", ["4"])[0]
    if game != "4":
        raise InvalidInput(f"This SGF is of game {quoted(game)} (GM[{game}]); a gomoku record has GM[4].")
    rules = _board_of_size(root.get("SZ", ["15"])[0], "SZ")
    written_rule = root.get("RU", [""])[0].strip().lower()
    if rule := RULE_NAMES.get(written_rule):
        rules = _under(rules, rule)
    elif written_rule and rules.k == 5:
        raise InvalidInput(f"This game was played under the rule {quoted(written_rule)}; "
                           f"the {rules.board_name} board here "
                           f"is played {rules_words(rules)}.")
    set_up = _read_sgf_set_up(rules, nodes)
    cells = []
    for number, node in enumerate((node for node in nodes[1:] if "B" in node or "W" in node), start=len(set_up)):
        step = number - len(set_up) + 1
        expected, other = ("B", "W") if number % 2 == 0 else ("W", "B")
        if other in node or expected not in node:
            first = "the side to move after the stones set up first" if set_up else "black first"
            raise InvalidInput(f"Move {step} is {other}'s, but {expected} is to play: the colours must take turns, "
                               f"{first}.")
        cells.append(_read_sgf_point(rules, node[expected][0], step))
    moves = (*set_up, *checked_moves(rules, cells, Position.after(rules, set_up) if set_up else None))
    opening = root.get("ON", [""])[0].strip().lower()
    return Record(rules, moves, _sgf_result(root, Position.after(rules, moves)),
                  parse_opening(rules, opening, moves, len(set_up)) if opening in WRITTEN else None, len(set_up))


def _read_sgf_set_up(rules: Rules, nodes: list[dict[str, list[str]]]) -> tuple[int, ...]:
    """The stones an SGF sets up in its root node (AB, AW, with PL the side to
    move: by default the one the counts give), as a game holds them
    (shared.set_up.as_moves); InvalidInput for stones no game reaches, and
    (_refuse_later_set_up) for setup a game here cannot hold."""
    _refuse_later_set_up(nodes)
    root = nodes[0]
    black, white = (frozenset(_read_sgf_point(rules, point, 0, key) for point in root.get(key, []))
                    for key in ("AB", "AW"))
    if not black and not white:
        return ()
    if why := why_it_cannot_arise(rules, black, white):
        raise InvalidInput(f"The stones this record sets up (AB, AW) are not a position a game here reaches. {why}")
    counted = "X" if len(black) == len(white) else "O"
    if {"B": "X", "W": "O"}.get(root.get("PL", [""])[0].strip().upper(), counted) != counted:
        raise InvalidInput(f"The record sets stones up with PL[{root['PL'][0].strip()[:2]}] to play, but the counts of "
                           f"stones put {side_name(rules, counted, start=False)} to move, and a game here never "
                           "begins with a pass.")
    return as_moves(black, white)


def _refuse_later_set_up(nodes: list[dict[str, list[str]]]) -> None:
    """InvalidInput where an SGF takes stones away (AE) or sets them up after
    its first node: a game here is set up before its first move, or not at all."""
    for number, node in enumerate(nodes, start=1):
        for key in ("AB", "AW", "AE"):
            if key in node and (key == "AE" or number > 1):
                where = ("takes stones away (AE[…])" if key == "AE"
                         else f"sets stones up in its node {number} ({key}[…])")
                raise InvalidInput(f"The record {where}; a game here is set up, if at all, before its first "
                                   "move, in the first node.")


def read_psq(text: str, rule: str = FREESTYLE) -> Record:
    """A PSQ record: its header's size, then its "x,y,ms" lines, to the
    first line that is not one; under rule, which PSQ does not write."""
    lines = text.splitlines()
    header = re.match(r"piskvorky\s+(\d+)\s*x\s*(\d+)", lines[0].strip(), re.IGNORECASE)
    if not header or header.group(1) != header.group(2):
        raise InvalidInput(f"The first line, {quoted(lines[0][:40])}, is not a PSQ header such as "
                           "“Piskvorky 15x15, 11:11, 0” (the board square).")
    rules = _under(_board_of_size(header.group(1), "the header"), rule)
    cells = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.strip().split(",")
        if len(fields) not in (2, 3) or not all(field.strip().isdigit() for field in fields):
            break  # the manager's own lines after the moves
        x, y = int(fields[0]), int(fields[1])
        if not (1 <= x <= rules.size and 1 <= y <= rules.size):
            raise InvalidInput(f"Line {number}, “{line.strip()}”, is off the {rules.name} board: x and y go from 1 "
                               f"to {rules.size}.")
        cells.append((y - 1) * rules.size + x - 1)
    return Record(rules, checked_moves(rules, cells))


def read_move_string(text: str, board: str | None, rule: str = FREESTYLE) -> Record:
    """Squares' names one after the other ("h8i9g7", spaces and dashes
    allowed), on the board named, under rule."""
    if board not in BOARDS:
        raise InvalidInput("A list of moves does not say its board: choose the board it was played on.")
    rules = _under(BOARDS[board], rule)
    squeezed = re.sub(r"[\s,;\-]+", "", text.lower())
    names = re.findall(r"[a-z]\d{1,2}", squeezed)
    if "".join(names) != squeezed:
        where = _names_before(squeezed)
        raise InvalidInput(f"This is not a record: no SGF, no PSQ header, and not squares' names such as "
                           f"“h8i9g7” (from {quoted(squeezed[where:where + 12])} on).")
    return Record(rules, parse_moves(rules, "-".join(names)))


def _board_of_size(raw: str, where: str) -> Rules:
    sizes = {rules.size: rules for rules in BOARDS.values()}
    size = int(raw) if raw.strip().isdigit() else None
    if size not in sizes:
        raise InvalidInput(f"The board's size ({where}: {quoted(raw.strip()[:12])}) is not one played here: "
                           f"{', '.join(str(each) for each in sorted(sizes))}.")
    return sizes[size]


def _rule(rules: Rules) -> str:
    return rules.rule if rules.k == 5 else f"{rules.k} in a row"


def _under(board: Rules, rule: str) -> Rules:
    """The board under the rule (engine.under_rule), or InvalidInput if it is not played under it here."""
    try:
        return under_rule(board, rule)
    except ValueError as error:
        raise InvalidInput(str(error)) from None


SGF_ENDINGS = {"R": Ending.RESIGNED, "RESIGN": Ending.RESIGNED, "T": Ending.TIMED_OUT, "TIME": Ending.TIMED_OUT,
               "F": Ending.FORFEITED, "FORFEIT": Ending.FORFEITED}
"""How SGF's RE writes a win by resignation, on time or by forfeit (W+R, B+Time, B+F), and which Ending it is."""


def _sgf_result(root: dict[str, list[str]], position: Position) -> Result:
    """Who played (PB, PW) and a win by resignation, on time or by forfeit,
    or a draw before the board was full (RE), as a Result; a result the
    board already shows, or one that cannot be (a resignation after a five),
    is left to the board, as is Void (an aborted game's RE names no side to read back)."""
    result = root.get("RE", [""])[0].strip().upper()
    written = re.fullmatch(r"([BW])\+([A-Z]+)", result)
    ending = SGF_ENDINGS.get(written.group(2)) if written else None
    loser = ("O" if written.group(1) == "B" else "X") if written and ending and not position.is_over else None
    black, white = (root.get(tag, [""])[0][:NAME_LENGTH] for tag in ("PB", "PW"))
    if result in ("0", "DRAW") and not position.is_over:
        return Result(black, white, how=Ending.DRAW_AGREED)
    return Result(black, white, how=ending, side=loser) if loser else Result(black, white)


def _names_before(squeezed: str) -> int:
    """How many characters of squeezed are squares' names (h8i9...) before what is not one."""
    names = re.match(r"(?:[a-z]\d{1,2})*", squeezed)  # matches always: none is a match too
    return len(names.group(0)) if names else 0


def _sgf_point(rules: Rules, cell: int) -> str:
    row, column = divmod(cell, rules.size)
    return f"{COLUMNS[column]}{COLUMNS[row]}"


def _read_sgf_point(rules: Rules, point: str, step: int, set_up: str = "") -> int:
    """A point's two letters as a cell; InvalidInput, naming the move (step)
    or the setup property (set_up), where they are not one."""
    if len(point) != 2 or any(letter not in COLUMNS[:rules.size] for letter in point):
        which = f"A stone set up ({set_up})" if set_up else f"Move {step}"
        raise InvalidInput(f"{which}, {quoted(point[:8])}, is not a point of the {rules.name} board "
                           f"(two letters from a to {COLUMNS[rules.size - 1]}: column, then row from the top).")
    return COLUMNS.index(point[1]) * rules.size + COLUMNS.index(point[0])


def _sgf_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


SGF_TOKEN = re.compile(r"\s*(?:(\()|(\))|(;)|([A-Z]{1,2})((?:\s*\[(?:\\.|[^\\\]])*\])+))", re.S)
SGF_VALUE = re.compile(r"\[((?:\\.|[^\\\]])*)\]", re.S)


def _sgf_main_line(text: str) -> list[dict[str, list[str]]]:
    """The nodes of an SGF game's main line (the first game, the first
    variation at each branch), each its properties' values unescaped;
    InvalidInput where the text is not SGF."""
    nodes: list[dict[str, list[str]]] = []
    depth, closed, skipping, position = 0, set(), None, 0
    while position < len(text):
        token = SGF_TOKEN.match(text, position)
        if not token:
            if not text[position:].strip():
                break
            raise InvalidInput(f"This SGF cannot be read at character {position + 1}: "
                               f"{quoted(text[position:position + 12].strip())}.")
        position = token.end()
        opening, closing, node, key, values = token.groups()
        if opening:
            depth += 1
            if skipping is None and depth in closed:
                skipping = depth  # a later variation (or game) beside one already read
        elif closing:
            if depth == 0:
                raise InvalidInput(f"This SGF closes more ( than it opens, at character {position}.")
            if skipping == depth:
                skipping = None
            closed.add(depth)
            depth -= 1
        elif skipping is not None:
            continue
        elif node:
            nodes.append({})
        elif nodes:
            nodes[-1][key] = [value.replace("\\]", "]").replace("\\\\", "\\") for value in SGF_VALUE.findall(values)]
        else:
            raise InvalidInput("This SGF has a property before its first node (“;”).")
    if not nodes:
        raise InvalidInput("This is not an SGF game: it has no nodes.")
    return nodes
