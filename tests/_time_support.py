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


CONVERSION_SEED_5 = {
    "source": {
        "timezone": "Europe/Warsaw",  # Asia/Phnom_Penh before: drawn, not the argument
        "datetime": "2024-01-17T20:40:57+01:00",
        "day_of_week": "Wednesday",
        "is_dst": False,
    },
    "target": {
        "timezone": "Asia/Tokyo",
        "datetime": "2024-02-26T12:24:04+09:00",
        "day_of_week": "Monday",
        "is_dst": False,
    },
    "time_difference": "rest",
}
"""``convert_time(source_timezone="Europe/Warsaw", time="16:30", target_timezone="Asia/Tokyo")``
answered by a world of seed 5: the typed stub shaped like ``mcp-server-time``'s tool
(``test_local_time.py``) and the twin of the real server (``test_mcp_real_server_twin.py``) answer
it alike."""
