"""Fault plans: parsed with teaching errors, decided by the call seed, recorded in the trace."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
import yaml
from typing_extensions import TypedDict

from synthworld import ScenarioError, SyntheticWorld, SynthworldError, ToolError, ToolSpec
from synthworld.world.faults import DEFAULT_TIMEOUT, Fault, FaultConfigError, FaultPlan, malform, parse_faults


class Order(TypedDict):
    order_id: str
    status: str
    total: float


def shop(seed: int | str = 0, **options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed, **options)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def search(query: str) -> list[Order]:
        """Find orders."""

    @world.tool
    def pay(order_id: str) -> bool:
        """Pay for an order."""

    spec = world.tools["search"]
    returns = {**spec.returns, "minItems": 2, "maxItems": 4}
    world.register_tool(ToolSpec(spec.name, spec.description, spec.parameters, returns, spec.param_names))
    return world


def outcome(world: SyntheticWorld, tool: str, args: dict[str, Any]) -> str:
    try:
        world.call(tool, args)
    except ToolError as err:
        return err.code
    return "ok"


class TestParsing:
    def test_the_lead_example_parses(self) -> None:
        faults = parse_faults(
            yaml.safe_load("""
            - {tool: get_order, on_call: 4, error: rate_limit, retry_after: 2}
            - {tool: "*", rate: 0.1, error: internal_error}
            - {tool: search, when: {query: "x"}, malformed: missing_required}
            - {tool: pay, burst: {start: 2, length: 3}, error: unavailable}
        """)
        )
        assert faults == (
            Fault("get_order", "rate_limit", retry_after=2, on_call=(4,)),
            Fault("*", "internal_error", rate=0.1),
            Fault("search", malformed="missing_required", when={"query": "x"}),
            Fault("pay", "unavailable", burst=(2, 3)),
        )

    def test_round_trip_through_data(self) -> None:
        plan = FaultPlan(
            parse_faults(
                [
                    {
                        "tool": "pay",
                        "on_call": [1, 3],
                        "error": {"code": "payment_declined", "message": "card declined"},
                    },
                    {"tool": "get_*", "burst": {"start": 2, "length": 2}, "malformed": "truncated"},
                ]
            )
        )
        assert FaultPlan(parse_faults(plan.to_list())) == plan
        assert plan.to_list()[0] == {
            "tool": "pay",
            "error": {"code": "payment_declined"},
            "message": "card declined",
            "on_call": [1, 3],
        }

    @pytest.mark.parametrize(
        ("entry", "where", "says"),
        [
            ({"tool": "x", "eror": "timeout"}, "faults[1].eror", "did you mean 'error'"),
            ({"tool": "x", "error": "rate_limt"}, "faults[1].error", "choose one of timeout, rate_limit"),
            ({"tool": "x"}, "faults[1].error", "exactly one of error"),
            ({"tool": "x", "error": "timeout", "malformed": "truncated"}, "faults[1].error", "exactly one"),
            ({"tool": "x", "malformed": "garbled"}, "faults[1].malformed", "choose one of truncated"),
            ({"tool": "x", "error": "timeout", "rate": 1.5}, "faults[1].rate", "0 < rate <= 1"),
            ({"tool": "x", "error": "timeout", "on_call": 0}, "faults[1].on_call", ">= 1"),
            ({"tool": "x", "error": "timeout", "on_call": "4"}, "faults[1].on_call", ">= 1"),
            (
                {"tool": "x", "error": "timeout", "on_call": "first"},
                "faults[1].on_call",
                "on_call='first' must",
            ),
            ({"tool": "x", "error": "timeout", "on_call": 1.5}, "faults[1].on_call", "on_call=1.5 must"),
            ({"tool": "x", "error": "timeout", "burst": {"start": 1}}, "faults[1].burst", "start"),
            ({"tool": "x", "error": "timeout", "when": ["a"]}, "faults[1].when", "must map"),
            ({"tool": "x", "error": "rate_limit", "retry_after": -1}, "faults[1].retry_after", ">= 0"),
            ({"tool": "x", "error": {"message": "no code"}}, "faults[1].error", "{code: ..."),
            ({"tool": "", "error": "timeout"}, "faults[1].tool", "pattern"),
            ("rate_limit", "faults[1]", "must be a mapping"),
            # options the fault's kind would silently ignore
            ({"tool": "x", "inject": "drift", "message": "hi"}, "faults[1].message", "'inject: drift'"),
            ({"tool": "x", "malformed": "truncated", "message": "hi"}, "faults[1].message", "remove it"),
            ({"tool": "x", "inject": "empty", "retry_after": 2}, "faults[1].retry_after", "raises no error"),
            ({"tool": "x", "malformed": "wrong_type", "retry_after": 2}, "faults[1].retry_after", "remove"),
        ],
    )
    def test_errors_name_the_entry_and_key(self, entry: Any, where: str, says: str) -> None:
        with pytest.raises(FaultConfigError) as info:
            parse_faults([{"tool": "x", "error": "timeout"}, entry])
        assert str(info.value).startswith(where + ":")
        assert says in str(info.value)
        assert info.value.index == 1
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, SynthworldError)

    def test_the_plan_must_be_a_list(self) -> None:
        with pytest.raises(FaultConfigError, match="must be a list"):
            parse_faults("rate_limit")

    def test_a_fault_built_directly_is_checked_too(self) -> None:
        with pytest.raises(FaultConfigError, match=r"fault\.rate: rate=0"):
            Fault("x", "timeout", rate=0)

    def test_add_faults_checks_tool_names(self) -> None:
        world = shop()
        with pytest.raises(
            FaultConfigError, match=r"faults\[0\]\.tool: no tool named 'get_ordr'; did you mean 'get_order'"
        ):
            world.add_faults([{"tool": "get_ordr", "error": "timeout"}])
        with pytest.raises(FaultConfigError, match=r"no tool named 'nope'; the tools are: [a-z_]+, "):
            world.add_faults([{"tool": "nope", "error": "timeout"}])  # a scenario has no "register"
        with pytest.raises(FaultConfigError, match=r"the tools are: none; register tools before adding"):
            SyntheticWorld().add_faults([{"tool": "nope", "error": "timeout"}])
        plan = world.add_faults([{"tool": "get_*", "error": "timeout"}, Fault("pay", "unavailable")])
        assert world.faults is plan
        assert len(plan) == 2

    def test_a_scenario_error_can_wrap_it(self) -> None:
        try:
            shop().add_faults([{"tool": "pay", "eror": "x"}])
        except FaultConfigError as exc:
            wrapped = ScenarioError(f"demo.yaml: faults.{exc.index}.{exc.key}: {exc}")
        assert "faults.0.eror" in str(wrapped)


class TestTriggers:
    def test_on_the_nth_call_with_retry_after(self) -> None:
        world = shop(faults=[{"tool": "get_order", "on_call": 4, "error": "rate_limit", "retry_after": 2}])
        results = [outcome(world, "get_order", {"order_id": f"A{i}"}) for i in range(6)]
        assert results == ["ok", "ok", "ok", "rate_limit", "ok", "ok"]
        failed = world.trace[3]
        assert failed.error == {
            "code": "rate_limit",
            "message": "rate limit exceeded; retry after 2s",
            "retry_after": 2,
            "fault": True,
        }
        assert failed.backend == "fault"
        assert world.trace.errors == [failed]

    def test_calls_are_counted_per_tool(self) -> None:
        world = shop(faults=[{"tool": "pay", "on_call": 2, "error": "unavailable"}])
        assert outcome(world, "get_order", {"order_id": "A"}) == "ok"
        assert outcome(world, "pay", {"order_id": "A"}) == "ok"
        assert outcome(world, "get_order", {"order_id": "A"}) == "ok"
        assert outcome(world, "pay", {"order_id": "A"}) == "unavailable"

    def test_burst(self) -> None:
        world = shop(faults=[{"tool": "pay", "burst": {"start": 2, "length": 3}, "error": "unavailable"}])
        assert [outcome(world, "pay", {"order_id": "A"}) for _ in range(6)] == [
            "ok",
            "unavailable",
            "unavailable",
            "unavailable",
            "ok",
            "ok",
        ]

    def test_when_matches_input(self) -> None:
        world = shop(faults=[{"tool": "get_order", "when": {"order_id": "B"}, "error": "not_found"}])
        assert outcome(world, "get_order", {"order_id": "A"}) == "ok"
        assert outcome(world, "get_order", {"order_id": "B"}) == "not_found"

    def test_patterns_and_first_match_wins(self) -> None:
        world = shop(
            faults=[
                {"tool": "pay", "error": "bad_request"},
                {"tool": "*", "error": "internal_error"},
            ]
        )
        assert outcome(world, "pay", {"order_id": "A"}) == "bad_request"
        assert outcome(world, "get_order", {"order_id": "A"}) == "internal_error"

    def test_reset_restarts_the_count(self) -> None:
        world = shop(faults=[{"tool": "pay", "on_call": 1, "error": "unavailable"}])
        assert outcome(world, "pay", {"order_id": "A"}) == "unavailable"
        assert outcome(world, "pay", {"order_id": "A"}) == "ok"
        world.reset()
        assert outcome(world, "pay", {"order_id": "A"}) == "unavailable"

    def test_custom_code_and_message(self) -> None:
        world = shop(
            faults=[{"tool": "pay", "error": {"code": "card_declined", "message": "insufficient funds"}}]
        )
        with pytest.raises(ToolError, match="card_declined: insufficient funds"):
            world.call("pay", {"order_id": "A"})

    def test_a_failed_call_runs_no_backend_and_changes_no_state(self) -> None:
        world = shop(faults=[{"tool": "get_order", "error": "unavailable"}])
        with pytest.raises(ToolError):
            world.call("get_order", {"order_id": "A"})
        assert world.state == {}


class TestRate:
    def failures(self, seed: int, rate: float = 0.3) -> list[int]:
        world = shop(seed, faults=[{"tool": "get_order", "rate": rate, "error": "internal_error"}])
        return [i for i in range(200) if outcome(world, "get_order", {"order_id": f"A{i}"}) != "ok"]

    def test_rate_is_roughly_kept_and_the_seed_fixes_which_calls_fail(self) -> None:
        first = self.failures(1)
        assert 40 <= len(first) <= 80
        assert self.failures(1) == first
        assert self.failures(2) != first

    def test_fault_draws_do_not_touch_the_backend_random_stream(self) -> None:
        calm, faulty = shop(3), shop(3, faults=[{"tool": "*", "rate": 0.5, "error": "internal_error"}])
        for i in range(30):
            args = {"order_id": f"A{i}"}
            try:
                answer = faulty.call("get_order", args)
            except ToolError:
                continue
            assert answer == calm.call("get_order", args)

    def test_a_retry_of_the_same_call_gets_a_fresh_draw(self) -> None:
        world = shop(4, faults=[{"tool": "get_order", "rate": 0.5, "error": "internal_error"}])
        results = [outcome(world, "get_order", {"order_id": "A1"}) for _ in range(20)]
        assert "ok" in results
        assert "internal_error" in results

    def test_rate_applies_only_to_calls_its_other_triggers_match(self) -> None:
        world = shop(
            5, faults=[{"tool": "get_order", "when": {"order_id": "B"}, "rate": 1.0, "error": "timeout"}]
        )
        assert outcome(world, "get_order", {"order_id": "A"}) == "ok"
        assert outcome(world, "get_order", {"order_id": "B"}) == "timeout"

    def test_same_failures_from_threads_in_any_order(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        world = shop(7, faults=[{"tool": "get_order", "rate": 0.3, "error": "internal_error"}])
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda i: outcome(world, "get_order", {"order_id": f"A{i}"}), range(200)))
        assert [i for i, result in enumerate(results) if result != "ok"] == self.failures(7)

    def test_same_failures_in_another_process(self) -> None:
        script = (
            "import json\nfrom tests.test_faults import TestRate\nprint(json.dumps(TestRate().failures(7)))\n"
        )
        env = {**os.environ, "PYTHONHASHSEED": "12345"}
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root, check=True
        )
        assert json.loads(done.stdout) == self.failures(7)


class TestTimeoutFault:
    def test_a_timeout_lasts_the_deadline(self) -> None:
        world = shop(faults=[{"tool": "pay", "on_call": 1, "error": "timeout"}])
        world.set_latency("pay", 0.5, deadline=8)
        with pytest.raises(ToolError, match="within 8s"):
            world.call("pay", {"order_id": "A"})
        assert world.trace[0].duration == 8
        assert world.clock.elapsed == 8

    def test_without_a_deadline_it_lasts_the_default(self) -> None:
        world = shop(faults=[{"tool": "pay", "error": "timeout"}])
        with pytest.raises(ToolError):
            world.call("pay", {"order_id": "A"})
        assert world.clock.elapsed == DEFAULT_TIMEOUT


class TestMalformed:
    def test_truncated_is_cut_json_text(self) -> None:
        world = shop(faults=[{"tool": "get_order", "malformed": "truncated"}])
        answer = world.call("get_order", {"order_id": "A1"})
        assert isinstance(answer, str)
        assert answer.startswith('{"')
        with pytest.raises(json.JSONDecodeError):
            json.loads(answer)
        assert world.trace[0].backend == "fault:malformed"
        assert world.trace[0].output == answer
        assert world.trace[0].ok

    def test_missing_required(self) -> None:
        world = shop(faults=[{"tool": "get_order", "malformed": "missing_required"}])
        answer = world.call("get_order", {"order_id": "A1"})
        assert len(answer) == 2
        assert set(answer) < {"order_id", "status", "total"}
        assert not world.tools["get_order"].returns_validator.is_valid(answer)

    def test_wrong_type(self) -> None:
        world = shop(faults=[{"tool": "get_order", "malformed": "wrong_type"}])
        answer = world.call("get_order", {"order_id": "A1"})
        assert not world.tools["get_order"].returns_validator.is_valid(answer)

    @pytest.mark.parametrize("kind", ["missing_required", "wrong_type"])
    def test_one_object_of_a_list_is_broken(self, kind: str) -> None:
        world = shop(faults=[{"tool": "search", "malformed": kind}])
        answer = world.call("search", {"query": "x"})
        assert isinstance(answer, list)
        assert not world.tools["search"].returns_validator.is_valid(answer)

    def test_a_malformed_answer_is_not_remembered(self) -> None:
        world = shop(faults=[{"tool": "get_order", "malformed": "missing_required"}])
        world.call("get_order", {"order_id": "A1"})
        assert world.state == {}

    def test_the_break_is_decided_by_the_call_seed(self) -> None:
        def run(seed: int) -> list[Any]:
            world = shop(seed, faults=[{"tool": "get_order", "malformed": "wrong_type"}])
            return [world.call("get_order", {"order_id": f"A{i}"}) for i in range(5)]

        assert run(1) == run(1)

    @pytest.mark.parametrize(
        ("value", "kind", "broken"),
        [
            (5, "wrong_type", "5"),
            ("x", "wrong_type", 1),
            (True, "wrong_type", "true"),
            ([1, 2], "wrong_type", {"items": [1, 2]}),
            (5, "missing_required", None),
            ({}, "missing_required", None),
            ({"a": 1}, "truncated", '{"a'),
        ],
    )
    def test_malform_edge_values(self, value: Any, kind: str, broken: Any) -> None:
        import random

        assert malform(value, kind, {}, random.Random(0)) == broken

    def test_malform_never_changes_its_input(self) -> None:
        import random

        value = [{"a": 1, "b": 2}]
        malform(value, "missing_required", {"items": {"required": ["a"]}}, random.Random(0))
        assert value == [{"a": 1, "b": 2}]


class TestAgentRetry:
    """An agent that must retry after a 429: it waits ``retry_after`` simulated seconds."""

    def agent(self, world: SyntheticWorld, order_id: str, *, attempts: int = 3) -> dict[str, Any]:
        for _ in range(attempts):
            try:
                result: dict[str, Any] = world.call("get_order", {"order_id": order_id})
                return result
            except ToolError as err:
                if err.code != "rate_limit" or err.retry_after is None:
                    raise
                world.clock.advance(err.retry_after)
        raise AssertionError("gave up")

    def test_the_agent_retries_after_a_429_and_succeeds(self) -> None:
        world = shop(faults=[{"tool": "get_order", "on_call": 1, "error": "rate_limit", "retry_after": 2}])
        order = self.agent(world, "A1")
        assert order["order_id"] == "A1"
        first, second = world.trace
        assert first.error is not None
        assert first.error["code"] == "rate_limit"
        assert second.ok
        assert second.input == first.input
        assert world.clock.elapsed == 2

    def test_an_agent_that_does_not_retry_fails_the_same_scenario(self) -> None:
        world = shop(faults=[{"tool": "get_order", "on_call": 1, "error": "rate_limit"}])
        with pytest.raises(AssertionError, match="gave up"):
            self.agent(world, "A1", attempts=1)
