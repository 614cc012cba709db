"""Madeira's texts in English and Japanese: names, prompts, moves, events, the private screen,
the option help and the rules help (with the notation and the list of placeholder data)."""

from __future__ import annotations

from games.madeira.data import BOARD
from games.messages import counted_list

NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "character": {
        "steward": ("Steward", "執事"), "master": ("Guild Master", "ギルドマスター"), "mayor": ("Mayor", "市長"),
        "commander": ("Commander", "司令官"), "farmer": ("Harvest +1 character", "収穫+1の人物"),
    },
    "building": {
        "moinho": ("Moinho (mill)", "製粉所(モイーニョ)"), "capitania": ("Capitania", "カピタニア"),
        "alfandega": ("Alfândega (customs)", "税関(アルファンデガ)"),
        "coroa": ("Casa da Coroa (guild palace)", "ギルド会館(カーザ・ダ・コロア)"),
        "fortaleza": ("Fortaleza (watch tower)", "砦(フォルタレザ)"),
    },
    "favor": {
        "treasurer": ("Treasurer", "会計官"), "bishop": ("Bishop", "司教"), "engineer": ("Engineer", "技師"),
        "lord": ("Lord", "領主"), "scout": ("Scout", "斥候"), "diplomat": ("Diplomat", "外交官"),
        "patron": ("Patron", "後援者"), "miller": ("Miller", "粉屋"), "monk": ("Monk", "修道士"),
        "navigator": ("Navigator", "航海士"), "lady": ("Lady", "貴婦人"), "constable": ("Constable", "警吏"),
    },
    "reward": {
        "island": ("Island", "島"), "guild": ("Guild", "ギルド"), "city": ("City", "都市"),
        "watch": ("City Watch", "見張り塔"), "medal": ("Medal", "メダル"), "loot": ("Loot", "略奪品"),
        "support": ("Royal Support", "王室のサポート"), "windmill": ("Windmill", "風車"),
    },
    "request": {
        "market": ("Market Routes", "通商路"), "expedition": ("Expeditions", "探検"),
        "guilds": ("Influence of the Guilds", "ギルドの影響"), "wealth": ("Wealth of the Nation", "国家の富"),
        "urban": ("Urbanization", "都市化"),
    },
    "guild": {"white": ("white", "白"), "green": ("green", "緑"), "orange": ("orange", "オレンジ"),
              "purple": ("purple", "紫")},
    "good": {"wheat": ("wheat", "小麦"), "sugar": ("sugar", "砂糖"), "wine": ("wine", "ワイン"),
             "wood": ("wood", "木"), "bread": ("bread", "パン"), "reals": ("reals", "レアル")},
    "city": {"ps": ("Porto Santo", "ポルト・サント"), "fu": ("Funchal", "フンシャル"), "ma": ("Machico", "マシコ")},
    "colony": {"az": ("Açores", "アゾレス"), "br": ("Brasil", "ブラジル"), "in": ("India", "インド")},
    "pass_action": {"city": ("a worker to a city (+1 PP)", "都市へワーカー1個(名声点+1)"),
                    "watch": ("a worker to the City Watch", "見張り塔へワーカー1個"),
                    "ship": ("move a ship", "船1隻を移動")},
}

PROMPTS: dict[str, tuple[str, str]] = {
    "setup_city": ("place a worker on an empty city spot (`city ps3`)", "都市の空きマスにワーカーを置く(`city ps3`)"),
    "setup_field": ("place a worker on a free field (`field 2a`)", "空いているフィールドにワーカーを置く(`field 2a`)"),
    "arow": ("choose a dice row (`row 1`)", "ダイスの列を選ぶ(`row 1`)"),
    "arequest": ("take a Crown's Request from your row (`take wealth`)", "自分の列から王国の要請を1枚取る(`take wealth`)"),
    "aguild": ("choose the guild whose favors you refresh (`guild green`)", "表に戻すギルドを選ぶ(`guild green`)"),
    "bturn": ("use a favor, place a die (`die 2 steward`) or pass (`pass 1`)",
              "ギルドタイルを使う、ダイスを置く(`die 2 steward`)、またはパス(`pass 1`)"),
    "bchoose": ("perform the action (`act`), `harvest`, or `skip`", "アクション(`act`)、収穫(`harvest`)、または `skip`"),
    "wmove": ("move a worker (`move home-2a`) or stop (`done`)", "ワーカーを動かす(`move home-2a`)か終える(`done`)"),
    "mayor": ("move a city piece (`move ps4-fu5`) or stop (`done`)", "都市のコマを動かす(`move ps4-fu5`)か終える(`done`)"),
    "master": ("choose the favor whose district you build (`buy monk`)", "建設する区画のギルドタイルを選ぶ(`buy monk`)"),
    "wood_pay": ("choose where the wood you buy comes from (`wood forest`)", "買う木の出どころを選ぶ(`wood forest`)"),
    "wood_gain": ("choose where the wood you get comes from (`wood 2c`)", "得る木の出どころを選ぶ(`wood 2c`)"),
    "smove": ("move a ship (`ship home-wh2`) or stop (`done`)", "船を動かす(`ship home-wh2`)か終える(`done`)"),
    "kr": ("choose a King's Reward (`reward loot`)", "王国の報酬を選ぶ(`reward loot`)"),
    "support": ("discard pirates or take bread (`support pirates`)", "海賊点を捨てるかパンを得る(`support pirates`)"),
    "discard": ("say how many pirate points you discard (`discard 3`, `discard 0`)",
                "捨てる海賊点の数を決める(`discard 3`、`discard 0`)"),
    "flip": ("turn a favor face up (`flip monk`) or stop (`done`)", "ギルドタイルを表にする(`flip monk`)か終える(`done`)"),
    "again": ("choose the field to harvest again (`again 2a`)", "もう一度収穫するフィールドを選ぶ(`again 2a`)"),
    "bishop": ("move an action marker (`marker moinho-coroa`)", "アクションマーカーを動かす(`marker moinho-coroa`)"),
    "lady": ("choose a building action (`building moinho`)", "建物アクションを選ぶ(`building moinho`)"),
    "cdecide": ("pay for the building (`pay`) or take pirates (`pirates`)", "建物のコストを払う(`pay`)か海賊点を受け取る(`pirates`)"),
    "honor": ("send a City Watch worker Home for 4 PP (`honor`) or `skip`",
              "見張り塔のワーカー1個をホームに戻し名声点4点(`honor`)、または `skip`"),
    "upkeep": ("pay ship upkeep from your wood (`upkeep 2`)", "船の維持費を手元の木で払う(`upkeep 2`)"),
    "upkeep_buy": ("buy wood for the upkeep (`wood forest`) or leave it unpaid (`pirates`)",
                   "維持費の木を買う(`wood forest`)か払わない(`pirates`)"),
    "feed": ("feed your workers (`feed 3`)", "ワーカーにパンを与える(`feed 3`)"),
    "escore": ("score a Crown's Request (`score wealth`)", "王国の要請を達成する(`score wealth`)"),
    "wealth": ("pay reals for Wealth of the Nation (`wealth 10`)", "国家の富にレアルを払う(`wealth 10`)"),
}

