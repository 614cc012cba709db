"""Whole events at the pure level: real games of the registered engines played by random moves,
their results fed back, from sign-up to the podium; state round trips through JSON mid-round;
refusals are typed, say themselves in both languages, and change nothing."""

from __future__ import annotations

import csv
import io
import json

import pytest

import tournaments as T
from games.registry import get_game
from tests.play import random_game


def roundtrip(t: T.Tournament) -> T.Tournament:
    again = T.Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.to_json() == t.to_json()
    return again


def play_table(t, rnd_number, table, seed, ratings):
    """Play the table's game with random moves and record it as the host would."""
    game = get_game(t.settings.game)
    seats = T.table_seats(t, rnd_number, table.number)
    states, _ = random_game(game, len(seats), seed=seed)
    result = game.result(states[-1])
    places = T.seat_places(t, rnd_number, table.number, result.ranks)
    t = T.record_result(t, table.number, places=places)
    for player, rating in T.rate_game(ratings, T.rating_seats(t, rnd_number, table.number)).items():
        ratings[player] = rating
    return t


def run(t, ratings, *, check_mid_round=None):
    seed = 0
    while t.status == "running":
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(roundtrip(t))
        for i, table in enumerate(rnd.tables):
            seed += 1
            t = play_table(t, rnd.number, table, seed, ratings)
            if i == 0 and check_mid_round:
                check_mid_round(t)
            t = roundtrip(t)
    return t


def test_an_eight_player_swiss_of_minoa_to_the_podium():
    settings = T.Settings.make("minoa", "swiss")
    t = T.new_tournament(settings, seed=3)
    for i in range(8):
        t = T.add_entrant(t, f"u{i}", f"Player {i}", rating=float(i))
    t = T.start(t)
    assert t.total_rounds == 3 and t.entrants[0].id == "u7"  # seeded by rating
    ratings: dict = {}

    def mid(state):  # a restart in the middle of a round loses nothing
        again = roundtrip(state)
        assert T.standings_view(again) == T.standings_view(state)

    t = run(t, ratings, check_mid_round=mid)
    assert t.status == "finished" and len(t.rounds) == 3
    met = set()
    for rnd in t.rounds:
        assert sorted(e for tb in rnd.tables for e in tb.entrants) == sorted(e.id for e in t.entrants)
        for tb in rnd.tables:
            pair = frozenset(tb.entrants)
            assert pair not in met
            met.add(pair)
    table = T.standings(t)
    assert table[0].rank == 1 and table[0].points >= table[-1].points
    assert sum(row.points for row in table) == 12  # 12 games, one point each
    assert len(ratings) == 8 and all(r.games == 3 for r in ratings.values())
    lines = list(csv.reader(io.StringIO(T.export_csv(t))))
    assert lines[0][:5] == ["round", "table", "match", "seat", "entrant"] and len(lines) == 1 + 3 * 4 * 2


def test_a_nine_player_medina_event_at_tables_of_three_to_the_podium():
    settings = T.Settings.make("medina", "swiss_tables", table_size=3, rounds=3)
    t = T.new_tournament(settings)
    for i in range(9):
        t = T.add_entrant(t, f"u{i}", f"Player {i}")
    t = T.start(t)
    ratings: dict = {}
    t = run(t, ratings)
    assert t.status == "finished" and [len(r.tables) for r in t.rounds] == [3, 3, 3]
    table = T.standings(t)
    assert sum(row.points for row in table) == 9 * 9  # 6+3+0 at each of 9 tables
    assert all(r.games == 3 for r in ratings.values())
    view = T.standings_view(t, title="Medina cup")
    assert view["finished"] and [row["rank"] for row in view["rows"]][0] == 1
    assert all(len(row["results"]) == 3 and all("/3" in x for x in row["results"]) for row in view["rows"])


