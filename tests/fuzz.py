"""Engine fuzzing (issue 12.10): every game's ``parse_move`` and ``apply`` fed hostile text and
moves taken from other positions (and other games). Each attempt must either play, or be refused
with a :class:`~games.errors.MoveError` that leaves the state exactly as it was; anything else
(another exception, a changed state after a refusal) is a failure.

    python3 -m tests.fuzz [--attempts 1000000] [--seed 1]

prints attempts and failures per game; ``tests/test_engine_fuzz.py`` runs a bounded number in the
default suite (and this long run when ``BOT_RELIABILITY_LONG=1``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field

from games.errors import MoveError
from games.registry import all_games
from tests.play import random_game

#: Text a hostile or careless user might type: odd digits, control characters, huge numbers,
#: long runs, scripts and symbols the notations do not use.
HOSTILE = [
    "", " ", "\t\n", "\x00", "\x00e2", "go ²", "go ٣", "go １", "go 1" + "0" * 5000, "9" * 5000,
    "-1", "-0", "+1", "1e9", "NaN", "inf", "0x10", "1_000", " " * 6000, "a" + " " * 6000 + "b",
    "\u200b", "\u202e1 og", "\ufeffpay", "🐉", "🐉" * 3000, "ｐａｙ", "ＷＡＬＬ　１Ｅ", "wall 1E" * 900,
    "<@123> @everyone", "'; DROP TABLE moves; --", "%s%s%s", "{0}", "${x}", "\\", "\r\n",
    "move ps1-" * 500, "roof " + "A" * 4000, "é" * 100, "ß", "İ", "ǅ", "\uffff", "\U0010ffff",
]


def attempt(game, state, do) -> bool:
    """Run ``do()`` (a parse and apply on ``state``): it plays (``True``), or refuses with the
    game's ``MoveError`` whose message is short and printable in both languages (``False``); in
    both cases ``state`` itself is unchanged. Anything else fails the caller's test."""
    before = json.dumps(game.state_to_json(state), sort_keys=True)
    try:
        do()
        played = True
    except MoveError as error:
        for lang in ("en", "ja"):
            message = error.message(lang)
            assert message and len(message) < 600 and message.isprintable() and "\x00" not in message, message
        played = False
    assert json.dumps(game.state_to_json(state), sort_keys=True) == before, "the state changed"
    return played


@dataclass
class Tally:
    attempts: int = 0
    played: int = 0
    refused: int = 0
    failures: list[str] = field(default_factory=list)


def hostile_texts(rng: random.Random, pool: list[str]) -> str:
    """One input: a known hostile string, a move of another position, or random noise."""
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(HOSTILE)
    if roll < 0.7 and pool:
        text = rng.choice(pool)
        if rng.random() < 0.3:  # mangled: a character dropped, doubled or swapped for another
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(["", text[i - 1:i] * 2, chr(rng.randrange(32, 0x3100))]) + text[i + 1:]
        return text
    length = rng.choice([1, 2, 5, 12, 40, 300])
    return "".join(chr(rng.choice([rng.randrange(0, 128), rng.randrange(128, 0x3100), rng.randrange(0x1F300, 0x1F6FF)]))
                   for _ in range(length))


def fuzz(attempts: int, seed: int = 1) -> dict[str, Tally]:
    """``attempts`` inputs per game, spread over positions of a few seeded random games."""
    rng = random.Random(seed)
    games = sorted(all_games(), key=lambda g: g.name)
    positions, pool = {}, []
    for game in games:
        positions[game.name] = []
        for players in sorted({game.min_players, game.max_players}):
            states, record = random_game(game, players, seed=seed + players)
            positions[game.name] += [(players, s) for s in states[:: max(1, len(states) // 40)]]
            pool += [line.split(" ", 1)[1] for line in record]
    tallies = {}
    for game in games:
        tally = tallies[game.name] = Tally()
        for n in range(attempts):
            players, state = positions[game.name][n % len(positions[game.name])]
            seat = rng.choice(sorted(game.to_act(state)) or [0]) if rng.random() < 0.9 else rng.randrange(players)
            text = hostile_texts(rng, pool)
            tally.attempts += 1
            try:
                if attempt(game, state, lambda: game.apply(state, seat, game.parse_move(state, text, seat))):
                    tally.played += 1
                else:
                    tally.refused += 1
            except Exception as exc:  # noqa: BLE001  (that is the finding)
                tally.failures.append(f"{game.name}: {type(exc).__name__}: {exc!s:.120} on {text[:60]!r}")
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=100_000, help="inputs per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tallies = fuzz(args.attempts, args.seed)
    for name, tally in tallies.items():
        print(f"{name:12s} attempts {tally.attempts:9d}  played {tally.played:8d}  refused {tally.refused:9d}  "
              f"failures {len(tally.failures)}")
        for failure in tally.failures[:5]:
            print("   ", failure)
    print(f"{sum(t.attempts for t in tallies.values())} attempts in {time.perf_counter() - started:.0f} s")
    return 1 if any(t.failures for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
