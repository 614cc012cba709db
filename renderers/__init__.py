"""Board images: ``render(game_name, view, names=, lang=) -> PNG bytes``, one module or package per game.

``renderers.<game_name>`` must define ``render(view, *, names=None, lang="en") -> bytes``: ``names``
are the players' display names by seat (printed on the seat cards), ``lang`` the language of the
words on the image (``en`` or ``ja``). A game with more public detail than fits the inline picture
also defines ``render_detail`` with the same arguments: the full board, one click away. A game whose
secrets are better seen than read (the box a Mafia de Cuba holder opens) also defines
``render_private(private, *, name=None, lang="en") -> bytes | None``: the picture of one seat's
private view (``Game.private_view``), sent only to that seat. Modules load on first
use, so the host pays for Pillow and a game's sprites only when it draws that game. Renderers read
a view (``Game.view(state, seat)``), never a state, so they cannot show a secret (STYLE.md 7, 9).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["has_detail", "has_private", "has_renderer", "render", "render_detail", "render_private"]

#: Modules of this package that are helpers, not games.
_NOT_GAMES = frozenset({"animation", "common", "frame", "messages", "palettes", "tournament"})


def _module(game_name: str) -> ModuleType | None:
    if not isinstance(game_name, str) or not game_name.isidentifier() or game_name.startswith("_") \
            or game_name in _NOT_GAMES:
        return None
    qualified = f"{__name__}.{game_name}"
    try:
        module = importlib.import_module(qualified)
    except ModuleNotFoundError as exc:
        if exc.name == qualified:
            return None
        raise  # the renderer exists but something it imports is missing: a real bug
    return module if callable(getattr(module, "render", None)) else None


def has_renderer(game_name: str) -> bool:
    """Whether ``game_name`` has a board image."""
    return _module(game_name) is not None


def render(game_name: str, view: dict[str, Any], **options: Any) -> bytes:
    """PNG bytes of ``view`` drawn by the renderer of ``game_name``.

    Raises ``ValueError`` when no renderer exists for ``game_name``, or when the renderer refuses
    the view or the options.
    """
    module = _module(game_name)
    if module is None:
        raise ValueError(f"no renderer for game {game_name!r}")
    return module.render(view, **options)


def has_detail(game_name: str) -> bool:
    """Whether ``game_name`` also has a full-board image beside its inline summary."""
    module = _module(game_name)
    return module is not None and callable(getattr(module, "render_detail", None))


def render_detail(game_name: str, view: dict[str, Any], **options: Any) -> bytes | None:
    """PNG bytes of the full board of ``game_name`` (``None`` when the inline image is the whole
    board). Same arguments and errors as :func:`render`."""
    module = _module(game_name)
    if module is None:
        raise ValueError(f"no renderer for game {game_name!r}")
    detail = getattr(module, "render_detail", None)
    return detail(view, **options) if callable(detail) else None


def has_private(game_name: str) -> bool:
    """Whether ``game_name`` draws its private views as images too."""
    module = _module(game_name)
    return module is not None and callable(getattr(module, "render_private", None))


def render_private(game_name: str, private: dict[str, Any], **options: Any) -> bytes | None:
    """PNG bytes of one seat's private view (``None`` when the game draws none, or nothing for this
    view). Only ever sent to that seat: the caller's duty, as with the words of the view."""
    module = _module(game_name)
    draw = getattr(module, "render_private", None) if module is not None else None
    return draw(private, **options) if callable(draw) else None
