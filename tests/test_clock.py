"""The simulated clock, per-tool latency and deadlines, and time-anchored answers."""

from __future__ import annotations

import datetime as dt
import random
import time
from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SimulatedClock, SyntheticWorld, ToolError, ToolSpec
from synthworld.world.latency import Fixed, LatencyTable, LogNormal, Normal, Uniform, parse_latency

UTC = dt.timezone.utc


class Event(TypedDict):
    event_id: str
    at: str


def world_with_tools(seed: int = 0, **options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed, **options)

    @world.tool
    def ping(n: int) -> bool:
        """Ping."""

    @world.tool
    def slow(n: int) -> bool:
        """A slow tool."""

    return world


class TestSimulatedClock:
    def test_frozen_by_default(self) -> None:
        clock = SimulatedClock()
        clock.pass_call()
        assert clock.elapsed == 0
        assert clock.now() == dt.datetime(2025, 1, 1, tzinfo=UTC)

    def test_ticking_and_advancing(self) -> None:
        clock = SimulatedClock(dt.datetime(2030, 5, 1, tzinfo=UTC), tick=2)
        clock.pass_call(0.5)
        assert clock.advance(10) == dt.datetime(2030, 5, 1, 0, 0, 12, 500000, tzinfo=UTC)
        clock.reset()
        assert clock.elapsed == 0

    @pytest.mark.parametrize(
        ("make", "says"),
        [
            (lambda: SimulatedClock(dt.datetime(2030, 1, 1)), "timezone-aware"),
            (lambda: SimulatedClock(tick=-1), "tick=-1"),
            (lambda: SimulatedClock().advance(-1), "backwards"),
        ],
    )
    def test_bad_use_is_explained(self, make: Any, says: str) -> None:
        with pytest.raises(ValueError, match=says):
            make()

    def test_a_world_ticks_per_call_and_records_start_times(self) -> None:
        world = world_with_tools(clock=SimulatedClock(tick=1.5))
        for n in range(3):
            world.call("ping", {"n": n})
        assert [c.started_at for c in world.trace] == [
            "2025-01-01T00:00:00+00:00",
            "2025-01-01T00:00:01.500000+00:00",
            "2025-01-01T00:00:03+00:00",
        ]
        world.reset()
        assert world.clock.elapsed == 0


class TestLatencyModels:
    @pytest.mark.parametrize(
        ("given", "model"),
        [
            (0.25, Fixed(0.25)),
            (2, Fixed(2.0)),
            ({"distribution": "uniform", "low": 0.1, "high": 0.5}, Uniform(0.1, 0.5)),
            ({"distribution": "normal", "mean": 0.3, "stddev": 0.1}, Normal(0.3, 0.1)),
            ({"distribution": "lognormal", "median": 0.3, "sigma": 0.5}, LogNormal(0.3, 0.5)),
        ],
    )
    def test_parse(self, given: Any, model: Any) -> None:
        assert parse_latency(given) == model

    @pytest.mark.parametrize(
        ("given", "says"),
        [
            (-1, "finite number of seconds >= 0"),
            (True, "must be seconds"),
            ({"distribution": "pareto"}, "choose one of uniform, normal, lognormal"),
            ({"distribution": "uniform", "low": 1}, "takes exactly low, high"),
            ({"distribution": "uniform", "low": 2, "high": 1}, "low <= high"),
            ({"distribution": "normal", "mean": "a", "stddev": 1}, "must be numbers"),
            ({"distribution": "lognormal", "median": 0, "sigma": 1}, "median > 0"),
        ],
    )
    def test_bad_latency_is_explained(self, given: Any, says: str) -> None:
        with pytest.raises(ValueError, match=says):
            parse_latency(given)

    @pytest.mark.parametrize(
        ("model", "low", "high"),
        [
            (Uniform(0.1, 0.5), 0.1, 0.5),
            (Normal(0.0, 1.0), 0.0, float("inf")),
            (LogNormal(0.3, 0.5), 0.0, float("inf")),
        ],
    )
    def test_samples_stay_in_range(self, model: Any, low: float, high: float) -> None:
        rng = random.Random(0)
        samples = [model.sample(rng) for _ in range(500)]
        assert all(low <= s <= high for s in samples)
        assert len(set(samples)) > 100

    def test_a_custom_model_is_accepted(self) -> None:
        class Always:
            def sample(self, rng: random.Random) -> float:
                return 0.125

        table = LatencyTable()
        table.set("*", Always())
        assert table.duration("x", seed=1, occurrence=0) == (0.125, False)


