"""Mafia de Cuba scenarios: every rule and win condition of the rules page, each as a short game
(the Godfather in seat 1, i.e. seat index 0, unless said otherwise)."""

from __future__ import annotations

import pytest

from games.errors import IllegalMove, MalformedMove, NotYourTurn, SetupError
from games.mafia_de_cuba.components import TABLE, starting_tokens
from games.registry import get_game

GAME = get_game("mafia_de_cuba")


def play(state, seat, text):
    state, _events = GAME.apply(state, seat, GAME.parse_move(state, text, seat))
    return state


def theft(n, takes, hide=0, **options):
    """A game with the Godfather at index 0 after ``hide`` and the henchmen's ``takes`` (notation,
    in box order: indices 1..n-1)."""
    state = GAME.new_game(n, options, 1)
    state = play(state, 0, f"hide {hide}")
    for seat, text in enumerate(takes, start=1):
        state = play(state, seat, text)
    return state


def silent_all(state):
    """Everyone in play stays silent, so the Godfather may accuse."""
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "claim silent")
    return state


def winners(state):
    return GAME.result(state).detail["winners"]


# -- set-up (§2, §3) ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(6, 13))
def test_the_box_holds_the_tokens_of_the_table_and_the_godfather_hides_0_to_5(n):
    state = GAME.new_game(n, {}, 4)
    loyal, agents, drivers, jokers = TABLE[n]
    assert state.tokens == (loyal, agents, drivers, 0)
    assert sum(state.tokens) == n - 3
    assert state.jokers == jokers
    assert GAME.to_act(state) == {0}
    assert [GAME.format_move(state, m) for m in GAME.legal_moves(state, 0)] == [f"hide {k}" for k in range(6)]
    after = play(state, 0, "hide 5")
    assert after.box == 10 and GAME.to_act(after) == {1}
    with pytest.raises(IllegalMove):
        play(state, 0, "hide 6")


def test_the_token_table_is_the_rules_page_s():
    assert [TABLE[n] for n in range(6, 13)] == [
        (1, 1, 1, 0), (2, 1, 1, 0), (3, 1, 1, 1), (4, 1, 1, 1), (4, 2, 1, 1), (4, 2, 2, 2), (5, 2, 2, 2)]


def test_the_cleaner_replaces_a_loyal_henchman_by_default_or_is_added():
    assert starting_tokens(8, "replace") == (2, 1, 1, 1)
    assert starting_tokens(8, "add") == (3, 1, 1, 1)
    assert starting_tokens(8, "off") == (3, 1, 1, 0)
    assert GAME.new_game(8, {"cleaner": "replace"}, 0).tokens == (2, 1, 1, 1)


def test_the_godfather_is_the_owner_a_named_seat_or_random():
    assert GAME.new_game(7, {}, 0).godfather == 0
    assert GAME.new_game(7, {"godfather": "4"}, 0).godfather == 3
    seats = {GAME.new_game(7, {"godfather": "random"}, seed).godfather for seed in range(40)}
    assert len(seats) > 3
    with pytest.raises(SetupError):
        GAME.new_game(7, {"godfather": "9"}, 0)
    with pytest.raises(SetupError):
        GAME.new_game(5, {}, 0)


def test_the_box_goes_clockwise_from_the_godfathers_left_to_his_right():
    state = play(GAME.new_game(6, {"godfather": "4"}, 0), 3, "hide 0")
    order = []
    while state.phase == "theft":
        order.append(state.holder)
        state = play(state, state.holder, "take 1")
    assert order == [4, 5, 0, 1, 2]


# -- the theft (§4) -------------------------------------------------------------------------------