#: What a seat must decide now, in words (the "your turn" post and the board's header):
#: ``madeira.decide.<prompt kind>``, with the place or count that makes it concrete.
DECISIONS: dict[str, tuple[str, str]] = {
    "setup_city": ("place a worker on a free city spot", "都市の空きマスにワーカーを置く"),
    "setup_field": ("place a worker on a free field", "空いているフィールドにワーカーを置く"),
    "arow": ("choose a dice row (its dice, a Crown's Request, its guild's favors)",
             "ダイス列を選ぶ(ダイス・王国の要請・そのギルドのタイル)"),
    "arequest": ("take one Crown's Request from your row", "自分の列から王国の要請を1枚取る"),
    "aguild": ("choose the guild whose favors turn face up", "ギルドタイルを表に戻すギルドを選ぶ"),
    "bturn": ("place a die on a character, use a favor, or pass", "人物にダイスを置く、ギルドタイルを使う、またはパス"),
    "bchoose": ("{character}: do the action, harvest, or nothing", "{character}: アクション・収穫・何もしない"),
    "wmove": ("move up to {count} worker(s) {where}, or stop", "ワーカーを最大{count}個{where}動かすか、終える"),
    "mayor": ("move up to {count} city piece(s), or stop", "都市のコマを最大{count}個動かすか、終える"),
    "master": ("choose the district to build (by its favor)", "建設する区画をギルドタイルで選ぶ"),
    "wood_pay": ("choose where to buy the wood you need ({count})", "必要な木({count}個)を買う場所を選ぶ"),
    "wood_gain": ("choose where to take {count} wood from", "木{count}個を得る場所を選ぶ"),
    "smove": ("move up to {count} ship(s), or stop", "船を最大{count}隻動かすか、終える"),
    "kr": ("choose a King's Reward of {colony}", "{colony}の王国の報酬を選ぶ"),
    "support": ("Royal Support: discard pirate points or take bread", "王室のサポート: 海賊点を捨てるかパンを得る"),
    "discard": ("discard up to {count} pirate point(s): choose how many", "海賊点を最大{count}点まで捨てる: 数を選ぶ"),
    "flip": ("turn up to {count} favor(s) face up, or stop", "ギルドタイルを最大{count}枚表にするか、終える"),
    "again": ("choose a field to harvest again", "もう一度収穫するフィールドを選ぶ"),
    "bishop": ("Bishop: move an action marker to another building", "司教: アクションマーカーを別の建物へ動かす"),
    "lady": ("Lady: choose a building whose action you pay 4 reals for", "貴婦人: 4レアルでアクションを行う建物を選ぶ"),
    "cdecide": ("{building}: pay {cost} reals or take {pirates} pirate point(s)",
                "{building}: {cost}レアルを払うか、海賊点{pirates}点を受け取る"),
    "honor": ("the honor: send a City Watch worker Home for 4 PP, or decline",
              "名誉賞: 見張り塔のワーカー1個をホームに戻して名声点4点、または辞退"),
    "upkeep": ("pay the upkeep of {count} ship(s) with your wood", "船{count}隻の維持費を手元の木で払う"),
    "upkeep_buy": ("buy wood for the upkeep ({count} owed) or leave it unpaid as pirate points",
                   "維持費の木(残り{count}個)を買うか、払わずに海賊点にする"),
    "feed": ("feed your workers with bread", "ワーカーにパンを与える"),
    "escore": ("score a Crown's Request ({count} to score)", "王国の要請を達成する(あと{count}枚)"),
    "wealth": ("pay reals for Wealth of the Nation", "国家の富のためにレアルを払う"),
}
#: Words of the board images (``madeira.board.<key>``).
BOARD_WORDS: dict[str, tuple[str, str]] = {
    "round": ("Round {round} of {rounds}", "第{round}ラウンド(全{rounds})"),
    "phase.setup": ("Set-up", "準備"),
    "phase.A": ("Phase A · dice rows", "フェイズA・ダイス列"),
    "phase.B": ("Phase B · characters", "フェイズB・人物"),
    "phase.C": ("Phase C · buildings", "フェイズC・建物"),
    "phase.D": ("Phase D · maintenance", "フェイズD・維持"),
    "phase.E": ("Phase E · Crown's Requests", "フェイズE・王国の要請"),
    "phase.over": ("Final scoring", "最終得点"),
    "passed": ("passed", "パス済"),
    "pp": ("{pp} PP", "名声点{pp}"),
    "islands": ("Islands", "島"),
    "forest": ("Forest", "森林"),
    "buildings": ("Buildings", "建物"),
    "cities": ("Cities", "都市"),
    "colonies": ("Colonies", "植民地"),
    "markets": ("Markets", "通商路"),
    "watch": ("City Watch", "見張り塔"),
    "windmill": ("Windmill", "風車"),
    "rows": ("Dice rows", "ダイス列"),
    "passing": ("Passing Column", "パス列"),
    "empty": ("empty in round {round}", "第{round}ラウンドは空き"),
    "cost": ("cost {cost}", "コスト{cost}"),
    "region": ("region {region}", "エリア{region}"),
    "becomes": ("becomes {good} in round {round}", "第{round}ラウンドに{good}へ"),
    "taken": ("taken", "選択済"),
    "requests": ("Requests", "要請"),
    "favors": ("Favors", "ギルドタイル"),
    "markers": ("markers", "マーカー"),
    "home": ("Home", "ホーム"),
    "on_board": ("on board", "盤上"),
    "workers": ("workers", "ワーカー"),
    "ships": ("ships", "船"),
    "pirate_dice": ("pirate dice", "海賊ダイス"),
    "income": ("income", "収入"),
    "rewards": ("King's Rewards", "王国の報酬"),
    "feeds": ("feeds {count}", "{count}人分"),
    "free": ("free", "空き"),
    "waiting": ("waiting", "待機"),
    "reals_each": ("{reals} reals", "{reals}レアル"),
    "legend": ("Full board: /board", "盤面全体: /board"),
    "final.explain": ("Score = prestige track + 1 PP per 5 reals − the pirate penalty",
                      "得点 = 名声点トラック + 5レアルごとに1点 − 海賊点のペナルティ"),
    "col.track": ("Track", "トラック"),
    "col.goods": ("Reals", "レアル"),
    "col.pirates": ("Pirates", "海賊"),
    "col.total": ("Total", "合計"),
    "final.sub": ("{reals} reals · {pirates} pirate pts", "{reals}レアル・海賊点{pirates}"),
    "final.pirate_rule": ("Pirates: the most pirate points lose 16 PP, the next 8, then 4 and 2 (a tie: the "
                          "player higher in the Passing Column loses less); −1 PP more per point above 20.",
                          "海賊: 海賊点が最も多い人は−16点、次は−8、−4、−2(同数ならパス列で上の人の減点が少ない)。"
                          "さらに20を超える1点ごとに−1点。"),
    "pass.city": ("worker to a city +1 PP", "都市へワーカー +1"),
    "pass.watch": ("worker to the Watch", "見張り塔へワーカー"),
    "pass.ship": ("move a ship", "船を移動"),
    "land": ("Colony Land", "植民地"),
    "farmer": ("Harvest +1", "収穫+1"),
    "guild.white": ("white", "白"), "guild.green": ("green", "緑"), "guild.orange": ("orange", "オレンジ"),
    "guild.purple": ("purple", "紫"),
    "round_short": ("round {round}", "第{round}R"),
    "final.track": ("Prestige track {pp}", "名声点トラック {pp}"),
    "final.goods": ("{reals} reals → +{pp}", "{reals}レアル → +{pp}"),
    "final.pirates": ("{pirates} pirate pts → −{lost}", "海賊点{pirates} → −{lost}"),
    "final.tie": ("Tie at {pp} PP: {players} higher in the Passing Column",
                  "名声点{pp}で同点: パス列で上の{players}が上位"),
}
#: Where a worker moves (``madeira.where.<to>``), said inside ``madeira.decide.wmove``.
WHERE: dict[str, tuple[str, str]] = {
    "field": ("to fields", "フィールドへ"), "city": ("to a city", "都市へ"),
    "colony": ("to Colony Land", "植民地へ"), "watch": ("to the City Watch", "見張り塔へ"),
    "any": ("anywhere", "どこへでも"),
}