class TestWorldLatency:
    def test_fixed_latency_advances_the_clock_and_is_traced(self) -> None:
        world = world_with_tools(latency=0.5)
        world.set_latency("slow", 3)
        world.call("ping", {"n": 1})
        world.call("slow", {"n": 1})
        world.call("ping", {"n": 2})
        assert [(c.started_at, c.duration) for c in world.trace] == [
            ("2025-01-01T00:00:00+00:00", 0.5),
            ("2025-01-01T00:00:00.500000+00:00", 3.0),
            ("2025-01-01T00:00:03.500000+00:00", 0.5),
        ]
        assert world.clock.elapsed == 4.0

    def test_distribution_draws_come_from_the_call_seed(self) -> None:
        def durations(seed: int) -> list[float]:
            world = world_with_tools(seed, latency={"distribution": "lognormal", "median": 0.2, "sigma": 1})
            for n in range(10):
                world.call("ping", {"n": n})
            return [c.duration for c in world.trace]

        assert durations(1) == durations(1)
        assert durations(1) != durations(2)
        assert len(set(durations(1))) == 10

    def test_latency_does_not_change_answers(self) -> None:
        calm, slow = (
            world_with_tools(3),
            world_with_tools(3, latency={"distribution": "uniform", "low": 0, "high": 1}),
        )
        assert [calm.call("ping", {"n": n}) for n in range(20)] == [
            slow.call("ping", {"n": n}) for n in range(20)
        ]

    def test_a_call_slower_than_its_deadline_times_out_after_the_deadline(self) -> None:
        world = world_with_tools(1)
        world.set_latency("slow", {"distribution": "uniform", "low": 0, "high": 10}, deadline=5)
        outcomes = []
        for n in range(20):
            try:
                world.call("slow", {"n": n})
                outcomes.append("ok")
            except ToolError as err:
                outcomes.append(err.code)
        assert {"ok", "timeout"} == set(outcomes)
        timed_out = [c for c in world.trace if not c.ok]
        assert all(c.duration == 5 and c.error is not None and c.error["fault"] for c in timed_out)
        assert all(c.duration <= 5 for c in world.trace)

    def test_deadline_only_keeps_the_default_latency(self) -> None:
        world = world_with_tools(latency=2)
        world.set_latency("slow", None, deadline=1)
        with pytest.raises(ToolError, match="timeout"):
            world.call("slow", {"n": 1})
        assert world.call("ping", {"n": 1}) in (True, False)

    def test_set_latency_names_a_registered_tool(self) -> None:
        with pytest.raises(LookupError, match="Did you mean 'slow'"):
            world_with_tools().set_latency("sloww", 1)
        with pytest.raises(ValueError, match="deadline=0"):
            world_with_tools().set_latency("slow", 1, deadline=0)

    def test_no_real_sleep_by_default(self) -> None:
        world = world_with_tools(latency=3600)
        world.call("ping", {"n": 1})
        assert world.clock.elapsed == 3600

    def test_realtime_really_sleeps(self) -> None:
        world = world_with_tools(latency=0.05, realtime=True)
        start = time.monotonic()
        world.call("ping", {"n": 1})
        assert time.monotonic() - start >= 0.05  # a lower bound only: sleeping at least this long


class TestAnchoredTime:
    def test_generated_date_times_sit_near_the_clock(self) -> None:
        start = dt.datetime(2031, 6, 1, tzinfo=UTC)
        world = SyntheticWorld(seed=0, clock=SimulatedClock(start))
        returns = {
            "type": "object",
            "properties": {"at": {"type": "string", "format": "date-time"}},
            "required": ["at"],
        }
        world.register_tool(ToolSpec("next_event", "", {"type": "object", "properties": {"n": {}}}, returns))
        stamps = [world.call("next_event", {"n": n})["at"] for n in range(30)]
        moments = [dt.datetime.fromisoformat(s.replace("Z", "+00:00")) for s in stamps]
        assert all(start - dt.timedelta(days=366) <= m <= start + dt.timedelta(days=31) for m in moments)

    def test_the_same_call_at_another_simulated_time_moves_with_it(self) -> None:
        returns = {"type": "string", "format": "date"}
        answers = []
        for year in (2030, 2040):
            world = SyntheticWorld(seed=0, clock=SimulatedClock(dt.datetime(year, 1, 1, tzinfo=UTC)))
            world.register_tool(ToolSpec("today", "", {"type": "object"}, returns))
            answers.append(world.call("today", {}))
        assert answers[0][:2] == "20"
        assert int(answers[1][:4]) - int(answers[0][:4]) == 10
