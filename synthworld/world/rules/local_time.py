"""Local time: a date-time beside an IANA timezone is written in that zone's UTC offset for its
instant (``2024-02-02T12:26:33+01:00`` beside ``Europe/Oslo``; a record's stamp, ``created_at``,
``updated``, ``last_login``, stays as drawn: APIs write those in UTC whatever zone a record
names), an ``is_dst`` beside it says whether that zone keeps summer time then, and a weekday
(``day_of_week``, ``weekday``) names the day of the date beside it, as written.

The zone is the object's own (``timezone``, ``time_zone``, ``tz``...), else, for an object that
says its weekday or summer time without a zone, the call's ``timezone`` argument. A value the
field's schema refuses (a pattern that wants a ``Z``, an enum without the day) is left as drawn,
and a zone this machine's time zone database does not know changes nothing.
"""

from __future__ import annotations

import datetime
import re
import zoneinfo
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, pattern_refuses
from synthworld.world.rules.times import Instant, read_time, write_time
from synthworld.world.shapes import Shapes

__all__ = ["LocalTime"]

_ZONE_NAMES = frozenset(
    {"timezone", "time_zone", "tz", "tz_name", "tzid", "timezone_name", "timezone_id", "iana_timezone"}
)
_WEEKDAY = re.compile(r"(^|_)(day_of_(the_)?week|week_?day|day_name)$")  # as the realism rules read it
_DST_NAMES = frozenset(
    {"is_dst", "dst", "in_dst", "is_daylight_saving", "is_daylight_saving_time", "daylight_saving"}
)
_PRIMARY = frozenset(
    {"datetime", "date_time", "local_datetime", "local_time", "current_time", "time", "timestamp", "date"}
)
"""Names of the date a weekday or summer time is read from, when an object has several (the first
of them in the object)."""
_RECORD_STAMP = re.compile(
    r"_at$|(^|_)(created|updated|modified|deleted|timestamp|ts|expires?|expiry|last_[a-z_]+)$|^(created|updated|modified|last)_"
)
"""A record's time stamp (``created_at``, ``updated``, ``last_login``): written in UTC by most APIs
whatever zone the record names (a user's ``timezone`` is a preference), so never moved into it."""
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_NAMES = frozenset(name.lower()[:cut] for name in _DAYS for cut in (3, None))
_MAX_DEPTH = 8
_PLAIN = frozenset({"type", "format", "title", "description", "examples", "default", "readOnly"})
"""Keywords that refuse no text of the right type (a ``date-time`` format takes an offset)."""


class _Keys(NamedTuple):
    zone: str | None
    weekday: str | None
    dst: str | None


@lru_cache(maxsize=4096)
def _keys(keys: tuple[str, ...]) -> _Keys | None:
    """The zone, weekday and summer-time keys among an object's `keys` (None: none of them)."""
    names = [(snake(key), key) for key in keys]
    zone = next((key for name, key in names if name in _ZONE_NAMES), None)
    weekday = next((key for name, key in names if _WEEKDAY.search(name)), None)
    dst = next((key for name, key in names if name in _DST_NAMES), None)
    return _Keys(zone, weekday, dst) if zone or weekday or dst else None


def _zone(name: Any) -> zoneinfo.ZoneInfo | None:
    """The IANA zone `name` names, or None (not a name, or unknown here)."""
    return _known_zone(name) if type(name) is str and name and not name.startswith(("/", ".")) else None


@lru_cache(maxsize=1024)
def _known_zone(name: str) -> zoneinfo.ZoneInfo | None:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None