def test_a_holder_takes_diamonds_or_exactly_one_token_never_both_and_never_nothing_midway():
    state = theft(6, ["take 2"])
    legal = {GAME.format_move(state, m) for m in GAME.legal_moves(state, 2)}
    assert legal == {f"take {k}" for k in range(1, 14)} | {"take loyal", "take agent", "take driver"}
    with pytest.raises(IllegalMove):
        play(state, 2, "take nothing")
    with pytest.raises(IllegalMove):
        play(state, 2, "take 14")
    with pytest.raises(IllegalMove):
        play(state, 2, "take cleaner")
    with pytest.raises(NotYourTurn):
        play(state, 3, "take 1")


def test_the_last_player_alone_may_take_nothing_and_an_empty_box_makes_an_urchin():
    state = theft(6, ["take loyal", "take agent", "take driver", "take 15"])
    assert [GAME.format_move(state, m) for m in GAME.legal_moves(state, 5)] == ["take nothing"]
    state = theft(6, ["take loyal", "take agent", "take driver", "take 10"])
    assert "take nothing" in {GAME.format_move(state, m) for m in GAME.legal_moves(state, 5)}
    after = play(state, 5, "take nothing")
    assert GAME.private_view(after, 5)["role"] == "urchin"


def test_only_the_first_player_may_bag_a_token_and_it_leaves_the_box():
    state = theft(6, [])
    after = play(state, 1, "bag agent take 3")
    assert after.bag == "agent" and after.tokens == (1, 0, 1, 0) and after.box == 12
    assert GAME.private_view(after, 1)["bag"] == "agent"
    assert "bag" not in GAME.private_view(after, 2) and "bag" not in GAME.view(after, None)
    with pytest.raises(IllegalMove):
        play(after, 2, "bag loyal take 1")
    with pytest.raises(IllegalMove):  # the only agent went into the bag
        play(state, 1, "bag agent take agent")


def test_every_take_is_said_the_same_way_in_public():
    state = theft(6, [])
    words = {GAME.describe_move(state, m, lang) for m in GAME.legal_moves(state, 1) for lang in ("en",)}
    assert words == {"has taken from the box"}
    assert GAME.announce_delay(state, GAME.legal_moves(state, 1)[0]) == \
        GAME.announce_delay(state, GAME.legal_moves(state, 1)[-1]) > 0


def test_each_holder_sees_the_box_only_when_it_comes():
    state = theft(6, ["take 2"], hide=3)
    assert GAME.private_view(state, 2)["box"] == {"diamonds": 10, "tokens": {"loyal": 1, "agent": 1, "driver": 1}}
    assert "box" not in GAME.private_view(state, 3) and "box" not in GAME.private_view(state, 1)
    assert GAME.private_view(state, 1)["seen"]["diamonds"] == 12
    assert GAME.private_view(state, 0)["hidden"] == 3
    done = theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"], hide=3)
    assert GAME.private_view(done, 0)["final"] == {"diamonds": 9, "tokens": {}}
    assert "final" not in GAME.private_view(done, 1)


def test_nothing_stolen_is_an_immediate_godfather_win():
    """With n - 3 tokens for n - 1 henchmen someone before the last player must take diamonds, so
    this cannot arise at the table; the end it would have is checked on the theft's last step."""
    from games.mafia_de_cuba import theft as theft_rules

    state = theft(6, ["take loyal", "take agent", "take driver", "take 1"])
    # the same table as if the fourth henchman had found an (impossible) extra token
    state = state.with_(takes=state.takes[:4] + (("loyal", 0),) + state.takes[5:], box=15, holder=5)
    after = theft_rules.take(state, 5, GAME.parse_move(state, "take nothing"))
    assert after.phase == "over" and after.outcome == "no_theft"
    # the loyal seats 1 and 4 win with the Godfather; the Driver (3) does not: the Agent is on its right
    assert winners(after) == [0, 1, 4]


# -- the investigation (§6) -----------------------------------------------------------------------

