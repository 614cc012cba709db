"""A tournament's settings: one frozen dataclass, built and validated by :meth:`Settings.make`.

Every refusal is a :class:`~tournaments.errors.SettingsError` whose key and params name the option,
the value given and what is allowed, so the host can say it in English or Japanese.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from games.typed import integer, quoted, shown
from tournaments import schedule
from tournaments.errors import SettingsError

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
SINGLE_ELIMINATION = "single_elimination"
DOUBLE_ELIMINATION = "double_elimination"
SWISS_TABLES = "swiss_tables"
FORMATS = (SWISS, ROUND_ROBIN, SINGLE_ELIMINATION, DOUBLE_ELIMINATION, SWISS_TABLES)
ELIMINATION = (SINGLE_ELIMINATION, DOUBLE_ELIMINATION)
#: Formats whose tables have exactly two sides (a player or a team each).
TWO_SIDED = (SWISS, ROUND_ROBIN, SINGLE_ELIMINATION, DOUBLE_ELIMINATION)

#: Tie-breaks by format: the ones allowed, the first of each list being the default order.
TIE_BREAKS: Mapping[str, tuple[str, ...]] = {
    SWISS: ("buchholz", "median_buchholz", "sonneborn_berger", "head_to_head", "wins", "game_score"),
    ROUND_ROBIN: ("head_to_head", "sonneborn_berger", "wins", "game_score", "buchholz", "median_buchholz"),
    SWISS_TABLES: ("opponents_points", "average_place", "wins", "game_score"),
    SINGLE_ELIMINATION: (),
    DOUBLE_ELIMINATION: (),
}
DEFAULT_TIE_BREAKS: Mapping[str, tuple[str, ...]] = {
    SWISS: ("buchholz", "median_buchholz", "sonneborn_berger", "wins"),
    ROUND_ROBIN: ("head_to_head", "sonneborn_berger", "wins", "game_score"),
    SWISS_TABLES: ("opponents_points", "average_place", "game_score"),
    SINGLE_ELIMINATION: (),
    DOUBLE_ELIMINATION: (),
}

#: Points per finishing place at multiplayer tables when none are given: the winner always gets 6
#: and the last 0, so a smaller table made to fit the count is worth as much as a full one.
DEFAULT_PLACE_POINTS: Mapping[int, tuple[int, ...]] = {
    2: (6, 0), 3: (6, 3, 0), 4: (6, 4, 2, 0), 5: (6, 5, 3, 1, 0), 6: (6, 5, 4, 2, 1, 0),
}
BEST_OF = (1, 3, 5, 7)
#: The longest text a point value may be written in (``99.99``, ``33.25``, ``100``).
POINTS_CHARS = 8
MAX_ROUNDS = 30
MAX_ENTRANTS = 1024
MAX_GROUPS = 32


def default_place_points(size: int) -> tuple[Fraction, ...]:
    """Points per place at a table of ``size``, 6 for the first and 0 for the last:
    :data:`DEFAULT_PLACE_POINTS`, and evenly spaced at larger tables (balanced tables may exceed
    the chosen size: 13 players at tables of 6 sit 7 and 6)."""
    if size in DEFAULT_PLACE_POINTS:
        return tuple(Fraction(p) for p in DEFAULT_PLACE_POINTS[size])
    return tuple(Fraction(6 * (size - 1 - k), size - 1) for k in range(size))


def number(value: Any) -> Fraction:
    """A point value as an exact fraction (``0.5`` -> 1/2, ``"1.5"`` -> 3/2)."""
    return Fraction(str(value))


def plain(value: Fraction) -> int | float:
    """A fraction for JSON and display: an int when whole, else a float."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True)
