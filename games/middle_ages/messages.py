"""Middle Ages texts in English and Japanese: reasons, events, move descriptions, option help and
the rules help. Texts that name an estate are written once with a marker (``<E>``, ``<X>``) and
expanded here into one catalogue entry per estate, because event parameters are stored as JSON
and cannot carry a translatable estate name. The event cards' names come from the data file and
their texts are built from the operations, in both languages.
"""

from __future__ import annotations

from typing import Any

from games.middle_ages.data import ESTATES, EVENTS, LEFTMOST

P = "middle_ages."

ESTATE_NAMES = {
    "field": {"en": "field", "ja": "畑"},
    "mill": {"en": "mill", "ja": "水車"},
    "village": {"en": "village", "ja": "村"},
    "rampart": {"en": "rampart", "ja": "城壁"},
    "market": {"en": "market", "ja": "市場"},
    "barracks": {"en": "barracks", "ja": "兵舎"},
    "church": {"en": "church", "ja": "教会"},
    "palace": {"en": "palace", "ja": "宮殿"},
}
ICON_NAMES = {"farmer": {"en": "farmer", "ja": "農夫"}, "chest": {"en": "chest", "ja": "宝箱"}}

MESSAGES: dict[str, dict[str, str]] = {
    P + "title": {"en": "Middle Ages", "ja": "ミドルエイジス"},
    # -- options ------------------------------------------------------------------------------
    P + "option.barracks_loss": {
        "en": "Barracks attack: the attacked player loses the latest tile of their leftmost estate "
              "(latest) or picks which tile of that estate (victim)",
        "ja": "兵舎の攻撃: 攻撃された人は最も左のエリアの最後に置いたタイルを失う(latest)か、"
              "そのエリアのどのタイルを失うか自分で選ぶ(victim)",
    },
    P + "option.plot_tokens": {
        "en": "Palace plot tokens: any type for each token (free) or each of the 8 types only once "
              "at the table (one_per_type)",
        "ja": "宮殿の区画トークン: 種類を自由に選ぶ(free)か、8種類をそれぞれ卓全体で1回だけ使える(one_per_type)",
    },
    P + "option.token_slots": {
        "en": "How many extra-coin tokens and how many plot tokens each estate can hold",
        "ja": "各エリアの下に置ける追加コイントークンと区画トークンの数(それぞれ)",
    },
    # -- reasons ------------------------------------------------------------------------------
    P + "reason.format": {
        "en": "write go 3, revive 2, scout 2-4, coin market or plot field church",
        "ja": "go 3、revive 2、scout 2-4、coin market、plot field church のように書いてください",
    },
    P + "reason.too_long": {
        "en": "a move is a few words, at most {limit} characters (like go 3)",
        "ja": "手は数語、{limit}文字までです(go 3 のように)",
    },
    P + "reason.character": {
        "en": "the character {code} is not used in moves; write go 3, scout 2-4, coin market …",
        "ja": "文字 {code} は手に使えません。go 3、scout 2-4、coin market のように書いてください",
    },
    P + "reason.format_go": {
        "en": "write go and a column number, like go 3",
        "ja": "go 3 のように go と列の番号を書いてください",
    },
    P + "reason.format_revive": {
        "en": "write revive and the number of the tile in your graveyard, like revive 2",
        "ja": "revive 2 のように revive と墓地のタイルの番号を書いてください",
    },
    P + "reason.format_lose": {
        "en": "write lose and the number of the tile in your leftmost estate, like lose 2",
        "ja": "lose 2 のように lose と最も左のエリアのタイルの番号を書いてください",
    },
    P + "reason.format_scout": {
        "en": "write scout and a row and column, like scout 2-4",
        "ja": "scout 2-4 のように scout と段-列を書いてください",
    },
    P + "reason.format_coin": {
        "en": "write coin and one estate, like coin market",
        "ja": "coin market のように coin とエリアを1つ書いてください",
    },
    P + "reason.format_plot": {
        "en": "write plot, the type the token counts and the estate it goes under, like plot field church",
        "ja": "plot field church のように plot、数える種類、置くエリアの順に書いてください",
    },
    P + "reason.unknown_estate": {
        "en": "“{word}” is not an estate (field mill village rampart market barracks church palace)",
        "ja": "「{word}」というエリアはありません(field mill village rampart market barracks church palace)",
    },
    P + "reason.expect_go": {
        "en": "first move your lord to a tile of row {row} (go N)",
        "ja": "まず領主を{row}段目のタイルに移動してください(go N)",
    },
    P + "reason.expect_revive": {
        "en": "your village first brings back a tile from your graveyard (revive N)",
        "ja": "先に村の効果で墓地のタイルを1枚戻してください(revive N)",
    },
    P + "reason.expect_scout": {
        "en": "your rampart first sends your scout to a tile (scout R-C)",
        "ja": "先に城壁の効果で偵察をタイルに置いてください(scout 段-列)",
    },
    P + "reason.expect_coin": {
        "en": "your church first places an extra-coin token (coin ESTATE)",
        "ja": "先に教会の効果で追加コイントークンを置いてください(coin エリア)",
    },
    P + "reason.expect_plot": {
        "en": "your palace first places a plot token (plot TYPE ESTATE)",
        "ja": "先に宮殿の効果で区画トークンを置いてください(plot 種類 エリア)",
    },
    P + "reason.expect_lose": {
        "en": "you were attacked: first choose the tile of your leftmost estate that goes (lose N)",
        "ja": "攻撃されました。先に最も左のエリアから失うタイルを選んでください(lose N)",
    },
    P + "reason.no_row": {"en": "the market has rows 1 to 4", "ja": "中央の場(タイルの列)の段は1〜4です"},
    P + "reason.no_column": {
        "en": "row {row} has columns 1 to {last}",
        "ja": "{row}段目の列は1〜{last}です",
    },
    P + "reason.no_tile": {
        "en": "there is no tile in row {row}, column {col}",
        "ja": "{row}段目の{col}列目にタイルはありません",
    },
    P + "reason.lord_there": {
        "en": "the lord of player {player} stands there",
        "ja": "そこにはプレイヤー{player}の領主がいます",
    },
    P + "reason.reserved": {
        "en": "the scout of player {player} reserves that tile",
        "ja": "そのタイルはプレイヤー{player}の偵察が予約しています",
    },
    P + "reason.scout_there": {
        "en": "the scout of player {player} is already there",
        "ja": "そこにはすでにプレイヤー{player}の偵察がいます",
    },
    P + "reason.scout_own_row": {
        "en": "your lord is in row {row}; the scout goes to another row",
        "ja": "領主が{row}段目にいるため、偵察は別の段に置きます",
    },
    P + "reason.no_grave_tile": {
        "en": "your graveyard holds {count} tile(s)",
        "ja": "墓地のタイルは{count}枚です",
    },
    P + "reason.no_column_tile": {
        "en": "that estate holds {count} tile(s)",
        "ja": "そのエリアのタイルは{count}枚です",
    },
    P + "reason.coin_slot_full": {
        "en": "that estate has no free slot for an extra-coin token",
        "ja": "そのエリアには追加コイントークンを置く空きがありません",
    },
    P + "reason.plot_slot_full": {
        "en": "that estate has no free slot for a plot token",
        "ja": "そのエリアには区画トークンを置く空きがありません",
    },
    P + "reason.already_counted": {
        "en": "that estate already counts that type",
        "ja": "そのエリアはその種類をすでに数えています",
    },
    P + "reason.type_used": {
        "en": "the plot token of that type is already in play (one per type)",
        "ja": "その種類の区画トークンはすでに使われています(種類ごとに1つ)",
    },
    # -- events -------------------------------------------------------------------------------
    P + "ev.round": {
        "en": "Round {round} begins; turn order: players {order}.",
        "ja": "ラウンド{round}開始。手番順: プレイヤー{order}",
    },
    P + "ev.discard": {
        "en": "Unclaimed tile #{number} (row {row}, column {col}) is discarded.",
        "ja": "誰も選ばなかったタイル#{number}({row}段目{col}列目)は捨て札になります。",
    },
    P + "ev.refill": {"en": "Row {row} is refilled.", "ja": "{row}段目にタイルを補充しました。"},
    P + "ev.orange": {
        "en": "The blue tiles are used up: the {count} orange tiles become the draw pile.",
        "ja": "青のタイルが尽きたため、オレンジのタイル{count}枚が山札になります。",
    },
    P + "ev.reshuffle": {
        "en": "The draw pile is empty: {count} discarded tiles are shuffled into a new one.",
        "ja": "山札が尽きたため、捨て札{count}枚を混ぜて新しい山札にします。",
    },
    P + "ev.reservation_used": {
        "en": "{seat} claims the tile reserved by their scout (row {row}, column {col}); the scout comes back.",
        "ja": "{seat}は偵察で予約したタイル({row}段目{col}列目)を確保し、偵察は手元に戻ります。",
    },
    P + "ev.reservation_cancelled": {
        "en": "{seat} moves elsewhere: the reservation of row {row}, column {col} is cancelled.",
        "ja": "{seat}は別のタイルへ移動したため、{row}段目{col}列目の予約は取り消されます。",
    },
    P + "ev.field": {
        "en": "{seat}: field effect +{coins} (farmer icons: {icons}).",
        "ja": "{seat}: 畑の効果、農夫{icons}人で{coins}コイン。",
    },
    P + "ev.market": {
        "en": "{seat}: market effect +{coins} (chest icons: {icons}).",
        "ja": "{seat}: 市場の効果、宝箱{icons}個で{coins}コイン。",
    },
    P + "ev.mill_pay": {
        "en": "{seat} has fewer mills: pays {coins} to {to_seat}.",
        "ja": "{seat}は水車が少ないため、{to_seat}に{coins}コイン支払います。",
    },
    P + "ev.mill_none": {
        "en": "{seat}: mill effect, nobody has fewer mills.",
        "ja": "{seat}: 水車の効果、水車が少ないプレイヤーはいません。",
    },
    P + "ev.village_empty": {
        "en": "{seat}: village effect, the graveyard is empty.",
        "ja": "{seat}: 村の効果、墓地にタイルがありません。",
    },
    P + "ev.scout": {
        "en": "{seat} sends the scout to row {row}, column {col}: that tile is reserved.",
        "ja": "{seat}は偵察を{row}段目{col}列目に置き、そのタイルを予約しました。",
    },
    P + "ev.scout_kept": {
        "en": "{seat} keeps the scout on row {row}, column {col}.",
        "ja": "{seat}は偵察を{row}段目{col}列目に置いたままにします。",
    },
    P + "ev.scout_none": {
        "en": "{seat}: rampart effect, no tile is free for the scout.",
        "ja": "{seat}: 城壁の効果、偵察を置けるタイルがありません。",
    },
    P + "ev.attack_none": {
        "en": "{seat}: barracks effect, every other player has enough ramparts.",
        "ja": "{seat}: 兵舎の効果、攻撃できるプレイヤーはいません。",
    },
    P + "ev.attack_bare": {
        "en": "{seat} is attacked by {by_seat}: no tile to lose, pays {coins}.",
        "ja": "{seat}は{by_seat}に攻撃されました。失うタイルはなく、{coins}コイン支払います。",
    },
    P + "ev.attack_choose": {
        "en": "{seat} is attacked by {by_seat}: pays {coins} and chooses a tile of the leftmost estate to lose.",
        "ja": "{seat}は{by_seat}に攻撃されました。{coins}コイン支払い、最も左のエリアから失うタイルを選びます。",
    },
    P + "ev.coin_none": {
        "en": "{seat}: church effect, no extra-coin token can be placed.",
        "ja": "{seat}: 教会の効果、追加コイントークンを置けません。",
    },
    P + "ev.plot_none": {
        "en": "{seat}: palace effect, no plot token can be placed.",
        "ja": "{seat}: 宮殿の効果、区画トークンを置けません。",
    },
    P + "ev.card_gain": {"en": "{seat} gains {coins} coins from the event.",
                         "ja": "{seat}はイベントで{coins}コイン得ました。"},
    P + "ev.card_pay": {"en": "{seat} pays {coins} coins to the event.",
                        "ja": "{seat}はイベントで{coins}コイン支払いました。"},
    P + "ev.card_nobody": {"en": "Nobody is affected by this part of the event.",
                           "ja": "このイベントの効果を受けるプレイヤーはいません。"},
    P + "ev.penalty": {
        "en": "Game over. {seat}: empty estates {empty}, -{points}.",
        "ja": "ゲーム終了。{seat}: 空のエリア{empty}個、−{points}点。",
    },
    # -- what a seat must decide (the "your turn" post and the image's header) ----------------
    P + "decide.place": {
        "en": "place your lord on a tile of row 1 (go N)",
        "ja": "領主を1段目のタイルに置く(go N)",
    },
    P + "decide.go": {
        "en": "move your lord to a tile of row {row} (go N)",
        "ja": "領主を{row}段目のタイルへ動かす(go N)",
    },
    P + "decide.revive": {
        "en": "village: bring back a graveyard tile (revive N)",
        "ja": "村: 墓地のタイルを1枚戻す(revive N)",
    },
    P + "decide.scout": {
        "en": "rampart: send your scout to a tile (scout R-C)",
        "ja": "城壁: 偵察コマをタイルに置く(scout 段-列)",
    },
    P + "decide.coin": {
        "en": "church: an extra-coin token under an estate (coin ESTATE)",
        "ja": "教会: 追加コイントークンをエリアの下に置く(coin エリア)",
    },
    P + "decide.plot": {
        "en": "palace: a plot token under an estate (plot TYPE ESTATE)",
        "ja": "宮殿: 区画トークンをエリアの下に置く(plot 種類 エリア)",
    },
    P + "decide.lose": {
        "en": "attacked: choose the {estate} tile to lose (lose N)",
        "ja": "攻撃された: 失う{estate}のタイルを選ぶ(lose N)",
    },
    # -- the board image ------------------------------------------------------------------------
    P + "board.round": {"en": "Round {round}/{rounds}", "ja": "ラウンド{round}/{rounds}"},
    P + "board.placing": {"en": "Lords to row 1", "ja": "領主を1段目へ"},
    P + "board.event_after": {"en": "after round {round}", "ja": "{round}ラウンド後"},
    P + "board.event_done": {"en": "done", "ja": "済"},
    P + "board.event_next": {"en": "next", "ja": "次"},
    P + "board.if_ended": {"en": "if the game ended now: {points}", "ja": "今終わると: {points}"},
    P + "board.graveyard": {"en": "graveyard {count}", "ja": "墓地{count}"},
    P + "board.legend.lord": {"en": "lord", "ja": "領主"},
    P + "board.legend.farmers": {"en": "farmers", "ja": "農夫"},
    P + "board.legend.chests": {"en": "chests", "ja": "宝箱"},
    P + "board.legend.graveyard": {"en": "graveyard", "ja": "墓地"},
    P + "board.coins": {"en": "coins {coins}", "ja": "コイン{coins}"},
    P + "board.empty_penalty": {"en": "empty estates {empty}: {points}", "ja": "空のエリア{empty}個: {points}"},
    P + "board.total": {"en": "score {score}", "ja": "得点{score}"},
    P + "board.no_empty": {"en": "no empty estate", "ja": "空のエリアなし"},
    P + "board.score_rule": {
        "en": "Score: coins, -10 per empty estate",
        "ja": "得点: コイン、空のエリア1つにつき-10",
    },
    P + "board.choose_revive": {"en": "revive N: your graveyard", "ja": "revive N: 墓地のタイル"},
    P + "board.choose_lose": {"en": "lose N: your {estate} tiles", "ja": "lose N: {estate}のタイル"},
    P + "board.tie": {
        "en": "{players} tie at {score}: most {estate} tiles decides",
        "ja": "{players}が{score}点で同点: {estate}のタイルの多さで決定",
    },
    P + "board.tie_shared": {
        "en": "{players} tie at {score} and in every estate: a shared rank",
        "ja": "{players}は{score}点で同点、全エリアも同じため同順位",
    },
    # -- move descriptions ------------------------------------------------------------------
    P + "move.place": {
        "en": "places the lord on row 1, column {col} (the {estate} tile #{number})",
        "ja": "領主を1段目の{col}列目({estate}のタイル#{number})に置く",
    },
    P + "move.go": {
        "en": "moves the lord to row {row}, column {col} and takes the {estate} tile #{number}",
        "ja": "領主を{row}段目の{col}列目に移動し、{estate}のタイル#{number}を獲得",
    },
    P + "move.revive": {
        "en": "brings the {estate} tile #{number} back from the graveyard",
        "ja": "墓地から{estate}のタイル#{number}を戻す",
    },
    P + "move.scout": {
        "en": "sends the scout to row {row}, column {col}",
        "ja": "偵察を{row}段目の{col}列目に置く",
    },
    P + "move.coin": {
        "en": "places an extra-coin token under the {estate}",
        "ja": "{estate}の下に追加コイントークンを置く",
    },
    P + "move.plot": {
        "en": "places a plot token under the {estate}: it also counts {kind} tiles",
        "ja": "{estate}の下に区画トークンを置き、{kind}のタイルも数える",
    },
    P + "move.lose": {
        "en": "gives up the {estate} tile #{number}",
        "ja": "{estate}のタイル#{number}を墓地に置く",
    },
}