def test_testimony_is_public_and_then_the_godfather_accuses():
    state = theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"])
    assert state.phase == "testimony" and GAME.to_act(state) == {1, 2, 3, 4, 5}
    state = play(state, 1, "claim 15 3")
    assert GAME.view(state, None)["claims"][1] == [15, 3]
    assert GAME.describe_move(state, GAME.parse_move(state, "claim 15 3"), "en") == \
        "says the box held 15 diamond(s) and 3 token(s)"
    state = silent_all(state)
    assert state.phase == "accuse" and GAME.to_act(state) == {0}


def test_a_claim_names_no_more_diamonds_or_tokens_than_the_box_can_hold():
    state = theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"])
    assert sum(starting_tokens(6, "off")) == 3  # the Loyal, Agent and Driver tokens
    claims = {GAME.format_move(state, m) for m in GAME.legal_moves(state, 1)}
    assert claims == {"claim silent"} | {f"claim {d} {t}" for d in range(16) for t in range(4)}
    for text in ("claim 15 4", "claim 16 0"):
        with pytest.raises(IllegalMove):
            play(state, 1, text)


def test_an_accused_thief_is_out_and_all_diamonds_back_is_a_godfather_win():
    state = silent_all(theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"]))
    state = play(state, 0, "accuse 2")  # seat index 1, the thief with 2
    assert state.eliminated[1] and state.recovered == 2 and state.phase == "accuse"
    assert GAME.view(state, None)["accusations"] == [{"seat": 1, "outcome": "thief", "diamonds": 2}]
    with pytest.raises(IllegalMove):
        play(state, 0, "accuse 2")  # out of the game
    state = play(state, 0, "accuse 6")
    assert state.outcome == "godfather_wins"
    # the Godfather, the loyal henchman (2); the Driver (4) follows the Agent (3) and loses
    assert winners(state) == [0, 2]


def test_a_driver_follows_the_godfather_when_he_is_on_its_right():
    state = silent_all(theft(6, ["take driver", "take 2", "take loyal", "take agent", "take 1"]))
    state = play(play(state, 0, "accuse 3"), 0, "accuse 6")
    assert state.outcome == "godfather_wins" and winners(state) == [0, 1, 3]


def test_an_accused_agent_wins_alone_and_the_game_ends():
    state = silent_all(theft(6, ["take driver", "take 2", "take loyal", "take agent", "take 1"]))
    state = play(state, 0, "accuse 5")
    assert state.phase == "over" and state.outcome == "agent_accused" and winners(state) == [4]
    assert GAME.to_act(state) == frozenset()


def test_with_both_agents_at_ten_players_only_the_accused_one_wins():
    takes = ["take agent", "take agent", "take 3", "take loyal", "take loyal", "take loyal", "take loyal",
             "take driver", "take 2"]
    state = silent_all(theft(10, takes))
    assert [GAME.private_view(state, s)["role"] for s in (1, 2)] == ["agent", "agent"]
    state = play(state, 0, "accuse 3")
    assert winners(state) == [2]


def test_an_innocent_costs_a_joker_and_cannot_be_accused_again():
    takes = ["take loyal", "take 3", "take loyal", "take agent", "take loyal", "take driver", "take 4"]
    state = silent_all(theft(8, takes))
    assert state.jokers == 1
    state = play(state, 0, "accuse 2")
    assert state.jokers == 0 and state.joker_holders[1] and not state.eliminated[1]
    assert GAME.view(state, None)["accusations"][-1] == {"seat": 1, "outcome": "joker", "diamonds": 0}
    assert "accuse 2" not in {GAME.format_move(state, m) for m in GAME.legal_moves(state, 0)}
    with pytest.raises(IllegalMove):
        play(state, 0, "accuse 2")


def test_an_innocent_without_a_joker_eliminates_the_godfather_and_the_richest_thieves_win():
    # 7 players: no joker. Thieves 2 (3), 5 (3), 6 (1); urchin none; the last player takes nothing.
    takes = ["take loyal", "take 3", "take agent", "take loyal", "take 3", "take 1"]
    state = silent_all(theft(7, takes))
    state = play(state, 0, "accuse 7")  # the thief with 1 is out
    state = play(state, 0, "accuse 2")  # innocent, no Joker: the Godfather is out
    assert state.outcome == "godfather_eliminated"
    assert winners(state) == [2, 5]  # tied thieves share; the eliminated one never wins


def test_street_urchins_win_with_the_thieves_and_drivers_follow_their_right_hand_neighbour():
    takes = ["take loyal", "take 15", "take driver", "take agent", "take loyal", "take nothing"]
    state = silent_all(theft(7, takes))
    assert GAME.private_view(state, 6)["role"] == "urchin"
    state = play(state, 0, "accuse 2")  # innocent, no Joker
    assert state.outcome == "godfather_eliminated"
    assert winners(state) == [2, 3, 6]  # thief 2, its Driver 3, the urchin 6


def test_two_adjacent_drivers_both_follow_the_winner_on_their_right():
    takes = ["take 3", "take driver", "take driver", "take loyal", "take loyal", "take loyal", "take loyal",
             "take agent", "take agent", "take 2"]
    state = silent_all(theft(11, takes))
    state = play(state, 0, "accuse 5")  # a Joker
    state = play(state, 0, "accuse 6")  # the second Joker
    state = play(state, 0, "accuse 7")  # no Joker left: the Godfather is out
    assert state.outcome == "godfather_eliminated"
    assert winners(state) == [1, 2, 3]  # thief 1 (3 diamonds), then the Drivers 2 and 3 in a chain


def test_a_chain_of_drivers_round_the_table_past_the_last_seat_all_follow_the_winner():
    """The Godfather in seat 2 (index 1): the Drivers in the last seat (10) and the first (0)
    follow the Loyal henchman in seat 9 one after the other, the second through the first."""
    state = play(GAME.new_game(11, {"godfather": "2"}, 0), 1, "hide 0")
    for text in ["take 3", "take loyal", "take loyal", "take agent", "take agent", "take loyal", "take 2",
                 "take loyal", "take driver", "take driver"]:  # seats 2..10, then 0
        state = play(state, state.holder, text)
    state = silent_all(state)
    state = play(play(state, 1, "accuse 3"), 1, "accuse 9")  # both thieves: every diamond is back
    assert state.outcome == "godfather_wins"
    assert winners(state) == [0, 1, 3, 4, 7, 9, 10]


def test_drivers_do_not_join_an_alone_win():
    state = silent_all(theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"]))
    assert winners(play(state, 0, "accuse 4")) == [3]


# -- the Cleaner (§8) -----------------------------------------------------------------------------

def cleaner_game(takes, n=8):
    return silent_all(theft(n, takes, cleaner="replace"))


CLEANER_TAKES = ["take cleaner", "take 3", "take agent", "take loyal", "take loyal", "take driver", "take 2"]


def test_every_accusation_opens_a_window_for_all_but_the_accused_and_only_the_cleaner_may_shoot():
    state = play(cleaner_game(CLEANER_TAKES), 0, "accuse 3")
    assert state.phase == "window" and GAME.to_act(state) == {1, 3, 4, 5, 6, 7}
    for seat in (3, 4, 5, 6, 7):
        assert [GAME.format_move(state, m) for m in GAME.legal_moves(state, seat)] == ["pass"]
        assert GAME.decision(state, seat) == GAME.decision(state, 1)
    assert [GAME.format_move(state, m) for m in GAME.legal_moves(state, 1)] == ["pass", "bang"]
    with pytest.raises(IllegalMove):
        play(state, 4, "bang")
    deadline = GAME.deadline(state)
    assert deadline.moves == {s: "pass" for s in (1, 3, 4, 5, 6, 7)} and deadline.seconds == 20
    for seat in (1, 3, 4, 5, 6, 7):
        state = play(state, seat, "pass")
    assert state.phase == "accuse" and state.eliminated[2] and state.recovered == 3


def test_the_window_opens_even_when_no_cleaner_is_in_play():
    takes = ["bag cleaner take 3", "take agent", "take loyal", "take loyal", "take driver", "take 1", "take 2"]
    state = play(cleaner_game(takes), 0, "accuse 2")
    assert state.phase == "window" and GAME.to_act(state) == {2, 3, 4, 5, 6, 7}
    assert all(GAME.legal_moves(state, s) == [GAME.parse_move(state, "pass")] for s in GAME.to_act(state))


def test_the_cleaner_cannot_shoot_when_accused_itself():
    state = play(cleaner_game(CLEANER_TAKES), 0, "accuse 2")
    assert 1 not in GAME.to_act(state)
    with pytest.raises(NotYourTurn):
        play(state, 1, "bang")


def test_the_cleaner_shooting_an_agent_wins_alone():
    state = play(play(cleaner_game(CLEANER_TAKES), 0, "accuse 4"), 1, "bang")
    assert state.outcome == "cleaner_shot_agent" and winners(state) == [1]


def test_the_cleaner_shooting_a_thief_recovers_the_diamonds_and_both_are_out():
    state = play(play(cleaner_game(CLEANER_TAKES), 0, "accuse 3"), 1, "bang")
    assert state.eliminated[1] and state.eliminated[2] and state.recovered == 3 and state.phase == "accuse"
    assert GAME.view(state, None)["accusations"][-1] == {"seat": 2, "outcome": "shot_thief", "diamonds": 3,
                                                         "by": 1}
    state = play(state, 0, "accuse 8")
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "pass")
    assert state.outcome == "godfather_wins"
    assert 1 not in winners(state)  # the Cleaner is out: it does not win with the Godfather
    assert winners(state) == [0, 4, 5, 6]  # the Driver 6 follows the loyal 5


def test_the_cleaner_shooting_an_innocent_spends_no_joker_and_the_godfather_stays():
    state = play(play(cleaner_game(CLEANER_TAKES), 0, "accuse 5"), 1, "bang")
    assert state.eliminated[1] and state.eliminated[4] and state.jokers == 1 and state.phase == "accuse"
    assert state.outcome is None


def test_a_cleaner_in_play_wins_with_the_godfather():
    state = play(cleaner_game(CLEANER_TAKES), 0, "accuse 3")
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "pass")
    state = play(state, 0, "accuse 8")
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "pass")
    assert state.outcome == "godfather_wins" and winners(state) == [0, 1, 4, 5, 6]