MESSAGES: dict[str, dict[str, str]] = {
    "madeira.title": {"en": "Madeira", "ja": "マデイラ"},
    # -- reasons ------------------------------------------------------------------------------
    "madeira.reason.expected": {
        "en": "now you {prompt}; for example {examples}",
        "ja": "今求められている操作: {prompt}。例: {examples}",
    },
    "madeira.reason.format": {
        "en": "Madeira moves are short words like `row 2`, `die 3 steward`, `move home-2a`, `pass 1`, `pay`",
        "ja": "マデイラの手は `row 2`・`die 3 steward`・`move home-2a`・`pass 1`・`pay` のような短い言葉です",
    },
    "madeira.reason.too_long": {
        "en": "a move is a few words, at most {limit} characters (like `pass 1`)",
        "ja": "手は数語、{limit}文字までです(`pass 1` のように)",
    },
    "madeira.reason.character": {
        "en": "the character {code} is not used in Madeira moves (like `row 2`, `die 3 steward`, `pay`)",
        "ja": "文字 {code} はマデイラの手に使えません(`row 2`・`die 3 steward`・`pay` のように)",
    },
    "madeira.reason.unknown_word": {
        "en": "“{word}” is not a word of the Madeira notation (see /rules madeira)",
        "ja": "「{word}」はマデイラの記法にありません(/rules madeira を参照)",
    },
    "madeira.reason.nothing_fits": {"en": "no legal move of yours fits that now", "ja": "今それに当てはまる合法手はありません"},
    "madeira.reason.waiting": {"en": "nothing is asked of you now", "ja": "今あなたに求められていることはありません"},
    # -- moves --------------------------------------------------------------------------------
    "madeira.board.legend.sugar": {"en": "sugar", "ja": "砂糖"},
    "madeira.board.legend.markers": {"en": "action markers", "ja": "アクションマーカー"},
    "madeira.board.legend.mill": {"en": "windmill", "ja": "風車"},
    "madeira.board.legend.favors": {"en": "favors face up/held", "ja": "表のギルドタイル/所持"},
    "madeira.board.legend.on_board": {"en": "+n: on the board", "ja": "+n: ボード上"},
    "madeira.move.city": {"en": "puts a worker on city spot {spot}", "ja": "都市マス {spot} にワーカーを置く"},
    "madeira.move.field": {"en": "puts a worker on field {field}", "ja": "フィールド {field} にワーカーを置く"},
    "madeira.move.row": {"en": "takes dice row {row} (dice {dice})", "ja": "ダイス列 {row} を取る(出目 {dice})"},
    "madeira.move.take": {"en": "takes the request {request}", "ja": "要請「{request}」を取る"},
    "madeira.move.guild": {"en": "refreshes the {guild} guild's favors", "ja": "{guild}のギルドタイルを表に戻す"},
    "madeira.move.favor": {"en": "uses the favor {favor}", "ja": "ギルドタイル「{favor}」を使う"},
    "madeira.move.die": {"en": "places a {value} on the {character}{bread}", "ja": "{character}にダイス{value}を置く{bread}"},
    "madeira.move.pirate": {"en": "places the pirate die {value} on the {character}{bread}",
                            "ja": "{character}に海賊ダイス{value}を置く{bread}"},
    "madeira.move.bread": {"en": " (pays {count} bread)", "ja": "(パン{count}個を払う)"},
    "madeira.move.pass_reals": {"en": "passes to slot {slot} and takes {count} reals",
                                "ja": "パス列の{slot}へパスし、{count}レアルを得る"},
    "madeira.move.pass_action": {"en": "passes to slot {slot}: {action}", "ja": "パス列の{slot}へパス: {action}"},
    "madeira.move.act": {"en": "performs the {character}'s action", "ja": "{character}のアクションを行う"},
    "madeira.move.harvest": {"en": "harvests", "ja": "収穫する"},
    "madeira.move.skip": {"en": "does nothing more", "ja": "何もしない"},
    "madeira.move.done": {"en": "stops there", "ja": "ここで終える"},
    "madeira.move.worker": {"en": "moves a worker {source} → {target}", "ja": "ワーカーを移動 {source} → {target}"},
    "madeira.move.piece": {"en": "moves the piece on {source} to {target}", "ja": "{source} のコマを {target} へ移動"},
    "madeira.move.ship": {"en": "moves a ship {source} → {target}", "ja": "船を移動 {source} → {target}"},
    "madeira.move.buy": {"en": "builds the district of the {favor} in {city} ({cost} wood)",
                         "ja": "{city}の「{favor}」の区画を建設(木{cost}個)"},
    "madeira.move.wood_buy": {"en": "buys a wood from {source}", "ja": "{source} から木を1個買う"},
    "madeira.move.wood_take": {"en": "takes a wood from {source}", "ja": "{source} から木を1個得る"},
    "madeira.move.reward": {"en": "chooses the King's Reward {reward}", "ja": "王国の報酬「{reward}」を選ぶ"},
    "madeira.move.support_pirates": {"en": "discards pirates (Royal Support)", "ja": "海賊点を捨てる(王室のサポート)"},
    "madeira.move.support_bread": {"en": "takes bread (Royal Support)", "ja": "パンを得る(王室のサポート)"},
    "madeira.move.discard": {"en": "discards {count} pirate point(s)", "ja": "海賊点を{count}点捨てる"},
    "madeira.move.flip": {"en": "turns the {favor} face up", "ja": "「{favor}」を表にする"},
    "madeira.move.again": {"en": "harvests field {field} again", "ja": "フィールド {field} をもう一度収穫"},
    "madeira.move.marker": {"en": "moves an action marker from {source} to {target}",
                            "ja": "アクションマーカーを {source} から {target} へ移動"},
    "madeira.move.building": {"en": "pays 4 reals for the action of {building}", "ja": "4レアルで{building}のアクション"},
    "madeira.move.pay": {"en": "pays {count} reals at {building}", "ja": "{building}で{count}レアルを払う"},
    "madeira.move.pirates": {"en": "does not pay and takes pirates", "ja": "払わずに海賊点を受け取る"},
    "madeira.move.honor": {"en": "sends a City Watch worker Home for the honor", "ja": "見張り塔のワーカーをホームに戻し名誉賞を得る"},
    "madeira.move.no_honor": {"en": "declines the honor", "ja": "名誉賞を辞退する"},
    "madeira.move.upkeep": {"en": "pays {count} wood of ship upkeep from Home", "ja": "手元の木{count}個で船の維持費を払う"},
    "madeira.move.unpaid": {"en": "leaves the rest of the upkeep unpaid", "ja": "残りの維持費を払わない"},
    "madeira.move.feed": {"en": "pays {count} bread to feed workers", "ja": "パン{count}個でワーカーを養う"},
    "madeira.move.score": {"en": "scores the request {request}", "ja": "要請「{request}」を達成する"},
    "madeira.move.wealth": {"en": "pays {count} reals to the Crown", "ja": "国に{count}レアルを払う"},
    "madeira.move.mill_up": {"en": "raises the windmill (2 wheat)", "ja": "風車を上げる(小麦2個)"},
    "madeira.move.mill_down_bread": {"en": "lowers the windmill for bread", "ja": "風車を下げてパンを得る"},
    "madeira.move.mill_down_reals": {"en": "lowers the windmill for reals", "ja": "風車を下げてレアルを得る"},
    "madeira.move.mill_trade": {"en": "trades {a} and {b} for {c} at the windmill",
                                "ja": "風車で{a}1個と{b}1個を{c}1個に交換"},
    "madeira.move.mill_trade_same": {"en": "trades 2 {a} for {c} at the windmill", "ja": "風車で{a}2個を{c}1個に交換"},
    # -- events -------------------------------------------------------------------------------
    "madeira.event.round": {"en": "Round {round}: characters placed, dice rolled.",
                            "ja": "第{round}ラウンド: 人物を配置し、ダイスを振りました。"},
    "madeira.event.phase_b": {"en": "Character actions (Phase B).", "ja": "人物アクションフェイズ(B)。"},
    "madeira.event.phase_c": {"en": "Building actions (Phase C).", "ja": "建物アクションフェイズ(C)。"},
    "madeira.event.phase_d": {"en": "Maintenance (Phase D).", "ja": "維持フェイズ(D)。"},
    "madeira.event.phase_e": {"en": "The Crown's Requests (Phase E).", "ja": "王国の要請フェイズ(E)。"},
    "madeira.event.pirates.building": {
        "en": "Seat {seat} does not pay and takes pirate points (only that player sees how many).",
        "ja": "席{seat}は支払わず海賊点を受け取ります(点数は本人だけが確認できます)。"},
    "madeira.event.pirates.building.own": {"en": "You take {count} pirate point(s) instead of paying.",
                                           "ja": "あなたは支払わず海賊点{count}点を受け取りました。"},
    "madeira.event.pirates.upkeep": {"en": "Seat {seat} leaves {count} wood of upkeep unpaid: {count} pirate point(s).",
                                     "ja": "席{seat}は維持費の木{count}個を払わず、海賊点{count}点。"},
    "madeira.event.pirates.feeding": {"en": "Seat {seat} leaves {count} worker(s) unfed: {count} pirate point(s).",
                                      "ja": "席{seat}はワーカー{count}個を養えず、海賊点{count}点。"},
    "madeira.event.pirate_total": {"en": "Your pirate points: {total} (hidden from the others).",
                                   "ja": "あなたの海賊点: {total}点(他のプレイヤーには非公開)。"},
    "madeira.event.pirates_discarded": {"en": "Seat {seat} discards {count} pirate point(s).",
                                        "ja": "席{seat}は海賊点{count}点を捨てます。"},
    "madeira.event.mill_up": {"en": "Seat {seat}'s windmill rises to {level}.", "ja": "席{seat}の風車が{level}に上がります。"},
    "madeira.event.mill_top": {"en": "Seat {seat}'s windmill is at the top: +{pp} PP.",
                               "ja": "席{seat}の風車は最上段のため名声点+{pp}。"},
    "madeira.event.mill_down.bread": {"en": "Seat {seat}'s windmill drops to {level}: +{count} bread.",
                                      "ja": "席{seat}の風車が{level}に下がり、パン+{count}。"},
    "madeira.event.mill_down.reals": {"en": "Seat {seat}'s windmill drops to {level}: +{count} reals.",
                                      "ja": "席{seat}の風車が{level}に下がり、+{count}レアル。"},
    "madeira.event.mill_bottom.bread": {"en": "Seat {seat} gives 1 PP for {count} bread (windmill at the bottom).",
                                        "ja": "席{seat}は名声点1点を払いパン{count}個(風車は最下段)。"},
    "madeira.event.mill_bottom.reals": {"en": "Seat {seat} gives 1 PP for {count} real(s) (windmill at the bottom).",
                                        "ja": "席{seat}は名声点1点を払い{count}レアル(風車は最下段)。"},
    "madeira.event.colony_pp": {"en": "Seat {seat} gains {pp} PP for its ships at {colony}.",
                                "ja": "席{seat}は{colony}の船により名声点{pp}点。"},
    "madeira.event.pp": {"en": "Seat {seat} gains {pp} PP.", "ja": "席{seat}は名声点{pp}点を獲得。"},
    "madeira.event.wood_bought": {"en": "Seat {seat} buys a wood from {source} for {price} real(s).",
                                  "ja": "席{seat}は{source}から木を{price}レアルで購入。"},
    "madeira.event.wood_gained": {"en": "Seat {seat} gets {count} wood from {source}.",
                                  "ja": "席{seat}は{source}から木{count}個を獲得。"},
    "madeira.event.market_reals": {"en": "Seat {seat}'s ship on {slot} earns {count} reals.",
                                   "ja": "席{seat}の{slot}の船が{count}レアルを稼ぎます。"},
    "madeira.event.harvest": {"en": "Seat {seat} harvests: {wheat} wheat, {sugar} sugar, {wine} wine, {wood} wood.",
                              "ja": "席{seat}の収穫: 小麦{wheat}・砂糖{sugar}・ワイン{wine}・木{wood}。"},
    "madeira.event.no_workers": {"en": "Seat {seat} has no worker in region {region}: no action.",
                                 "ja": "席{seat}はエリア{region}にワーカーがいないためアクションなし。"},
    "madeira.event.honor_none": {"en": "No single player leads the City Watch: no honor this round.",
                                 "ja": "見張り塔の単独最多がいないため、今回の名誉賞はありません。"},
    "madeira.event.honor": {"en": "Seat {seat} takes the honor: +{pp} PP.", "ja": "席{seat}が名誉賞を獲得: 名声点+{pp}。"},
    "madeira.event.upkeep": {"en": "Seat {seat} owes {owed} wood of ship upkeep and pays {paid} from Home.",
                             "ja": "席{seat}の船の維持費は木{owed}個、手元から{paid}個を払いました。"},
    "madeira.event.feed": {"en": "Seat {seat} owes {owed} bread and pays {paid}.",
                           "ja": "席{seat}はパン{owed}個が必要で、{paid}個を払いました。"},
    "madeira.event.not_converted": {"en": "Field {field} still has wood: it keeps its good for good.",
                                    "ja": "フィールド{field}には木が残っているため、作物は変わりません。"},
    "madeira.event.final": {
        "en": "Seat {seat}: {reals} reals → +{pp} PP; {pirates} pirate point(s) → −{lost} PP; total {score} PP.",
        "ja": "席{seat}: {reals}レアル → 名声点+{pp}、海賊点{pirates}点 → 名声点−{lost}、合計{score}点。",
    },
    # -- the private screen -------------------------------------------------------------------
    "madeira.private.title": {"en": "Madeira — seat {seat} ({colour}):", "ja": "マデイラ — 席{seat}({colour}):"},
    "madeira.private.pirates": {
        "en": "Your pirate points: {pirates}. Only you know this number until the final scoring.",
        "ja": "あなたの海賊点: {pirates}点。最終得点計算までこの数を知っているのはあなただけです。",
    },
    "madeira.private.penalty": {
        "en": "At the end the most pirates lose {table} PP (ties: earlier in turn order loses less), "
              "and 1 PP per pirate above {threshold}.",
        "ja": "終了時、海賊点の多い順に名声点{table}を失います(同点なら手番順が早い方が少なく失う)。"
              "さらに{threshold}点を超える1点ごとに名声点1点を失います。",
    },
    "madeira.private.revealed": {"en": "The game is over: all pirate totals are revealed.",
                                 "ja": "ゲーム終了: 全員の海賊点が公開されました。"},
    # -- options ------------------------------------------------------------------------------
    "madeira.option.city_order": {
        "en": "Order of the set-up city placements: reverse turn order (rulebook) or turn order (the Japanese walk-through)",
        "ja": "準備で都市にワーカーを置く順番: 逆手番順(ルールブック)または手番順(日本語の解説)",
    },
}

