"""The end of the game (rules page §7): who wins for each way the game can end."""

from __future__ import annotations

from games.mafia_de_cuba.components import (
    AGENT_ACCUSED,
    CLEANER_SHOT_AGENT,
    GODFATHER_ELIMINATED,
    GODFATHER_WINS,
    NO_THEFT,
    OVER,
    MafiaState,
    right_neighbour,
    seat_role,
)


def winners(state: MafiaState, outcome: str, alone: int | None = None) -> tuple[int, ...]:
    """The winning seats.

    - all stolen diamonds recovered (or none stolen, ``[c -> immediate Godfather win]``): the
      Godfather, the Loyal Henchmen and the Cleaner if still in play;
    - the Godfather eliminated: the thieves in play with the most diamonds (tied ones share), and
      then every Street Urchin;
    - an Agent accused, or the Cleaner shooting an Agent: that seat alone (``alone``);
    - then, except for the "alone" wins (``[c -> alone overrides the Driver rule]``), every Driver
      in play whose right-hand neighbour wins also wins, repeated until nothing changes (two
      adjacent Drivers). Eliminated players never win (``[c -> yes]``).
    """
    n = state.num_players
    in_play = [not state.eliminated[s] for s in range(n)]
    roles = [seat_role(state, s) for s in range(n)]
    if outcome in (AGENT_ACCUSED, CLEANER_SHOT_AGENT):
        return (alone,) if alone is not None else ()
    won: set[int] = set()
    if outcome in (GODFATHER_WINS, NO_THEFT):
        won = {s for s in range(n) if roles[s] in ("godfather", "loyal")}
        won |= {s for s in range(n) if roles[s] == "cleaner" and in_play[s]}
    elif outcome == GODFATHER_ELIMINATED:
        thieves = [s for s in range(n) if roles[s] == "thief" and in_play[s]]
        if thieves:
            most = max(state.takes[s][1] for s in thieves)
            won = {s for s in thieves if state.takes[s][1] == most}
            won |= {s for s in range(n) if roles[s] == "urchin"}
    won = {s for s in won if in_play[s]}
    changed = True
    while changed:
        changed = False
        for s in range(n):
            if roles[s] == "driver" and in_play[s] and s not in won and right_neighbour(state, s) in won:
                won.add(s)
                changed = True
    return tuple(sorted(won))


def finish(state: MafiaState, outcome: str, alone: int | None = None) -> MafiaState:
    """The state at the end, its outcome and winners recorded."""
    return state.with_(phase=OVER, outcome=outcome, winners=winners(state, outcome, alone), holder=None,
                       accused=None, passed=frozenset())