#: Texts naming one estate: ``<E>`` becomes the estate's name in each language.
PER_ESTATE = {
    "ev.take": {
        "en": "{seat} places the <E> tile #{number}.",
        "ja": "{seat}は<E>のタイル#{number}を領地に置きました。",
    },
    "ev.income": {
        "en": "{seat}: <E> income +{coins} ({tiles} × {rate}).",
        "ja": "{seat}: <E>の収入+{coins}コイン({tiles}枚×{rate})。",
    },
    "ev.revive": {
        "en": "{seat} brings the <E> tile #{number} back from the graveyard (no effect, no income).",
        "ja": "{seat}は墓地から<E>のタイル#{number}を戻しました(効果と収入はありません)。",
    },
    "ev.attack": {
        "en": "{seat} is attacked by {by_seat}: loses the <E> tile #{number} to the graveyard and pays {coins}.",
        "ja": "{seat}は{by_seat}に攻撃され、<E>のタイル#{number}を墓地に置き、{coins}コイン支払います。",
    },
    "ev.lost": {
        "en": "{seat} loses the <E> tile #{number} to the graveyard.",
        "ja": "{seat}は<E>のタイル#{number}を墓地に置きます。",
    },
    "ev.coin_token": {
        "en": "{seat} places an extra-coin token under the <E> ({left} left).",
        "ja": "{seat}は<E>の下に追加コイントークンを置きました(残り{left})。",
    },
}
#: Texts naming a plot token's type ``<X>`` and the estate ``<E>`` it goes under.
PER_PAIR = {
    "ev.plot_token": {
        "en": "{seat} places a plot token under the <E>: it now also counts <X> tiles ({left} left).",
        "ja": "{seat}は<E>の下に区画トークンを置き、<X>のタイルも数えるようにしました(残り{left})。",
    },
}