class Settings:
    """What kind of tournament this is. Build with :meth:`make`; every field is plain JSON data.

    - ``format``: ``swiss`` (two sides per table, paired by score), ``round_robin`` (everyone
      meets everyone once, circle method), ``single_elimination`` / ``double_elimination``
      (brackets seeded by rating), ``swiss_tables`` (Swiss with tables of 3-5 grouped by standing).
    - ``rounds``: ``None`` = automatic (Swiss: ceil(log2 entrants); round robin: entrants - 1
      rounded up to even; elimination: until the final is decided).
    - ``table_size``: players per game (two-sided formats: ``2 * team_size``).
    - ``team_size``: members per entrant (2 for Minoa 2 vs 2); seats alternate sides (A1 B1 A2 B2).
    - ``points_win / points_draw / points_loss``: two-sided match points.
    - ``place_points``: points per finishing place at a table of ``table_size`` (``swiss_tables``).
    - ``bye_points``: points for a bye (Swiss: a win, round robin: 0, tables: the average place).
    - ``best_of``: games per elimination match (1, 3, 5, 7); ``grand_final_reset``: in double
      elimination a second final when the losers' bracket winner wins the first.
    - ``tie_breaks``: the order in which ties on points are broken (see :mod:`standings`).
    - ``rated``, ``check_in``, ``min_entrants``, ``max_entrants``.
    - ``late_entry``: (Swiss formats) people may join after the start, from the next round to be
      paired, with no points for the rounds they missed (no bye points: a late entrant should not
      outrank those who played); ``late_until``: the last round a late entrant can join in
      (``None``: any round).
    - ``drop_on_timeout``: a player whose tournament game timed out against them (the table's
      timeout policy made the AI move for them, skipped them or dropped them) is withdrawn from
      later rounds.
    - ``round_start``, ``playing_hours``, ``check_in_minutes``: see :mod:`tournaments.schedule`.
    - ``game_options``: the game's own options, resolved and written as the game writes them.
    - ``cut``, ``cut_format``: stages; the top ``cut`` of a Swiss or round robin then play a
      single or double elimination bracket seeded from the standings (``best_of`` and
      ``grand_final_reset`` apply to it); ``third_place``: a match for third between the
      semi-final losers of a single elimination bracket; ``cycles``: 2 for a double round robin;
      ``groups``: a round robin played in that many groups.
    """

    game: str
    format: str = SWISS
    rounds: int | None = None
    table_size: int = 2
    team_size: int = 1
    points_win: float = 1
    points_draw: float = 0.5
    points_loss: float = 0
    place_points: tuple[float, ...] = ()
    bye_points: float = 1
    best_of: int = 1
    grand_final_reset: bool = True
    tie_breaks: tuple[str, ...] = ()
    rated: bool = True
    late_entry: bool = False
    check_in: bool = False
    min_entrants: int = 2
    max_entrants: int = 256
    game_options: Mapping[str, str] = field(default_factory=dict)
    late_until: int | None = None
    drop_on_timeout: bool = True
    round_start: str = "now"
    playing_hours: str = ""
    check_in_minutes: int = 0
    #: Stages (issue 29): after the Swiss or round-robin rounds, the best ``cut`` entrants of the
    #: standings play a ``cut_format`` bracket seeded from them (0: no cut).
    cut: int = 0
    cut_format: str = SINGLE_ELIMINATION
    #: Single elimination (or a single-elimination cut): the semi-final losers play for third place.
    third_place: bool = False
    #: Round robin: 2 plays everyone twice, the seats turned round the second time.
    cycles: int = 1
    #: Round robin in groups: entrants are dealt into this many groups by seed (snake order) and
    #: meet only their group; the standings rank group winners first, then the runners-up...
    groups: int = 1

    # -- building ---------------------------------------------------------------------------------

    @classmethod
    def make(cls, game: str, format: str = SWISS, **options: Any) -> Settings:
        """Validated settings for ``game`` in ``format``; unknown names and bad values raise
        :class:`SettingsError`. Options a format does not use keep their defaults."""
        from games.registry import get_game

        fmt = _choice("format", format, FORMATS)
        try:
            engine = get_game(game)
        except Exception as exc:  # SetupError: unknown game, said with the known ones
            raise SettingsError("tournament.error.unknown_game", name=game,
                                known=getattr(exc, "params", {}).get("known", "")) from None
        known = {f for f in cls.__dataclass_fields__ if f not in ("game", "format")}
        for name in options:
            if name not in known:
                raise SettingsError("tournament.error.unknown_setting", name=name, known=", ".join(sorted(known)))

        team_size = _int("team_size", options.get("team_size", 1), 1, 4)
        if fmt == SWISS_TABLES:
            if team_size != 1:
                raise SettingsError("tournament.error.setting_choice", name="team_size", value=team_size, choices="1")
            table_size = _int("table_size", options.get("table_size", min(4, engine.max_players)), 3, 6)
        else:
            table_size = 2 * team_size
            if "table_size" in options and _int("table_size", options["table_size"], 2, 8) != table_size:
                raise SettingsError("tournament.error.setting_choice", name="table_size",
                                    value=options["table_size"], choices=str(table_size))
        if not engine.min_players <= table_size <= engine.max_players:
            raise SettingsError("tournament.error.table_size", game=engine.name, size=table_size,
                                minimum=engine.min_players, maximum=engine.max_players)

        rounds = options.get("rounds")
        if rounds is not None and str(rounds).strip().lower() not in ("", "auto"):
            rounds = _int("rounds", rounds, 1, MAX_ROUNDS)
        else:
            rounds = None
        if fmt in ELIMINATION and rounds is not None:
            raise SettingsError("tournament.error.setting_choice", name="rounds", value=rounds, choices="auto")

        win, draw, loss = (_points(name, options.get(name, default)) for name, default in
                           (("points_win", 1), ("points_draw", 0.5), ("points_loss", 0)))
        if not win >= draw >= loss:
            raise SettingsError("tournament.error.points_order", win=plain(win), draw=plain(draw), loss=plain(loss))

        place_points: tuple[Fraction, ...] = ()
        if fmt == SWISS_TABLES:
            given = options.get("place_points")
            if given is None:
                place_points = default_place_points(table_size)
            else:
                parts = given.replace(",", "/").split("/") if isinstance(given, str) else list(given)
                place_points = tuple(_points("place_points", p) for p in parts)
                if len(place_points) != table_size or any(a < b for a, b in zip(place_points, place_points[1:])) \
                        or place_points[0] == place_points[-1]:
                    raise SettingsError("tournament.error.place_points", value=_said(given), size=table_size)

        if "bye_points" in options:
            bye = _points("bye_points", options["bye_points"])
        elif fmt == SWISS_TABLES:
            bye = sum(place_points, Fraction(0)) / len(place_points)
        elif fmt == ROUND_ROBIN:
            bye = Fraction(0)
        else:
            bye = win

        cut = _int("cut", options.get("cut", 0), 0, MAX_ENTRANTS)
        if cut == 1:
            raise SettingsError("tournament.error.setting_int", name="cut", value=quoted(cut), minimum=2,
                                maximum=MAX_ENTRANTS)
        if cut and fmt not in (SWISS, ROUND_ROBIN):
            raise SettingsError("tournament.error.cut_format", format=fmt)
        cut_format = _choice("cut_format", options.get("cut_format", SINGLE_ELIMINATION), ELIMINATION)
        third_place = _bool("third_place", options.get("third_place", False))
        if third_place and not (fmt == SINGLE_ELIMINATION or (cut and cut_format == SINGLE_ELIMINATION)):
            raise SettingsError("tournament.error.third_place")
        cycles = _int("cycles", options.get("cycles", 1), 1, 2)
        if cycles != 1 and fmt != ROUND_ROBIN:
            raise SettingsError("tournament.error.cycles", format=fmt)
        groups = _int("groups", options.get("groups", 1), 1, MAX_GROUPS)
        if groups != 1 and fmt != ROUND_ROBIN:
            raise SettingsError("tournament.error.groups", format=fmt)

        best_of = 1
        if fmt in ELIMINATION or cut:
            best_of = int(_choice("best_of", str(options.get("best_of", 1)), tuple(str(b) for b in BEST_OF)))

        allowed = TIE_BREAKS[fmt]
        tie_breaks = options.get("tie_breaks")
        if tie_breaks is None:
            tie_breaks = DEFAULT_TIE_BREAKS[fmt]
        else:
            if isinstance(tie_breaks, str):
                tie_breaks = [t for t in tie_breaks.replace(",", " ").split() if t]
            tie_breaks = tuple(str(t).strip().lower() for t in tie_breaks)
            for name in tie_breaks:
                if name not in allowed:
                    raise SettingsError("tournament.error.tie_break", name=name, format=fmt,
                                        known=", ".join(allowed) or "-")
            if len(set(tie_breaks)) != len(tie_breaks):
                raise SettingsError("tournament.error.tie_break_twice", value=", ".join(tie_breaks))

        minimum_entrants = 3 if fmt == DOUBLE_ELIMINATION else (table_size if fmt == SWISS_TABLES else 2)
        min_entrants = _int("min_entrants", options.get("min_entrants", minimum_entrants), minimum_entrants,
                            MAX_ENTRANTS)
        max_entrants = _int("max_entrants", options.get("max_entrants", max(256, min_entrants)), min_entrants,
                            MAX_ENTRANTS)

        late_entry = _bool("late_entry", options.get("late_entry", False))
        if late_entry and fmt not in (SWISS, SWISS_TABLES):
            raise SettingsError("tournament.error.late_entry", format=fmt)
        late_until = options.get("late_until")
        if late_until is not None and str(late_until).strip().lower() not in ("", "any"):
            late_until = _int("late_until", late_until, 2, MAX_ROUNDS)
            if not late_entry:
                raise SettingsError("tournament.error.late_until")
        else:
            late_until = None

        try:
            resolved = engine.resolve_options(options.get("game_options") or {})
        except Exception as exc:  # SetupError naming the option; said as a settings error
            raise SettingsError("tournament.error.game_option", reason=_reason(exc)) from None

        return cls(
            game=engine.name, format=fmt, rounds=rounds, table_size=table_size, team_size=team_size,
            points_win=plain(win), points_draw=plain(draw), points_loss=plain(loss),
            place_points=tuple(plain(p) for p in place_points), bye_points=plain(bye), best_of=best_of,
            grand_final_reset=_bool("grand_final_reset", options.get("grand_final_reset", True)),
            tie_breaks=tuple(tie_breaks), rated=_bool("rated", options.get("rated", True)),
            late_entry=late_entry, check_in=_bool("check_in", options.get("check_in", False)),
            min_entrants=min_entrants, max_entrants=max_entrants,
            game_options=engine.format_options(resolved), late_until=late_until,
            drop_on_timeout=_bool("drop_on_timeout", options.get("drop_on_timeout", True)),
            round_start=schedule.parse_round_start(options.get("round_start")),
            playing_hours=schedule.parse_hours(options.get("playing_hours")),
            check_in_minutes=_int("check_in_minutes", options.get("check_in_minutes", 0), 0, 7 * 24 * 60),
            cut=cut, cut_format=cut_format, third_place=third_place, cycles=cycles, groups=groups,
        )

    # -- questions the core asks ------------------------------------------------------------------

    @property
    def two_sided(self) -> bool:
        return self.format in TWO_SIDED

    @property
    def elimination(self) -> bool:
        return self.format in ELIMINATION

    def late_open(self, next_round: int) -> bool:
        """Whether a late entrant may still join, ``next_round`` being the round they would
        first play."""
        return self.late_entry and (self.late_until is None or next_round <= self.late_until)

    def auto_rounds(self, entrants: int) -> int:
        """The number of rounds for ``entrants`` (the set ``rounds`` when there is one)."""
        if self.rounds is not None:
            return self.rounds
        if self.format == ROUND_ROBIN:
            return (entrants - 1 + entrants % 2) * self.cycles
        if self.format == SWISS_TABLES:
            return max(2, math.ceil(math.log(max(entrants, 2), self.table_size)) + 1)
        return max(1, math.ceil(math.log2(max(entrants, 2))))

    def place_points_for(self, size: int) -> tuple[Fraction, ...]:
        """Points per place at a table of ``size`` players. Two-sided: win, loss. A multiplayer
        table of another size than ``table_size`` (made to fit the count) scales the default table
        of its size between the chosen first and last values, so a win is worth the same."""
        if self.two_sided:
            return (number(self.points_win), number(self.points_loss))
        if size == len(self.place_points):
            return tuple(number(p) for p in self.place_points)
        first, last = number(self.place_points[0]), number(self.place_points[-1])
        return tuple(last + (first - last) * p / 6 for p in default_place_points(size))

    @property
    def half_bye_points(self) -> Fraction:
        """Points for a requested half-point bye: a draw at two-sided tables, half a bye at
        multiplayer tables."""
        if self.two_sided:
            return number(self.points_draw)
        return number(self.bye_points) / 2

    def points_for(self, places: Sequence[int]) -> list[Fraction]:
        """The points each side earns from its finishing ``places`` (competition ranks): tied sides
        share the average of the places they cover; two sides tied score ``points_draw``."""
        size = len(places)
        if self.two_sided and size == 2 and places[0] == places[1]:
            return [number(self.points_draw)] * 2
        table = self.place_points_for(size)
        out = []
        for place in places:
            tied = sum(1 for p in places if p == place)
            out.append(sum(table[place - 1:place - 1 + tied], Fraction(0)) / tied)
        return out

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["place_points"] = list(self.place_points)
        data["tie_breaks"] = list(self.tie_breaks)
        data["game_options"] = dict(self.game_options)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        data = dict(data)
        data["place_points"] = tuple(data.get("place_points", ()))
        data["tie_breaks"] = tuple(data.get("tie_breaks", ()))
        return cls(**data)


