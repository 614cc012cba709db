"""Pure, deterministic game engines behind one contract (:mod:`games.core`).

No I/O, no Discord, no Pillow, no asyncio in this package. :mod:`games.registry` lists the games.
"""
