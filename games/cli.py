"""``python -m games``: list the games, replay a move file, list legal moves, play AI games.

The contract is in ``docs/architecture.md`` (outside checks rely on it): one JSON object on stdout,
exit code 0 on success, 1 when a move is refused (the report says which line and why), 2 when the
arguments are unusable. No traceback ever reaches the user.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence, TextIO

from games.ai import choose_move
from games.core import Game
from games.errors import GameError, SetupError
from games.record import Header, read_header, replay_lines, seed_value
from games.registry import all_games, get_game
from games.typed import integer, shown

OK, REFUSED, UNUSABLE = 0, 1, 2


class UsageError(Exception):
    """Unusable command-line arguments (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print usage and exit
        raise UsageError(message)


def _players(text: str) -> int:
    """``--players``: a whole number (the game checks its range), read without ``int()`` of a
    long text."""
    players = integer(text)
    if players is None:
        raise argparse.ArgumentTypeError(f"invalid int value “{shown(text)}”: give a number of players")
    return players


def _seed(text: str) -> int:
    """``--seed``: a whole number from 0 to ``games.record.MAX_SEED`` (what storage keeps)."""
    try:
        return seed_value(text)
    except SetupError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m games", description="Board game engines: rules, replays, AI.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("list", help="the games with their player counts, options and AI levels")

    def game_arguments(sub: argparse.ArgumentParser, moves: bool) -> None:
        sub.add_argument("game")
        # --players and --seed may come from a record's header line instead (games.record)
        sub.add_argument("--players", type=_players)
        sub.add_argument("--seed", type=_seed)
        sub.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
        if moves:
            sub.add_argument("--moves", metavar="FILE|-", help="one 'SEAT NOTATION' per line")

    game_arguments(commands.add_parser("replay", help="apply a move file and print the position"), True)
    game_arguments(commands.add_parser("legal", help="the legal moves after a move file"), True)
    selfplay = commands.add_parser("selfplay", help="play a whole game with the built-in AI")
    game_arguments(selfplay, False)
    selfplay.add_argument("--bots", default="random",
                          help="an AI level (easy, normal, hard, or random), or one per seat separated by commas")
    selfplay.add_argument("--out", metavar="DIR", help="write a board image per move and the game record")
    selfplay.add_argument("--lang", default="en", choices=["en", "ja"], help="the language of the images' words")
    selfplay.add_argument("--names", default="", metavar="NAME,NAME",
                          help="the players' names printed on the images (default: Player 1, Player 2, ...)")
    return parser


def report(game: Game | None, state: Any, applied: int, error: dict[str, Any] | None) -> dict[str, Any]:
    """The JSON object ``replay`` and ``selfplay`` print (shape fixed by the CLI contract)."""
    if game is None or state is None:
        return {"ok": False, "applied": applied, "error": error, "to_act": [], "finished": False,
                "scores": None, "ranks": None, "state": None}
    result = game.result(state)
    return {
        "ok": error is None,
        "applied": applied,
        "error": error,
        "to_act": sorted(game.to_act(state)),
        "finished": result is not None,
        "scores": result.scores if result is not None else game.scores(state),
        "ranks": result.ranks if result is not None else None,
        "state": game.state_to_json(state),
    }


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"--option needs KEY=VALUE, not “{pair}”")
        options[key.strip()] = value.strip()
    return options


def _read_moves(source: str | None, stdin: TextIO) -> list[str]:
    if source is None:
        return []
    try:
        if source == "-":
            return stdin.read().splitlines()
        return Path(source).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the moves file “{source}”: {getattr(exc, 'strerror', None) or exc}") from None


def _start(args: argparse.Namespace, lines: Sequence[str] = ()) -> tuple[Game, Any]:
    """The game and its initial state; what the arguments leave out comes from the record's
    header (``games.record``), what they give wins."""
    game = get_game(args.game)
    header = read_header(lines)
    if header is not None and header.game != game.name:
        raise UsageError(f"the record is a game of {header.game}, not {game.name}")
    players = args.players if args.players is not None else header.players if header else None
    if players is None:
        raise UsageError("--players is required (or a moves file whose first line is a record header)")
    seed = args.seed if args.seed is not None else header.seed if header else 0
    options = {**(header.options if header else {}), **_options(args.option)}
    return game, game.new_game(players, options, seed)


