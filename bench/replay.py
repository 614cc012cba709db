"""Replay figures: for a random game of each game at its largest table, the time to draw its
animated replay (positions rebuilt from the seed, frames rendered, GIF encoded; the work a replay
worker does) and the file's size against Discord's 10 MiB upload limit (the target is 8 MiB).
Run: python3 bench/replay.py [--players N]"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host.history import frame_plies  # noqa: E402
from bot.replays import REPLAY_FRAMES, draw_replay  # noqa: E402
from games.registry import all_games  # noqa: E402
from games.rng import Rng  # noqa: E402
from renderers import has_renderer  # noqa: E402


def random_moves(game, players: int, seed: int) -> list[tuple[int, str]]:
    rng, state, moves = Rng(seed), game.new_game(players, {}, seed), []
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = rng.choice(game.legal_moves(state, seat))
        moves.append((seat, game.format_move(state, move)))
        state, _ = game.apply(state, seat, move)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'moves':>6} {'frames':>6} {'seconds':>8} {'KiB':>7}")
    for game in all_games():
        if not has_renderer(game.name):
            continue
        players = game.max_players
        moves = random_moves(game, players, args.seed)
        names = [f"Player {i + 1}" for i in range(players)]
        started = time.perf_counter()
        gif = draw_replay(game.name, players, game.format_options(game.resolve_options({})), args.seed, moves,
                          names, "en")
        took = time.perf_counter() - started
        frames = len(frame_plies(len(moves) + 1, REPLAY_FRAMES))
        print(f"{game.name:<14} {players:>7} {len(moves):>6} {frames:>6} {took:>8.2f} {len(gif) / 1024:>7.0f}")


if __name__ == "__main__":
    main()
