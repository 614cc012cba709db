"""Game records: what a finished (or running) game needs to be replayed anywhere.

A record is plain text that ``python -m games replay GAME --moves FILE`` reads as it is:

- its first line is the header ``# GAME --players N --seed S --option KEY=VALUE ...`` (the same
  arguments the command line takes, so a reader can also paste them), which ``replay`` uses for
  every argument not given on the command line;
- other lines starting with ``#`` are comments (the host writes the players' names, the result and
  how the game ended there);
- every move is one line ``SEAT NOTATION``; a turn the rules skipped (a play-by-post timeout in a
  game that allows it) is ``SEAT -``.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from games.core import Game
from games.errors import GameError, MoveError, NotYourTurn, SetupError
from games.typed import integer, quoted

#: The notation of a skipped turn in a record (never a legal move's notation in any game).
SKIPPED = "-"
#: The largest seed: a game's seed is stored as a signed 64-bit integer (SQLite's INTEGER,
#: PostgreSQL's BIGINT).
MAX_SEED = (1 << 63) - 1


def seed_value(value: Any) -> int:
    """A seed given in a record's header, on the command line or to the host: a whole number from
    0 to :data:`MAX_SEED`; anything else raises ``SetupError`` naming the bound (a long text is
    refused before it is read as a number)."""
    seed = integer(value)
    if seed is None or not 0 <= seed <= MAX_SEED:
        raise SetupError("record.bad_seed", seed=quoted(value), maximum=MAX_SEED)
    return seed


@dataclass(frozen=True)
class Header:
    """The arguments a record was played with."""

    game: str
    players: int
    seed: int
    options: Mapping[str, str] = field(default_factory=dict)

    def line(self) -> str:
        words = [self.game, "--players", str(self.players), "--seed", str(self.seed)]
        for key, value in self.options.items():
            words += ["--option", f"{key}={value}"]
        return "# " + " ".join(shlex.quote(word) for word in words)


def read_header(lines: Sequence[str]) -> Header | None:
    """The header of a record (its first non-blank line), or ``None`` when it has none.

    A first line that is a comment but not a header (``# just a note``) is no header either. A
    header whose player count is not a whole number or whose seed is out of range raises
    ``SetupError`` saying which.
    """
    for line in lines:
        text = line.strip()
        if not text:
            continue
        if not text.startswith("#"):
            return None
        try:
            words = shlex.split(text[1:])
        except ValueError:
            return None
        if len(words) < 3 or words[1] != "--players":
            return None
        return _header(words)
    return None


def _header(words: list[str]) -> Header | None:
    game, rest = words[0], words[1:]
    values: dict[str, str] = {}
    options: dict[str, str] = {}
    while rest:
        flag = rest.pop(0)
        if not rest:
            return None
        value = rest.pop(0)
        if flag == "--option":
            key, sep, setting = value.partition("=")
            if not sep:
                return None
            options[key] = setting
        elif flag in ("--players", "--seed"):
            values[flag] = value
        else:
            return None
    players = integer(values["--players"])  # there: read_header saw it second
    if players is None:
        raise SetupError("record.bad_players", players=quoted(values["--players"]))
    return Header(game, players, seed_value(values.get("--seed", "0")), options)


def write(header: Header, moves: Sequence[tuple[int, str]], comments: Sequence[str] = ()) -> str:
    """The record's text: header, ``# comment`` lines, then one ``SEAT NOTATION`` per move."""
    lines = [header.line()]
    lines += [f"# {' '.join(comment.split())}".rstrip() for comment in comments]  # one line each
    lines += [f"{seat} {notation}" for seat, notation in moves]
    return "\n".join(lines) + "\n"


def parse_record_line(game: Game, state: Any, line: str) -> tuple[int, str] | None:
    """``SEAT NOTATION`` to ``(seat, notation)``, the seat checked; ``None`` for a blank or
    comment line."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    seat_text, _, notation = text.partition(" ")
    try:
        seat = int(seat_text)
    except ValueError:
        raise MoveError("cli.bad_seat_format", line=text) from None
    if not 0 <= seat < game.num_players(state):
        raise MoveError("cli.bad_seat", seat=seat, players=game.num_players(state))
    return seat, notation.strip()


def recorded_move(game: Game, state: Any, seat: int, notation: str) -> Any:
    """The move a record line names in ``state``: the game's move, or ``None`` for ``SKIPPED`` in
    a game that skips turns. Raises the game's errors."""
    if notation == SKIPPED and game.can_skip:
        waiting = game.to_act(state)
        if seat not in waiting:
            raise NotYourTurn(seat=seat, waiting=", ".join(str(s) for s in sorted(waiting)))
        return None
    return game.parse_move(state, notation, seat)


def play_recorded(game: Game, state: Any, seat: int, notation: str) -> Any:
    """The state after one recorded move: ``notation`` read and applied, or, for ``SKIPPED`` in a
    game that skips turns, ``seat``'s turn skipped. Raises the game's errors."""
    move = recorded_move(game, state, seat, notation)
    return game.skip(state, seat)[0] if move is None else game.apply(state, seat, move)[0]


def replay_lines(game: Game, state: Any, lines: Sequence[str]) -> tuple[Any, int, dict[str, Any] | None]:
    """Apply each move line in order; stop at the first refusal and say where and why."""
    applied = 0
    for number, line in enumerate(lines, start=1):
        try:
            parsed = parse_record_line(game, state, line)
            if parsed is None:
                continue
            state = play_recorded(game, state, *parsed)
        except GameError as exc:
            return state, applied, {"line": number, "message": str(exc)}
        applied += 1
    return state, applied, None
