"""Medina's texts in English and Japanese: reasons, events, moves, the screen, options, rules help."""

from __future__ import annotations

COLOUR_NAMES = {
    "grey": ("grey", "灰色"),
    "black": ("black", "黒"),
    "purple": ("purple", "紫"),
    "brown": ("brown", "茶色"),
    "orange": ("orange", "オレンジ"),
    "red": ("red", "赤"),
    "blue": ("blue", "青"),
    "yellow": ("yellow", "黄"),
    "green": ("green", "緑"),
}
PIECE_NAMES = {
    "roof": ("rooftops", "屋根"),
    "neutral": ("neutral rooftops", "中立の屋根"),
    "stable": ("stables", "小屋"),
    "merchant": ("merchants", "商人"),
    "wall": ("walls", "城壁"),
    "tea": ("tea tiles", "ティータイル"),
}

MESSAGES: dict[str, dict[str, str]] = {
    "medina.title": {"en": "Medina", "ja": "メディナ"},
    # -- reasons ------------------------------------------------------------------------------
    "medina.reason.format": {
        "en": "write a piece and a cell like `orange F7`, `roof F7`, `stable F7`, `merchant F7`, "
              "a wall arm like `wall 1E`, or `tea`",
        "ja": "`orange F7`・`roof F7`・`stable F7`・`merchant F7` のようにコマとマス、城壁は `wall 1E` "
              "のように塔の番号と方向、ティーブレイクは `tea` と書いてください",
    },
    "medina.reason.too_long": {
        "en": "a move is at most {limit} characters, like `orange F7` or `wall 1E`",
        "ja": "手は `orange F7` や `wall 1E` のように{limit}文字以内で書いてください",
    },
    "medina.reason.control": {
        "en": "it contains an invisible or control character ({code}); write a piece and a cell "
              "like `orange F7`",
        "ja": "見えない文字または制御文字({code})が含まれています。`orange F7` のようにコマとマスを"
              "書いてください",
    },
    "medina.reason.digits": {
        "en": "write numbers with the digits 0-9 (“{char}” is not one), like `orange F7`",
        "ja": "数字は 0〜9 で書いてください(「{char}」は使えません)。例: `orange F7`",
    },
    "medina.reason.unknown_word": {
        "en": "“{word}” is not a piece (grey, black/purple, brown, orange, roof, neutral, stable, "
              "merchant, wall, tea)",
        "ja": "「{word}」はコマの名前ではありません(grey, black/purple, brown, orange, roof, neutral, "
              "stable, merchant, wall, tea)",
    },
    "medina.reason.no_cell": {
        "en": "there is no cell {cell} on this board (columns {columns}, rows 1-{rows})",
        "ja": "この盤に {cell} というマスはありません(列 {columns}、行 1〜{rows})",
    },
    "medina.reason.no_arm": {
        "en": "there is no wall arm {arm}; the arms are 1E 1S 2W 2N 3W 3S 4E 4N",
        "ja": "{arm} という城壁の列はありません。列は 1E 1S 2W 2N 3W 3S 4E 4N です",
    },
    "medina.reason.arm_expected": {
        "en": "a wall names an arm of a tower, like `wall 1E`",
        "ja": "城壁は `wall 1E` のように、塔の番号と伸ばす方向で指定します",
    },
    "medina.reason.cell_expected": {
        "en": "“{word}” goes on a city cell like F7, not on a wall arm",
        "ja": "「{word}」は F7 のような街のマスに置きます(城壁の列ではありません)",
    },
    "medina.reason.edition_colour": {
        "en": "edition {edition} has no such buildings; its second colour is {colour}",
        "ja": "第{edition}版にはその色の建物はありません。2番目の色は{colour}です",
    },
    "medina.reason.nothing_fits": {
        "en": "no legal move of yours fits that now",
        "ja": "今それに当てはまる合法手はありません",
    },
    "medina.reason.unknown": {"en": "the rules do not allow that now", "ja": "今はルール上それはできません"},
    "medina.reason.start_merchant_first": {
        "en": "first place the start merchant, like `merchant F7`",
        "ja": "最初に `merchant F7` のようにスタートの商人を置いてください",
    },
    "medina.reason.start_merchant_interior": {
        "en": "the start merchant goes on a cell that touches no wall space, and {cell} does",
        "ja": "スタートの商人は城壁のマスに接しないマスに置きます({cell} は接しています)",
    },
    "medina.reason.none_left": {
        "en": "you have no {piece} left",
        "ja": "{piece}が残っていません",
    },
    "medina.reason.closed": {
        "en": "{colour} is closed: every player has roofed a {colour} palace",
        "ja": "{colour}の建物は除外されています(全員が{colour}の宮殿に屋根を置きました)",
    },
    "medina.reason.roof_due": {
        "en": "nobody else can place a piece, so this turn must include one of your rooftops",
        "ja": "他に置ける人がいないため、この手番では自分の屋根を1つ置く必要があります",
    },
    "medina.reason.wall_gate": {
        "en": "arm {arm} cannot grow: the next space is taken or would close the side's gate",
        "ja": "城壁を {arm} に伸ばせません(次のマスが埋まっているか、門をふさいでしまいます)",
    },
    "medina.reason.roof_no_building": {
        "en": "there is no building on {cell} to put a rooftop on",
        "ja": "{cell} には屋根を置ける建物がありません",
    },
    "medina.reason.roof_roofed": {
        "en": "the palace at {cell} already has a rooftop",
        "ja": "{cell} の宮殿にはすでに屋根があります",
    },
    "medina.reason.roof_owned": {
        "en": "you already own a {colour} palace (one palace per colour)",
        "ja": "あなたはすでに{colour}の宮殿を持っています(各色1つまで)",
    },
    "medina.reason.well": {"en": "{cell} is the well", "ja": "{cell} は井戸です"},
    "medina.reason.occupied": {"en": "{cell} is already taken", "ja": "{cell} にはすでにコマがあります"},
    "medina.reason.zone": {
        "en": "{cell} is next to the well: only merchants may go there",
        "ja": "{cell} は井戸の周りなので、商人しか置けません",
    },
    "medina.reason.merchant_extend": {
        "en": "the merchant line must grow from one of its ends, onto a cell touching just that "
              "merchant: {options}",
        "ja": "商人の列は端から、その商人1人だけに接するマスへ伸ばします: {options}",
    },
    "medina.reason.merchant_restart": {
        "en": "a new merchant line must start on a cell that touches no merchant, and {cell} does",
        "ja": "新しい商人の列は商人に接しないマスから始めます({cell} は接しています)",
    },
    "medina.reason.touches_other": {
        "en": "{cell} touches another palace (diagonals count)",
        "ja": "{cell} は別の宮殿に接しています(斜めも含む)",
    },
    "medina.reason.stable_needs_building": {
        "en": "a stable must touch a building of a palace side by side (a stable alone is not enough)",
        "ja": "小屋は宮殿の建物に辺で接する必要があります(小屋だけに接するのは不可)",
    },
    "medina.reason.open_palace": {
        "en": "the {colour} palace at {at} is still open: a {colour} building must extend it ({options})",
        "ja": "{at} の{colour}の宮殿はまだ拡張できるため、{colour}の建物はそこに付けます({options})",
    },
    "medina.reason.tea_off": {
        "en": "this game is played without tea tiles",
        "ja": "このゲームではティータイルを使いません",
    },
    "medina.reason.tea_none": {"en": "you have no tea tile", "ja": "ティータイルを持っていません"},
    "medina.reason.tea_used": {
        "en": "you already took a tea break this turn",
        "ja": "この手番ではすでにティーブレイクをしました",
    },
    "medina.reason.tea_single": {
        "en": "this turn has only one placement, so a tea break cannot shorten it",
        "ja": "この手番は1つしか置かないため、ティーブレイクはできません",
    },
    # -- set-up -------------------------------------------------------------------------------
    "medina.setup.e1_players": {
        "en": "edition 1 is for 3 or 4 players, not {count}; choose edition=2 for two",
        "ja": "第1版は3〜4人用です({count}人では不可)。2人なら edition=2 を選んでください",
    },
    "medina.setup.e1_start_merchant": {
        "en": "in edition 1 the start player places the start merchant as the first move; "
              "start_merchant only fixes the edition-2 set-up",
        "ja": "第1版ではスタートの商人は最初の手で置きます。start_merchant は第2版の準備専用です",
    },
    "medina.setup.e1_modules": {
        "en": "the well and tea modules are edition-2 components; edition 1 has neither: "
              "choose edition=2, or leave out {modules}",
        "ja": "井戸とティーのモジュールは第2版の部品で、第1版にはありません。edition=2 を選ぶか、"
              "{modules} を外してください",
    },
    "medina.setup.well_cell_without_well": {
        "en": "well_cell needs the well module: add well=on",
        "ja": "well_cell を使うには井戸モジュールが必要です(well=on)",
    },
    "medina.setup.bad_cell": {
        "en": "{name}={value} is not an interior cell (columns {columns}, rows {rows})",
        "ja": "{name}={value} は内側のマスではありません(列 {columns}、行 {rows})",
    },
    "medina.setup.merchant_on_well": {
        "en": "the start merchant cannot go on the well's cell {value}",
        "ja": "スタートの商人を井戸のマス {value} に置くことはできません",
    },
    # -- events -------------------------------------------------------------------------------
    "medina.event.pass": {
        "en": "Seat {seat} cannot place anything and passes.",
        "ja": "席{seat}は置けるコマがないためパスします。",
    },
    "medina.event.game_over": {
        "en": "Nobody can place any more: the game is over.",
        "ja": "誰も置けなくなったため、ゲーム終了です。",
    },
    "medina.event.tea_break": {
        "en": "Seat {seat} takes a tea break: one placement fewer this turn.",
        "ja": "席{seat}はティーブレイク: この手番は1つ少なく置きます。",
    },
    "medina.event.tea_gained": {
        "en": "Seat {seat} receives {count} tea tile(s).",
        "ja": "席{seat}はティータイルを{count}枚受け取ります。",
    },
    "medina.event.tea_discarded": {
        "en": "A neutral rooftop on purple: {count} tea tile(s) go back to the box.",
        "ja": "紫の宮殿に中立の屋根: ティータイル{count}枚は箱に戻ります。",
    },
    "medina.event.tower_tile": {
        "en": "Seat {seat} takes tower tile {tower}.",
        "ja": "席{seat}が塔タイル{tower}を獲得しました。",
    },
    "medina.event.tower_tile_neutral": {
        "en": "A neutral palace takes tower tile {tower}: it scores for nobody for now.",
        "ja": "中立の宮殿が塔タイル{tower}を取りました。今は誰の得点にもなりません。",
    },
    "medina.event.tower_merchants": {
        "en": "Seat {seat} is the first to take tower tile {tower} and gets its {count} merchant(s).",
        "ja": "席{seat}は塔タイル{tower}を最初に取ったので、商人{count}人を受け取ります。",
    },
    "medina.event.tower_merchants_box": {
        "en": "The {count} merchant(s) of tower tile {tower} go back to the box.",
        "ja": "塔タイル{tower}の商人{count}人は箱に戻ります。",
    },
    # -- moves --------------------------------------------------------------------------------
    "medina.move.building": {"en": "{colour} building on {cell}", "ja": "{cell} に{colour}の建物"},
    "medina.move.roof": {
        "en": "rooftop on the {colour} palace at {cell}",
        "ja": "{cell} の{colour}の宮殿に屋根",
    },
    "medina.move.neutral": {
        "en": "neutral rooftop on the {colour} palace at {cell}",
        "ja": "{cell} の{colour}の宮殿に中立の屋根",
    },
    "medina.move.stable": {"en": "stable on {cell}", "ja": "{cell} に小屋"},
    "medina.move.merchant": {"en": "merchant on {cell}", "ja": "{cell} に商人"},
    "medina.move.start_merchant": {"en": "start merchant on {cell}", "ja": "{cell} にスタートの商人"},
    "medina.move.wall": {"en": "wall on arm {arm}", "ja": "{arm} に城壁"},
    "medina.move.tea": {"en": "tea break", "ja": "ティーブレイク"},
    # -- what the seat to act must decide (the "your turn" post and the image's header) --------
    "medina.decide.start_merchant": {
        "en": "place the start merchant on a cell not next to the wall (merchant F7)",
        "ja": "スタートの商人を城壁に接しないマスに置く(merchant F7)",
    },
    "medina.decide.start_merchant_anywhere": {
        "en": "place the start merchant on any cell (merchant F7)",
        "ja": "スタートの商人を好きなマスに置く(merchant F7)",
    },
    "medina.decide.roof_due": {
        "en": "place your rooftop: it is due this turn (roof F7)",
        "ja": "自分の屋根を置く(この手番で必須: roof F7)",
    },
    "medina.decide.place.1": {"en": "place a {pieces} (1 placement)", "ja": "{pieces}を置く(1つ)"},
    "medina.decide.place.left": {"en": "place a {pieces} (1 placement left)", "ja": "{pieces}を置く(あと1つ)"},
    "medina.decide.place.2": {"en": "place a {pieces} (2 placements)", "ja": "{pieces}を置く(2つ)"},
    "medina.decide.place_tea.left": {
        "en": "place a {pieces}, or take a tea break (1 placement left)",
        "ja": "{pieces}を置くか、ティーブレイク(あと1つ)",
    },
    "medina.decide.place_tea.2": {
        "en": "place a {pieces}, or take a tea break (2 placements)",
        "ja": "{pieces}を置くか、ティーブレイク(2つ)",
    },
    "medina.decide.place_roof_due.left": {
        "en": "place your rooftop: it is due this turn (roof F7)",
        "ja": "自分の屋根を置く(この手番で必須: roof F7)",
    },
    "medina.decide.place_roof_due.2": {
        "en": "2 placements, one of them your rooftop (due): a {pieces}",
        "ja": "2つ置く。うち1つは自分の屋根(必須): {pieces}",
    },
    "medina.decide.piece.building": {"en": "building", "ja": "建物"},
    "medina.decide.piece.roof": {"en": "rooftop", "ja": "屋根"},
    "medina.decide.piece.neutral": {"en": "neutral rooftop", "ja": "中立の屋根"},
    "medina.decide.piece.stable": {"en": "stable", "ja": "小屋"},
    "medina.decide.piece.merchant": {"en": "merchant", "ja": "商人"},
    "medina.decide.piece.wall": {"en": "wall", "ja": "城壁"},
    "medina.decide.piece.nothing": {"en": "piece", "ja": "コマ"},
    "medina.decide.or": {"en": "{a} or {b}", "ja": "{a}か{b}"},
    "medina.decide.comma": {"en": "{a}, {b}", "ja": "{a}・{b}"},
    # -- the board image ----------------------------------------------------------------------
    "medina.board.closed": {"en": "closed", "ja": "除外"},
    "medina.board.open": {"en": "open {cell}", "ja": "拡張可 {cell}"},
    "medina.board.stuck": {"en": "stuck {cell}", "ja": "拡張不可 {cell}"},
    "medina.board.new": {"en": "new palace", "ja": "新しい宮殿"},
    "medina.board.neutral": {"en": "neutral", "ja": "中立"},
    "medina.board.tea_pool": {"en": "tea tiles {count}", "ja": "ティー {count}"},
    "medina.board.rooftops": {"en": "Rooftops {count}", "ja": "屋根 {count}"},
    "medina.board.rooftops_neutral": {"en": "Rooftops {count} + {neutral} neutral", "ja": "屋根 {count}+中立 {neutral}"},
    "medina.board.tea_held": {"en": "tea {count}", "ja": "ティー {count}"},
    "medina.board.tiles_held": {"en": "Tiles:", "ja": "タイル:"},
    "medina.board.key_open": {"en": "open", "ja": "拡張可"},
    "medina.board.key_stuck": {"en": "stuck", "ja": "不可"},
    "medina.board.key_merchants": {"en": "merchants", "ja": "残る商人"},
    "medina.board.key_arm": {"en": "tower 1, east", "ja": "塔1・東側"},
    "medina.board.no_tiles": {"en": "No tiles", "ja": "タイルなし"},
    "medina.board.palaces": {"en": "Palaces: {list}", "ja": "宮殿: {list}"},
    "medina.board.no_palace": {"en": "No palace", "ja": "宮殿なし"},
    "medina.board.tile_points": {"en": "Tiles: palace {palace} · tower {tower}", "ja": "タイル: 宮殿 {palace}・塔 {tower}"},
    "medina.board.well": {"en": "incl. well bonus +{points}", "ja": "うち井戸ボーナス +{points}"},
    "medina.board.tie.largest_palace": {
        "en": "the larger largest palace ({a} vs {b} pieces)",
        "ja": "最大の宮殿の大きさ({a}対{b})",
    },
    "medina.board.tie.roofed_first": {
        "en": "who roofed their largest palace ({a} pieces) first",
        "ja": "最大の宮殿({a})に先に屋根を置いた方",
    },
    "medina.board.tie_at": {
        "en": "{better} ahead of {runner} at {score} points: {text}",
        "ja": "{better}が同点{score}点で{runner}より上位: {text}",
    },
    "medina.board.scores": {"en": "Final scores: {list}", "ja": "最終得点: {list}"},
    # -- the screen (private view) ------------------------------------------------------------
    "medina.screen.title": {"en": "Your screen ({colour}):", "ja": "あなたのついたて({colour}):"},
    "medina.screen.closed": {"en": "Closed colours: {colours}", "ja": "除外された色: {colours}"},
    "medina.screen.closed_removed": {
        "en": "Closed colours (removed from the supplies): {colours}",
        "ja": "除外された色(手元から除去): {colours}",
    },
    "medina.screen.none_closed": {"en": "No colour is closed yet.", "ja": "除外された色はまだありません。"},
    "medina.screen.placeable": {"en": "You could place now: {pieces}", "ja": "今置けるもの: {pieces}"},
    "medina.screen.start_merchant_you": {
        "en": "First you place the start merchant (an extra one, not from your screen) on a cell not "
              "next to the wall, like `merchant F7`; then your turn of two placements.",
        "ja": "まず、スタートの商人(ついたての外の追加の1人)を城壁に接しないマスに `merchant F7` "
              "のように置き、そのあと2つ置く手番です。",
    },
    "medina.screen.start_merchant_anywhere": {
        "en": "First you place the start merchant (an extra one, not from your screen) on any cell, "
              "like `merchant F7`; then your turn of two placements.",
        "ja": "まず、スタートの商人(ついたての外の追加の1人)を好きなマスに `merchant F7` のように置き、"
              "そのあと2つ置く手番です。",
    },
    "medina.screen.start_merchant_wait": {
        "en": "Seat {seat} places the start merchant first; until then nobody can place a piece.",
        "ja": "最初に席{seat}がスタートの商人を置きます。それまでは誰もコマを置けません。",
    },
    "medina.screen.nothing": {
        "en": "Nothing you hold can be placed now.",
        "ja": "今置けるコマはありません。",
    },
    "medina.screen.buildings": {"en": "Buildings: {list}", "ja": "建物: {list}"},
    "medina.screen.others": {"en": "Other pieces: {list}", "ja": "その他: {list}"},
    # -- options ------------------------------------------------------------------------------
    "medina.option.edition": {
        "en": "Edition: 1 (2001, 3-4 players, black) or 2 (2014, 2-4 players, purple, tower merchants, "
              "neutral rooftops)",
        "ja": "版: 1(2001年、3〜4人、黒)または 2(2014年、2〜4人、紫・塔の商人・中立の屋根)",
    },
    "medina.option.well": {
        "en": "Well module (edition 2): merchants only around the well; +4 per palace piece two cells "
              "straight out",
        "ja": "井戸モジュール(第2版): 井戸の周りは商人のみ。井戸からまっすぐ2マス先の宮殿のコマは1つにつき+4点",
    },
    "medina.option.tea": {
        "en": "Tea module (edition 2): rooftops on purple palaces give 3/2/1/0 tea tiles; spend one "
              "to place one piece fewer in a turn",
        "ja": "ティーモジュール(第2版): 紫の宮殿の屋根で3/2/1/0枚のティータイル。1枚使うとその手番は"
              "1つ少なく置く",
    },
    "medina.option.start_merchant": {
        "en": "Edition 2: the cell of the start merchant (an interior cell like f7), or random",
        "ja": "第2版: スタートの商人のマス(f7 のような内側のマス)、または random",
    },
    "medina.option.well_cell": {
        "en": "Well module: the well's cell (an interior cell like h6), or random",
        "ja": "井戸モジュール: 井戸のマス(h6 のような内側のマス)、または random",
    },
    "medina.option.tower_reclaim_per_arm": {
        "en": "A palace may retake a tower tile once per wall arm (Boardspace) instead of once per tower",
        "ja": "宮殿が塔タイルを取り直せる回数を、塔ごとに1回ではなく塔から伸びる城壁の列ごとに1回にする(Boardspace式)",
    },
    "medina.option.e1_start_merchant_anywhere": {
        "en": "Edition 1: the start merchant may go on any city cell, also next to the wall",
        "ja": "第1版: スタートの商人を城壁沿いを含む任意のマスに置ける",
    },
    "medina.option.neutral_mode": {
        "en": "Neutral rooftops: block (neutral palaces take tiles that then score for nobody) or "
              "ignore (they never take tiles or tea)",
        "ja": "中立の屋根: block(中立の宮殿もタイルを取り、誰の得点にもならない)または "
              "ignore(タイルもティーも取らない)",
    },
    "medina.option.e2_opening_single_placements": {
        "en": "Edition 2: the first two turns (first turn with 2 players) place one piece only",
        "ja": "第2版: 最初の2手番(2人なら最初の1手番)は1つだけ置く",
    },
    "medina.option.last_roof_rule": {
        "en": "Last player with roofs: when nobody else can place (boardspace), or nobody else holds "
              "rooftops (no_other_roofs), a turn must include a rooftop; off disables it",
        "ja": "最後の屋根のルール: 他の誰も置けないとき(boardspace)、または他の誰も屋根を持たないとき"
              "(no_other_roofs)、手番に自分の屋根を1つ含める。off で無効",
    },
}

