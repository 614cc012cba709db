"""Phase I, the theft (rules page §3.3, §4): the Godfather sets diamonds aside, then the box goes
once round the table and each holder takes diamonds, exactly one token, or (only when the box is
empty, or as the last player) nothing; the first player may first hide one token in the bag."""

from __future__ import annotations

from games.mafia_de_cuba.components import (
    DIAMONDS,
    HIDE,
    HIDE_MAX,
    NO_THEFT,
    TESTIMONY,
    THEFT,
    TOKENS,
    MafiaState,
    Move,
    first_player,
    henchmen,
    last_player,
    stolen,
)
from games.mafia_de_cuba.winners import finish


def hide_moves(state: MafiaState) -> list[Move]:
    """The Godfather sets 0..5 diamonds aside (§3.3)."""
    return [Move("hide", n=k) for k in range(HIDE_MAX + 1)]


def _takes(box: int, tokens: tuple[int, ...], last: bool) -> list[Move]:
    """Takes from a box: k >= 1 diamonds, or one token, never both (§4.3); nothing when the box is
    empty (a Street Urchin, §4.4), or by choice for the last player only."""
    moves = [Move("take", "diamonds", k) for k in range(1, box + 1)]
    moves += [Move("take", name) for name, count in zip(TOKENS, tokens) if count]
    if not moves or last:
        moves.append(Move("take", "nothing"))
    return moves


def take_moves(state: MafiaState, seat: int) -> list[Move]:
    """The holder's takes; the first player's also come with each token it may bag first (§4.2)."""
    last = seat == last_player(state)
    moves = _takes(state.box, state.tokens, last)
    if seat == first_player(state):
        for i, name in enumerate(TOKENS):
            if state.tokens[i]:
                left = tuple(c - (j == i) for j, c in enumerate(state.tokens))
                moves += [m._replace(bag=name) for m in _takes(state.box, left, last)]
    return moves


def hide(state: MafiaState, amount: int) -> MafiaState:
    """The box holds 15 minus the diamonds set aside; the box goes to the first player."""
    return state.with_(hidden=amount, box=DIAMONDS - amount, phase=THEFT, holder=first_player(state),
                       ply=state.ply + 1)


def take(state: MafiaState, seat: int, move: Move) -> MafiaState:
    """Apply a checked take: remember what the holder saw and took, pass the box on; after the
    last player the Godfather opens it (§4.5), and with nothing stolen he wins at once (§6.1,
    ``[c -> immediate Godfather win]``)."""
    tokens = list(state.tokens)
    seen = list(state.seen)
    seen[seat] = (state.box, tuple(tokens))
    bag = state.bag
    if move.bag:
        tokens[TOKENS.index(move.bag)] -= 1
        bag = move.bag
    box = state.box
    if move.what == "diamonds":
        box -= move.n
    elif move.what != "nothing":
        tokens[TOKENS.index(move.what)] -= 1
    takes = list(state.takes)
    takes[seat] = (move.what, move.n if move.what == "diamonds" else 0)
    after = state.with_(box=box, tokens=tuple(tokens), seen=tuple(seen), takes=tuple(takes), bag=bag,
                        ply=state.ply + 1)
    order = henchmen(state)
    at = order.index(seat)
    if at + 1 < len(order):
        return after.with_(holder=order[at + 1])
    after = after.with_(holder=None, final=(box, tuple(tokens)))
    if stolen(after) == 0:
        return finish(after, NO_THEFT)
    return after.with_(phase=TESTIMONY)


__all__ = ["HIDE", "hide", "hide_moves", "take", "take_moves"]