def test_the_cleaner_shooting_the_last_thief_brings_every_diamond_back_and_the_godfather_wins():
    state = play(cleaner_game(CLEANER_TAKES), 0, "accuse 3")
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "pass")  # the thief with 3 is out
    state, events = said(play(state, 0, "accuse 8"), 1, "bang")  # the last thief, with 2
    assert events == [("bang", {"seat": 1, "target_seat": 7}), ("shot_thief", {"seat": 7, "count": 2}),
                      ("all_recovered", {}), ("over", {"outcome": "godfather_wins"})]
    assert state.recovered == 5 and state.eliminated[1] and state.eliminated[7]
    assert state.outcome == "godfather_wins" and GAME.to_act(state) == frozenset()
    assert winners(state) == [0, 4, 5, 6]  # the Cleaner is out: it does not win with the Godfather


def test_the_cleaner_shooting_an_innocent_recovers_nothing_and_is_recorded_as_a_shot():
    state, events = said(play(cleaner_game(CLEANER_TAKES), 0, "accuse 5"), 1, "bang")
    assert events == [("bang", {"seat": 1, "target_seat": 4}), ("shot", {"seat": 4, "count": 0})]
    assert state.recovered == 0
    assert GAME.view(state, None)["accusations"] == [{"seat": 4, "outcome": "shot", "diamonds": 0, "by": 1}]


