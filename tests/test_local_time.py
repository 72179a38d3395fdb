"""Answers that agree with the call and with themselves about time: a date-time beside an IANA
zone is written in that zone's offset for its instant, ``is_dst`` and the weekday agree with it,
and an argument ``<prefix>_<field>`` echoes into the answer's ``<prefix>.<field>``
(``convert_time(source_timezone=...)`` answering ``source.timezone``), on typed stubs shaped like
the ``mcp-server-time`` tools (its twin is checked in ``test_mcp_real_server_twin.py``; nested echo
alone in ``test_nested_echo.py``). Where the schema refuses the derived value the drawn one stays,
and the answer is valid."""

from __future__ import annotations

import dataclasses
import datetime
import re
from typing import Any

import jsonschema
import pytest
from typing_extensions import TypedDict

from synthworld import SimulatedClock, SyntheticWorld, ToolSpec
from tests._time_support import CONVERSION_SEED_5, DAYS, agreement, instant, said

ZONES = ("Europe/Oslo", "America/New_York", "Australia/Sydney", "Asia/Kathmandu", "Etc/UTC")


class TimeResult(TypedDict):
    timezone: str
    datetime: str
    day_of_week: str
    is_dst: bool


class TimeConversion(TypedDict):
    source: TimeResult
    target: TimeResult
    time_difference: str


def time_world(seed: int, start: str | None = None) -> SyntheticWorld:
    """A world with the two tools of ``mcp-server-time``; `start`: where its clock starts."""
    clock = SimulatedClock(datetime.datetime.fromisoformat(start)) if start else None
    world = SyntheticWorld(seed=seed, clock=clock)

    @world.tool
    def get_current_time(timezone: str) -> TimeResult:
        """Current time in an IANA zone."""

    @world.tool
    def convert_time(source_timezone: str, time: str, target_timezone: str) -> TimeConversion:
        """Convert a time between zones."""

    return world


STARTS = ("2025-01-01T00:00:00+00:00", "2026-07-14T23:30:00+00:00", "2024-03-31T00:59:59+00:00",
          "2027-10-31T01:00:00+00:00")  # fmt: skip
"""Clock starts: new year, a summer night that is another day east, and either side of the hour
Europe's summer time starts and ends."""


@pytest.mark.parametrize("start", STARTS)
@pytest.mark.parametrize("zone", ZONES)
def test_the_current_time_is_written_in_the_zone_asked_for_with_its_weekday_and_summer_time(
    start: str, zone: str
) -> None:
    with time_world(3, start) as world:
        answer = world.call("get_current_time", {"timezone": zone})
    assert said(answer) == agreement(zone, answer)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("start", STARTS)
def test_the_current_time_is_the_worlds_now(seed: int, start: str) -> None:
    """An agent that asks the time gets the world's clock, the time its other answers are
    stamped with (before, a date drawn at random: 2025-12-21 in a world whose clock read
    2026-03-01 09:00, hours before the alert it was reading about started)."""
    with time_world(seed, start) as world:
        answer = world.call("get_current_time", {"timezone": "Asia/Kathmandu"})
        world.call("get_current_time", {"timezone": "Etc/UTC"})
        started = [instant({"datetime": call.started_at}) for call in world.trace]
        assert instant(answer) == started[0] == datetime.datetime.fromisoformat(start)
        assert instant(world.trace[1].output) == started[1]
        assert world.trace[0].rules == ("echo", "now", "local_time")


@pytest.mark.parametrize("seed", range(4))
def test_a_conversion_answers_each_side_in_the_zone_its_argument_names(seed: int) -> None:
    arguments = {"source_timezone": "Europe/Warsaw", "time": "16:30", "target_timezone": "Asia/Tokyo"}
    with time_world(seed) as world:
        answer = world.call("convert_time", arguments)
    for side in ("source", "target"):
        zone = arguments[f"{side}_timezone"]
        assert said(answer[side]) == agreement(zone, answer[side])


