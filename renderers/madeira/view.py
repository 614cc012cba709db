"""Reading a Madeira view, for both images: checking it, where the last move happened, which
building decides, and its parts in the server's language."""

from __future__ import annotations

from typing import Any

import games.madeira  # noqa: F401  (registers the catalogue entries the images use)
from games.messages import Text, join_names, text_from_json, translate

REQUIRED = ("game", "num_players", "round", "phase", "fields", "buildings", "cities", "colonies", "markets",
            "players", "rows", "passing", "watch", "pirate_dice", "windmill", "colours")


def _check(view: dict[str, Any]) -> None:
    if not isinstance(view, dict) or view.get("game") != "madeira":
        raise ValueError("not a Madeira view")
    missing = [key for key in REQUIRED if key not in view]
    if missing:
        raise ValueError(f"the view lacks {', '.join(missing)}")


# -- words -------------------------------------------------------------------------------------


def _say(lang: str, key: str, **params: Any) -> str:
    return translate(key, lang, **params)


def _word(lang: str, group: str, key: str) -> str:
    return translate(f"madeira.{group}.{key}", lang)


def _sentence(s: str, lang: str) -> str:
    return s[:1].upper() + s[1:] if lang == "en" and s else s


def _decision(view: dict[str, Any], lang: str) -> str | None:
    stored = view.get("decision")
    if not stored:
        return None
    said = text_from_json(stored)
    return _sentence(said.in_lang(lang) if isinstance(said, Text) else str(said), lang)


def _character_name(character: str, lang: str) -> str:
    """A character's name in ``lang``; the empty building's printed character in short."""
    if character == "farmer":
        return translate("madeira.board.farmer", lang)
    return translate(f"madeira.character.{character}", lang)


def _tie_words(result: dict[str, Any], names: list[str], lang: str) -> str | None:
    """The tie-break that decided, in words, for the tie nearest the top."""
    for group in result.get("ties") or []:
        score = result["scores"][group[0]]
        return translate("madeira.board.final.tie", lang, pp=score,
                         players=join_names((names[s] for s in group[:-1]), lang))
    return None


def _breakdown(result: dict[str, Any], seat: int, lang: str) -> list[str]:
    """The final score's parts in words (rules page §13)."""
    return [translate("madeira.board.final.track", lang, pp=result["track"][seat]),
            translate("madeira.board.final.goods", lang, reals=result["reals"][seat], pp=result["resource_pp"][seat]),
            translate("madeira.board.final.pirates", lang, pirates=result["pirates"][seat],
                      lost=result["pirate_pp"][seat])]


# -- places ------------------------------------------------------------------------------------


def _current_building(view: dict[str, Any]) -> int | None:
    prompt = view.get("prompt") or {}
    if view.get("phase") == "C" and prompt.get("kind") == "cdecide":
        return prompt.get("building") if isinstance(prompt.get("building"), int) else None
    return None


def _last_target(view: dict[str, Any]) -> tuple[str, Any] | None:
    """Where the last move happened, when it names a place: ("building", b), ("row", r),
    ("field", id), ("spot", code), ("slot", code), ("pass", position)."""
    last = view.get("last")
    if not last:
        return None
    words = str(last.get("move", "")).split()
    if not words:
        return None
    verb = words[0]
    try:
        if verb in ("die", "pirate") and len(words) >= 3:
            for b, bld in enumerate(view["buildings"]):
                character = bld.get("character")
                if character == words[2]:
                    return ("building", b)
        if verb == "row":
            return ("row", int(words[1]) - 1)
        if verb in ("field", "again"):
            return ("field", words[1])
        if verb == "city":
            return ("spot", words[1])
        if verb == "move" and "-" in words[1]:
            target = words[1].split("-")[1]
            return ("field", target) if target[:1].isdigit() or target == "forest" else ("spot", target)
        if verb == "ship" and "-" in words[1]:
            return ("slot", words[1].split(".")[0].split("-")[1])
        if verb == "pass":
            return ("pass", int(words[1]) - 1)
        if verb in ("pay", "pirates") and last.get("phase") == "C":
            return None
    except (ValueError, IndexError, KeyError):
        return None
    return None