# -- what each accusation tells the table -----------------------------------------------------------

def said(state, seat, text):
    """The state after ``seat`` plays ``text``, and the public events it gave (key, params)."""
    state, events = GAME.apply(state, seat, GAME.parse_move(state, text, seat))
    assert all(e.seats is None for e in events)  # an accusation's outcome is public
    return state, [(e.key.removeprefix("mafia.event."),
                    {k: v.key.removeprefix("mafia.outcome.") if k == "outcome" else v for k, v in e.params.items()})
                   for e in events]


def test_every_accusation_outcome_is_announced_and_recorded():
    state = silent_all(theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"]))
    after, events = said(state, 0, "accuse 2")
    assert events == [("accused", {"seat": 1}), ("thief", {"seat": 1, "count": 2})]
    after, events = said(after, 0, "accuse 6")
    assert events == [("accused", {"seat": 5}), ("thief", {"seat": 5, "count": 1}), ("all_recovered", {}),
                      ("over", {"outcome": "godfather_wins"})]
    after, events = said(state, 0, "accuse 4")
    assert events == [("accused", {"seat": 3}), ("agent", {"seat": 3}), ("over", {"outcome": "agent_accused"})]
    assert GAME.view(after, None)["accusations"] == [{"seat": 3, "outcome": "agent", "diamonds": 0}]
    after, events = said(state, 0, "accuse 3")  # no Joker at six players
    assert events == [("accused", {"seat": 2}), ("godfather_out", {"seat": 2}),
                      ("over", {"outcome": "godfather_eliminated"})]
    assert GAME.view(after, None)["accusations"] == [{"seat": 2, "outcome": "innocent", "diamonds": 0}]

    takes = ["take loyal", "take 3", "take loyal", "take agent", "take loyal", "take driver", "take 4"]
    after, events = said(silent_all(theft(8, takes)), 0, "accuse 2")
    assert events == [("accused", {"seat": 1}), ("joker", {"seat": 1, "left": 0})]


def test_with_the_cleaner_the_window_is_announced_and_its_close_resolves_the_accusation():
    state, events = said(cleaner_game(CLEANER_TAKES), 0, "accuse 3")
    assert events == [("accused", {"seat": 2}), ("window", {"seat": 2})]
    *others, last = sorted(GAME.to_act(state))
    for seat in others:
        state, events = said(state, seat, "pass")
        assert events == []  # nothing is said until the window closes
    state, events = said(state, last, "pass")
    assert events == [("window_closed", {}), ("thief", {"seat": 2, "count": 3})]
    state, events = said(play(state, 0, "accuse 4"), 1, "bang")
    assert events == [("bang", {"seat": 1, "target_seat": 3}), ("shot_agent", {"seat": 3}),
                      ("over", {"outcome": "cleaner_shot_agent"})]
    assert GAME.view(state, None)["accusations"][-1] == {"seat": 3, "outcome": "shot_agent", "diamonds": 0, "by": 1}


# -- notation, time, information ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "take", "take -1", "take ２", "hide x", "bag joker take 1", "accuse 0",
                                  "claim 9", "bang now", "x" * 100])
