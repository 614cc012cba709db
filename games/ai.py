"""Built-in AI players that work for every game through the engine contract alone.

- ``easy``, ``normal``, ``hard`` (every game's levels, :data:`BUDGETS`): a game's own policy
  (``Game.ai_move``, e.g. Masume Yakyu's and Mafia de Cuba's) when it has one for the level, else
  Monte Carlo tree search (UCT) with random playouts, bounded by a number of playouts and a time
  limit, whichever comes first;
- ``random``: a uniformly random legal move (the host's own use: timeouts, tests).

The MCTS: rewards are per seat (max^n), so it plays 2-5 player games; it searches on
:meth:`~games.core.Game.determinize`'d states, so in a game with secrets it never looks at another
seat's hidden information. Where a game gives an evaluation and a move prior
(:meth:`~games.core.Game.evaluate`, :meth:`~games.core.Game.move_prior`; the board games do), it
cuts playouts short and scores them by the evaluation, counts a finished game's margin as well as
its rank, and tries the moves near the root best first, widening as it learns (:class:`_Search`).
The plain search of before is ``bench/mcts_baseline.py``, for the strength bench.

Every choice is reproducible from its ``seed`` when the playout limit, not the clock, ends the
search. The AI's generator is its own: it never touches the game state's, so a game record of
the chosen moves replays to the identical state.
"""

from __future__ import annotations

import math
import time
from typing import Any, Hashable

from games.core import Game
from games.errors import SetupError
from games.rng import Rng

#: The search budget of each level when the caller gives none: (playouts, seconds), whichever
#: ends the search first.
BUDGETS = {"easy": (40, 0.2), "normal": (400, 0.5), "hard": (1600, 2.0)}
_EXPLORATION = 1.0
#: Children a node may have before its first visit; it widens by the square root of its visits.
WIDEN_BASE = 3
#: Nodes this close to the root order their moves by the game's prior (deeper ones at random: a
#: prior costs a move's worth of work per legal move).
PRIOR_DEPTH = 2
_MAX_PLIES = 10_000  # a game that does not end in this many plies is a bug; stop the playout


