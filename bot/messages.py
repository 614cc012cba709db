"""The bot's texts (host refusals, Discord replies, buttons, command descriptions), English and
Japanese. They join the engine's entries in the one catalogue of :mod:`games.messages`."""

from games.messages import register_messages

MESSAGES = {
    # -- host refusals -------------------------------------------------------------------------
    "host.error": {"en": "That cannot be done now.", "ja": "今はそれを行えません。"},
    "host.no_table": {"en": "Game #{table} does not exist.", "ja": "ゲーム#{table}は存在しません。"},
    "host.no_table_here": {
        "en": "There is no game in this channel. Use it inside a game's thread, or start one with /game new.",
        "ja": "このチャンネルにはゲームがありません。ゲームのスレッド内で使うか、/game new で始めてください。",
    },
    "host.not_started": {"en": "The game has not started yet.", "ja": "ゲームはまだ始まっていません。"},
    "host.game_over": {"en": "This game is over.", "ja": "このゲームは終了しています。"},
    "host.not_a_player": {
        "en": "You are not playing in this game.", "ja": "あなたはこのゲームの参加者ではありません。"},
    "host.not_your_turn": {
        "en": "It is not your turn: waiting on {waiting}.", "ja": "あなたの手番ではありません。手番: {waiting}"},
    "host.stale": {
        "en": "The game moved on before your action arrived; nothing was changed. Look at the latest board and try again.",
        "ja": "操作が届く前にゲームが進みました。何も変更されていません。最新の盤面を見てからやり直してください。",
    },
    "host.already_joined": {"en": "You have already joined this game.", "ja": "すでにこのゲームに参加しています。"},
    "host.lobby_full": {
        "en": "All {count} seats are taken.", "ja": "{count}席すべてが埋まっています。"},
    "host.not_in_lobby": {"en": "You are not in this lobby.", "ja": "このロビーに参加していません。"},
    "host.owner_cannot_leave": {
        "en": "You opened this lobby: use Cancel to close it.",
        "ja": "このロビーの作成者です。閉じるには「中止」を押してください。",
    },
    "host.owner_only": {
        "en": "Only the player who opened the lobby can do that.",
        "ja": "ロビーを作成した人だけが操作できます。",
    },
    "host.lobby_closed": {"en": "This lobby is closed.", "ja": "このロビーは締め切られています。"},
    "host.seats_missing": {
        "en": "{missing} of {count} seats are still empty: wait for players or add AI.",
        "ja": "{count}席のうち{missing}席が空いています。参加者を待つかAIを追加してください。",
    },
}

register_messages(MESSAGES)