def test_malformed_text_is_refused_with_a_reason(text):
    state = theft(6, [])
    with pytest.raises(MalformedMove) as caught:
        GAME.parse_move(state, text)
    assert caught.value.message("ja") and caught.value.message("en")


def test_deadlines_follow_the_options_and_the_phase():
    state = GAME.new_game(6, {"box_seconds": 60, "accuse_seconds": 0}, 0)
    assert GAME.deadline(state).moves == {0: None} and GAME.deadline(state).seconds == 60
    state = play(state, 0, "hide 1")
    assert GAME.deadline(state).moves == {1: None}
    state = theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"])
    assert GAME.deadline(state).moves == {s: "claim silent" for s in range(1, 6)}
    assert GAME.deadline(silent_all(state)) is None or GAME.deadline(silent_all(state)).moves == {0: None}
    untimed = GAME.new_game(6, {"box_seconds": 0}, 0)
    assert GAME.deadline(untimed) is None


def test_the_public_view_keeps_takes_secret_until_the_reveal():
    state = theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"], hide=2)
    public = GAME.view(state, None)
    assert "reveal" not in public and "you" not in public
    assert public["taken"] == [False, True, True, True, True, True]
    state = play(silent_all(state), 0, "accuse 4")  # the Agent: over
    reveal = GAME.view(state, None)["reveal"]
    assert reveal["roles"] == ["godfather", "thief", "loyal", "agent", "driver", "thief"]
    assert reveal["hidden"] == 2 and reveal["bag"] is None
    assert [p["diamonds"] for p in reveal["path"]] == [13, 11, 11, 11, 11]