COLOURS = {"yellow": ("yellow", "黄"), "red": ("red", "赤"), "purple": ("purple", "紫"), "blue": ("blue", "青")}


def _register_names() -> None:
    for group, entries in NAMES.items():
        for key, (en, ja) in entries.items():
            MESSAGES[f"madeira.{group}.{key}"] = {"en": en, "ja": ja}
    for key, (en, ja) in COLOURS.items():
        MESSAGES[f"madeira.colour.{key}"] = {"en": en, "ja": ja}
    for key, (en, ja) in PROMPTS.items():
        MESSAGES[f"madeira.prompt.{key}"] = {"en": en, "ja": ja}
    for key, (en, ja) in DECISIONS.items():
        MESSAGES[f"madeira.decide.{key}"] = {"en": en, "ja": ja}
    for key, (en, ja) in WHERE.items():
        MESSAGES[f"madeira.where.{key}"] = {"en": en, "ja": ja}
    for key, (en, ja) in BOARD_WORDS.items():
        MESSAGES[f"madeira.board.{key}"] = {"en": en, "ja": ja}
    good = NAMES["good"]
    for key in ("bread", "reals", "wheat", "sugar", "wine"):
        en, ja = good[key]
        MESSAGES[f"madeira.event.gain.{key}"] = {
            "en": f"Seat {{seat}} gains {{count}} {en}.",
            "ja": f"席{{seat}}は{{count}}レアルを獲得。" if key == "reals" else f"席{{seat}}は{ja}{{count}}個を獲得。"}
    for key in ("wheat", "sugar", "wine", "wood"):
        en, ja = good[key]
        MESSAGES[f"madeira.event.again.{key}"] = {
            "en": f"Seat {{seat}} harvests field {{field}} again: 1 {en}.",
            "ja": f"席{{seat}}はフィールド{{field}}をもう一度収穫: {ja}1個。"}
    for key in ("sugar", "wine"):
        en, ja = good[key]
        MESSAGES[f"madeira.event.converted.{key}"] = {
            "en": f"Field {{field}} is clear of wood: it grows {en} from now on.",
            "ja": f"フィールド{{field}}には木がないため、今後は{ja}が収穫されます。"}
    from games.madeira.engine import TRADES

    for a, b, c in TRADES:
        MESSAGES[f"madeira.event.mill_trade.{a}.{b}.{c}"] = {
            "en": f"Seat {{seat}} trades {counted_list((good[a][0], good[b][0]), 'en')} for 1 {good[c][0]} at the windmill.",
            "ja": f"席{{seat}}は風車で{counted_list((good[a][1], good[b][1]), 'ja')}を{good[c][1]}1個に交換。"}
    for key, (en, ja) in NAMES["favor"].items():
        MESSAGES[f"madeira.event.favor.{key}"] = {"en": f"Seat {{seat}} uses the {en}.",
                                                  "ja": f"席{{seat}}は「{ja}」を使います。"}
        MESSAGES[f"madeira.event.district.{key}"] = {
            "en": f"Seat {{seat}} builds a district of {{city}} for {{cost}} wood and takes the {en}.",
            "ja": f"席{{seat}}は木{{cost}}個で{{city}}の区画を建設し「{ja}」を獲得。"}
    for key, (en, ja) in NAMES["reward"].items():
        MESSAGES[f"madeira.event.reward.{key}"] = {"en": f"Seat {{seat}} takes the King's Reward {en}.",
                                                   "ja": f"席{{seat}}は王国の報酬「{ja}」を受けます。"}
    for key, (en, ja) in NAMES["building"].items():
        MESSAGES[f"madeira.event.reroll.{key}"] = {
            "en": f"{en}: dice re-rolled ({{dice}}); the action costs {{cost}} reals, or {{pirates}} pirate point(s).",
            "ja": f"{ja}: ダイスを振り直し({{dice}})。コスト{{cost}}レアル、払わなければ海賊点{{pirates}}点。"}
        MESSAGES[f"madeira.event.paid.{key}"] = {"en": f"Seat {{seat}} pays {{count}} reals at {en}.",
                                                 "ja": f"席{{seat}}は{ja}で{{count}}レアルを支払います。"}
    for key, (en, ja) in NAMES["guild"].items():
        MESSAGES[f"madeira.event.refresh.{key}"] = {
            "en": f"Seat {{seat}} turns {{count}} {en} favor(s) face up.",
            "ja": f"席{{seat}}は{ja}のギルドタイル{{count}}枚を表にします。"}
    for key, (en, ja) in NAMES["request"].items():
        if key == "urban":
            MESSAGES["madeira.event.request.urban"] = {"en": f"Seat {{seat}} scores {en} in {{city}}: {{pp}} PP.",
                                                       "ja": f"席{{seat}}は{{city}}で「{ja}」を達成: 名声点{{pp}}。"}
        elif key == "wealth":
            MESSAGES["madeira.event.request.wealth"] = {"en": f"Seat {{seat}} scores {en}: {{pp}} PP.",
                                                        "ja": f"席{{seat}}は「{ja}」を達成: 名声点{{pp}}。"}
        elif key == "guilds":
            MESSAGES["madeira.event.request.guilds"] = {
                "en": f"Seat {{seat}} scores {en} with {{count}} favor(s): {{pp}} PP.",
                "ja": f"席{{seat}}はギルドタイル{{count}}枚で「{ja}」を達成: 名声点{{pp}}。"}
        else:
            MESSAGES[f"madeira.event.request.{key}"] = {
                "en": f"Seat {{seat}} scores {en} with {{count}} ship(s): {{pp}} PP.",
                "ja": f"席{{seat}}は船{{count}}隻で「{ja}」を達成: 名声点{{pp}}。"}


