"""Time values as answers hold them (ISO 8601 text, dates, epoch seconds or milliseconds): read
them, compare them, and write a new time in the same style."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

__all__ = ["Instant", "read_style", "read_time", "write_time"]

_ISO = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}:?\d{2})?)?"
)
_UTC = datetime.timezone.utc


class Instant(NamedTuple):
    """A time read from a value, and how the value wrote it."""

    at: datetime.datetime
    style: str
    """``date``, ``iso`` (with `sep`, `digits` fraction digits and `zone`), ``epoch`` or ``epoch_ms``."""
    sep: str = "T"
    digits: int = 0
    zone: str = "Z"
    number: type = int


_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=_UTC)


def read_style(value: Any) -> Instant | None:
    """How `value` writes a time (its instant not read: ``at`` is the epoch), or None."""
    if type(value) is not str:
        return read_time(value)
    match = _ISO.fullmatch(value)
    if match is None:
        return None
    sep, fraction, zone = match.group(4), match.group(8), match.group(9)
    if sep is None:
        return Instant(_EPOCH, "date")
    return Instant(_EPOCH, "iso", sep, len(fraction) - 1 if fraction else 0, zone if zone is not None else "")


def read_time(value: Any) -> Instant | None:
    """The instant `value` holds, or None when it holds none."""
    if type(value) is str:
        return _read_text(value)
    if type(value) in (int, float) and 1e8 <= value < 1e14:
        ms = value >= 1e11
        at = datetime.datetime.fromtimestamp(value / 1000 if ms else value, _UTC)
        return Instant(at, "epoch_ms" if ms else "epoch", number=type(value))
    return None


@lru_cache(maxsize=8192)
def _read_text(text: str) -> Instant | None:
    match = _ISO.fullmatch(text)
    if match is None:
        return None
    year, month, day, sep, hour, minute, second, fraction, zone = match.groups()
    try:
        if sep is None:
            return Instant(datetime.datetime(int(year), int(month), int(day), tzinfo=_UTC), "date")
        offset = _offset(zone)
        micro = int((fraction or ".0")[1:7].ljust(6, "0"))
        at = datetime.datetime(
            int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micro, tzinfo=offset
        )
    except ValueError:
        return None
    digits = len(fraction) - 1 if fraction else 0
    return Instant(at, "iso", sep, digits, zone if zone is not None else "")


def _offset(zone: str | None) -> datetime.tzinfo:
    if zone is None or zone in ("Z", "z"):
        return _UTC
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    return datetime.timezone(sign * datetime.timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))


def write_time(at: datetime.datetime, like: Instant | None, schema: Mapping[str, Any] | None = None) -> Any:
    """`at` written in the style of `like` (else as the `schema`'s format or type asks, else ISO
    text in UTC with a ``Z``)."""
    style = like or _style_for(schema or {})
    if style.style == "date":
        return at.astimezone(_UTC).date().isoformat()
    if style.style in ("epoch", "epoch_ms"):
        seconds = at.timestamp() * (1000 if style.style == "epoch_ms" else 1)
        return style.number(round(seconds)) if style.number is int else float(round(seconds, 3))
    return _iso(at, style.sep, style.digits, style.zone)


@lru_cache(maxsize=1024)
def _iso(at: datetime.datetime, sep: str, digits: int, zone: str) -> str:
    local = at.astimezone(_UTC) if zone in ("Z", "z", "") else at.astimezone(_offset(zone))
    text = f"{local.year:04}-{local.month:02}-{local.day:02}{sep}"
    text += f"{local.hour:02}:{local.minute:02}:{local.second:02}"
    if digits:
        text += "." + f"{local.microsecond:06}"[:digits].ljust(digits, "0")
    return text + zone


def _style_for(schema: Mapping[str, Any]) -> Instant:
    epoch = datetime.datetime(1970, 1, 1, tzinfo=_UTC)
    if schema.get("format") == "date":
        return Instant(epoch, "date")
    kinds = schema.get("type")
    if kinds == "integer" or kinds == "number":
        return Instant(epoch, "epoch", number=int)
    return Instant(epoch, "iso")
