"""The Madeira board images, drawn from a view only (``Madeira.view(state, seat)``).

Madeira has more public detail than fits Discord's inline picture, so there are two images:

- :func:`render` the **summary** on the shared 1100 x 800 frame (:mod:`renderers.frame`), readable
  inline at 550 x 400 and on a phone: a header with whose turn it is, what they must decide in
  words and the last move's notation large on the highlight hue; the round and phase; the five
  buildings in Phase C order (character in the server's language, the word to type, the dice on it
  with their seats' marks, the action markers, the cost); the dice rows (guilds, dice or the seat
  that took the row, the Crown's Requests left); the City Watch; and a card per seat: mark
  (colour, shape, number), name, PP, and reals, goods, wood, bread, workers and ships (at Home,
  ``+N`` on the board) as big icons and numbers, the unused dice, action markers, the windmill's
  feeding and the favors face up. At the end the header gives the winner and the tie-break in
  words, and the board the final scoring: prestige track, goods into PP, the pirate penalty.
- :func:`render_detail` the **full board** (one click away: the bot's "Full board" button and
  ``/board``): islands, buildings, cities, colonies, markets, City Watch, windmill, guild board
  and a panel per seat, every name in the server's language and every seat-owned piece carrying
  its seat's mark.

Icons (coin = reals, star = PP, sheaf = wheat, cube = sugar, drop = wine, log = wood, loaf =
bread, figure = workers, boat = ships, flag = action markers, mill = workers the windmill
feeds, tile = favors face up/held) are explained in ``/rules madeira``.

Pirate totals are not in a public view, so they cannot appear before the final scoring; a seat's
own view draws the same public picture (neither function reads ``private``).
"""

from __future__ import annotations

from games.messages import translate  # noqa: F401  (tests read ``renderers.madeira.translate``)
from renderers.madeira.full import Layout, draw_detail, layout, render_detail
from renderers.madeira.summary import draw, render

__all__ = ["Layout", "draw", "draw_detail", "layout", "render", "render_detail"]