def cmd_list(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    json.dump({"games": [game.describe() for game in all_games()]}, out, ensure_ascii=False)
    return OK


def cmd_replay(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    lines = _read_moves(args.moves, stdin)
    game, state = _start(args, lines)
    state, applied, error = replay_lines(game, state, lines)
    json.dump(report(game, state, applied, error), out, ensure_ascii=False)
    return OK if error is None else REFUSED


def cmd_legal(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    lines = _read_moves(args.moves, stdin)
    game, state = _start(args, lines)
    state, applied, error = replay_lines(game, state, lines)
    if error is not None:
        data = report(game, state, applied, error)
        data["legal"] = None
        json.dump(data, out, ensure_ascii=False)
        return REFUSED
    waiting = sorted(game.to_act(state))
    legal = {str(seat): [game.format_move(state, m) for m in game.legal_moves(state, seat)] for seat in waiting}
    json.dump({"to_act": waiting, "legal": legal}, out, ensure_ascii=False)
    return OK


def cmd_selfplay(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    if args.seed is None:
        args.seed = 0
    game, state = _start(args)
    levels = [level.strip() for level in args.bots.split(",")]
    seats = game.num_players(state)
    if len(levels) == 1:
        levels *= seats
    if len(levels) != seats:
        raise UsageError(f"--bots names {len(levels)} levels for {seats} seats")
    levels = [game.resolve_level(level) for level in levels]  # refuses an unknown one
    directory = _prepare_out(args.out)
    options = game.format_options(game.played_options(seats, game.resolve_options(_options(args.option))))
    record = [Header(game.name, seats, args.seed, options).line()]
    names = [name.strip() for name in args.names.split(",")] if args.names else None
    if names is not None and len(names) != seats:
        raise UsageError(f"--names names {len(names)} players for {seats} seats")
    render = _renderer(game, names, args.lang) if directory else None
    if render:
        render(game.view(state, None), directory / "move-000")
    ply = 0
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = choose_move(game, state, seat, levels[seat], seed=args.seed * 1_000_003 + ply)
        record.append(f"{seat} {game.format_move(state, move)}")
        state, _ = game.apply(state, seat, move)
        ply += 1
        if render:
            render(game.view(state, None), directory / f"move-{ply:03d}")
    if directory:
        (directory / "record.txt").write_text("\n".join(record) + "\n", encoding="utf-8")
    json.dump(report(game, state, ply, None), out, ensure_ascii=False)
    return OK


def _prepare_out(path: str | None) -> Path | None:
    if path is None:
        return None
    directory = Path(path)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the output folder “{path}”: {exc.strerror or exc}") from None
    try:  # find out now, not after a whole game was played
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as exc:
        raise UsageError(f"cannot write in the output folder “{path}”: {exc.strerror or exc}") from None
    return directory


def _renderer(game: Game, names: list[str] | None, lang: str):
    """Writes ``STEM.png`` (the image a board post shows) and, for a game whose inline image is a
    summary, ``STEM-full.png`` (the full board)."""
    from renderers import has_detail, render, render_detail

    detail = has_detail(game.name)

    def write(view: dict[str, Any], stem: Path) -> None:
        stem.with_name(stem.name + ".png").write_bytes(render(game.name, view, names=names, lang=lang))
        if detail:
            full = render_detail(game.name, view, names=names, lang=lang)
            if full is not None:
                stem.with_name(stem.name + "-full.png").write_bytes(full)
    return write


COMMANDS = {"list": cmd_list, "replay": cmd_replay, "legal": cmd_legal, "selfplay": cmd_selfplay}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    out = out or sys.stdout
    stdin = stdin or sys.stdin
    try:
        args = _parser().parse_args(argv)
        code = COMMANDS[args.command](args, out, stdin)
    except (UsageError, SetupError) as exc:
        json.dump(report(None, None, 0, {"line": 0, "message": str(exc)}), out, ensure_ascii=False)
        code = UNUSABLE
    except GameError as exc:  # a refused move outside a moves file (e.g. selfplay): still JSON
        json.dump(report(None, None, 0, {"line": 0, "message": str(exc)}), out, ensure_ascii=False)
        code = REFUSED
    except OSError as exc:  # e.g. the output folder filled up or vanished during selfplay
        json.dump(report(None, None, 0, {"line": 0, "message": f"cannot write: {exc.strerror or exc}"}), out,
                  ensure_ascii=False)
        code = UNUSABLE
    except (KeyError, ValueError, TypeError) as exc:  # e.g. a malformed state; still no traceback
        message = f"internal error: {type(exc).__name__}: {exc}"
        json.dump(report(None, None, 0, {"line": 0, "message": message}), out, ensure_ascii=False)
        code = UNUSABLE
    out.write("\n")
    return code
