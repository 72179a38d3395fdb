"""A scenario's ``clock:`` and ``latency:`` keys: where the world's simulated time starts, how far
each call moves it, and how long each tool takes (a call slower than its deadline times out).

.. code-block:: yaml

    clock: {start: "2026-03-01T09:00:00Z", tick: 1}
    latency:
      "*": 0.2                                   # every tool without its own
      search_flights: {distribution: lognormal, median: 0.8, sigma: 0.4}
      book_flight: {seconds: 2.5, deadline: 2}   # slower than its deadline: a timeout ToolError
"""

from __future__ import annotations

import datetime
import difflib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld.world import SimulatedClock, SyntheticWorld

if TYPE_CHECKING:
    from synthworld.scenario.model import Scenario
    from synthworld.scenario.problems import Problems

__all__ = ["add_latency", "clock_of", "set_clock"]


def set_clock(world: SyntheticWorld, scenario: Scenario, problems: Problems) -> None:
    """Give `world` the clock the file's ``clock:`` describes; a bad value is a problem there."""
    data = scenario.data.get("clock")
    if data is None or not problems.sound(("clock",)):
        return
    try:
        world.clock = clock_of(data)
    except ValueError as exc:
        key = getattr(exc, "key", None)
        problems.add(("clock", key) if key else ("clock",), str(exc))


def clock_of(data: Mapping[str, Any]) -> SimulatedClock:
    """A `SimulatedClock` from ``{start: DATE-TIME, tick: SECONDS}`` (each key optional)."""
    tick = data.get("tick", 0)
    if isinstance(tick, bool) or not isinstance(tick, (int, float)) or tick < 0:
        raise _ClockValueError("tick", f"tick={tick!r} must be a number of seconds >= 0 (0: a frozen clock)")
    if "start" not in data:
        return SimulatedClock(tick=float(tick))
    return SimulatedClock(_start(data["start"]), tick=float(tick))


def _start(text: Any) -> datetime.datetime:
    example = "write it as '2026-03-01T09:00:00Z' (UTC) or with an offset, '2026-03-01T10:00:00+01:00'"
    if not isinstance(text, str):
        raise _ClockValueError("start", f"start={text!r} must be a date-time text; {example}")
    try:  # Python 3.10's fromisoformat does not read a trailing Z
        start = datetime.datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
    except ValueError:
        raise _ClockValueError("start", f"start={text!r} is not a date-time; {example}") from None
    if start.tzinfo is None:
        raise _ClockValueError("start", f"start={text!r} has no timezone; {example}")
    return start


class _ClockValueError(ValueError):
    """A bad value of one key of ``clock:``."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def add_latency(
    world: SyntheticWorld, scenario: Scenario, problems: Problems, *, partial: bool = False
) -> None:
    """Give each tool named under ``latency:`` (``"*"``: every tool) its latency and deadline; a
    bad entry is a problem at its key (with `partial`, a name no registered tool has waits for
    the tools entry that failed)."""
    data = scenario.data.get("latency")
    if not isinstance(data, Mapping) or not problems.intact(("latency",)):
        return
    for tool, entry in data.items():
        where = ("latency", tool)
        if not problems.sound(where):
            continue
        if tool != "*" and tool not in world.tools:
            if not partial:
                problems.add(where, _unknown(str(tool), world))
            continue
        try:
            latency, deadline = _entry(entry)
            world.set_latency(str(tool), latency, deadline=deadline)
        except ValueError as exc:
            problems.add(where, str(exc))


def _entry(entry: Any) -> tuple[Any, float | None]:
    """``(latency, deadline)`` of one entry: seconds, a distribution, or a mapping with
    ``seconds`` or a distribution and a ``deadline``."""
    if not isinstance(entry, Mapping):
        return entry, None
    entry = dict(entry)
    deadline = entry.pop("deadline", None)
    if "seconds" in entry:
        if len(entry) > 1:
            others = ", ".join(sorted(str(k) for k in entry if k != "seconds"))
            raise ValueError(f"give seconds or a distribution, not both (seconds and {others})")
        return entry["seconds"], deadline
    return (entry or None), deadline  # a deadline alone: the latency comes from "*"


def _unknown(tool: str, world: SyntheticWorld) -> str:
    close = difflib.get_close_matches(tool, sorted(world.tools), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    known = ", ".join(sorted(world.tools)) or "none"
    return f"no tool named {tool!r}; {hint}use '*' for every tool; the scenario's tools are: {known}"