#: How the event operations read; the values of a card's operation fill the braces.
OPERATION_TEXTS = {
    "gain_per_tile": {"en": "every player gains {amount} per <E> tile",
                      "ja": "全員が<E>のタイル1枚につき{amount}コイン得る"},
    "pay_per_tile": {"en": "every player pays {amount} per <E> tile",
                     "ja": "全員が<E>のタイル1枚につき{amount}コイン支払う"},
    "gain_per_icon": {"en": "every player gains {amount} per <I> icon",
                      "ja": "全員が<I>アイコン1つにつき{amount}コイン得る"},
    "gain_per_kind": {"en": "every player gains {amount} per estate with a tile",
                      "ja": "全員がタイルのあるエリア1つにつき{amount}コイン得る"},
    "pay": {"en": "every player pays {amount}", "ja": "全員が{amount}コイン支払う"},
    "lose_tiles": {"en": "every player loses {count} <E> tile(s) to the graveyard",
                   "ja": "全員が<E>のタイルを{count}枚墓地に置く"},
    "lose_leftmost": {"en": "every player loses {count} tile(s) of the leftmost estate to the graveyard",
                      "ja": "全員が左端のエリアのタイルを{count}枚墓地へ"},
    "majority": {"en": "the players with the most <E> tiles (at least one) gain {amount}",
                 "ja": "<E>のタイルが最も多い人(1枚以上)は{amount}コイン得る"},
    "minority": {"en": "the players with the fewest <E> tiles pay {amount}",
                 "ja": "<E>のタイルが最も少ない人は{amount}コイン支払う"},
    "minority_lose": {"en": "the players with the fewest <E> tiles lose {count} leftmost tile(s)",
                      "ja": "<E>のタイルが最も少ない人は左端のタイルを{count}枚墓地へ"},
}