def test_private_text_in_both_languages():
    state = theft(6, ["bag driver take 2"])
    for lang in ("en", "ja"):
        text = GAME.describe_private(GAME.private_view(state, 1), lang)
        assert "2" in text and "mafia." not in text
        text = GAME.describe_private(GAME.private_view(state, 2), lang)
        assert "13" in text and "mafia." not in text


def test_the_status_summary_lists_claims_jokers_and_accusations():
    state = silent_all(play(theft(8, ["take loyal", "take 3", "take loyal", "take agent", "take loyal",
                                      "take driver", "take 4"]), 1, "claim 15 5"))
    state = play(state, 0, "accuse 3")
    said = [line.in_lang("en") for line in GAME.summary(state)]
    assert said[0] == "Jokers left: 1"
    assert "Seat 2 says: 15 diamond(s), 5 token(s)" in said and "Seat 3 stays silent" in said
    assert said[-1] == "Seat 3 accused: thief 3◆"
    assert all("mafia." not in line.in_lang("ja") for line in GAME.summary(state))


def test_the_rules_help_gives_the_notation_in_both_languages():
    for lang in ("en", "ja"):
        help_text = GAME.rules_help[lang]
        for form in ("hide 3", "take 2", "take nothing", "bag agent take 2", "claim 9 2", "claim silent",
                     "accuse 4", "bang", "pass"):
            assert f"`{form}`" in help_text, (lang, form)
    state = theft(6, [])
    for form in ("hide 3", "take 2", "take nothing", "bag agent take 2", "claim 9 2", "claim silent", "accuse 4",
                 "bang", "pass"):
        assert GAME.format_move(state, GAME.parse_move(state, form)) == form


# -- questions (the Godfather's interrogation) ------------------------------------------------------

