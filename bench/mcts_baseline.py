"""The plain MCTS the built-in AI used before issue 26, kept for the strength bench only.

UCT with uniformly random playouts to the end of the game, rewarded by the final rank alone, no
root ordering: ``bench/ai_strength.py`` measures today's ``normal`` against it at 4x its budget.
Never used by the host.
"""

from __future__ import annotations

import math
import time
from typing import Any, Hashable

from games.ai import reward
from games.core import Game
from games.rng import Rng

_EXPLORATION = 1.0
_MAX_PLIES = 10_000


def baseline_move(game: Game, state: Any, seat: int, *, seed: int, playouts: int, seconds: float) -> Hashable:
    """The old ``mcts`` level's choice with this budget."""
    legal = game.legal_moves(state, seat)
    rng = Rng(seed)
    if len(legal) == 1:
        return legal[0]
    return _Search(game, seat, rng, playouts, seconds).run(state)


class _Node:
    __slots__ = ("move", "parent", "actor", "children", "untried", "visits", "totals")

    def __init__(self, move: Hashable | None, parent: "_Node | None", actor: int | None, n: int) -> None:
        self.move = move
        self.parent = parent
        self.actor = actor  # seat that chose ``move``
        self.children: list[_Node] = []
        self.untried: list[Hashable] | None = None
        self.visits = 0
        self.totals = [0.0] * n


class _Search:
    def __init__(self, game: Game, seat: int, rng: Rng, playouts: int, seconds: float) -> None:
        self.game, self.seat, self.rng = game, seat, rng
        self.playouts, self.seconds = playouts, seconds

    def run(self, state: Any) -> Hashable:
        """The most visited of the real state's legal moves for the deciding seat.

        The root is the deciding seat's own choice among the moves it may play in the real state
        (where several seats act at once, ``_actor`` would name another); a determinization never
        adds to them."""
        game = self.game
        n = game.num_players(state)
        root = _Node(None, None, self.seat, n)
        root.untried = list(game.legal_moves(state, self.seat))
        self.rng.shuffle(root.untried)
        deadline = time.monotonic() + self.seconds
        done = 0
        while done < self.playouts and (done == 0 or time.monotonic() < deadline):
            self._iterate(root, game.determinize(state, self.seat, self.rng))
            done += 1
        if not root.children:  # no determinization allowed any of them: nothing learnt
            return self.rng.choice(game.legal_moves(state, self.seat))
        best = max(root.children, key=lambda child: (child.visits, child.totals[self.seat]))
        return best.move

    def _iterate(self, root: _Node, state: Any) -> None:
        game, rng = self.game, self.rng
        node = root
        # Selection: descend while the node is fully expanded.
        while True:
            actor = self.seat if node is root else _actor(game, state)
            if actor is None:
                break
            legal = game.legal_moves(state, actor)
            if node.untried is None:
                node.untried = list(legal)
                rng.shuffle(node.untried)
            # With hidden information a determinization may allow moves the tree has not seen.
            known = {child.move for child in node.children}
            fresh = [m for m in node.untried if m not in known and m in legal] if node.untried else []
            if fresh:
                move = fresh[-1]
                node.untried.remove(move)
                state, _ = game.apply(state, actor, move)
                child = _Node(move, node, actor, len(node.totals))
                node.children.append(child)
                node = child
                break
            candidates = [child for child in node.children if child.move in legal]
            if not candidates:
                break
            log_visits = math.log(max(1, node.visits))
            node = max(
                candidates,
                key=lambda c: c.totals[actor] / c.visits + _EXPLORATION * math.sqrt(log_visits / c.visits)
                if c.visits else math.inf,
            )
            state, _ = game.apply(state, actor, node.move)
        # Playout: random moves to the end.
        for _ in range(_MAX_PLIES):
            actor = _actor(game, state)
            if actor is None:
                break
            state, _ = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
        gains = reward(game, state)
        # Backpropagation.
        while node is not None:
            node.visits += 1
            for s, gain in enumerate(gains):
                node.totals[s] += gain
            node = node.parent


def _actor(game: Game, state: Any) -> int | None:
    waiting = game.to_act(state)
    return min(waiting) if waiting else None
