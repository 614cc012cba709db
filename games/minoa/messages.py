"""Minoa's texts in English and Japanese: reasons, events, move descriptions and the rules help."""

MESSAGES = {
    "minoa.title": {"en": "Minoa", "ja": "ミノア"},
    "minoa.colour.red": {"en": "red", "ja": "赤"},
    "minoa.colour.blue": {"en": "blue", "ja": "青"},
    "minoa.colour.yellow": {"en": "yellow", "ja": "黄"},
    "minoa.colour.green": {"en": "green", "ja": "緑"},
    "minoa.reason.format": {
        "en": "write a line as its two neighbouring points, like e4-e5",
        "ja": "ラインは隣り合う2点で e4-e5 のように書いてください",
    },
    "minoa.reason.too_long": {
        "en": "a move is at most {limit} characters, like e4-e5",
        "ja": "手は e4-e5 のように{limit}文字以内で書いてください",
    },
    "minoa.reason.control": {
        "en": "it contains an invisible or control character ({code}); write a line like e4-e5",
        "ja": "見えない文字または制御文字({code})が含まれています。ラインは e4-e5 のように書いてください",
    },
    "minoa.reason.digits": {
        "en": "write numbers with the digits 0-9 (“{char}” is not one), like e4-e5",
        "ja": "数字は 0〜9 で書いてください(「{char}」は使えません)。例: e4-e5",
    },
    "minoa.reason.no_point": {
        "en": "there is no point {point} (rows a-i, columns from 1 at the left of each row)",
        "ja": "{point} という点はありません(行は a〜i、列は各行の左から1)",
    },
    "minoa.reason.not_neighbours": {
        "en": "{a} and {b} are not neighbouring points, so no line joins them",
        "ja": "{a} と {b} は隣り合っていないため、ラインで結べません",
    },
    "minoa.reason.taken": {"en": "that line is already taken", "ja": "そのラインにはすでに置かれています"},
    "minoa.reason.no_pieces": {
        "en": "you have no coloured pieces left for the rim",
        "ja": "端に置く自分の色のコマが残っていません",
    },
    "minoa.reason.no_black": {"en": "the black sticks are used up", "ja": "黒い棒はもう残っていません"},
    "minoa.reason.enclosed": {
        "en": "that black stick would close off a region that touches no rim edge",
        "ja": "その黒い棒を置くと、端に接しない領域ができてしまいます",
    },
    "minoa.reason.enclosed_coloured": {
        "en": "that black stick would close off a region without a coloured rim piece",
        "ja": "その黒い棒を置くと、色のコマが端にない領域ができてしまいます",
    },
    "minoa.reason.no_pass": {
        "en": "you have a legal move; passing happens automatically only when you have none",
        "ja": "置ける手があります。パスは置ける手がないときに自動で行われます",
    },
    "minoa.event.autofill": {
        "en": "Advanced game: {count} remaining pieces of seat {seat} fill the rest of the rim.",
        "ja": "高度なゲーム: 席{seat}の残り{count}個のコマが端の残りに自動で置かれました。",
    },
    "minoa.event.pass": {
        "en": "Seat {seat} has no legal move and passes.",
        "ja": "席{seat}は置ける手がないためパスします。",
    },
    "minoa.event.claimed_all": {
        "en": "Every region is claimed: the game is over.",
        "ja": "すべての領域の持ち主が決まり、ゲーム終了です。",
    },
    "minoa.event.stalled": {
        "en": "Nobody can move any more: the game ends; open and mixed regions score for nobody.",
        "ja": "誰も置けなくなったためゲーム終了です。未確定・混色の領域は得点になりません。",
    },
    "minoa.move.black": {"en": "black stick on {line}", "ja": "{line} に黒い棒"},
    "minoa.move.piece": {"en": "{colour} piece on {line}", "ja": "{line} に{colour}のコマ"},
    "minoa.option.advanced": {
        "en": "Advanced game: when only one player still holds pieces, they fill the rim at once",
        "ja": "高度なゲーム: コマを持つ人が1人だけになったら、そのコマを端に自動で置く",
    },
    "minoa.option.legality": {
        "en": "Enclosure rule: every region must touch the rim (rim) or a coloured rim piece (coloured)",
        "ja": "囲みのルール: どの領域も端に接する(rim)か、色のコマに接する(coloured)必要がある",
    },
    "minoa.option.team_colours": {
        "en": "4 players: whether partners' colours together can claim a region (merged) or not (separate)",
        "ja": "4人戦: パートナー同士の色が混ざった領域を獲得できる(merged)か否か(separate)",
    },
    "minoa.decide.either": {
        "en": "Place a rim piece ({pieces} left) or a black stick",
        "ja": "端に自分のコマ(残り{pieces}個)か、黒い棒を置く",
    },
    "minoa.decide.piece_only": {
        "en": "Place a rim piece ({pieces} left): no black stick fits anywhere",
        "ja": "端に自分のコマ(残り{pieces}個)を置く(黒い棒を置けるラインはない)",
    },
    "minoa.decide.piece_no_black": {
        "en": "Place a rim piece ({pieces} left): the black sticks are used up",
        "ja": "端に自分のコマ(残り{pieces}個)を置く(黒い棒は残っていない)",
    },
    "minoa.decide.black_only": {
        "en": "Place a black stick: only black sticks left ({black})",
        "ja": "黒い棒を置く(残りは黒い棒だけ、{black}本)",
    },
    # the board image
    "minoa.board.black_left": {"en": "black sticks left", "ja": "黒い棒の残り"},
    "minoa.board.pieces_left": {"en": "{count} rim pieces left", "ja": "端のコマ 残り{count}個"},
    "minoa.board.pieces_left.one": {"en": "1 rim piece left", "ja": "端のコマ 残り1個"},
    "minoa.board.no_pieces": {"en": "all rim pieces placed", "ja": "端のコマはすべて配置済み"},
    "minoa.board.regions": {"en": "{count} regions claimed", "ja": "獲得した領域 {count}"},
    "minoa.board.regions.one": {"en": "1 region claimed", "ja": "獲得した領域 1"},
    "minoa.board.breakdown": {
        "en": "{regions} regions = {triangles} triangles",
        "ja": "{regions}領域 = 三角形{triangles}個",
    },
    "minoa.board.score": {"en": "{count}▲", "ja": "{count}▲"},
    "minoa.board.team": {"en": "Team", "ja": "チーム"},
    "minoa.board.team_total": {"en": "{score}▲", "ja": "{score}▲"},
    "minoa.board.team_winner": {"en": "Winner", "ja": "勝ち"},
    "minoa.board.team_tie": {"en": "Draw", "ja": "引き分け"},
    "minoa.board.autofill": {"en": "{notation} +{count} auto", "ja": "{notation} +自動{count}"},
    "minoa.board.team_wins": {
        "en": "Team {players} wins {score}-{other}",
        "ja": "{players}チームの勝ち {score}対{other}",
    },
    "minoa.board.team_draw": {
        "en": "Draw: the teams tie {score}-{score}",
        "ja": "引き分け: 両チーム{score}対{score}",
    },
    "minoa.board.team_detail": {
        "en": "Partners' triangles are added: {a} {sa} · {b} {sb}",
        "ja": "パートナーの三角形を合計: {a} {sa} · {b} {sb}",
    },
    "minoa.board.no_tie_break": {
        "en": "Minoa has no tie-break: {players} share first place with {score}",
        "ja": "ミノアにタイブレークはありません: {players}が{score}点で同点1位",
    },
    "minoa.board.all_tie": {
        "en": "Minoa has no tie-break: every player has {score}, a draw",
        "ja": "ミノアにタイブレークはありません: 全員{score}点で引き分け",
    },
    "minoa.board.win_detail": {"en": "Triangles: {scores}", "ja": "三角形: {scores}"},
    "minoa.board.stalled": {
        "en": "Nobody could move: open and mixed regions scored for nobody",
        "ja": "誰も置けずに終了: 未確定・混色の領域は得点なし",
    },
}