def operation_text(op: dict[str, Any], lang: str) -> str:
    """One event operation in words."""
    name = "lose_leftmost" if op["op"] == "lose_tiles" and op["estate"] == LEFTMOST else op["op"]
    text = OPERATION_TEXTS[name][lang]
    if op.get("estate") in ESTATE_NAMES:
        text = text.replace("<E>", ESTATE_NAMES[op["estate"]][lang])
    if op.get("icon") in ICON_NAMES:
        text = text.replace("<I>", ICON_NAMES[op["icon"]][lang])
    return text.format(**{k: v for k, v in op.items() if k != "op"})


def _expand() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    for name in ESTATES:
        entries[P + f"estate.{name}"] = dict(ESTATE_NAMES[name])
        for key, texts in PER_ESTATE.items():
            entries[P + f"{key}.{name}"] = {lang: t.replace("<E>", ESTATE_NAMES[name][lang])
                                             for lang, t in texts.items()}
        for kind in ESTATES:
            for key, texts in PER_PAIR.items():
                entries[P + f"{key}.{kind}.{name}"] = {
                    lang: t.replace("<E>", ESTATE_NAMES[name][lang]).replace("<X>", ESTATE_NAMES[kind][lang])
                    for lang, t in texts.items()}
    for card in EVENTS:
        entries[P + f"card.{card.id}"] = dict(card.name)
        text = {"en": "; ".join(operation_text(op, "en") for op in card.ops),
                "ja": "。".join(operation_text(op, "ja") for op in card.ops)}
        entries[P + f"card.{card.id}.text"] = text
        entries[P + f"ev.card.{card.id}"] = {
            "en": "Event {index}/4, " + card.name["en"] + ": " + text["en"] + ".",
            "ja": "イベント{index}/4「" + card.name["ja"] + "」: " + text["ja"] + "。",
        }
    return entries


