"""Posts built to fit Discord's limits. What must be read (whose turn, the ping, what to decide)
is put apart and never cut; long parts (moves, events, lists of names) give way and say how many
were left out ("… and N more", in the reader's language). Every message the bot sends goes
through one of these instead of a slice that could cut a ping."""

from __future__ import annotations

from typing import Sequence

import discord

from bot.i18n import t

#: Discord's limits: a message's content, an attachment's alt text, and an embed's parts.
MESSAGE_LIMIT = 2000
ALT_TEXT_LIMIT = 1024
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD = 1024
EMBED_FIELDS = 25
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000


def clip(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, ending with "…" when cut (for one line, a name
    or a title; a list says how many it left out instead, see :func:`fit_post`)."""
    if len(text) <= limit:
        return text
    return text[:limit - 1] + "…" if limit > 0 else ""


def fit_post(head: Sequence[str], blocks: Sequence[Sequence[str]], tail: Sequence[str], lang: str, *,
             limit: int = MESSAGE_LIMIT, keep: str = "last", more: str = "post.more", at_most: int | None = None) -> str:
    """``head``, the ``blocks`` (e.g. a move with its events) and ``tail``, one line each, in at
    most ``limit`` characters. When they do not fit, whole blocks give way, the first ones
    (``keep="last"``: the latest moves stay) or the last ones (``keep="first"``: a list's top
    stays), and one line says how many (the catalogue's ``more``, with ``count``); a block too long
    by itself keeps its first lines and says how many of its lines it left out. The tail (whose
    turn it is, with its ping; the result) is never cut, the head only when nothing else is left.
    ``at_most``: no more blocks than that are shown even when more would fit (a list's top)."""
    head, tail = list(head), list(tail)
    blocks = [list(block) for block in blocks if block]
    text = "\n".join(head + [line for block in blocks for line in block] + tail)
    if len(text) <= limit and (at_most is None or len(blocks) <= at_most):
        return text
    # Room for the blocks and the line saying how many gave way (its longest form reserved).
    room = limit - len("\n".join(head + tail)) - (len(t(more, lang, count=len(blocks))) + 1)
    order = blocks if keep == "first" else blocks[::-1]
    kept: list[list[str]] = []
    for block in order:
        if len(kept) == at_most:
            break
        size = sum(len(line) + 1 for line in block)
        if size <= room:
            kept.append(block)
            room -= size
            continue
        if not kept:  # the block nearest what stays is too long by itself: its first lines
            part = _first_lines(block, room, lang)
            if part:
                kept.append(part)
        break
    dropped = len(blocks) - len(kept)
    body = [line for block in (kept if keep == "first" else kept[::-1]) for line in block]
    if dropped:
        said = t(more, lang, count=dropped)
        body = body + [said] if keep == "first" else [said] + body
    text = "\n".join(head + body + tail)
    if len(text) <= limit:
        return text
    # Head and tail alone are too long: the tail is kept whole as far as it can be.
    ending = clip("\n".join(tail), limit)
    start = clip("\n".join(head), limit - len(ending) - 1) if len(ending) < limit - 1 else ""
    return f"{start}\n{ending}" if start else ending


def _first_lines(block: list[str], room: int, lang: str) -> list[str]:
    """The first lines of ``block`` that fit in ``room`` characters with a line saying how many
    were left out; at least its first line (e.g. the move itself), cut short if it must be."""
    for count in range(len(block) - 1, 0, -1):
        lines = block[:count] + [t("post.more", lang, count=len(block) - count)]
        if sum(len(line) + 1 for line in lines) <= room:
            return lines
    said = [t("post.more", lang, count=len(block) - 1)] if len(block) > 1 else []
    first = clip(block[0], room - sum(len(line) + 1 for line in said) - 1)
    return [first, *said] if first else []


def fit_lines(lines: Sequence[str], lang: str, *, head: int = 0, tail: int = 0, limit: int = MESSAGE_LIMIT,
              more: str = "post.more", at_most: int | None = None) -> str:
    """Lines of a list in at most ``limit`` characters: the first ``head`` and the last ``tail``
    lines kept whole, as many of the others as fit from the top, then "… and N more"."""
    lines = list(lines)
    middle = lines[head:len(lines) - tail]
    return fit_post(lines[:head], [[line] for line in middle], lines[len(lines) - tail:] if tail else [], lang,
                    limit=limit, keep="first", more=more, at_most=at_most)


def fit_list(key: str, lang: str, items: Sequence[str], *, param: str, sep: str = ", ",
             limit: int = MESSAGE_LIMIT, **params: object) -> str:
    """The message ``key`` with its ``param`` the ``items`` joined by ``sep``: as many items as fit
    within ``limit``, then "… and N more"; the message's other words (a ping, a question) whole."""
    items = list(items)

    def said(count: int) -> str:
        shown = items[:count] + ([t("post.more", lang, count=len(items) - count)] if count < len(items) else [])
        return t(key, lang, **{param: sep.join(shown)}, **params)

    if len(said(len(items))) <= limit:
        return said(len(items))
    low, high = 0, len(items) - 1  # the most items that fit: said(count) grows with count
    while low < high:
        middle = (low + high + 1) // 2
        if len(said(middle)) <= limit:
            low = middle
        else:
            high = middle - 1
    return clip(said(low), limit)


def fit_embed(embed: discord.Embed, lang: str) -> discord.Embed:
    """``embed`` within Discord's limits on each part and on the whole: titles and names cut
    short, a description or a field's lines shortened with "… and N more", at most 25 fields;
    over 6,000 characters in all, the description gives way, then the last fields."""
    if embed.title:
        embed.title = clip(embed.title, EMBED_TITLE)
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, EMBED_FOOTER), icon_url=embed.footer.icon_url)
    if embed.author.name:
        embed.set_author(name=clip(embed.author.name, EMBED_TITLE), url=embed.author.url,
                         icon_url=embed.author.icon_url)
    fields = embed.fields[:EMBED_FIELDS]
    embed.clear_fields()
    for field in fields:
        embed.add_field(name=clip(field.name or "\u200b", EMBED_FIELD_NAME),
                        value=fit_lines(str(field.value).split("\n"), lang, limit=EMBED_FIELD), inline=field.inline)
    if embed.description:
        embed.description = fit_lines(embed.description.split("\n"), lang, limit=EMBED_DESCRIPTION)
        if len(embed) > EMBED_TOTAL:
            room = max(0, len(embed.description) - (len(embed) - EMBED_TOTAL))
            embed.description = fit_lines(embed.description.split("\n"), lang, limit=room) or None
    while len(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    return embed
