"""Mafia de Cuba's texts in English and Japanese: reasons, events, moves, the private screen,
options, the image's labels and the rules help (in the project's own words)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "mafia.title": {"en": "Mafia de Cuba", "ja": "マフィア・デ・クーバ"},
    # the lobby's name of the ``basic`` AI level (a game's own level, see Game.ai_move)
    "ai.basic": {"en": "Basic (plausible takes and testimony; the Godfather accuses from the claims)",
                 "ja": "ベーシック(もっともらしく取り・証言し、ゴッドファーザーは証言から告発)"},
    "mafia.setup.godfather_seat": {
        "en": "the Godfather option names seat {seat}, but the table has {count} seats",
        "ja": "ゴッドファーザーに席{seat}が指定されていますが、この卓は{count}席です",
    },
    # -- reasons ------------------------------------------------------------------------------
    "mafia.reason.format": {
        "en": "write `hide 3`, `take 2`, `take loyal`, `take nothing`, `bag agent take 2`, `claim 9 2`, "
              "`claim silent`, `accuse 4`, `bang` or `pass`",
        "ja": "`hide 3`・`take 2`・`take loyal`・`take nothing`・`bag agent take 2`・`claim 9 2`・"
              "`claim silent`・`accuse 4`・`bang`・`pass` のように書いてください",
    },
    "mafia.reason.token": {"en": "the tokens are {tokens}", "ja": "トークンは {tokens} です"},
    "mafia.reason.not_cleaner": {"en": "only the Cleaner may shout BANG", "ja": "BANGできるのは掃除屋だけです"},
    "mafia.reason.accuse": {
        "en": "accuse a player still in play who has not been given a Joker",
        "ja": "まだ残っていて、ジョーカーを受け取っていないプレイヤーを告発してください",
    },
    "mafia.reason.bag_first": {
        "en": "only the first player may put a token in the bag",
        "ja": "袋にトークンを入れられるのは最初のプレイヤーだけです",
    },
    "mafia.reason.nothing": {
        "en": "you may take nothing only from an empty box, or as the last player",
        "ja": "何も取らないのは、箱が空のときか最後のプレイヤーだけです",
    },
    "mafia.reason.take": {
        "en": "that is not in the box: take some of its diamonds or exactly one of its tokens",
        "ja": "箱にありません。箱のダイヤをいくつか取るか、トークンを1つだけ取ってください",
    },
    "mafia.reason.hide": {"en": "set 0 to 5 diamonds aside", "ja": "0〜5個のダイヤを取り分けてください"},
    "mafia.reason.claim": {
        "en": "a claim names 0 to 15 diamonds and a number of tokens the box can hold",
        "ja": "証言はダイヤ0〜15個と、箱に入りうるトークンの数で書いてください",
    },
    "mafia.reason.phase.hide": {"en": "the Godfather is setting diamonds aside",
                                "ja": "ゴッドファーザーがダイヤを取り分けているところです"},
    "mafia.reason.phase.theft": {"en": "the box is going round: only its holder may take",
                                 "ja": "箱が回っています。取れるのは箱を持っている人だけです"},
    "mafia.reason.phase.testimony": {"en": "it is time for testimony: `claim 9 2` or `claim silent`",
                                     "ja": "証言の時間です: `claim 9 2` または `claim silent`"},
    "mafia.reason.phase.accuse": {"en": "the Godfather is choosing whom to accuse",
                                  "ja": "ゴッドファーザーが告発する相手を選んでいます"},
    "mafia.reason.phase.window": {"en": "the BANG window is open: `pass`",
                                  "ja": "BANGの時間です: `pass`"},
    "mafia.reason.phase.over": {"en": "the game is over", "ja": "ゲームは終了しています"},
    # -- events -------------------------------------------------------------------------------
    "mafia.event.hidden": {"en": "The Godfather (seat {seat}) has set his diamonds aside.",
                           "ja": "ゴッドファーザー(席{seat})がダイヤを取り分けました。"},
    "mafia.event.box_to": {"en": "The cigar box is now with seat {seat}.",
                           "ja": "葉巻の箱は席{seat}に渡りました。"},
    "mafia.event.took": {"en": "Seat {seat} has taken from the box.", "ja": "席{seat}が箱から取りました。"},
    "mafia.event.box_back": {"en": "The box is back with the Godfather (seat {seat}): the investigation begins.",
                             "ja": "箱がゴッドファーザー(席{seat})に戻りました。取り調べが始まります。"},
    "mafia.event.no_theft": {"en": "Not a single diamond is missing.", "ja": "ダイヤは1つも盗まれていません。"},
    "mafia.event.accused": {"en": "The Godfather accuses seat {seat}: empty your pockets!",
                            "ja": "ゴッドファーザーが席{seat}を告発: ポケットを空にしろ！"},
    "mafia.event.window": {"en": "BANG window open before seat {seat} empties their pockets.",
                           "ja": "席{seat}がポケットを空にする前の、BANGの時間です。"},
    "mafia.event.window_closed": {"en": "No shot is fired.", "ja": "銃声はありませんでした。"},
    "mafia.event.thief": {"en": "Seat {seat} had {count} diamond(s): a thief, out of the game.",
                          "ja": "席{seat}はダイヤ{count}個を持っていました。泥棒として脱落です。"},
    "mafia.event.all_recovered": {"en": "Every stolen diamond is back.",
                                  "ja": "盗まれたダイヤはすべて戻りました。"},
    "mafia.event.agent": {"en": "Seat {seat} is an Agent!", "ja": "席{seat}は捜査官でした！"},
    "mafia.event.joker": {"en": "Seat {seat} had no diamonds and receives a Joker ({left} left).",
                          "ja": "席{seat}はダイヤを持っておらず、ジョーカーを受け取ります(残り{left})。"},
    "mafia.event.godfather_out": {"en": "Seat {seat} had no diamonds and the Godfather has no Joker left: "
                                        "the Godfather is out.",
                                  "ja": "席{seat}はダイヤを持っておらず、ジョーカーもありません。"
                                        "ゴッドファーザーは脱落です。"},
    "mafia.event.bang": {"en": "BANG! Seat {seat}, the Cleaner, shoots seat {target_seat}.",
                         "ja": "BANG！ 掃除屋の席{seat}が席{target_seat}を撃ちました。"},
    "mafia.event.shot_agent": {"en": "Seat {seat} was an Agent.", "ja": "席{seat}は捜査官でした。"},
    "mafia.event.shot_thief": {"en": "Seat {seat} had {count} diamond(s); both are out.",
                               "ja": "席{seat}はダイヤ{count}個を持っていました。2人とも脱落です。"},
    "mafia.event.shot": {"en": "Seat {seat} had no diamonds; both are out, no Joker is spent.",
                         "ja": "席{seat}はダイヤを持っていませんでした。2人とも脱落、ジョーカーは使われません。"},
    "mafia.event.over": {"en": "Game over: {outcome}", "ja": "ゲーム終了: {outcome}"},
    "mafia.outcome.no_theft": {"en": "nothing was stolen, the Godfather wins.",
                               "ja": "何も盗まれず、ゴッドファーザーの勝ち。"},
    "mafia.outcome.godfather_wins": {"en": "the Godfather has all his diamonds back.",
                                     "ja": "ゴッドファーザーがダイヤをすべて取り戻しました。"},
    "mafia.outcome.godfather_eliminated": {"en": "the Godfather is out, the thieves win.",
                                           "ja": "ゴッドファーザーが脱落し、泥棒たちの勝ち。"},
    "mafia.outcome.agent_accused": {"en": "an Agent was accused and wins alone.",
                                    "ja": "捜査官が告発され、単独勝利。"},
    "mafia.outcome.cleaner_shot_agent": {"en": "the Cleaner shot an Agent and wins alone.",
                                         "ja": "掃除屋が捜査官を撃ち、単独勝利。"},
    "mafia.deadline.box": {"en": "time with the box", "ja": "箱の持ち時間"},
    "mafia.deadline.testimony": {"en": "time for testimony", "ja": "証言の時間"},
    "mafia.deadline.accuse": {"en": "time to accuse", "ja": "告発の時間"},
    "mafia.deadline.bang": {"en": "BANG window", "ja": "BANGの時間"},
    # -- decisions -----------------------------------------------------------------------------
    "mafia.decide.hide": {"en": "the Godfather sets 0 to 5 diamonds aside",
                          "ja": "ゴッドファーザーがダイヤを0〜5個取り分けます"},
    "mafia.decide.take": {"en": "seat {seat} has the box: take from it (see your DM or /hand)",
                          "ja": "席{seat}が箱を持っています: 箱から取ってください(DMか /hand)"},
    "mafia.decide.testimony": {"en": "testimony: say what the box held when it came to you, or stay silent",
                               "ja": "証言: 箱が回ってきたときの中身を言うか、黙秘してください"},
    "mafia.decide.accuse": {"en": "the Godfather accuses a player", "ja": "ゴッドファーザーが告発します"},
    "mafia.decide.window": {"en": "seat {seat} is accused: let the moment pass, or act if you can",
                            "ja": "席{seat}が告発されました: 見送るか、できるなら行動してください"},
    # -- the private screen ----------------------------------------------------------------------
    "mafia.private.role": {"en": "Your role: {role}", "ja": "あなたの役: {role}"},
    "mafia.private.no_role": {"en": "You have not taken from the box yet.", "ja": "まだ箱から取っていません。"},
    "mafia.private.hidden": {"en": "You set {count} diamond(s) aside.", "ja": "あなたはダイヤを{count}個取り分けました。"},
    "mafia.private.took_diamonds": {"en": "You took {count} diamond(s).", "ja": "あなたはダイヤを{count}個取りました。"},
    "mafia.private.took": {"en": "You took: {what}.", "ja": "あなたが取ったもの: {what}"},
    "mafia.private.seen": {"en": "When the box came to you: {box}.", "ja": "箱が回ってきたとき: {box}"},
    "mafia.private.bag": {"en": "You put in the bag: {token}.", "ja": "あなたが袋に入れたもの: {token}"},
    "mafia.private.holding": {"en": "You hold the box now: {box}.", "ja": "いま箱を持っています: {box}"},
    "mafia.private.may_bag": {
        "en": "As the first player you may first hide one token in the bag (`bag agent take 2`).",
        "ja": "最初のプレイヤーなので、先にトークンを1つ袋に隠せます(`bag agent take 2`)。"},
    "mafia.private.may_nothing": {
        "en": "As the last player you may take nothing and be a Street Urchin (`take nothing`).",
        "ja": "最後のプレイヤーなので、何も取らずにストリートチルドレンになれます(`take nothing`)。"},
    "mafia.private.final": {"en": "The box came back with: {box}.", "ja": "戻ってきた箱の中身: {box}"},
    "mafia.private.box": {"en": "{diamonds} diamond(s); tokens: {tokens}", "ja": "ダイヤ{diamonds}個、トークン: {tokens}"},
    "mafia.token.loyal": {"en": "Loyal Henchman", "ja": "忠実な手下"},
    "mafia.token.agent": {"en": "Agent", "ja": "捜査官"},
    "mafia.token.driver": {"en": "Driver", "ja": "運転手"},
    "mafia.token.cleaner": {"en": "Cleaner", "ja": "掃除屋"},
    "mafia.token.nothing": {"en": "nothing", "ja": "何も取らない"},
    "mafia.token.none": {"en": "none", "ja": "なし"},
    "mafia.role.godfather": {"en": "the Godfather", "ja": "ゴッドファーザー"},
    "mafia.role.thief": {"en": "Thief", "ja": "泥棒"},
    "mafia.role.urchin": {"en": "Street Urchin", "ja": "ストリートチルドレン"},
    "mafia.role.loyal": {"en": "Loyal Henchman", "ja": "忠実な手下"},
    "mafia.role.agent": {"en": "Agent", "ja": "捜査官"},
    "mafia.role.driver": {"en": "Driver", "ja": "運転手"},
    "mafia.role.cleaner": {"en": "Cleaner", "ja": "掃除屋"},
    # -- moves in words (posted publicly: a take says only that it happened) ---------------------
    "mafia.move.hide": {"en": "sets diamonds aside", "ja": "ダイヤを取り分けた"},
    "mafia.move.take": {"en": "has taken from the box", "ja": "箱から取った"},
    "mafia.move.pass": {"en": "lets the moment pass", "ja": "見送った"},
    "mafia.move.bang": {"en": "BANG!", "ja": "BANG！"},
    "mafia.move.silent": {"en": "stays silent", "ja": "黙秘した"},
    "mafia.move.claim": {"en": "says the box held {diamonds} diamond(s) and {tokens} token(s)",
                         "ja": "箱にはダイヤ{diamonds}個とトークン{tokens}個があったと証言"},
    "mafia.move.accuse": {"en": "accuses seat {seat}", "ja": "席{seat}を告発"},
    # -- options -------------------------------------------------------------------------------
    "mafia.option.godfather": {"en": "who is the Godfather: owner (the lobby's owner), random, or a seat number",
                               "ja": "ゴッドファーザー: owner(募集した人)、random、または席番号"},
    "mafia.option.cleaner": {"en": "the Cleaner variant: off, replace (a Loyal Henchman) or add",
                             "ja": "掃除屋ヴァリアント: off、replace(忠実な手下と入れ替え)、add(追加)"},
    "mafia.option.box_seconds": {"en": "seconds each holder has the box before the AI takes for them (0: no limit)",
                                 "ja": "箱の持ち時間(秒)。過ぎるとAIが代わりに取ります(0で無制限)"},
    "mafia.option.testimony_seconds": {"en": "seconds for testimony; who has not spoken stays silent (0: no limit)",
                                       "ja": "証言の時間(秒)。過ぎると未証言の人は黙秘になります(0で無制限)"},
    "mafia.option.accuse_seconds": {"en": "seconds the Godfather has for each accusation before the AI names one "
                                          "(0: no limit)",
                                    "ja": "告発ごとの時間(秒)。過ぎるとAIが告発します(0で無制限)"},
    "mafia.option.bang_seconds": {"en": "seconds the BANG window stays open after each accusation (Cleaner variant)",
                                  "ja": "告発ごとにBANGを受け付ける秒数(掃除屋ヴァリアント)"},
    "mafia.summary.jokers": {"en": "Jokers left: {left}", "ja": "残りジョーカー: {left}"},
    "mafia.summary.claim": {"en": "Seat {seat} says: {diamonds} diamond(s), {tokens} token(s)",
                            "ja": "席{seat}の証言: ダイヤ{diamonds}個、トークン{tokens}個"},
    "mafia.summary.silent": {"en": "Seat {seat} stays silent", "ja": "席{seat}は黙秘"},
    "mafia.summary.accusation": {"en": "Seat {seat} accused: {result}", "ja": "席{seat}を告発: {result}"},
    # -- image labels ------------------------------------------------------------------------------
    "mafia.render.godfather": {"en": "Godfather", "ja": "ゴッドファーザー"},
    "mafia.render.box": {"en": "BOX", "ja": "箱"},
    "mafia.render.jokers": {"en": "Jokers {left}/{start}", "ja": "ジョーカー {left}/{start}"},
    "mafia.render.out": {"en": "OUT", "ja": "脱落"},
    "mafia.render.taken": {"en": "taken", "ja": "取った"},
    "mafia.render.claim": {"en": "said {diamonds}◆ {tokens}T", "ja": "証言 {diamonds}◆ {tokens}T"},
    "mafia.render.silent": {"en": "silent", "ja": "黙秘"},
    "mafia.render.recovered": {"en": "Recovered {count}◆", "ja": "回収 {count}◆"},
    "mafia.render.accused": {"en": "accused", "ja": "告発中"},
    "mafia.render.reveal": {"en": "The reveal", "ja": "種明かし"},
    "mafia.render.hidden": {"en": "Set aside {count}◆", "ja": "取り分け {count}◆"},
    "mafia.render.bag": {"en": "Bag: {token}", "ja": "袋: {token}"},
    "mafia.render.no_bag": {"en": "Bag: empty", "ja": "袋: 空"},
    "mafia.render.winner": {"en": "WIN", "ja": "勝ち"},
    "mafia.render.saw": {"en": "saw {diamonds}◆ {tokens}T", "ja": "見た {diamonds}◆ {tokens}T"},
    "mafia.render.outcome.thief": {"en": "thief {count}◆", "ja": "泥棒 {count}◆"},
    "mafia.render.outcome.agent": {"en": "Agent!", "ja": "捜査官！"},
    "mafia.render.outcome.joker": {"en": "Joker", "ja": "ジョーカー"},
    "mafia.render.outcome.innocent": {"en": "innocent", "ja": "無実"},
    "mafia.render.outcome.shot_agent": {"en": "shot: Agent", "ja": "射殺: 捜査官"},
    "mafia.render.outcome.shot_thief": {"en": "shot: thief {count}◆", "ja": "射殺: 泥棒 {count}◆"},
    "mafia.render.outcome.shot": {"en": "shot", "ja": "射殺"},
    "mafia.render.col.role": {"en": "Role", "ja": "役"},
    "mafia.render.col.saw": {"en": "Saw", "ja": "見た箱"},
    "mafia.render.col.said": {"en": "Said", "ja": "証言"},
    "mafia.render.final": {"en": "Box at the end: {box}", "ja": "最後の箱: {box}"},
    "mafia.render.accusations": {"en": "Accused: {list}", "ja": "告発: {list}"},
    # -- the private image (the DM picture of one seat's view) ------------------------------------
    "mafia.private_image.holding": {"en": "You hold the box", "ja": "箱を持っています"},
    "mafia.private_image.box_now": {"en": "The box, now", "ja": "いまの箱の中身"},
    "mafia.private_image.box_seen": {"en": "The box when it came to you", "ja": "回ってきたときの箱"},
    "mafia.private_image.box_back": {"en": "The box as it came back", "ja": "戻ってきた箱"},
    "mafia.private_image.diamonds": {"en": "{count} diamond(s)", "ja": "ダイヤ {count}個"},
    "mafia.private_image.take": {"en": "Take some diamonds (`take 2`) or one token (`take {token}`).",
                                 "ja": "ダイヤをいくつか(`take 2`)か、トークンを1つ(`take {token}`)取ってください。"},
    "mafia.private_image.take_diamonds": {"en": "Take some diamonds (`take 2`): no token is left.",
                                          "ja": "ダイヤをいくつか取ってください(`take 2`)。トークンは残っていません。"},
    "mafia.private_image.take_token": {"en": "No diamond is left: take one token (`take {token}`).",
                                       "ja": "ダイヤは残っていません。トークンを1つ取ってください(`take {token}`)。"},
    "mafia.private_image.empty": {"en": "The box is empty: you are a Street Urchin (`take nothing`).",
                                  "ja": "箱は空です。ストリートチルドレンになります(`take nothing`)。"},
    "mafia.private_image.hide": {"en": "Set 0 to 5 diamonds aside (`hide 3`).",
                                 "ja": "ダイヤを0〜5個取り分けてください(`hide 3`)。"},
}

RULES_HELP = {
    "en": """**Mafia de Cuba** (6-12 players). One player is the Godfather; the others are his henchmen.
