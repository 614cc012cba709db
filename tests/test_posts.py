"""Posts built to fit (bot/posts.py): what must be read is never cut, long parts give way and say
how many, in both languages, and every embed passes the fake Discord's checks of Discord's limits."""

from __future__ import annotations

import discord
import pytest

from bot.posts import EMBED_FIELD, clip, fit_embed, fit_lines, fit_list, fit_post
from tests.fakediscord.validation import check_embeds

TURN = "Your turn, <@42>: " + "z" * 100


@pytest.mark.parametrize("lang, said", [("en", "… and {} earlier moves"), ("ja", "…その前の{}手は省略")])
def test_a_long_post_drops_its_oldest_moves_says_how_many_and_never_cuts_the_turn_line(lang, said):
    head = ["Game #1 begins.", "Seats: " + "x" * 300]
    blocks = [[f"move {n}: " + "y" * 150, "· an event"] for n in range(30)]
    text = fit_post(head, blocks, [TURN], lang, more="post.more_moves")
    lines = text.splitlines()
    kept = (len(lines) - 4) // 2
    assert len(text) <= 2000 and lines[:2] == head and lines[-1] == TURN and kept > 3
    assert lines[2].startswith(said.format(30 - kept))  # the latest moves stay, the others counted
    assert lines[3:-1] == [line for block in blocks[30 - kept:] for line in block]
    assert fit_post(["a"], [["b"]], ["c"], lang) == "a\nb\nc"


def test_a_move_with_more_events_than_a_post_holds_keeps_its_first_ones_and_says_how_many_more():
    block = ["alice: moves the lord and takes the barracks"] + [f"· event {n} " + "e" * 120 for n in range(40)]
    text = fit_post(["Seats: …"], [["bob: an older move"], block], [TURN], "en")
    lines = text.splitlines()
    assert len(text) <= 2000 and lines[-1] == TURN
    assert lines[1] == "… and 1 more" and lines[2] == block[0] and lines[3] == block[1]  # the move, then its first events
    kept = len(lines) - 5
    assert lines[-2] == f"… and {40 - kept} more" and lines[2:-2] == block[:kept + 1]
    ja = fit_post([], [block], [TURN], "ja")
    assert len(ja) <= 2000 and "…ほか" in ja and ja.endswith(TURN)


def test_a_head_and_tail_too_long_together_keep_the_tail_whole():
    squeezed = fit_post(["s" * 3000], [["m"]], ["Your turn, <@42>."], "en")
    assert len(squeezed) <= 2000 and squeezed.endswith("…\nYour turn, <@42>.")
    huge_tail = fit_post([], [], ["t" * 2500], "en")
    assert len(huge_tail) == 2000 and huge_tail.endswith("…")


def test_a_list_keeps_its_top_and_says_how_many_more_within_any_limit():
    names = [f"{n}. " + "名" * 32 for n in range(100)]
    text = fit_lines(["**Standings**", *names, "Byes: carol"], "ja", head=1, tail=1, limit=1024)
    lines = text.splitlines()
    assert len(text) <= 1024 and lines[0] == "**Standings**" and lines[-1] == "Byes: carol"
    assert lines[1:-2] == names[:len(lines) - 3] and lines[-2] == f"…ほか{100 - (len(lines) - 3)}件"
    top = fit_lines(names, "en", at_most=5, more="tourney.more")
    assert top.splitlines() == names[:5] + ["and 95 more"]
    assert fit_lines(names[:3], "en") == "\n".join(names[:3])


def test_a_message_with_a_long_list_keeps_its_other_words_and_its_pings_whole():
    moves = [f"places a tile at {n}" for n in range(300)]
    text = fit_list("undo.request", "en", moves, param="moves", player="<@1>", others="<@2> <@3>")
    assert len(text) <= 2000 and text.startswith("<@1> asks to take back: places a tile at 0, ")
    assert text.endswith("more. <@2> <@3>: do you agree?")
    shown = text.count("places a tile at")
    assert f"… and {300 - shown} more." in text
    short = fit_list("undo.done", "ja", ["a", "b"], param="moves", player="<@1>")
    assert short.endswith("a, b")


def test_clip_marks_what_it_cut():
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…" and clip("abcd", 0) == ""


def test_an_embed_is_brought_within_every_limit_of_discord():
    embed = discord.Embed(title="T" * 300, description="\n".join("d" * 90 for _ in range(80)))
    for n in range(30):
        embed.add_field(name="N" * 300, value="\n".join(f"entrant {k} " + "名" * 30 for k in range(60)))
    embed.set_footer(text="f" * 3000)
    assert check_embeds([embed.to_dict()])  # the fake refuses it as it is
    fit_embed(embed, "en")
    assert check_embeds([embed.to_dict()]) == [] and len(embed) <= 6000
    assert embed.fields and embed.fields[0].value.startswith("entrant 0 ") and embed.fields[0].value.endswith("more")
    assert len(embed.fields[0].value) <= EMBED_FIELD
    # One long field and a long description: the field is shortened to 1,024, the description to
    # what the whole leaves it, each saying how many lines it left out.
    embed = discord.Embed(title="Sign-up", description="\n".join("d" * 90 for _ in range(60)))
    embed.add_field(name="Entrants (64)", value="\n".join("名" * 32 for _ in range(64)))
    fit_embed(embed, "ja")
    assert check_embeds([embed.to_dict()]) == []
    assert embed.fields[0].value.endswith("件") and embed.description.endswith("件")