_register_names()

PLACEHOLDERS: dict[str, tuple[str, str]] = {
    "U1": ("fields of regions 2-3 (goods, conversions, wood) and the 3-/2-player wood of 1c, 1d",
           "エリア2・3のフィールド(作物・切り替え・木)と1c・1dの3人・2人用の木"),
    "U2": ("landing slot wine costs (1, 2, 3, 3, 4) and which slots 2-3 players use",
           "植民地の上陸マスのワイン(1・2・3・3・4)と2〜3人で使うマス"),
    "U3": ("market slots: one cost each; 2 players lose each market's dearest slot",
           "通商路マス: 各マス1つのコスト、2人では各市場の最も高いマスを使わない"),
    "U4": ("district costs 2, 3, 4, 5 wood (districts 3-6)", "区画3〜6の建設コストは木2・3・4・5"),
    "U5": ("city spots 1-12 left to right; neutral citizen on spot 4", "都市マスは左から1〜12、中立の市民はマス4"),
    "U6": ("windmill levels 0 (blank) to 6, start on 3", "風車の段は0(空白)〜6、開始は3"),
    "U7": (("the favors' guilds (white: Treasurer, Bishop, Engineer; green: Lord, Scout, Diplomat; "
           "orange: Patron, Miller, Monk; purple: Navigator, Lady, Constable)"),
           ("各ギルドタイルのギルド(白: 会計官・司教・技師、緑: 領主・斥候・外交官、オレンジ: 後援者・粉屋・修道士、"
           "紫: 航海士・貴婦人・警吏)")),
    "U8": ("3-player guild rows white+green, green+orange, orange+purple; 2-player top row white+green",
           "3人用の列のギルド(白+緑、緑+オレンジ、オレンジ+紫)と2人用の上の列(白+緑)"),
    "U9": ("passing slots I-III with 3 players, I-II with 2", "パス列は3人でI〜III、2人でI〜II"),
    "U10": ("King's Rewards: one pool of eight, two different ones per colony",
            "王国の報酬: 8枚を1つの山にして各植民地に異なる2枚"),
    "U11": ("regular requests: each type two 2-head, one 3-head, one 4-head tile",
            "通常の王国の要請: 各種類とも2人用2枚・3人用1枚・4人用1枚"),
    "U12": ("starting requests Wealth (1 crown), Urbanization (2), Market Routes (3), Expeditions (4)",
            "開始時の要請: 国家の富(王冠1)・都市化(2)・通商路(3)・探検(4)"),
}

