"""A tiny game with secrets, for testing the host's private views (not registered in production).

Two players are each dealt three cards from 1..9 (seeded); in turn a player plays a card from
their hand, saying it publicly (``play 7``); after three rounds the higher total wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.core import Event, Game, Result, competition_ranks
from games.errors import IllegalMove, MalformedMove
from games.messages import Text, register_messages
from games.rng import Rng

register_messages({
    "toy.reason": {"en": "that card is not in your hand", "ja": "その札は手札にありません"},
    "toy.format": {"en": "write play N", "ja": "play N と書いてください"},
})


@dataclass
class ToyState:
    hands: list[list[int]]
    played: list[list[int]] = field(default_factory=lambda: [[], []])
    turn: int = 0
    rng: int = 0


class ToyHidden(Game[ToyState, int]):
    name = "toy_hidden"
    titles = {"en": "Toy", "ja": "おもちゃ"}
    min_players = max_players = 2
    hidden_information = True
    can_skip = True
    ai_levels = ("random",)
    rules_help = {"en": "Play your cards.", "ja": "札を出します。"}

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> ToyState:
        rng = Rng(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        return ToyState(hands=[sorted(deck[:3]), sorted(deck[3:6])], rng=rng.state)

    def num_players(self, state: ToyState) -> int:
        return 2

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset() if not any(state.hands) else frozenset((state.turn,))

    def legal_moves(self, state: ToyState, seat: int) -> list[int]:
        return list(state.hands[seat]) if seat in self.to_act(state) else []

    def play(self, state: ToyState, seat: int, move: int) -> tuple[ToyState, list[Event]]:
        if move not in state.hands[seat]:
            raise IllegalMove(text=f"play {move}", reason=Text("toy.reason"))
        hands = [list(h) for h in state.hands]
        played = [list(p) for p in state.played]
        hands[seat].remove(move)
        played[seat].append(move)
        return ToyState(hands, played, 1 - seat, state.rng), []

    def skip(self, state: ToyState, seat: int) -> tuple[ToyState, list[Event]]:
        """A skipped turn discards the seat's lowest card unplayed (so the game still ends)."""
        hands = [list(h) for h in state.hands]
        hands[seat].pop(0)
        return ToyState(hands, [list(p) for p in state.played], 1 - seat, state.rng), []

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {"played": state.played, "hand_sizes": [len(h) for h in state.hands],
                "hand": None if seat is None else state.hands[seat]}

    def private_view(self, state: ToyState, seat: int) -> dict[str, Any]:
        return {"hand": state.hands[seat]}

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        return ("手札: " if lang == "ja" else "hand: ") + " ".join(map(str, private["hand"]))

    def scores(self, state: ToyState) -> list[int]:
        return [sum(p) for p in state.played]

    def result(self, state: ToyState) -> Result | None:
        if any(state.hands):
            return None
        scores = self.scores(state)
        return Result(scores, competition_ranks(scores))

    def parse_move(self, state: ToyState, text: str, seat: int | None = None) -> int:
        word, _, number = text.strip().partition(" ")
        if word != "play" or not number.isdigit():
            raise MalformedMove(text=text, reason=Text("toy.format"))
        return int(number)

    def format_move(self, state: ToyState, move: int) -> str:
        return f"play {move}"

    def state_to_json(self, state: ToyState) -> dict[str, Any]:
        return {"hands": state.hands, "played": state.played, "turn": state.turn, "rng": state.rng}

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState([list(h) for h in data["hands"]], [list(p) for p in data["played"]], data["turn"], data["rng"])