def test_the_godfather_questions_a_player_who_answers_with_a_new_story_or_keeps_the_old():
    state = play(theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"]), 1, "claim 15 3")
    state = silent_all(state)
    assert {"ask 2", "ask 6", "accuse 2"} <= {GAME.format_move(state, m) for m in GAME.legal_moves(state, 0)}
    state, events = GAME.apply(state, 0, GAME.parse_move(state, "ask 2"))
    assert [e.key for e in events] == ["mafia.event.asked"]
    assert state.phase == "question" and GAME.to_act(state) == {1}
    assert GAME.decision(state, 1).in_lang("en").startswith("Seat 2, answer the Godfather")
    with pytest.raises(NotYourTurn):
        play(state, 0, "accuse 2")  # he waits for the answer
    state = play(state, 1, "claim 13 3")  # a changed story replaces the claim
    assert state.phase == "accuse" and GAME.view(state, None)["claims"][1] == [13, 3]
    assert GAME.view(state, None)["questioned"] is None  # nobody is answering any more
    with pytest.raises(IllegalMove) as refused:
        play(state, 0, "ask 2")  # once per seat before the next accusation
    assert "not asked since the last accusation" in refused.value.message("en")
    state = play(play(state, 0, "ask 3"), 2, "claim silent")  # silence keeps the earlier claim
    assert GAME.view(state, None)["claims"][2] == "silent"
    state = play(play(state, 0, "ask 6"), 5, "claim silent")
    said = [line.in_lang("en") for line in GAME.summary(state)]
    # one line a seat, in the order they first spoke, the answers after it
    assert said[1:] == ["Seat 2 says: 15 diamond(s), 3 token(s) · questioned: 13 diamond(s), 3 token(s)",
                        "Seat 3 stays silent · questioned: nothing more", "Seat 4 stays silent", "Seat 5 stays silent",
                        "Seat 6 stays silent · questioned: nothing more"]
    assert all("mafia." not in line.in_lang("ja") for line in GAME.summary(state))
    # an accusation lets him ask everyone again
    state = play(state, 0, "accuse 3")  # innocent (Loyal), no Joker at 6: the Godfather is out
    assert state.phase == "over"


def test_questions_start_afresh_after_each_accusation_and_skip_players_out():
    state = silent_all(theft(8, ["take loyal", "take 3", "take loyal", "take agent", "take loyal",
                                 "take driver", "take 4"]))
    state = play(play(state, 0, "ask 3"), 2, "claim 15 5")
    assert "ask 3" not in [GAME.format_move(state, m) for m in GAME.legal_moves(state, 0)]
    state = play(state, 0, "accuse 3")  # the thief with 3: out
    legal = [GAME.format_move(state, m) for m in GAME.legal_moves(state, 0)]
    assert "ask 3" not in legal and "accuse 3" not in legal  # out of play
    assert "ask 2" in legal and "ask 8" in legal  # asked again after an accusation
    state = play(state, 0, "ask 2")
    assert GAME.deadline(state).moves == {1: "claim silent"} and GAME.deadline(state).key == "mafia.deadline.answer"


def test_an_old_stored_state_without_statements_still_loads():
    state = play(silent_all(play(theft(6, ["take 2", "take loyal", "take agent", "take driver", "take 1"]),
                                 1, "claim 15 3")), 0, "ask 2")
    state = play(state, 1, "claim 13 3")
    data = GAME.state_to_json(state)
    for key in ("said", "asked", "questioned"):  # the form of a state stored before questions
        del data[key]
    data["claims"] = [None, [15, 3], [], [], [], []]
    data["phase"] = "accuse"
    old = GAME.state_from_json(data)
    assert old.claims == (None, (15, 3), (), (), (), ())
    assert [line.in_lang("en") for line in GAME.summary(old)][1:3] == ["Seat 2 says: 15 diamond(s), 3 token(s)",
                                                                        "Seat 3 stays silent"]
    assert "ask 2" in [GAME.format_move(old, m) for m in GAME.legal_moves(old, 0)]
    assert GAME.state_from_json(GAME.state_to_json(state)) == state


def test_the_summary_of_a_twelve_seat_interrogation_leaves_room_in_the_status_message():
    """Discord cuts a message at 2,000 characters: the testimony of eleven henchmen, each asked
    again, with the accusations, stays well under half of that in either language."""
    state = theft(12, ["take loyal", "take 3", "take loyal", "take agent", "take loyal", "take driver",
                       "take loyal", "take 2", "take agent", "take driver", "take loyal"])
    for seat in sorted(GAME.to_act(state)):
        state = play(state, seat, "claim 15 8")
    for seat in range(1, 12):
        state = play(play(state, 0, f"ask {seat + 1}"), seat, "claim 14 7")
    state = play(state, 0, "accuse 3")  # the thief with 3: out
    for lang in ("en", "ja"):
        text = "\n".join(f"· {line.in_lang(lang)}" for line in GAME.summary(state))
        assert len(GAME.summary(state)) == 1 + 11 + 1 and len(text) < 1000, (lang, len(text))
