"""The host's refusals (not the rules'): not seated, not your turn, lobby full, bad clock, ..."""

from games.errors import GameError


class HostError(GameError):
    """A refusal by the host; ``key`` names its text in the catalogue (``bot/messages.py``)."""

    key = "host.error"