# -- the organiser's texts (Discord options) -----------------------------------------------------------

#: The longest text of ``points``, ``entrants`` or ``settings`` read at all.
TEXT_CHARS = 400


def points_text(text: str) -> dict[str, str]:
    """``"3/1/0"`` (win/draw/loss) to the three settings; each value is checked by :meth:`Settings.make`."""
    parts = [p for p in str(text).replace(",", "/").replace(" ", "").split("/")]
    if len(str(text)) > TEXT_CHARS or len(parts) != 3 or not all(parts):
        raise SettingsError("tournament.error.points_text", value=quoted(text))
    return dict(zip(("points_win", "points_draw", "points_loss"), parts))


def entrants_text(text: str) -> dict[str, str]:
    """``"4-64"`` (minimum and maximum), ``"4-"`` (a minimum), ``"-64"`` or ``"64"`` (a maximum)
    to the settings; the range each may take is checked by :meth:`Settings.make`."""
    said = str(text).strip().replace("..", "-").replace("~", "-").replace("〜", "-")
    low, sep, high = said.partition("-")
    if not sep:
        low, high = "", low
    low, high = low.strip(), high.strip()
    if len(said) > TEXT_CHARS or not (low or high) or any(part and not part.isdigit() for part in (low, high)):
        raise SettingsError("tournament.error.entrants_text", value=quoted(text), maximum=MAX_ENTRANTS)
    out = {}
    if low:
        out["min_entrants"] = low
    if high:
        out["max_entrants"] = high
    return out