**Set-up.** The cigar box holds 15 diamonds and the character tokens for the table (Loyal Henchmen, Agents, Drivers; with the Cleaner variant the Cleaner replaces a Loyal Henchman, or is added). The Godfather secretly sets 0-5 diamonds aside. Jokers: 1 at 8-10 players, 2 at 11-12.
**The theft.** The box goes once round the table, starting at the Godfather's left. Only the holder sees it (by DM or `/hand`). Each holder takes either some diamonds (a Thief) or exactly one token (that role). With an empty box you become a Street Urchin; the last player may choose to take nothing and be one. The first player may first hide one token in the bag. Every take is announced the same way after the same pause.
**Testimony.** When the box is back, each henchman records once what the box held when it came to them, or stays silent. Claims are public, and may be lies.
**Accusations.** The Godfather (who alone sees what came back) accuses a player. A Thief gives the diamonds back and is out; when every stolen diamond is back the Godfather wins. An accused Agent wins alone. Anyone else is innocent: the Godfather gives them a Joker (they cannot be accused again), or, with no Joker left, he is out and the thieves win.
**Cleaner variant.** After every accusation a short BANG window opens for everyone. Only the Cleaner may shoot the accused: an Agent shot makes the Cleaner win alone; otherwise both are out, a thief's diamonds come back, no Joker is spent.
**Who wins.** Godfather wins: he, the Loyal Henchmen and the Cleaner still in play. Godfather out: the thieves in play with the most diamonds, and the Street Urchins. A Driver in play wins when the player on their right (who handed them the box) wins. Nothing stolen: the Godfather wins at once. Players out never win.
**Notation.** `hide 3` (Godfather: set 3 aside) · `take 2` (two diamonds) · `take loyal` / `take agent` / `take driver` / `take cleaner` · `take nothing` · `bag agent take 2` (first player: bag a token, then take) · `claim 9 2` (the box held 9 diamonds and 2 tokens) · `claim silent` · `accuse 4` (seat 4) · `bang` · `pass`.""",
    "ja": """**マフィア・デ・クーバ**(6〜12人)。1人がゴッドファーザー、ほかは全員その手下です。
