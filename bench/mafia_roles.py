"""How Mafia de Cuba's AI roles play (issue 26): who wins AI-only games, how the Cleaner's shots
land, and the Godfather of each level against ``normal`` henchmen.

For each player count: ``--games`` games with every seat at ``normal`` (the Cleaner replacing a
Loyal Henchman), the share each side wins (boss: the Godfather and his loyal men; thieves; an
Agent alone; the Cleaner alone) and of the Cleaner's shots, how many hit an Agent, a thief, an
innocent; then the Godfather's win share when he alone plays each level. Shares come with n and a
95 % Wilson interval.

    python -m bench.mafia_roles --games 300 --players 6,8,12
"""

from __future__ import annotations

import argparse
from collections import Counter

from bench.ai_strength import wilson
from games.ai import choose_move
from games.mafia_de_cuba import GAME
from games.mafia_de_cuba.components import seat_role

SIDE = {"godfather_wins": "boss", "no_theft": "boss", "godfather_eliminated": "thieves",
        "agent_accused": "agent", "cleaner_shot_agent": "cleaner"}


def game(players: int, seed: int, godfather_level: str = "normal", cleaner: str = "replace") -> tuple[str, list[str]]:
    """One AI game; its winning side and the role of each seat the Cleaner shot."""
    state = GAME.new_game(players, {"godfather": "random", "cleaner": cleaner}, seed)
    shots: list[str] = []
    ply = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        level = godfather_level if seat == state.godfather else "normal"
        move = choose_move(GAME, state, seat, level, seed=seed * 7919 + ply)
        if move.verb == "bang":
            shots.append(seat_role(state, state.accused))
        state, _ = GAME.apply(state, seat, move)
        ply += 1
    return SIDE[state.outcome], shots


def share(count: float, n: int) -> str:
    low, high = wilson(count, n)
    return f"{count / n:.3f} ({low:.3f}-{high:.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", default="6,8,12")
    parser.add_argument("--levels", default="easy,normal,hard", help="Godfather levels to compare")
    args = parser.parse_args(argv)
    n = args.games
    for players in (int(p) for p in args.players.split(",")):
        sides, shots = Counter(), Counter()
        for seed in range(n):
            side, shot = game(players, seed)
            sides[side] += 1
            shots.update(shot)
        print(f"{players}p all normal, n={n}: " + ", ".join(f"{s} {share(sides[s], n)}"
                                                              for s in ("boss", "thieves", "agent", "cleaner")))
        total = sum(shots.values())
        print(f"{players}p Cleaner shots: {total} in {n} games: " + ", ".join(
            f"{role} {shots[role]}" for role in ("agent", "thief", "loyal", "driver", "urchin")), flush=True)
        for level in args.levels.split(","):
            wins = sum(game(players, 10_000 + seed, level, cleaner="off")[0] == "boss" for seed in range(n))
            print(f"{players}p Godfather {level:6s} (henchmen normal, no Cleaner): boss wins {share(wins, n)} n={n}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