_RULES_EN = """**Madeira** (Nuno Bizarro Sentieiro, Paulo Soledade), 2-4 players, 5 rounds. Earn prestige (PP) for the Crown.
**Round**: A) characters go on four buildings (one stays empty: its printed character only harvests +1); in turn order pick a dice row (its 3 dice, a Crown's Request, and your favors of its guild turn face up). B) in row order: place a die on a character (`die 2 steward`; a die below the building's region costs the difference in bread; a **pirate die** from the City Watch costs a Watch worker), then its action, a harvest, or nothing; or **pass** to a free slot for reals or its action. C) buildings in order: each player with a marker pays `base − guild dice` reals (10/9/8 for 4/3/2 players) and acts by his workers in the region (1-2: tier 1, 3+: tier 2), or takes 1 + the pirate die in pirates. D) honor (most City Watch workers, alone: 4 PP), colony income, 1 wood per ship, 1 bread per worker beyond your windmill level — unpaid wood and bread are pirates. E) rounds 1/3/5 score 1/2/3 requests; rounds 2/4 change the goods of wood-free convertible fields.
**Characters**: Steward moves 2 workers to fields; Guild Master builds a district with wood and takes its favor; Mayor moves 2 city pieces then collects city income; Commander moves 2 ships (wine for colonies, goods for markets, 1 wood from Home) for reals or King's Rewards.
**Wood**: your own first; the rest is bought (1, 2, 3 … reals each in one turn) only with a worker on a wooded field or in the Forest.
**Windmill** (any time in B, C, D for the player asked): `mill up` (2 wheat), `mill down bread` / `mill down reals` (B, C), `mill trade wheat+sugar wine`.
**End**: goods, wood and bread become reals, 5 reals = 1 PP; pirates are revealed: the most lose 16, then 8, 4, 2 PP (ties: earlier in turn order loses less), and 1 PP per pirate above 20.
**Notation** (one decision per move; `/move` suggests them): `city ps3`, `field 2a`, `row 2`, `take wealth`, `guild green`, `favor monk`, `die 3 mayor`, `pirate 1 commander`, `act`, `harvest`, `skip`, `pass 1`, `pass 2 reals`, `pass 2 city`, `move home-2a` (worker), `move ps4-fu5` (Mayor), `ship home-wh2`, `done`, `buy monk`, `wood forest`, `reward loot`, `support bread`, `flip monk`, `again 2a`, `marker moinho-coroa`, `building moinho`, `pay`, `pirates`, `honor`, `upkeep 2`, `feed 3`, `score urban`, `wealth 10`, `mill up`.
Places: fields `1a`-`3e`, `forest`; city spots `ps1`-`ps12` (Porto Santo), `fu1`… (Funchal), `ma1`… (Machico); colonies `az` `br` `in`, landing slots `az1`…; markets `wh1`…, `su1`…, `wi1`…; `home`, `watch`.
**Icons**: coin reals, star PP, sheaf wheat, cube sugar, drop wine, log wood, loaf bread, figure workers and boat ships (Home, +on board), flag markers, mill workers fed, tile favors up/held; `/board` the full board.
**Pirates**: your total by DM and `/hand`, secret to the end; what you take at a building (C) only you learn; unpaid upkeep and feeding (D) and discards are public. Discards: `discard 3`…`discard 0` (asked even with none). Auto-picked: a request's best ships, favors, city; a lone choice no windmill could change.
**Placeholder data** (printed numbers are not public; the project's own until verified): {placeholders}."""

