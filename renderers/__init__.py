"""Board images: ``render(game_name, view) -> PNG bytes``, one module per game.

``renderers.<game_name>`` must define ``render(view, **options) -> bytes``. Modules load on first
use, so the host pays for Pillow and a game's sprites only when it draws that game. Renderers read
a view (``Game.view(state, seat)``), never a state, so they cannot show a secret (STYLE.md 7, 9).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["render", "has_renderer"]

#: Modules of this package that are helpers, not games.
_NOT_GAMES = frozenset({"common"})


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
