"""``python -m games``: the command-line contract that outside checks rely on."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import cli

REPO = Path(__file__).resolve().parent.parent
REPORT_KEYS = {"ok", "applied", "error", "to_act", "finished", "scores", "ranks", "state"}


def run(*args: str, stdin: str = "") -> tuple[int, dict]:
    out = io.StringIO()
    code = cli.main(list(args), out=out, stdin=io.StringIO(stdin))
    return code, json.loads(out.getvalue())


def test_list_names_games_counts_options_and_ai_levels():
    code, data = run("list")
    assert code == 0
    minoa = next(g for g in data["games"] if g["name"] == "minoa")
    assert minoa["players"] == {"min": 2, "max": 4}
    assert {o["name"]: o["default"] for o in minoa["options"]} == {
        "advanced": "off", "legality": "rim", "team_colours": "separate"}
    assert minoa["ai_levels"] == ["easy", "normal", "hard"]


def test_replay_applies_moves_skipping_blanks_and_comments():
    code, data = run("replay", "minoa", "--players", "3", "--moves", "-",
                     stdin="# opening\n0 e9-f8\n\n1 e5-e6\n")
    assert code == 0 and set(data) == REPORT_KEYS
    assert data["ok"] and data["applied"] == 2 and data["error"] is None
    assert data["to_act"] == [2] and data["finished"] is False
    assert data["scores"] == [0, 0, 0] and data["ranks"] is None
    assert data["state"]["pieces_left"] == [7, 8, 8]


def test_replay_reads_a_moves_file(tmp_path):
    moves = tmp_path / "game.txt"
    moves.write_text("0 e9-f8\n", encoding="utf-8")
    code, data = run("replay", "minoa", "--players", "2", "--moves", str(moves))
    assert code == 0 and data["applied"] == 1


@pytest.mark.parametrize("stdin,line,message", [
    ("0 e9-f8\n1 e9-f8\n", 2, "already taken"),          # illegal move
    ("0 e9-f8\n\n1 e4-e6\n", 3, "not neighbouring"),     # malformed notation
    ("1 e9-f8\n", 1, "Seat 1 cannot act now"),           # out of turn
    ("7 e9-f8\n", 1, "seat 7 does not exist"),           # bad seat number
    ("x e9-f8\n", 1, "must start with a seat number"),   # no seat number
    ("0\n", 1, "is not a move"),                         # seat without a move
    ("0 pass\n", 1, "passing happens automatically"),
])
def test_replay_stops_at_the_first_refused_line(stdin, line, message):
    code, data = run("replay", "minoa", "--players", "2", "--moves", "-", stdin=stdin)
    assert code == 1 and set(data) == REPORT_KEYS
    assert data["ok"] is False and data["error"]["line"] == line and message in data["error"]["message"]
    assert data["applied"] == line - 1 - stdin.split("\n")[: line - 1].count("")


@pytest.mark.parametrize("args,message", [
    (["replay", "chess", "--players", "2"], "Unknown game “chess”"),
    (["replay", "minoa", "--players", "5"], "2 to 4 players, not 5"),
    (["replay", "minoa", "--players", "two"], "invalid int value"),
    (["replay", "minoa"], "--players is required"),
    (["replay", "minoa", "--players", "2", "--option", "speed=fast"], "no option “speed”"),
    (["replay", "minoa", "--players", "2", "--option", "advanced=sometimes"], "cannot be “sometimes”"),
    (["replay", "minoa", "--players", "2", "--option", "advanced"], "KEY=VALUE"),
    (["replay", "minoa", "--players", "2", "--moves", "/no/such/file"], "cannot read the moves file"),
    (["legal", "minoa", "--players", "2", "--seed", "abc"], "The seed “abc” cannot be used: a seed is a whole number from 0 to 9223372036854775807"),
    (["selfplay", "minoa", "--players", "2", "--bots", "genius"], "Unknown AI level “genius”"),
    (["selfplay", "minoa", "--players", "3", "--bots", "random,random"], "2 levels for 3 seats"),
    (["fly"], "invalid choice"),
    ([], "required"),
])
def test_unusable_arguments_exit_2_with_the_json_error_shape(args, message):
    code, data = run(*args)
    assert code == 2 and set(data) == REPORT_KEYS
    assert data["ok"] is False and message in data["error"]["message"] and data["state"] is None


def test_unreadable_moves_file_is_unusable(tmp_path):
    binary = tmp_path / "moves.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    code, data = run("replay", "minoa", "--players", "2", "--moves", str(binary))
    assert code == 2 and "cannot read the moves file" in data["error"]["message"]


def test_legal_lists_moves_that_replay_accepts():
    code, data = run("legal", "minoa", "--players", "2", "--moves", "-", stdin="0 e9-f8\n")
    assert code == 0 and data["to_act"] == [1]
    moves = data["legal"]["1"]
    assert "e9-f8" not in moves and "f8-g7" in moves and "e5-e6" in moves
    assert len(moves) == 23 + 132
    for notation in moves[::17]:
        code, after = run("replay", "minoa", "--players", "2", "--moves", "-", stdin=f"0 e9-f8\n1 {notation}\n")
        assert code == 0 and after["applied"] == 2


def test_legal_reports_a_refused_line():
    code, data = run("legal", "minoa", "--players", "2", "--moves", "-", stdin="0 e5-e6\n1 e5-f5\n0 e6-f5\n")
    assert code == 1 and data["error"]["line"] == 3 and data["legal"] is None


def test_selfplay_writes_images_and_a_record_that_replays_to_the_same_json(tmp_path):
    out_dir = tmp_path / "game"
    code, final = run("selfplay", "minoa", "--players", "3", "--seed", "7", "--out", str(out_dir))
    assert code == 0 and final["ok"] and final["finished"]
    images = sorted(out_dir.glob("move-*.png"))
    assert len(images) == final["applied"] + 1  # the start position and one per move
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in images[::20])
    record = (out_dir / "record.txt").read_text(encoding="utf-8")
    code, replayed = run("replay", "minoa", "--players", "3", "--seed", "7", "--moves",
                         str(out_dir / "record.txt"))
    assert code == 0 and replayed == final
    assert record.startswith("# minoa --players 3 --seed 7")


def test_selfplay_with_options_and_mixed_levels_is_reproducible():
    args = ["selfplay", "minoa", "--players", "4", "--seed", "3", "--option", "advanced=on"]
    assert run(*args) == run(*args)
    code, data = run("selfplay", "minoa", "--players", "2", "--bots", "random,random", "--seed", "1")
    assert code == 0 and data["finished"]  # mcts is exercised in test_ai.py with a small budget


def test_python_dash_m_games_runs_as_a_program():
    proc = subprocess.run([sys.executable, "-m", "games", "replay", "minoa", "--players", "9"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr == ""
    assert "2 to 4 players" in json.loads(proc.stdout)["error"]["message"]
    proc = subprocess.run([sys.executable, "-m", "games", "replay", "minoa", "--players", "2", "--moves", "-"],
                          cwd=REPO, input="0 e9-f8\n1 e9-f8\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr == "" and json.loads(proc.stdout)["error"]["line"] == 2


def test_selfplay_prints_the_given_names_in_the_given_language(tmp_path):
    from renderers import common

    with common.recording() as recorder:
        code, data = run("selfplay", "minoa", "--players", "2", "--seed", "4", "--out", str(tmp_path),
                         "--names", "山田太郎,Zoë", "--lang", "ja")
    assert code == 0 and data["finished"]
    drawn = " ".join(item.content for item in recorder.items if item.kind == "text")
    assert "山田太郎" in drawn and "Zoë" in drawn
    assert "ゲーム終了" in drawn  # the final image says the game is over, in Japanese


def test_selfplay_refuses_a_name_list_of_the_wrong_length(tmp_path):
    code, data = run("selfplay", "minoa", "--players", "3", "--out", str(tmp_path), "--names", "a,b")
    assert code == 2 and "--names" in data["error"]["message"]


def test_selfplay_writes_the_full_board_beside_a_summary_image(tmp_path):
    code, data = run("selfplay", "madeira", "--players", "2", "--seed", "3", "--out", str(tmp_path))
    assert code == 0
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    summaries = [p for p in pngs if not p.endswith("-full.png")]
    assert len(summaries) == data["applied"] + 1
    assert [p.replace(".png", "-full.png") for p in summaries] == [p for p in pngs if p.endswith("-full.png")]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc, a folder nobody can write in")
def test_selfplay_into_an_unwritable_folder_is_a_json_error_before_playing():
    # /proc exists and refuses new files even to root (chmod would not stop root).
    code, data = run("selfplay", "minoa", "--players", "2", "--out", "/proc")
    assert code == 2 and set(data) == REPORT_KEYS
    assert data["ok"] is False and "cannot write in the output folder" in data["error"]["message"]
    assert data["applied"] == 0


def test_selfplay_output_that_fails_midway_is_a_json_error(tmp_path, monkeypatch):
    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    code, data = run("selfplay", "minoa", "--players", "2", "--out", str(tmp_path))
    assert code == 2 and "No space left on device" in data["error"]["message"]