def test_summer_time_is_said_when_the_zone_keeps_it_and_not_otherwise() -> None:
    """Clocks in every month: both answers occur for a zone with summer time, and never True for
    one without."""
    seen: dict[str, set[bool]] = {"Europe/Oslo": set(), "Asia/Tokyo": set()}
    for month in range(1, 13):
        with time_world(month, f"2026-{month:02}-15T12:00:00+00:00") as world:
            for zone, found in seen.items():
                found.add(world.call("get_current_time", {"timezone": zone})["is_dst"])
    assert seen == {"Europe/Oslo": {True, False}, "Asia/Tokyo": {False}}


def test_the_answers_are_pinned_for_a_seed() -> None:
    with time_world(5) as world:
        now = world.call("get_current_time", {"timezone": "Europe/Oslo"})
        converted = world.call(
            "convert_time",
            {"source_timezone": "Europe/Warsaw", "time": "16:30", "target_timezone": "Asia/Tokyo"},
        )
        rules = [call.rules for call in world.trace]
    assert now == PINNED_NOW
    assert converted == CONVERSION_SEED_5
    assert rules == [("echo", "now", "local_time"), ("echo", "local_time")]


PINNED_NOW = {
    "timezone": "Europe/Oslo",
    "datetime": "2025-01-01T01:00:00+01:00",  # the world's clock (a drawn 2024-01-04T07:36:55 before)
    "day_of_week": "Wednesday",
    "is_dst": False,
}


# -- what the schema allows, and zones from the call ---------------------------------------------


def clock_spec(props: dict[str, Any], *, param: str = "timezone") -> ToolSpec:
    returns = {"type": "object", "properties": props, "required": list(props)}
    parameters = {"type": "object", "properties": {param: {"type": "string"}}, "required": [param]}
    return ToolSpec("get_clock", "Read a clock.", parameters, returns)


def answer(spec: ToolSpec, arguments: dict[str, Any], seed: int = 2) -> dict[str, Any]:
    with SyntheticWorld(seed=seed) as world:
        world.register_tool(spec)
        found: dict[str, Any] = world.call(spec.name, arguments)
    jsonschema.validate(found, spec.returns)
    return found


STRING = {"type": "string"}
STAMP = {"type": "string", "format": "date-time"}


@pytest.mark.parametrize("seed", range(4))
def test_a_pattern_that_wants_utc_keeps_the_drawn_time_and_the_weekday_follows_it(seed: int) -> None:
    utc = {"type": "string", "format": "date-time", "pattern": "Z$"}
    props = {"timezone": STRING, "datetime": utc, "day_of_week": STRING}
    found = answer(clock_spec(props), {"timezone": "Asia/Tokyo"}, seed)
    assert found["timezone"] == "Asia/Tokyo"
    assert found["datetime"].endswith("Z")
    assert found["day_of_week"] == DAYS[datetime.datetime.fromisoformat(found["datetime"][:-1]).weekday()]


@pytest.mark.parametrize("seed", range(4))
def test_an_enum_of_short_day_names_answers_the_short_name(seed: int) -> None:
    short = {"type": "string", "enum": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]}
    found = answer(
        clock_spec({"timezone": STRING, "datetime": STAMP, "weekday": short}),
        {"timezone": "Europe/Oslo"},
        seed,
    )
    assert found["weekday"] == agreement("Europe/Oslo", found)["day_of_week"][:3]
    assert re.fullmatch(r".+[+-]0[12]:00", found["datetime"])


@pytest.mark.parametrize("seed", range(4))
def test_a_zone_named_only_by_the_call_places_an_answer_that_says_its_weekday(seed: int) -> None:
    found = answer(clock_spec({"datetime": STAMP, "day_of_week": STRING}), {"timezone": "Asia/Kolkata"}, seed)
    assert found["datetime"].endswith("+05:30")
    assert found["day_of_week"] == agreement("Asia/Kolkata", {**found})["day_of_week"]