RULES_HELP = {
    "en": """**Minoa** (Dieter Stein), 2-4 players. Claim the most triangles of the hexagonal board.
• On your turn place **one** stick: a black stick on any empty inner line, or one of your own coloured pieces on an empty rim edge.
• Black sticks split the board into regions. A black stick may not cut off a region that no longer touches the rim (lobby option: or that has no coloured rim piece yet).
• A region whose rim edges are all filled with **one** player's colour belongs to that player. Regions with two colours must be split further.
• The game ends when every region belongs to someone; each player scores the triangles of their regions. With no legal move you pass automatically; if nobody can move, the game ends and unsettled regions score nothing.
• 2 players: 12 pieces each; 3 players: 8; 4 players: 6, as two teams of partners sitting opposite (red + yellow against blue + green) whose scores are added.
• Advanced game: when only one player still holds pieces, those pieces fill the rest of the rim at once.
Moves name a line by its two points: `e4-e5`. Rows are a-i from the top, columns count from 1 at the left of each row.""",
    "ja": """**ミノア**(ディーター・シュタイン作)2〜4人。六角形の盤の三角形を多く獲得した人の勝ちです。
• 手番には黒い棒1本か自分のコマ1個を置きます。内側の空いたラインには黒い棒、空いた端には自分の色のコマを置きます。
• 黒い棒は盤を領域に区切ります。端に接しない領域を作る黒い棒は置けません(ロビーの設定で「色のコマが端にない領域」も禁止にできます)。
• 端がすべて**1人**の色で埋まった領域は、その人のものです。2色が混ざった領域はさらに区切る必要があります。
• すべての領域の持ち主が決まるとゲーム終了。自分の領域の三角形の数が得点です。置ける手がなければ自動でパスし、誰も置けなくなったらその時点で終了し、確定していない領域は誰の得点にもなりません。
• 2人: コマ12個ずつ、3人: 8個ずつ、4人: 6個ずつ。4人戦は向かい合う2人がパートナー(赤+黄 対 青+緑)で、得点を合計します。
• 高度なゲーム: コマを持っている人が1人だけになったら、そのコマは端の残りに自動で置かれます。
手はラインの両端の点で書きます: `e4-e5`。行は上から a〜i、列は各行の左端を1と数えます。""",
}