def test_a_mafia_event_of_thirteen_at_tables_of_six_scores_its_table_of_seven():
    """13 players at tables of 6 sit 7 and 6 (balanced); a table of 7 is scored like one of 6 (6
    for the first, 0 for the last, evenly between), not refused."""
    settings = T.Settings.make("mafia_de_cuba", "swiss_tables", table_size=6, rounds=2)
    assert settings.place_points_for(7) == (6, 5, 4, 3, 2, 1, 0)
    assert settings.place_points_for(11)[0] == 6 and settings.place_points_for(11)[-1] == 0
    t = T.new_tournament(settings)
    for i in range(13):
        t = T.add_entrant(t, f"u{i}", f"Player {i}")
    t = T.start(t)
    t = run(t, {})
    assert t.status == "finished" and [sorted(len(x.entrants) for x in r.tables) for r in t.rounds] == [[6, 7]] * 2
    assert sum(row.points for row in T.standings(t)) == 2 * (6 * 7 / 2 + (6 + 5 + 4 + 2 + 1))


def test_a_team_event_of_minoa_two_against_two():
    settings = T.Settings.make("minoa", "round_robin", team_size=2)
    assert settings.table_size == 4
    t = T.new_tournament(settings)
    for k in range(4):
        t = T.add_entrant(t, f"team{k}", f"Team {k}", members=[f"a{k}", f"b{k}"])
    t = T.start(t)
    ratings: dict = {}
    t, rnd = T.pair_next_round(t)
    table = rnd.tables[0]
    first, second = (t.entrant(e) for e in table.entrants)
    # partners sit opposite: Minoa's teams are seats 0 and 2 against 1 and 3
    assert T.table_seats(t, 1, 1) == [first.members[0], second.members[0], first.members[1], second.members[1]]
    t = T.begin_round(t)
    for tb in rnd.tables:
        t = play_table(t, 1, tb, tb.number, ratings)
    assert len(ratings) == 8
    seats = T.rating_seats(t, 1, 1)
    assert {s.team for s in seats} == {0, 1}


def test_refusals_are_typed_translated_and_change_nothing():
    with pytest.raises(T.SettingsError) as error:
        T.Settings.make("medina", "swiss_tables", table_size=5)
    assert "2" in error.value.message("en") and "人" in error.value.message("ja")
    with pytest.raises(T.SettingsError):
        T.Settings.make("medina", "swiss", tie_breaks="average_place")
    with pytest.raises(T.SettingsError):
        T.Settings.make("nogame")
    with pytest.raises(T.SettingsError):
        T.Settings.make("medina", "swiss_tables", table_size=4, place_points="6/4/2")
    with pytest.raises(T.SettingsError):
        T.Settings.make("medina", "swiss", colour="red")

    t = T.new_tournament(T.Settings.make("medina", "swiss"))
    t = T.add_entrant(t, "a", "Alice")
    before = t.to_json()
    with pytest.raises(T.EntryError) as error:
        T.add_entrant(t, "a", "Alice again")
    assert error.value.key == "tournament.error.already_entered" and "Alice again" in error.value.message("ja")
    with pytest.raises(T.EntryError):
        T.start(t)  # one entrant
    with pytest.raises(T.PhaseError):
        T.pair_next_round(t)
    assert t.to_json() == before
    for who in ("Bob", "Carol", "Dan"):
        t = T.add_entrant(t, who[0].lower(), who)
    t = T.start(t)
    t, rnd = T.pair_next_round(t)
    with pytest.raises(T.PhaseError):
        T.record_result(t, 1, places=[1, 2])  # the round has not begun
    t = T.begin_round(t)
    before = t.to_json()
    for bad in ({"places": [1, 2, 3]}, {"places": [0, 1]}, {"scores": ["x", 1]}, {}):
        with pytest.raises(T.ResultError):
            T.record_result(t, 1, **bad)
    with pytest.raises(T.ResultError):
        T.record_result(t, 9, places=[1, 2])
    with pytest.raises(T.PhaseError):
        T.pair_next_round(t)
    assert t.to_json() == before
    t = T.record_result(t, 1, scores=[10, 30])
    with pytest.raises(T.ResultError):
        T.record_result(t, 1, places=[1, 2])  # already decided: only an adjudication may change it


