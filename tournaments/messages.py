"""The tournament core's texts in English and Japanese, registered in the one catalogue
(:mod:`games.messages`): the errors' reasons, the formats and tie-breaks by name, and the words
the standings image prints."""

from __future__ import annotations

from games.messages import register_messages

MESSAGES = {
    "tournament.error": {"en": "The tournament cannot do that.", "ja": "大会ではその操作はできません。"},
    "tournament.error.settings": {"en": "Those tournament settings cannot be used.", "ja": "その大会設定は使えません。"},
    "tournament.error.entry": {"en": "That entry cannot be changed.", "ja": "その参加登録は変更できません。"},
    "tournament.error.phase": {"en": "Not at this stage of the tournament.", "ja": "大会の今の段階ではできません。"},
    "tournament.error.result": {"en": "That result cannot be recorded.", "ja": "その結果は記録できません。"},
    "tournament.error.pairing": {"en": "The round cannot be paired.", "ja": "この回戦の組み合わせを作れません。"},
    "tournament.error.unknown_game": {
        "en": "There is no game “{name}”. Games: {known}.",
        "ja": "「{name}」というゲームはありません。ゲーム: {known}",
    },
    "tournament.error.unknown_setting": {
        "en": "There is no tournament setting “{name}”. Settings: {known}.",
        "ja": "大会設定「{name}」はありません。設定: {known}",
    },
    "tournament.error.setting_choice": {
        "en": "Setting “{name}” cannot be “{value}”; choose one of: {choices}.",
        "ja": "設定「{name}」に「{value}」は指定できません。選べる値: {choices}",
    },
    "tournament.error.setting_int": {
        "en": "Setting “{name}” must be a whole number from {minimum} to {maximum}, not “{value}”.",
        "ja": "設定「{name}」は{minimum}〜{maximum}の整数で指定してください(「{value}」は不可)。",
    },
    "tournament.error.setting_points": {
        "en": "Setting “{name}” must be a number of points from 0 to 100, like 1 or 0.5, not “{value}”.",
        "ja": "設定「{name}」は 1 や 0.5 のような0〜100の点数で指定してください(「{value}」は不可)。",
    },
    "tournament.error.points_order": {
        "en": "A win must be worth at least a draw, and a draw at least a loss (given {win}/{draw}/{loss}).",
        "ja": "勝ちの点は引き分け以上、引き分けの点は負け以上にしてください(指定: {win}/{draw}/{loss})。",
    },
    "tournament.error.place_points": {
        "en": "Points per place “{value}” must be {size} numbers from first to last place, never rising, "
              "like 6/4/2/0.",
        "ja": "順位点「{value}」は 6/4/2/0 のように1位から最下位まで{size}個の数を、増えない順で指定してください。",
    },
    "tournament.error.table_size": {
        "en": "{game} is played by {minimum} to {maximum} players, so a table cannot have {size}.",
        "ja": "{game}は{minimum}〜{maximum}人で遊ぶため、{size}人の卓は作れません。",
    },
    "tournament.error.tie_break": {
        "en": "“{name}” is not a tie-break of the {format} format. Tie-breaks: {known}.",
        "ja": "「{name}」は{format}形式のタイブレークではありません。タイブレーク: {known}",
    },
    "tournament.error.tie_break_twice": {
        "en": "A tie-break is listed twice: {value}.",
        "ja": "同じタイブレークが2回指定されています: {value}",
    },
    "tournament.error.late_entry": {
        "en": "Late entry is only possible in Swiss events, not in {format}.",
        "ja": "途中参加はスイス式の大会だけで可能です({format}では不可)。",
    },
    "tournament.error.game_option": {"en": "Game option refused: {reason}", "ja": "ゲームのオプションが不正です: {reason}"},
    "tournament.error.registration_closed": {
        "en": "Registration for this tournament is closed.",
        "ja": "この大会の参加受付は終了しています。",
    },
    "tournament.error.team_members": {
        "en": "A team has {size} different players; {count} were given.",
        "ja": "チームは異なる{size}人のプレイヤーで組んでください(指定は{count}人)。",
    },
    "tournament.error.already_entered": {"en": "{name} is already entered.", "ja": "{name}はすでに参加しています。"},
    "tournament.error.player_taken": {
        "en": "Player {player} already plays for {team}.",
        "ja": "プレイヤー{player}はすでに{team}で参加しています。",
    },
    "tournament.error.full": {
        "en": "The tournament is full ({maximum} entrants).",
        "ja": "大会は満員です(定員{maximum})。",
    },
    "tournament.error.not_entered": {"en": "{entrant} is not entered.", "ja": "{entrant}は参加していません。"},
    "tournament.error.not_a_member": {"en": "{player} is not in {team}.", "ja": "{player}は{team}のメンバーではありません。"},
    "tournament.error.already_dropped": {"en": "{name} has already withdrawn.", "ja": "{name}はすでに棄権しています。"},
    "tournament.error.too_few": {
        "en": "{count} entrants; at least {minimum} are needed to start.",
        "ja": "参加者が{count}人です。開始には{minimum}人以上必要です。",
    },
    "tournament.error.too_few_active": {
        "en": "Only {count} entrants are still playing: too few for a round.",
        "ja": "残っている参加者が{count}人だけなので、次の回戦を組めません。",
    },
    "tournament.error.not_registration": {
        "en": "The tournament has already started.",
        "ja": "大会はすでに始まっています。",
    },
    "tournament.error.not_running": {"en": "The tournament is not running.", "ja": "大会は進行中ではありません。"},
    "tournament.error.over": {"en": "The tournament is over.", "ja": "大会は終了しています。"},
    "tournament.error.round_unfinished": {
        "en": "Round {round} is not finished yet.",
        "ja": "第{round}回戦はまだ終わっていません。",
    },
    "tournament.error.nothing_to_begin": {
        "en": "There is no paired round waiting to begin.",
        "ja": "開始を待っている回戦はありません。",
    },
    "tournament.error.no_round_playing": {
        "en": "No round is being played now.",
        "ja": "今プレイ中の回戦はありません。",
    },
    "tournament.error.no_round": {"en": "There is no round {round}.", "ja": "第{round}回戦はありません。"},
    "tournament.error.no_table": {
        "en": "Round {round} has no table {table}.",
        "ja": "第{round}回戦に第{table}卓はありません。",
    },
    "tournament.error.already_decided": {
        "en": "Table {table} already has its result; an organiser can correct it with a reason.",
        "ja": "第{table}卓の結果はすでに記録済みです。主催者は理由を添えて訂正できます。",
    },
    "tournament.error.not_at_table": {
        "en": "{entrant} does not play at table {table}.",
        "ja": "{entrant}は第{table}卓の参加者ではありません。",
    },
    "tournament.error.bad_places": {
        "en": "Table {table} needs {size} places, each from 1 to {size}.",
        "ja": "第{table}卓には1〜{size}の順位を{size}個指定してください。",
    },
    "tournament.error.bad_scores": {
        "en": "Table {table} needs {size} scores, one per side.",
        "ja": "第{table}卓には各参加者の得点を{size}個指定してください。",
    },
    "tournament.error.no_result": {
        "en": "Give table {table}'s places or scores.",
        "ja": "第{table}卓の順位か得点を指定してください。",
    },
    "tournament.error.no_reason": {
        "en": "An adjudication needs a reason.",
        "ja": "裁定には理由が必要です。",
    },
    "tournament.error.late_until": {
        "en": "late_until needs late_entry on.",
        "ja": "late_until を使うには late_entry をオンにしてください。",
    },
    "tournament.error.late_closed": {
        "en": "Late entry closed after round {round}.",
        "ja": "途中参加の受付は第{round}回戦までで終了しました。",
    },
    "tournament.error.paused": {
        "en": "The tournament is paused: no new round starts until an organiser resumes it.",
        "ja": "大会は一時停止中です。主催者が再開するまで次の回戦は始まりません。",
    },
    "tournament.error.already_paused": {"en": "The tournament is already paused.", "ja": "大会はすでに一時停止中です。"},
    "tournament.error.not_paused": {"en": "The tournament is not paused.", "ja": "大会は一時停止していません。"},
    "tournament.error.bad_time": {
        "en": "Setting “{name}” needs a time of day like 21:30, not “{value}”.",
        "ja": "設定「{name}」は 21:30 のような時刻で指定してください(「{value}」は不可)。",
    },
    "tournament.error.bad_round_start": {
        "en": "round_start is “now”, a time of day like 21:00, or a delay like 2h or 30m (up to 7 days), "
              "not “{value}”.",
        "ja": "round_start は now、21:00 のような時刻、または 2h や 30m のような待ち時間(最長7日)で"
              "指定してください(「{value}」は不可)。",
    },
    "tournament.error.bad_hours": {
        "en": "Playing hours look like 18:00-23:00 (or 22-02 over midnight), not “{value}”.",
        "ja": "対局時間帯は 18:00-23:00(日付をまたぐなら 22-02)のように指定してください(「{value}」は不可)。",
    },
    "tournament.error.bad_when": {
        "en": "Setting “{name}” needs a time like 21:00 or 2026-12-24 21:00, not “{value}”.",
        "ja": "設定「{name}」は 21:00 や 2026-12-24 21:00 のように指定してください(「{value}」は不可)。",
    },
    "tournament.error.when_past": {
        "en": "Setting “{name}” must be a moment in the coming year, not “{value}”.",
        "ja": "設定「{name}」は今から1年以内の未来の時刻にしてください(「{value}」は不可)。",
    },
    "tournament.error.signup_closed_at": {
        "en": "Sign-up closed at <t:{at}:f>.",
        "ja": "参加受付は<t:{at}:f>に締め切られました。",
    },
    "tournament.error.check_in_not_open": {
        "en": "Check-in opens at <t:{at}:f> (<t:{at}:R>).",
        "ja": "チェックインは<t:{at}:f>(<t:{at}:R>)に始まります。",
    },
    "tournament.error.signup_after_start": {
        "en": "Sign-up must close before the scheduled start.",
        "ja": "参加受付の締め切りは開始予定時刻より前にしてください。",
    },
    # formats and tie-breaks by name
    "tournament.format.swiss": {"en": "Swiss", "ja": "スイス式"},
    "tournament.format.round_robin": {"en": "Round robin", "ja": "総当たり"},
    "tournament.format.single_elimination": {"en": "Single elimination", "ja": "シングルエリミネーション"},
    "tournament.format.double_elimination": {"en": "Double elimination", "ja": "ダブルエリミネーション"},
    "tournament.format.swiss_tables": {"en": "Swiss, multiplayer tables", "ja": "スイス式(多人数卓)"},
    "tournament.tb.buchholz": {"en": "Buchholz", "ja": "ブッフホルツ"},
    "tournament.tb.median_buchholz": {"en": "Median Buchholz", "ja": "メディアン・ブッフホルツ"},
    "tournament.tb.sonneborn_berger": {"en": "Sonneborn-Berger", "ja": "ゾンネボルン・ベルガー"},
    "tournament.tb.head_to_head": {"en": "Head-to-head", "ja": "直接対決"},
    "tournament.tb.wins": {"en": "Wins", "ja": "勝数"},
    "tournament.tb.game_score": {"en": "Game score", "ja": "ゲーム内得点"},
    "tournament.tb.opponents_points": {"en": "Opponents' points", "ja": "対戦相手の合計点"},
    "tournament.tb.average_place": {"en": "Average place", "ja": "平均順位"},
    # short column heads of the standings image
    "tournament.tb_short.buchholz": {"en": "Buch", "ja": "BH"},
    "tournament.tb_short.median_buchholz": {"en": "MBuch", "ja": "MBH"},
    "tournament.tb_short.sonneborn_berger": {"en": "SB", "ja": "SB"},
    "tournament.tb_short.head_to_head": {"en": "H2H", "ja": "直接"},
    "tournament.tb_short.wins": {"en": "Wins", "ja": "勝数"},
    "tournament.tb_short.game_score": {"en": "Score", "ja": "得点"},
    "tournament.tb_short.opponents_points": {"en": "Opp", "ja": "相手点"},
    "tournament.tb_short.average_place": {"en": "Avg", "ja": "平均"},
    # the standings and podium images
    "tournament.image.standings": {"en": "Standings", "ja": "順位表"},
    "tournament.image.after_round": {"en": "after round {round} of {rounds}", "ja": "第{round}回戦終了時点(全{rounds}回戦)"},
    "tournament.image.after_round_open": {"en": "after round {round}", "ja": "第{round}回戦終了時点"},
    "tournament.image.final": {"en": "Final standings", "ja": "最終順位"},
    "tournament.image.rank": {"en": "#", "ja": "順位"},
    "tournament.image.name": {"en": "Player", "ja": "プレイヤー"},
    "tournament.image.points": {"en": "Pts", "ja": "勝点"},
    "tournament.image.round": {"en": "R{round}", "ja": "{round}回"},
    "tournament.image.more": {"en": "and {count} more (see /tournament standings)", "ja": "ほか{count}人(/tournament standings で確認)"},
    "tournament.image.dropped": {"en": "withdrawn", "ja": "棄権"},
    "tournament.image.podium": {"en": "Podium", "ja": "表彰台"},
    "tournament.image.champion": {"en": "Champion", "ja": "優勝"},
    "tournament.image.points_of": {"en": "{points} pts", "ja": "{points}点"},
    # issue 29: the organiser's settings texts, corrections, requested byes, forbidden pairs, stages
    "tournament.error.points_text": {
        "en": "Points are written win/draw/loss, like 3/1/0 (each from 0 to 100), not “{value}”.",
        "ja": "勝点は 勝ち/引き分け/負け の順に 3/1/0 のように書いてください(各0〜100。「{value}」は不可)。",
    },
    "tournament.error.entrants_text": {
        "en": "Entrants are written min-max, like 4-64 (up to {maximum}; 4- or -64 for one of them), not “{value}”.",
        "ja": "参加人数は 最少-最多 の形で 4-64 のように書いてください(最大{maximum}。片方だけなら 4- や -64。「{value}」は不可)。",
    },
    "tournament.error.settings_text": {
        "en": "Settings are written name=value separated by spaces, like bye_points=0.5 grand_final_reset=off, "
              "not “{value}”.",
        "ja": "設定は 名前=値 を空白で区切って bye_points=0.5 grand_final_reset=off のように書いてください"
              "(「{value}」は不可)。",
    },
    "tournament.error.setting_twice": {
        "en": "Setting “{name}” is given twice.",
        "ja": "設定「{name}」が二重に指定されています。",
    },
    "tournament.error.not_decided": {
        "en": "Table {table} of round {round} has no result yet: decide it with /tournament adjudicate.",
        "ja": "第{round}回戦の第{table}卓にはまだ結果がありません。/tournament adjudicate で決めてください。",
    },
    "tournament.error.same_result": {
        "en": "Table {table} of round {round} already has that result.",
        "ja": "第{round}回戦の第{table}卓はすでにその結果です。",
    },
    "tournament.error.bracket_needs_winner": {
        "en": "A bracket match needs one winner: give table {table} places like 1/2.",
        "ja": "トーナメントの試合には勝者が1人必要です。第{table}卓の順位を 1/2 のように指定してください。",
    },
    "tournament.error.correct_too_late": {
        "en": "Table {table} of round {round} cannot be corrected: the match its winner went on to is already paired.",
        "ja": "第{round}回戦の第{table}卓は訂正できません。勝者が進んだ次の試合がすでに組まれています。",
    },
    "tournament.error.nothing_to_repair": {
        "en": "There is no round being played to pair again.",
        "ja": "組み直せる進行中の回戦がありません。",
    },
    "tournament.error.repair_results": {
        "en": "Round {round} already has results: it can no longer be paired again.",
        "ja": "第{round}回戦にはすでに結果があるため、組み直せません。",
    },
    "tournament.error.forbid_self": {"en": "{name} cannot be kept apart from themselves.",
                                     "ja": "{name}を自分自身と対戦禁止にはできません。"},
    "tournament.error.forbid_already": {"en": "{first} and {second} are already kept apart.",
                                        "ja": "{first}と{second}はすでに対戦禁止です。"},
    "tournament.error.forbid_none": {"en": "{first} and {second} are not kept apart.",
                                     "ja": "{first}と{second}は対戦禁止になっていません。"},
    "tournament.error.bye_format": {
        "en": "Half-point byes are for Swiss events; a {format} event's schedule is fixed.",
        "ja": "半点の不戦はスイス式の大会だけで使えます。{format} の大会は組み合わせが決まっています。",
    },
    "tournament.error.bye_already": {"en": "You already asked to sit out round {round}.",
                                     "ja": "すでに第{round}回戦の休みを申請しています。"},
    "tournament.error.bye_none": {"en": "You have not asked to sit out a round.", "ja": "休みの申請はありません。"},
    "tournament.error.cut_format": {
        "en": "A top cut follows a Swiss or round-robin stage, not a {format} event.",
        "ja": "上位による決勝トーナメントはスイス式か総当たりの後に行います({format} では使えません)。",
    },
    "tournament.error.third_place": {
        "en": "A third-place match needs a single elimination bracket (the format or the cut_format).",
        "ja": "3位決定戦にはシングルエリミネーション(方式または cut_format)が必要です。",
    },
    "tournament.error.cycles": {
        "en": "cycles=2 (a double round robin) is for round robin events, not {format}.",
        "ja": "cycles=2(2回総当たり)は総当たりの大会だけで使えます({format} では使えません)。",
    },
    "tournament.image.third_place": {"en": "Third place", "ja": "3位決定戦"},
    "tournament.error.groups": {
        "en": "groups is for round robin events (played in groups), not {format}.",
        "ja": "groups は総当たり(グループ別)の大会だけで使えます({format} では使えません)。",
    },
    "tournament.error.too_few_groups": {
        "en": "{count} entrants cannot make {groups} groups: each group needs at least 2.",
        "ja": "参加者{count}人では{groups}グループを作れません。各グループに2人以上必要です。",
    },
}

register_messages(MESSAGES)