def settings_text(text: str) -> dict[str, str]:
    """``"bye_points=0.5 grand_final_reset=off"`` to settings by name (separated by spaces; a
    value may hold commas, as tie-breaks do); names and values are checked by :meth:`Settings.make`."""
    out: dict[str, str] = {}
    if len(str(text)) > TEXT_CHARS:
        raise SettingsError("tournament.error.settings_text", value=quoted(text))
    for pair in str(text).split():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise SettingsError("tournament.error.settings_text", value=quoted(pair))
        if name in out:
            raise SettingsError("tournament.error.setting_twice", name=quoted(name))
        out[name.strip().lower()] = value
    return out


def _said(value: Any) -> str:
    return shown(value if isinstance(value, str) else "/".join(str(v) for v in value), 50)


def _reason(exc: Exception) -> Any:
    """The game's own refusal, kept translatable (a :class:`~games.messages.Text`)."""
    from games.messages import Text

    key = getattr(exc, "key", None)
    return Text(key, **exc.params) if key else str(exc)


def _choice(name: str, value: Any, choices: Sequence[str]) -> str:
    text = str(value).strip().lower()
    if text not in choices:
        raise SettingsError("tournament.error.setting_choice", name=name, value=value, choices=", ".join(choices))
    return text


def _int(name: str, value: Any, minimum: int, maximum: int) -> int:
    result = integer(value)  # None for a bool, a fraction or a long digit string (never read)
    if result is None or not minimum <= result <= maximum:
        raise SettingsError("tournament.error.setting_int", name=name, value=quoted(value), minimum=minimum,
                            maximum=maximum)
    return result


def _bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("on", "true", "yes", "1"):
        return True
    if text in ("off", "false", "no", "0"):
        return False
    raise SettingsError("tournament.error.setting_choice", name=name, value=value, choices="on, off")


def _points(name: str, value: Any) -> Fraction:
    """A point value from 0 to 100 in hundredths at the finest; a text longer than any such
    value (``POINTS_CHARS``) is refused before it is read as a number."""
    try:
        result = None if isinstance(value, str) and len(value.strip()) > POINTS_CHARS else number(value)
    except (ValueError, ZeroDivisionError, TypeError):
        result = None
    if result is None or not 0 <= result <= 100 or result.denominator > 100:
        raise SettingsError("tournament.error.setting_points", name=name, value=quoted(value))
    return result
