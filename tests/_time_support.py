"""Whether a time result (``{"timezone", "datetime", "day_of_week", "is_dst"}``, as
``mcp-server-time`` answers) agrees with the zone asked for, read apart from synthworld
(``datetime`` and ``zoneinfo`` only)."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def instant(result: dict[str, Any]) -> datetime.datetime:
    return datetime.datetime.fromisoformat(result["datetime"].replace("Z", "+00:00"))


def agreement(zone_name: str, result: dict[str, Any]) -> dict[str, Any]:
    """What a time result at its instant should say, asked for `zone_name`."""
    at = instant(result)
    local = at.astimezone(zoneinfo.ZoneInfo(zone_name))
    return {
        "timezone": zone_name,
        "offset": local.utcoffset(),
        "day_of_week": DAYS[local.weekday()],
        "is_dst": bool(local.dst()),
    }


def said(result: dict[str, Any]) -> dict[str, Any]:
    """What a time result says, in the terms of `agreement`."""
    offset = instant(result).utcoffset()
    return {
        "timezone": result["timezone"],
        "offset": offset,
        **{k: result[k] for k in ("day_of_week", "is_dst")},
    }