def choose_move(
    game: Game,
    state: Any,
    seat: int,
    level: str = "random",
    *,
    seed: int = 0,
    playouts: int | None = None,
    seconds: float | None = None,
) -> Hashable:
    """A legal move for ``seat`` chosen by the AI ``level`` (one of the game's levels, an older
    name of one, or ``random``). ``playouts`` and ``seconds`` replace the level's budget."""
    legal = game.legal_moves(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    level = game.resolve_level(level)
    rng = Rng(seed)
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    own = game.ai_move(state, seat, level, rng)
    if own is not None:
        return own
    budget_playouts, budget_seconds = BUDGETS[level]
    return _Search(game, seat, rng, playouts or budget_playouts, seconds or budget_seconds).run(state)


def seat_level(game: Game, stored: str | None) -> str:
    """The level an AI seat plays at: its stored level; a seat stored under a name the game no
    longer has, or a person's seat the host plays for, plays ``normal``."""
    try:
        return game.resolve_level(stored or "normal")
    except SetupError:
        return "normal"


def reward(game: Game, state: Any) -> list[float]:
    """Each seat's reward in ``[0, 1]`` at the end of a playout: 1 for first place, 0 for last."""
    n = game.num_players(state)
    result = game.result(state)
    if result is None or n == 1:
        return [0.5] * n
    worst = max(result.ranks)
    if worst == 1:
        return [0.5] * n
    return [(worst - rank) / (worst - 1) for rank in result.ranks]


def playout_value(game: Game, state: Any, evaluation: list[float] | None) -> list[float]:
    """Each seat's reward where a playout stopped: at the end, the rank's :func:`reward` and, when
    the game evaluates (``evaluation``: its :meth:`~games.core.Game.evaluate` of ``state``), half
    of it the margin, so a win by 60 triangles is worth more than a win by 2 and a lost game still
    tells close from hopeless; before the end, the evaluation alone."""
    if game.to_act(state):
        return evaluation if evaluation is not None else [0.5] * game.num_players(state)
    ranked = reward(game, state)
    if evaluation is None:
        return ranked
    return [(r + e) / 2 for r, e in zip(ranked, evaluation)]


class _Node:
    __slots__ = ("move", "parent", "actor", "children", "untried", "visits", "totals", "depth")

    def __init__(self, move: Hashable | None, parent: "_Node | None", actor: int | None, n: int) -> None:
        self.move = move
        self.parent = parent
        self.actor = actor  # seat that chose ``move``
        self.children: list[_Node] = []
        self.untried: list[Hashable] | None = None  # best candidate last
        self.visits = 0
        self.totals = [0.0] * n
        self.depth = 0 if parent is None else parent.depth + 1


class _Search:
    """UCT over determinized states, using what the game knows when it says (issue 26):

    - the moves of a node near the root are tried in the order of the game's
      :meth:`~games.core.Game.move_prior` (best first) and the node widens to more of them as its
      visits grow (progressive widening: ``WIDEN_BASE + sqrt(visits)`` children), so a move with
      a large immediate gain is examined at once and a search of a few hundred playouts is not
      spread thinly over a hundred moves;
    - a playout stops after the game's :attr:`~games.core.Game.ai_playout_plies` and is scored by
      its :meth:`~games.core.Game.evaluate`; a finished one counts the margin as well as the rank.

    A game with neither hook is searched as before: every move, random playouts to the end, rank
    rewards."""

    def __init__(self, game: Game, seat: int, rng: Rng, playouts: int, seconds: float) -> None:
        self.game, self.seat, self.rng = game, seat, rng
        self.playouts, self.seconds = playouts, seconds
        self.evaluates = False
        self.ordered = False

    def run(self, state: Any) -> Hashable:
        """The most visited of the real state's legal moves for the deciding seat.

        The root is the deciding seat's own choice among the moves it may play in the real state
        (where several seats act at once, ``_actor`` would name another); a determinization never
        adds to them. Its order comes from a determinized state, so no prior reads a secret."""
        game = self.game
        n = game.num_players(state)
        root = _Node(None, None, self.seat, n)
        first = game.determinize(state, self.seat, self.rng)
        self.evaluates = game.ai_playout_plies is not None and game.evaluate(first) is not None
        legal = list(game.legal_moves(state, self.seat))
        self.rng.shuffle(legal)
        prior = game.move_prior(first, self.seat, legal)
        self.ordered = prior is not None
        root.untried = _best_last(legal, prior)
        deadline = time.monotonic() + self.seconds
        done = 0
        while done < self.playouts and (done == 0 or time.monotonic() < deadline):
            self._iterate(root, first if done == 0 else game.determinize(state, self.seat, self.rng))
            done += 1
        self.done = done
        if not root.children:  # no determinization allowed any of them: nothing learnt
            return self.rng.choice(game.legal_moves(state, self.seat))
        best = max(root.children, key=lambda child: (child.visits, child.totals[self.seat] / max(1, child.visits)))
        return best.move

    def _iterate(self, root: _Node, state: Any) -> None:
        game, rng = self.game, self.rng
        node = root
        # Selection: descend while the node has as many children as its visits allow.
        while True:
            actor = self.seat if node is root else _actor(game, state)
            if actor is None:
                break
            legal = game.legal_moves(state, actor)
            if node.untried is None:
                moves = list(legal)
                rng.shuffle(moves)
                prior = game.move_prior(state, actor, moves) if self.ordered and node.depth < PRIOR_DEPTH else None
                node.untried = _best_last(moves, prior)
            allowed = set(legal)
            if node.untried and (not self.ordered or len(node.children) < WIDEN_BASE + math.sqrt(node.visits)):
                # With hidden information a determinization may allow moves the tree has not seen.
                known = {child.move for child in node.children}
                fresh = next((i for i in range(len(node.untried) - 1, -1, -1)
                              if node.untried[i] in allowed and node.untried[i] not in known), None)
                if fresh is not None:
                    move = node.untried.pop(fresh)
                    state, _ = game.apply(state, actor, move)
                    child = _Node(move, node, actor, len(node.totals))
                    node.children.append(child)
                    node = child
                    break
            candidates = [child for child in node.children if child.move in allowed]
            if not candidates:
                break
            log_visits = math.log(max(1, node.visits))
            node = max(
                candidates,
                key=lambda c: c.totals[actor] / c.visits + _EXPLORATION * math.sqrt(log_visits / c.visits)
                if c.visits else math.inf,
            )
            state, _ = game.apply(state, actor, node.move)
        # Playout: random moves to the end, or as far as the game's evaluation can take over.
        limit = game.ai_playout_plies if self.evaluates else _MAX_PLIES
        for _ in range(limit or _MAX_PLIES):
            actor = _actor(game, state)
            if actor is None:
                break
            state, _ = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
        gains = playout_value(game, state, game.evaluate(state) if self.evaluates else None)
        # Backpropagation.
        while node is not None:
            node.visits += 1
            for s, gain in enumerate(gains):
                node.totals[s] += gain
            node = node.parent


def _best_last(moves: list[Hashable], prior: list[float] | None) -> list[Hashable]:
    """``moves`` (already shuffled, so equal priors stay in random order) with the best last."""
    if prior is None:
        return moves
    order = sorted(range(len(moves)), key=lambda i: prior[i])
    return [moves[i] for i in order]


def _actor(game: Game, state: Any) -> int | None:
    waiting = game.to_act(state)
    return min(waiting) if waiting else None