MESSAGES.update(_expand())

RULES_HELP = {
    "en": """**Middle Ages** (Marc André), 2-5 players, 16 rounds: end with the most coins.
**Tiles and events are this bot's own set**: the published set is not public, so it uses its own 52 blue and 32 orange tiles and 15 events.
• The market has 4 rows of players+1 tiles sorted by number. Your lord stands on the tile you will take; lords start on row 1 in a random order.
• Turn order follows the lords left to right in the current row; the tile nobody stands on is discarded. On your turn: move your lord to a free tile of the next row (row 1 follows row 4; no move in round 16), put the tile you left into its estate, do its effect, take that estate's income.
• Effects: **field** 1 coin per farmer icon in your fief · **mill** each player with fewer mills pays you 2 · **village** a graveyard tile comes back (no effect, no income) · **rampart** your scout reserves a tile of another row; moving elsewhere in that row cancels it · **market** 1 coin per chest icon · **barracks** each player with fewer ramparts than your barracks loses the latest tile of their leftmost estate to the graveyard and pays you 2 · **church** extra-coin token under an estate (+1 per tile) · **palace** plot token under an estate: it also counts a type you name. 8 tokens of each kind in all.
• Income per tile: field; mill; village+rampart; rampart+field; market+mill; barracks+village x2 · church; palace x3.
• Rows refill until round 12. 2-3 players use blue tiles only (then the discards, reshuffled); 4-5 players go on with the orange tiles.
• After rounds 4, 8, 12, 16 the leftmost event card applies to all. At the end -10 per empty estate. Ties: most palaces, then churches, then estates right to left.
Moves: `go 3` (column 3 of the next row), `revive 2` (2nd graveyard tile), `scout 2-4` (row 2, column 4), `coin market`, `plot field church` (the church also counts fields); option barracks_loss=victim: `lose 2`. Estates: field mill village rampart market barracks church palace (or 畑 水車 村 城壁 市場 兵舎 教会 宮殿).""",
    "ja": """**ミドルエイジス**(マルク・アンドレ作)2〜5人、全16ラウンド。最後にいちばんお金を持っている人の勝ちです。
**タイルとイベントはこのボット独自のセットです:** 製品のタイル一覧とイベントカードは公開されていないため、青52枚・オレンジ32枚のタイルと15枚のイベントを独自に用意しています。
• 中央の場は4段、各段に「人数+1」枚のタイルが番号順に並びます。領主が立っているタイルが、次に獲得するタイルです。最初は無作為な順番で1段目に領主を置きます。
• 各ラウンドの手番順は、今いる段の左の領主から順です。誰も立っていないタイルは捨て札になります。手番では、次の段の空いたタイルへ領主を移動し(4段目の次は1段目、16ラウンド目は移動なし)、元のタイルを獲得して同じ種類のエリアに置き、その効果を実行し、そのエリアの収入を得ます。
• 効果: **畑** 領地の農夫アイコン1つにつき1コイン · **水車** 自分より水車が少ない全員から2コインずつ · **村** 墓地のタイルを1枚戻す(効果・収入なし) · **城壁** 偵察を別の段のタイルに置き、そのタイルを予約(その段へ別のタイルに移動すると予約は取り消し) · **市場** 宝箱アイコン1つにつき1コイン · **兵舎** 自分の兵舎より城壁が少ない全員が、最も左のエリアの最後に置いたタイルを墓地に置き、2コイン払う · **教会** 追加コイントークンをエリアの下に置く(1枚あたり+1コイン) · **宮殿** 区画トークンをエリアの下に置き、指定した種類のタイルも数える。トークンは各8個を全員で使います。
• 収入(1枚につき×2): 畑、水車、村+城壁、城壁+畑、市場+水車、兵舎+村。×3: 教会、宮殿。
• 12ラウンドまでは空いた段にタイルを補充します。2〜3人は青のみ(尽きたら捨て札を混ぜて山札に)、4〜5人は青の後にオレンジを使います。
• 4・8・12・16ラウンドの後、いちばん左のイベントカードが全員に適用されます。
• 終了時、タイルのないエリア1つにつき-10。同点なら宮殿の枚数、次に教会、その後は右のエリアから順に比べます。
手の書き方: `go 3`(次の段の3列目へ)、`revive 2`(墓地の2枚目)、`scout 2-4`(2段目4列目)、`coin market`、`plot field church`(教会が畑も数える)、オプション barracks_loss=victim のとき `lose 2`。エリア名: field mill village rampart market barracks church palace(日本語名も使えます)。""",
}