@pytest.mark.parametrize("seed", range(4))
def test_a_zone_this_machine_does_not_know_leaves_the_time_utc_and_the_weekday_still_agrees(
    seed: int,
) -> None:
    found = answer(
        clock_spec({"timezone": STRING, "datetime": STAMP, "day_of_week": STRING}),
        {"timezone": "Mars/Olympus"},
        seed,
    )
    assert found["timezone"] == "Mars/Olympus"
    assert found["datetime"].endswith("Z")
    assert found["day_of_week"] == agreement("Etc/UTC", found)["day_of_week"]


def test_a_date_beside_a_weekday_names_its_day_without_any_zone() -> None:
    props = {"date": {"type": "string", "format": "date"}, "weekday": STRING, "note": STRING}
    returns = {"type": "object", "properties": props, "required": list(props)}
    parameters = {"type": "object", "properties": {"note": STRING}}
    for seed in range(4):
        with SyntheticWorld(seed=seed) as world:
            world.register_tool(ToolSpec("get_day", "A day.", parameters, returns))
            found = world.call("get_day", {})
        assert found["weekday"] == DAYS[datetime.date.fromisoformat(found["date"]).weekday()]


def handled(answer: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """`answer` as the world gives it back when a handler (your own code) answers it (a tool that
    reads a time in a zone, not the clock: ``get_current_time`` answers the world's now)."""
    with time_world(0) as world:
        spec = dataclasses.replace(world.tools["get_current_time"], name="get_time_in_zone")
    with SyntheticWorld(seed=1) as world:
        world.register_tool(spec, handler=lambda timezone: answer)
        found = world.call("get_time_in_zone", {"timezone": "Europe/Oslo"})
        return found, world.trace[0].rules


def test_a_handlers_answer_that_agrees_is_kept_as_written() -> None:
    written = {
        "timezone": "Europe/Oslo",
        "datetime": "2026-07-01T14:05:00+02:00",
        "day_of_week": "Wednesday",
        "is_dst": True,
    }
    assert handled(dict(written)) == (written, ())


def test_a_handlers_answer_in_utc_is_placed_in_its_zone_and_its_short_day_name_kept_short() -> None:
    written = {
        "timezone": "Europe/Oslo",
        "datetime": "2026-07-01T23:30:00Z",
        "day_of_week": "wed",
        "is_dst": False,
    }
    expected = {
        "timezone": "Europe/Oslo",
        "datetime": "2026-07-02T01:30:00+02:00",
        "day_of_week": "thu",
        "is_dst": True,
    }
    assert handled(written) == (expected, ("local_time",))


def test_a_records_stamps_stay_in_utc_beside_its_zone() -> None:
    # a user's timezone is a preference: created_at, updated and last_login stay as written (UTC),
    # the local date-time beside them is placed in the zone
    written = {
        "timezone": "Europe/Oslo",
        "datetime": "2026-07-01T23:30:00Z",
        "created_at": "2026-07-01T23:30:00Z",
        "updated": "2026-07-01T23:31:00Z",
        "last_login": "2026-07-01T23:32:00Z",
        "day_of_week": "Wednesday",
        "is_dst": True,
    }
    found, rules = handled(dict(written))
    assert found == {**written, "datetime": "2026-07-02T01:30:00+02:00", "day_of_week": "Thursday"}
    assert rules == ("local_time",)


@pytest.mark.parametrize(
    "zone", [["Europe/Oslo"], {"name": "Europe/Oslo"}, None, 5, "../../etc/passwd", "x" * 300]
)
def test_a_zone_that_is_no_zone_name_changes_nothing(zone: Any) -> None:
    """Any JSON in a schema-free ``timezone`` (a list, an object, a path, a very long name)."""
    props = {"timezone": {}, "datetime": STAMP, "day_of_week": STRING}
    returns = {"type": "object", "properties": props, "required": list(props)}
    spec = ToolSpec("get_clock", "Read a clock.", {"type": "object", "properties": {}}, returns)
    written = {"timezone": zone, "datetime": "2026-07-01T23:30:00Z", "day_of_week": "Wednesday"}
    with SyntheticWorld(seed=1) as world:
        world.register_tool(spec, handler=lambda: written)
        assert world.call("get_clock", {}) == written
