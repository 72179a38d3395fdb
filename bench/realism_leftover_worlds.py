"""The worlds of ``bench_realism_leftovers.py``: JSON-Schema tools in the shapes the leftovers of
stop 50 were seen in (a loan made now, a read loan with a bare ``due`` and inner ``terms``, a
created order, a task with a bare ``deadline``, top answers whose siblings say what they are,
strings with a short ``maxLength`` named for a time, ``last_*`` times, a flight search)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec

__all__ = ["CLOCK", "leftover_world"]

CLOCK = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
_S: dict[str, Any] = {"type": "string"}
_T = {"type": "string", "format": "date-time"}
_D = {"type": "string", "format": "date"}


def _obj(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


def _short(high: int) -> dict[str, Any]:
    return {"type": "string", "maxLength": high}


_LOAN = _obj({"loan_id": _S, "borrowed_at": _T, "checked_out_on": _D, "due": _D})
_HELD = _obj(
    {"id": _S, "created_at": _T, "borrowed_at": _T, "due": _D, "terms": _obj({"due": _D, "deadline": _T})}
)
_ORDER = _obj({"order_id": _S, "created_at": _T, "shipped_at": _T, "paid_at": _T, "started_at": _T})
_TASK = _obj({"id": _S, "started_at": _T, "deadline": _T, "expiry": _D})
_TOPS = {
    "get_book": _obj({"id": _S, "title": _S, "author": _S, "isbn": _S}),
    "get_song": _obj({"id": _S, "title": _S, "artist": _S, "album": _S}),
    "get_ticket": _obj({"id": _S, "title": _S, "priority": {"enum": ["low", "high"]}, "assignee": _S}),
    "get_event": _obj({"id": _S, "name": _S, "venue": _S, "starts_at": _T}),
    "get_product": _obj({"id": _S, "name": _S, "price": {"type": "number"}, "sku": _S}),
    "get_pet": _obj({"id": _S, "name": _S, "species": _S, "breed": _S}),
}
_SHORT = _obj(
    {"updated_at": _short(5), "start_time": _short(8), "date": _short(8), "timestamp": _short(16),
     "start": _short(3), "created_at": _short(10), "shipped_on": _short(6)}
)  # fmt: skip
_USER = _obj({"id": _S, "login": _S, "last_login": _S, "last_seen": _S, "expires": _S})
_AIRPORT = {"type": "string", "description": "IATA airport code, e.g. LIS"}
_FLIGHT = {
    **_obj({"flight_id": _S, "carrier": _S, "origin": _AIRPORT, "destination": _AIRPORT}),
    "title": "Flight",
}


def leftover_world(seed: int) -> SyntheticWorld:
    """The world of every leftover shape, at `CLOCK`."""
    world = SyntheticWorld(seed, clock=SimulatedClock(CLOCK))
    tools = {
        "createLoan": _LOAN, "get_loan": _HELD, "create_order": _ORDER, "get_task": _TASK, **_TOPS,
        "get_times": _SHORT, "get_user": _USER,
    }  # fmt: skip
    for name, returns in tools.items():
        world.register_tool(ToolSpec(name, "A tool.", _obj({"ref": _S}), returns))
    search = _obj({"origin": _AIRPORT, "destination": _AIRPORT})
    world.register_tool(ToolSpec("search_flights", "Flights.", search, {"type": "array", "items": _FLIGHT}))
    return world
