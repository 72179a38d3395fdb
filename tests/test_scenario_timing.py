"""Scenario files' ``clock:`` and ``latency:`` keys: where simulated time starts, how far each call
moves it, how long each tool takes, and a deadline that turns a slow call into a timeout."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from synthworld import ScenarioError, SimulatedClock, ToolError
from synthworld.scenario import load_scenario

SCENARIO = """\
synthworld_scenario: 1
name: timed_shop
tools: synthworld.examples.shop
seeds: [3]
clock: {start: "2026-03-01T09:00:00Z", tick: 1}
latency:
  "*": 0.5
  get_order: {seconds: 2}
  refund_order: {seconds: 3, deadline: 2.5}
task: "Where is order ORD-1?"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "timed.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_clock_starts_where_the_file_says_and_each_call_moves_it(tmp_path: Path) -> None:
    world = load_scenario(write(tmp_path, SCENARIO)).build_world()
    assert world.clock.now() == datetime.datetime(2026, 3, 1, 9, tzinfo=datetime.timezone.utc)
    world.call("get_order", {"order_id": "ORD-1"})  # 2 s of latency and the 1 s tick
    world.call("search_orders", {"customer_email": "ann@example.org"})  # "*": 0.5 s, and the tick
    assert world.clock.elapsed == 4.5
    assert [call.started_at for call in world.trace] == [
        "2026-03-01T09:00:00+00:00",
        "2026-03-01T09:00:03+00:00",
    ]
    world.reset()
    assert world.clock.now() == datetime.datetime(2026, 3, 1, 9, tzinfo=datetime.timezone.utc)


def test_a_call_slower_than_its_deadline_times_out(tmp_path: Path) -> None:
    world = load_scenario(write(tmp_path, SCENARIO)).build_world()
    with pytest.raises(ToolError) as info:
        world.call("refund_order", {"order_id": "ORD-1", "amount": 5, "reason": "broken"})
    assert info.value.code == "timeout"
    assert world.clock.elapsed == 3.5  # the deadline, then the tick


def test_a_distribution_and_an_offset_start(tmp_path: Path) -> None:
    text = SCENARIO.replace('"2026-03-01T09:00:00Z", tick: 1', "2026-03-01T10:00:00+01:00").replace(
        "{seconds: 2}", "{distribution: uniform, low: 1, high: 2}"
    )
    world = load_scenario(write(tmp_path, text)).build_world(seed=3)
    assert world.clock.now() == datetime.datetime(2026, 3, 1, 9, tzinfo=datetime.timezone.utc)
    world.call("get_order", {"order_id": "ORD-1"})
    first = world.clock.elapsed
    assert 1 <= first <= 2
    again = load_scenario(write(tmp_path, text)).build_world(seed=3)
    again.call("get_order", {"order_id": "ORD-1"})
    assert again.clock.elapsed == first  # drawn from the call's seed


def test_without_the_keys_the_world_keeps_its_defaults(tmp_path: Path) -> None:
    text = "\n".join(line for line in SCENARIO.splitlines() if not line.startswith(("clock", "latency", " ")))
    world = load_scenario(write(tmp_path, text + "\n")).build_world()
    assert world.clock.now() == SimulatedClock().now()
    world.call("get_order", {"order_id": "ORD-1"})
    assert world.clock.elapsed == 0


NO_ZONE = "has no timezone; write it as '2026-03-01T09:00:00Z'"
BOTH = "give seconds or a distribution, not both"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"2026-03-01T09:00:00Z"', '"2026-03-01T09:00:00"', rf"timed\.yaml:5: clock\.start: .*{NO_ZONE}"),
        ('"2026-03-01T09:00:00Z"', '"next monday"', r"timed\.yaml:5: clock\.start: .*is not a date-time"),
        ("tick: 1", "tick: -1", r"timed\.yaml:5: clock\.tick: -1 is less than the minimum of 0"),
        ("tick: 1", "tik: 1", r"timed\.yaml:5: clock\.tik: unknown key 'tik'; did you mean 'tick'\?"),
        ("get_order:", "get_ordr:", r"timed\.yaml:8: latency\.get_ordr: .*did you mean 'get_order'\?"),
        ("{seconds: 2}", "{second: 2}", r"timed\.yaml:8: .*unknown key 'second'; did you mean 'seconds'\?"),
        (
            "{seconds: 2}",
            "{seconds: 2, distribution: normal, mean: 1, stddev: 1}",
            rf"timed\.yaml:8: .*{BOTH}",
        ),
        (
            "{seconds: 3, deadline: 2.5}",
            "{distribution: normal, mean: 1, deadline: 2.5}",
            r"timed\.yaml:9: latency\.refund_order: .*normal distribution takes exactly mean, stddev",
        ),
    ],
)
def test_a_bad_value_names_file_line_and_fix(tmp_path: Path, old: str, new: str, message: str) -> None:
    assert old in SCENARIO
    with pytest.raises(ScenarioError, match=message):
        load_scenario(write(tmp_path, SCENARIO.replace(old, new))).build_world()


def test_validate_reports_every_timing_problem_at_once(tmp_path: Path) -> None:
    text = SCENARIO.replace('"2026-03-01T09:00:00Z"', '"2026-03-01"').replace("get_order:", "get_ordr:")
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, text))
    assert "timed.yaml:5: clock.start" in str(info.value)
    assert "timed.yaml:8: latency.get_ordr" in str(info.value)


def test_the_file_wins_over_world_defaults_and_defaults_fill_what_it_leaves_out(tmp_path: Path) -> None:
    """``defaults`` (the plugin's ``synth_world_options``) give the clock and latency a file lacks."""
    elsewhere = datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)
    defaults = {"clock": SimulatedClock(elsewhere), "latency": 7}
    world = load_scenario(write(tmp_path, SCENARIO)).build_world(defaults=defaults)
    assert world.clock.now().year == 2026
    world.call("search_orders", {"customer_email": "ann@example.org"})
    assert world.clock.elapsed == 1.5  # the file's "*": 0.5 and tick 1, not the default 7 s
    bare = "synthworld_scenario: 1\nname: bare\ntools: synthworld.examples.shop\n"
    world = load_scenario(write(tmp_path, bare)).build_world(defaults=defaults)
    world.call("search_orders", {"customer_email": "ann@example.org"})
    assert world.clock.now() == elsewhere + datetime.timedelta(seconds=7)