for _name, (_en, _ja) in COLOUR_NAMES.items():
    MESSAGES[f"medina.colour.{_name}"] = {"en": _en, "ja": _ja}
for _name, (_en, _ja) in PIECE_NAMES.items():
    MESSAGES[f"medina.piece.{_name}"] = {"en": _en, "ja": _ja}
for _name in ("grey", "black", "purple", "brown", "orange"):
    _en, _ja = COLOUR_NAMES[_name]
    MESSAGES[f"medina.piece.{_name}"] = {"en": f"{_en} buildings", "ja": f"{_ja}の建物"}
    MESSAGES[f"medina.event.palace_tile.{_name}"] = {
        "en": f"Seat {{seat}} takes the {_en} palace tile (palace of {{size}}).",
        "ja": f"席{{seat}}が{_ja}の宮殿タイルを獲得しました({{size}}コマの宮殿)。",
    }
    MESSAGES[f"medina.event.palace_tile_neutral.{_name}"] = {
        "en": f"A neutral palace of {{size}} takes the {_en} palace tile: it scores for nobody for now.",
        "ja": f"{{size}}コマの中立の宮殿が{_ja}の宮殿タイルを取りました。今は誰の得点にもなりません。",
    }
    MESSAGES[f"medina.event.closed.{_name}"] = {
        "en": f"Every player owns {'an' if _en[0] in 'aeiou' else 'a'} {_en} palace: {_en} is closed.",
        "ja": f"全員が{_ja}の宮殿を持ったため、{_ja}の建物は除外されます。",
    }

