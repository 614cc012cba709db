"""The platform-free game host (no Discord import): see :mod:`bot.host.host` and :mod:`bot.host.store`."""

from bot.host.errors import RepeatedMove, RepeatedUndo
from bot.host.host import Decision, Host, HostError, Standing
from bot.host.store import SeatRow, StaleVersion, Store, TableRow

__all__ = ["Decision", "Host", "HostError", "RepeatedMove", "RepeatedUndo", "Standing", "SeatRow", "StaleVersion", "Store", "TableRow"]