_RULES_JA = """**マデイラ**(ヌーノ・ビザーロ・センティエイロ、パウロ・ソレダーデ作)2〜4人・5ラウンド。王国のために名声点を稼ぎます。海賊点はあなただけの秘密です。
**ラウンド**: A) 人物を4つの建物に置く(1つは空き: 描かれた人物は収穫+1のみ)。手番順にダイス列を選ぶ(ダイス3個・王国の要請1枚・その色のギルドタイルを表に)。B) 列の順に: 人物にダイスを置く(`die 2 steward`。建物のエリア番号より小さい目は差の分パンを払う。見張り塔の**海賊ダイス**は見張り塔のワーカー1個をホームへ)、人物のアクション・収穫・何もしない、のいずれか。または空いたパス列に**パス**してレアルかアクション。C) 建物の順に: マーカーのあるプレイヤーは `基本値−ギルドダイス` レアル(4/3/2人で10/9/8)を払い、そのエリアのワーカー数(1〜2: 段階1、3以上: 段階2)でアクション。払わなければ1+海賊ダイスの海賊点。D) 名誉賞(見張り塔の単独最多: 名声点4)、植民地の収入、船1隻につき木1、風車の段を超えるワーカー1個につきパン1。払えない木とパンは海賊点。E) 第1/3/5ラウンドは要請を1/2/3枚達成、第2/4ラウンドは木のない切り替えフィールドの作物が変わる。
**人物**: 執事はワーカー2個をフィールドへ。ギルドマスターは木で区画を建設しギルドタイルを得る。市長は都市のコマ2個を動かし都市の収入。司令官は船2隻を動かす(植民地はワイン、通商路は作物、ホームからは木1)とレアルや王国の報酬。
**木**: 手元の木から。足りない分は、木のあるフィールドか森林に自分のワーカーがいるときだけ購入(1手番で1・2・3…レアルずつ)。
**風車**(B・C・Dで、手番のプレイヤーがいつでも): `mill up`(小麦2)、`mill down bread` / `mill down reals`(B・Cのみ)、`mill trade wheat+sugar wine`。
**終了**: 作物・木・パンをレアルにし、5レアルで名声点1。海賊点を公開し、多い順に名声点16・8・4・2を失う(同点は手番順が早い方が少なく失う)。さらに20点を超える1点ごとに名声点1を失う。
**記法**(1手 = 1つの決定。`/move` が候補を出します): `city ps3`、`field 2a`、`row 2`、`take wealth`、`guild green`、`favor monk`、`die 3 mayor`、`pirate 1 commander`、`act`、`harvest`、`skip`、`pass 1`、`pass 2 reals`、`pass 2 city`、`move home-2a`(ワーカー)、`move ps4-fu5`(市長)、`ship home-wh2`、`done`、`buy monk`、`wood forest`、`reward loot`、`support bread`、`discard 3`、`flip monk`、`again 2a`、`marker moinho-coroa`、`building moinho`、`pay`、`pirates`、`honor`、`upkeep 2`、`feed 3`、`score urban`、`wealth 10`、`mill up`。
場所: フィールド `1a`〜`3e` と `forest`、都市マス `ps1`〜`ps12`(ポルト・サント)・`fu1`〜`fu12`(フンシャル)・`ma1`〜`ma12`(マシコ)、植民地 `az` `br` `in` と上陸マス `az1`…、通商路 `wh1`〜`wh4`・`su1`〜`su5`・`wi1`〜`wi4`、`home`、`watch`。
**アイコン**: 硬貨=レアル、星=名声点、穂=小麦、角砂糖=砂糖、しずく=ワイン、丸太=木、パン=パン、人=ワーカーと船=船(ホーム、+盤上)、旗=マーカー、風車=養えるワーカー数、札=表のギルドタイル/所持数。`/board` で盤面全体。
**海賊点**はDMと `/hand` で確認でき、終了まで秘密です。建物(C)で受け取った点数は本人だけが知り、維持費・食料の不足分(D)と捨てた点数は公開されます。捨てる数は自分で選びます(`discard 3`〜`discard 0`、0点でも尋ねます)。要請の対象(最も得な船・ギルドタイル・都市)と、風車のアクションでも変わらない選択肢1つは自動で決まります。
**仮のデータ**(印刷された数値が公開されていないため、検証されるまでこのプロジェクト独自の値です): {placeholders}。"""


def rules_help() -> dict[str, str]:
    listed = [PLACEHOLDERS[key] for key in BOARD.placeholders if key in PLACEHOLDERS]
    return {
        "en": _RULES_EN.replace("{placeholders}", "; ".join(en for en, _ in listed) or "none"),
        "ja": _RULES_JA.replace("{placeholders}", "、".join(ja for _, ja in listed) or "なし"),
    }


RULES_HELP = rules_help()