RULES_HELP = {
    "en": """**Medina** (Stefan Dorra), 2-4 players. Build the palaces of a desert city, then claim the best of them with your rooftops.
• **Turn**: place **two** pieces from your screen (one on the first turn(s) of edition 2). You must place while you can; with nothing to place you pass. One move = one placement; the bot ends your turn by itself. Edition 1: the start player first places the extra start merchant (`merchant F7`, on a cell not next to the wall), then takes a normal turn.
• **Last player with rooftops**: if nobody else can place anything (option `last_roof_rule=boardspace`, the default; with `no_other_roofs`: if nobody else holds a rooftop) and you can still roof a palace, your turn must include one of your own rooftops, so only `roof` is offered for its last placement. If no palace is left for it (a neutral rooftop took it), you place normally. `last_roof_rule=off` disables this.
• **Buildings** of a colour grow the one *open* palace of that colour (side by side with its buildings). Only when no palace of that colour can grow may a new one start. Palaces may never touch each other, not even diagonally.
• **Rooftop** (`roof F7`): finishes an unroofed palace and makes it yours — at most one palace per colour each. In edition 2 with 2-3 players, `neutral F7` finishes a palace for nobody.
• **Stables** join any palace next to one of its buildings; they count as palace pieces.
• **Merchants** form one line: each new merchant extends an end onto a cell touching only that merchant. When the line cannot grow, a new line starts on a cell touching no merchant.
• **Walls** grow from the four corner towers along the edges (`wall 1E`: tower 1 eastwards). One gap must stay open on every side.
• **Tiles**: the largest owned palace of a colour holds its palace tile (1-4 points; a tie keeps the holder). A tower tile (1-4 points) goes to the owned palace most recently connected to that tower's walls — a palace can take each tower tile only once. Edition 2: the first taker of tower tiles 1-3 also gets 3/2/1 merchants.
• **Score**: per own palace, 1 per building and stable, +1 per merchant and per wall touching it; plus the tiles you hold. Well module (edition 2): +4 per palace piece two cells straight out from the well (only merchants may go next to the well). Tea module (edition 2): rooftops on purple palaces give tea tiles; `tea` lets you place one piece fewer this turn.
• When a colour is roofed by everyone it is closed. The game ends when nobody can place; ties go to the largest palace, then the earlier roofed.
Cells: column letter and row number (A1 top left). Your remaining pieces are secret: the bot sends your screen by DM, and `/hand` shows it.""",
    "ja": """**メディナ**(シュテファン・ドラ作)2〜4人。砂漠の街の宮殿を皆で建て、屋根を置いて良い宮殿を自分のものにします。
• **手番**: ついたての中からコマを**2つ**置きます(第2版の最初の手番は1つ)。置ける限り置かなければならず、置けなければパスです。1手 = 1つ置くこと。手番の終わりはボットが自動で判断します。第1版では、スタートプレイヤーが最初に追加のスタートの商人を城壁に接しないマスに置き(`merchant F7`)、そのあと通常の手番を行います。
• **最後の屋根**: 他の誰も何も置けないとき(オプション `last_roof_rule=boardspace`、既定。`no_other_roofs` なら他の誰も屋根を持っていないとき)、まだ屋根を置ける宮殿があれば、その手番に自分の屋根を1つ含めなければならず、最後の1つは `roof` しか選べません。置ける宮殿がなくなったら(中立の屋根で埋まったなど)普通に置きます。`last_roof_rule=off` で無効。
• **建物**はその色の「伸ばせる」宮殿に辺で接して置きます。その色の宮殿がどれも伸ばせないときだけ、新しい宮殿を始められます。宮殿同士は斜めも含めて接してはいけません。
• **屋根**(`roof F7`): 屋根のない宮殿を完成させ、自分のものにします。各色1つまで。第2版の2〜3人戦では `neutral F7` で誰のものでもない宮殿にできます。
• **小屋**は宮殿の建物に辺で接して置き、宮殿のコマとして数えます。
• **商人**は1本の列を作ります。新しい商人は列の端から、その商人1人だけに接するマスに置きます。列が伸ばせなくなったら、商人に接しないマスから新しい列を始めます。
• **城壁**は四隅の塔から辺に沿って伸ばします(`wall 1E`: 塔1から東へ)。各辺に必ず1マスの門を残します。
• **タイル**: 各色で最大の所有宮殿がその色の宮殿タイル(1〜4点、同じ大きさなら今の持ち主のまま)を持ちます。塔タイル(1〜4点)は、その塔の城壁に最も新しくつながった所有宮殿のものです(同じ宮殿が同じ塔タイルを取れるのは1回だけ)。第2版では塔タイル1〜3を最初に取った人が商人3/2/1人を受け取ります。
• **得点**: 自分の宮殿ごとに建物と小屋1つにつき1点、接する商人と城壁1つにつき1点、さらに持っているタイルの点。井戸モジュール(第2版): 井戸からまっすぐ2マス先にある宮殿のコマ1つにつき+4点(井戸の周りは商人のみ)。ティーモジュール(第2版): 紫の宮殿の屋根でティータイルをもらい、`tea` でその手番は1つ少なく置けます。
• 全員が屋根を置いた色の建物は除外されます。誰も置けなくなったら終了。同点なら最大の宮殿が大きい人、さらに同じならその宮殿に先に屋根を置いた人の勝ちです。
マスは列の文字と行の数字(左上が A1)。残りのコマは秘密です。ボットがDMでついたての中身を送り、`/hand` でも確認できます。""",
}
