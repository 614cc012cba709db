"""The platform-free game host (no Discord import): see :mod:`bot.host.host` and :mod:`bot.host.store`."""

from bot.host.errors import RepeatedMove
from bot.host.host import Host, HostError, Standing
from bot.host.store import SeatRow, StaleVersion, Store, TableRow

__all__ = ["Host", "HostError", "RepeatedMove", "Standing", "SeatRow", "StaleVersion", "Store", "TableRow"]
