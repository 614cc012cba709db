"""Texts the board images share (the header, seat cards and result panel), in English and Japanese.

Registered in the one catalogue (``games.messages``), so the catalogue test checks them with the
rest. A game's own words (estates, buildings, prompts) stay in that game's ``messages.py``.
"""

from __future__ import annotations

from games.messages import register_messages

register_messages(
    {
        "board.player": {"en": "Player {number}", "ja": "プレイヤー{number}"},
        "board.to_play": {"en": "{player} to play", "ja": "{player}の番"},
        "board.to_play_many": {"en": "Waiting on {players}", "ja": "{players}の手番"},
        "board.to_play_more": {"en": "Waiting on {players} +{count} more", "ja": "{players}ほか{count}人の手番"},
        "board.last": {"en": "Last move", "ja": "直前の手"},
        "board.start": {"en": "Game start", "ja": "ゲーム開始"},
        "board.game_over": {"en": "Game over", "ja": "ゲーム終了"},
        "board.winner": {"en": "{player} wins", "ja": "{player}の勝ち"},
        "board.winners": {"en": "Shared win: {players}", "ja": "勝者: {players}"},
        "board.draw": {"en": "Draw", "ja": "引き分け"},
        "board.team_draw": {"en": "Draw: the teams tie at {score}", "ja": "引き分け: 両チーム{score}点"},
        "board.team_wins": {"en": "Team {players} wins", "ja": "{players}チームの勝ち"},
        "board.score": {"en": "{score} pts", "ja": "{score}点"},
        "board.rank": {"en": "#{rank}", "ja": "{rank}位"},
        "board.tie_break": {"en": "Tie broken by {reason}", "ja": "同点は{reason}で決定"},
        "board.full_board": {"en": "Full board", "ja": "盤面全体"},
    }
)