def test_adjudication_drop_late_entry_and_check_in():
    settings = T.Settings.make("medina", "swiss", late_entry=True, check_in=True, rounds=3)
    t = T.new_tournament(settings)
    for i in range(6):
        t = T.add_entrant(t, f"u{i}", f"P{i}")
        if i != 5:
            t = T.check_in(t, f"u{i}")
    t = T.start(t)
    assert [e.id for e in t.entrants] == ["u0", "u1", "u2", "u3", "u4"]  # u5 never checked in
    t, rnd = T.pair_next_round(t)
    assert len(rnd.byes) == 1
    t = T.begin_round(t)
    t = T.record_result(t, 1, places=[1, 2])
    t = T.record_result(t, 1, places=[2, 1], reason="the wrong result was reported")
    table = t.current_round.table(1)
    assert table.places == [2, 1] and table.reason.startswith("the wrong")
    t = T.drop(t, rnd.tables[1].entrants[0])  # mid-round: their game is finished by an AI
    t = T.record_result(t, 2, places=[1, 2], abandoned=[rnd.tables[1].entrants[0]])
    assert t.current_round.table(2).places == [2, 1]  # the one who left is last
    t = T.add_entrant(t, "late", "Latecomer")
    t, rnd2 = T.pair_next_round(t)
    paired = [e for tb in rnd2.tables for e in tb.entrants] + rnd2.byes
    assert "late" in paired and rnd.tables[1].entrants[0] not in paired and len(paired) == 5
    t = T.begin_round(t)
    with pytest.raises(T.ResultError):
        T.record_result(t, 1, places=[1, 2], reason="   ")


def test_every_tournament_text_has_both_languages_and_the_same_placeholders():
    from games.messages import placeholders
    from tournaments.messages import MESSAGES

    assert len(MESSAGES) > 40
    for key, texts in MESSAGES.items():
        assert texts["en"].strip() and texts["ja"].strip(), key
        assert placeholders(texts["en"]) == placeholders(texts["ja"]), key
    for fmt in T.FORMATS:
        assert f"tournament.format.{fmt}" in MESSAGES
    from tournaments.settings import TIE_BREAKS

    for name in {n for names in TIE_BREAKS.values() for n in names}:
        assert f"tournament.tb.{name}" in MESSAGES and f"tournament.tb_short.{name}" in MESSAGES


def test_the_core_imports_no_discord_pillow_or_asyncio():
    import subprocess
    import sys

    code = ("import sys, tournaments, tournaments.ratings, tournaments.pairing; "
            "bad = [m for m in ('discord', 'PIL', 'asyncio', 'aiosqlite') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("fmt,options", [
    ("swiss", {"points_win": 3, "points_draw": 1}), ("round_robin", {}), ("single_elimination", {"best_of": 3}),
    ("double_elimination", {}), ("swiss_tables", {"table_size": 4, "place_points": "5/3/1/0"}),
])
def test_every_format_survives_a_restart_at_any_point(fmt, options):
    """Stopped after every single operation and rebuilt from JSON, the event goes on to the same
    end as one never stopped."""
    import random

    def play(restart: bool):
        t = T.new_tournament(T.Settings.make("medina", fmt, **options), extra={"channel": 42})
        for i in range(7):
            t = T.add_entrant(t, f"u{i}", f"P{i}", rating=i % 3)
        t = T.start(t)
        rng = random.Random(5)
        while t.status == "running":
            t, rnd = T.pair_next_round(roundtrip(t) if restart else t)
            t = T.begin_round(roundtrip(t) if restart else t)
            for table in rnd.tables:
                while not t.current_round.table(table.number).decided:
                    k = len(table.entrants)
                    t = T.record_result(roundtrip(t) if restart else t, table.number,
                                        places=[1 + x for x in rng.sample(range(k), k)], scores=list(range(k)))
        return t

    stopped, straight = play(True), play(False)
    assert stopped.to_json() == straight.to_json() and stopped.status == "finished"
    assert T.Settings.from_json(stopped.settings.to_json()) == stopped.settings
    assert stopped.extra == {"channel": 42}