class LocalTime:
    """Date-times in the zone beside them, ``is_dst`` and the weekday agreeing with them."""

    name = "local_time"
    triggers: frozenset[str] = frozenset()  # the keys vary: every object is looked at (cached per key set)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return len(props) > 1 and _keys(tuple(props)) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        keys = _keys(tuple(node))
        if keys is None:
            return
        zone = _zone(node[keys.zone] if keys.zone is not None else _argument_zone(ctx.args))
        dates = _instants(node, keys)
        local = [(k, at) for k, at in dates.items() if not _RECORD_STAMP.search(snake(k))]
        if zone is not None and sum([self._zoned(node, hint, k, at, zone, ctx) for k, at in local]):
            dates = _instants(node, keys)  # as now written
        stamp = _primary(node, dates)
        if stamp is None:
            return  # no date, or several and none the one a weekday would be of
        if keys.weekday is not None:
            self._weekday(node, hint, keys.weekday, stamp, ctx)
        if keys.dst is not None and zone is not None and stamp.style == "iso" and stamp.zone:
            summer = zone.dst(stamp.at.astimezone(zone)) not in (None, datetime.timedelta(0))
            self._set(node, hint, keys.dst, summer, ctx)

    def _zoned(
        self,
        node: dict[str, Any],
        hint: str,
        key: str,
        stamp: Instant,
        zone: zoneinfo.ZoneInfo,
        ctx: RuleContext,
    ) -> bool:
        """Write ``node[key]`` at `stamp`'s instant in `zone`'s offset; whether it changed."""
        if stamp.style != "iso" or not stamp.zone:
            return False  # a date, or a wall-clock time without an offset: no instant to place
        offset = stamp.at.astimezone(zone).utcoffset() or datetime.timedelta(0)
        text = write_time(stamp.at, stamp._replace(zone=_offset_text(offset, stamp.zone)))
        return self._set(node, hint, key, text, ctx)

    def _weekday(self, node: dict[str, Any], hint: str, key: str, stamp: Instant, ctx: RuleContext) -> None:
        drawn = node[key]
        if type(drawn) is not str:
            return  # a day number counts from 0 or 1, Monday or Sunday: left as drawn
        day = _DAYS[stamp.at.weekday()]
        allowed = ctx.shapes.values(hint, key)
        if allowed is not None:
            found = [v for v in allowed if v.lower() in (day.lower(), day[:3].lower())]
            written = found[0] if found else None
        else:
            written = _like(day, drawn)
        if written is not None:
            self._set(node, hint, key, written, ctx)

    def _set(self, node: dict[str, Any], hint: str, key: str, value: Any, ctx: RuleContext) -> bool:
        here = node[key]
        if (type(here) is type(value) and here == value) or not ctx.free(node, key):
            return False
        if not _takes(ctx.prop(hint, key), value):
            return False
        ctx.edits.begin(self.name)
        return ctx.set(node, key, value)


def _primary(node: Mapping[str, Any], dates: Mapping[str, Instant]) -> Instant | None:
    """The date a weekday or summer time is of: the only one, else the first named like one."""
    if len(dates) == 1:
        return next(iter(dates.values()))
    return next((dates[k] for k in node if k in dates and snake(k) in _PRIMARY), None)


def _argument_zone(args: Mapping[str, Any]) -> Any:
    """The call's ``timezone`` argument (or ``tz``, ``time_zone``...), if it has one."""
    return next((value for key, value in args.items() if snake(key) in _ZONE_NAMES), None)


def _instants(node: Mapping[str, Any], keys: _Keys) -> dict[str, Instant]:
    """The keys of `node` holding a date or an ISO date-time (as written), in the node's order."""
    found = {}
    for key, value in node.items():
        if type(value) is str and key not in keys:
            stamp = read_time(value)
            if stamp is not None and stamp.style in ("iso", "date"):
                found[key] = stamp
    return found


def _offset_text(offset: datetime.timedelta, like: str) -> str:
    """`offset` as an ISO suffix: ``+01:00`` (``+0100`` when `like` has no colon); a zero offset
    written ``Z`` stays ``Z``."""
    if not offset and like in ("Z", "z"):
        return like
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    colon = ":" if ":" in like or like in ("Z", "z") else ""
    return f"{sign}{hours:02}{colon}{rest:02}"


def _like(day: str, drawn: str) -> str:
    """`day` written as `drawn` writes a day (abbreviated, lower or upper case) when it names one;
    else in full (``Monday``)."""
    if drawn.lower() not in _NAMES:
        return day
    written = day[:3] if len(drawn) == 3 else day
    if drawn.islower():
        return written.lower()
    return written.upper() if drawn.isupper() else written


def _takes(schema: Mapping[str, Any], value: Any, depth: int = 0) -> bool:
    """Whether `schema` (a property's, as the shapes hold it) surely takes `value`: a plain
    schema, an enum or const holding it, a pattern and lengths it meets (anything else: no)."""
    kind = schema.get("type")
    if kind is not None and _json_type(value) not in ([kind] if isinstance(kind, str) else kind):
        return False
    if _PLAIN.issuperset(schema):
        return True
    if depth > _MAX_DEPTH or any(word in schema for word in ("$ref", "not", "if")):
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if "const" in schema and schema["const"] != value:
        return False
    if type(value) is str and not _text_fits(schema, value):
        return False
    for word in ("anyOf", "oneOf"):
        if isinstance(schema.get(word), list) and not any(_takes(s, value, depth + 1) for s in schema[word]):
            return False
    parts = schema.get("allOf")
    return not isinstance(parts, list) or all(_takes(s, value, depth + 1) for s in parts)


def _text_fits(schema: Mapping[str, Any], value: str) -> bool:
    if pattern_refuses(schema.get("pattern"), value):
        return False
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    return len(value) >= low and (high is None or len(value) <= high)


def _json_type(value: Any) -> str:
    return "boolean" if type(value) is bool else "string" if type(value) is str else "other"
