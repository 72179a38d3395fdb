"""Per-call time of a create whose list argument comes back as objects (list echo).

``create_event(attendees=[3 emails])`` answering ``attendees: [{email, name, response_status}]``:
300 calls per world, best of 5 worlds, in microseconds per call. Run it on two trees to compare:

    PYTHONPATH=TREE python bench/bench_list_echo.py
"""

from __future__ import annotations

import time
from typing import Literal

from typing_extensions import TypedDict

from synthworld import SyntheticWorld

INVITED = ["ana@example.com", "bo@example.com", "chen@example.com"]


class Attendee(TypedDict):
    email: str
    name: str
    response_status: Literal["needsAction", "accepted", "declined", "tentative"]


class Event(TypedDict):
    event_id: str
    title: str
    start: str
    attendees: list[Attendee]


def per_call(seed: int, calls: int = 300) -> float:
    """Microseconds per `create_event` call in a fresh world of `seed` (each call a new title)."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_event(title: str, start: str, attendees: list[str]) -> Event: ...

    started = time.perf_counter()
    for i in range(calls):
        create_event(f"event {i}", "2026-03-02T09:00:00Z", INVITED)
    return (time.perf_counter() - started) / calls * 1e6


if __name__ == "__main__":
    print(f"{min(per_call(seed) for seed in range(5)):.0f} us per call (best of 5 x 300)")