**準備** 葉巻の箱にはダイヤ15個と、人数に応じた役トークン(忠実な手下・捜査官・運転手。掃除屋ヴァリアントでは掃除屋が忠実な手下1つと入れ替わるか、追加されます)が入っています。ゴッドファーザーはこっそりダイヤを0〜5個取り分けます。ジョーカーは8〜10人で1枚、11〜12人で2枚です。
**盗み** 箱はゴッドファーザーの左から1周だけ回ります。中身を見られるのは持っている人だけです(DMか `/hand`)。ダイヤをいくつか取る(泥棒)か、トークンを1つだけ取ります(その役)。空の箱を受け取った人はストリートチルドレンになり、最後の人はあえて何も取らずにストリートチルドレンになることもできます。最初の人は取る前にトークンを1つ袋に隠せます。どの取り方も同じ時間をおいて同じ言葉で告知されます。
**証言** 箱が戻ったら、手下はそれぞれ1回だけ「回ってきたときの箱の中身」を記録するか、黙秘します。証言は公開され、嘘でも構いません。
**告発** 戻った箱の中身を見たゴッドファーザーが誰かを告発します。泥棒ならダイヤを返して脱落し、盗まれたダイヤがすべて戻ればゴッドファーザーの勝ち。捜査官を告発すると、その捜査官の単独勝利です。それ以外の人は無実で、ゴッドファーザーはジョーカーを渡し(その人は二度と告発できません)、ジョーカーがなければゴッドファーザーが脱落して泥棒側の勝ちです。
**掃除屋ヴァリアント** 告発のたびに全員にBANGの時間が開きます。撃てるのは掃除屋だけです。捜査官を撃てば掃除屋の単独勝利、それ以外なら2人とも脱落し、泥棒のダイヤは戻り、ジョーカーは使われません。
**勝利** ゴッドファーザーの勝ち: 本人・忠実な手下・残っている掃除屋。ゴッドファーザー脱落: 残っている泥棒のうち最も多くダイヤを持つ人と、ストリートチルドレン。運転手は、右隣(箱を渡してくれた人)が勝てば一緒に勝ちます。何も盗まれなければゴッドファーザーの即勝利。脱落した人は勝ちません。
**記法** `hide 3`(3個取り分け)・`take 2`(ダイヤ2個)・`take loyal` / `take agent` / `take driver` / `take cleaner`・`take nothing`・`bag agent take 2`(最初の人: 袋に隠してから取る)・`claim 9 2`(ダイヤ9個とトークン2個だった)・`claim silent`・`accuse 4`(席4)・`bang`・`pass`。""",
}
