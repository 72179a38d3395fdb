"""Expectations: each kind passes on a matching run and fails with its message on a wrong one."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from synthworld.scenario import ScenarioResult, load_scenario
from synthworld.scenario.match import mismatch
from synthworld.scenario.report import format_result
from synthworld.world import SyntheticWorld

HEADER = """\
synthworld_scenario: 1
name: expect
tools: synthworld.examples.shop
seed: 4
responses:
  - tool: search_orders
    output: [{order_id: A-1, status: delivered, total: 20.0, placed_on: "2026-01-01"}]
  - tool: get_order
    when: {order_id: MISSING}
    error: {code: not_found, message: no such order}
"""


def three_calls(world: SyntheticWorld, task: Any) -> str:
    world.call("search_orders", {"customer_email": "kim@example.com"})
    world.call("get_order", {"order_id": "A-1"})
    world.call("refund_order", {"order_id": "A-1", "amount": 20.0, "reason": "broken lid"})
    return "Refunded 20.00 for A-1"


def run(tmp_path: Path, expect: str, agent: Callable[..., Any] = three_calls) -> ScenarioResult:
    path = tmp_path / "s.yaml"
    path.write_text(HEADER + "expect:\n" + textwrap.indent(textwrap.dedent(expect), "  "), encoding="utf-8")
    return load_scenario(path).run(agent=agent)


@pytest.mark.parametrize(
    "expect",
    [
        "calls: [{tool: search_orders}, {tool: refund_order, input: {order_id: A-1}}]",
        "calls: [{tool: refund_order, input: {amount: {$gt: 10, $lte: 20}, reason: {$regex: '^broken'}}}]",
        "calls: [{tool: search_orders, input: {customer_email: {$contains: '@example.com'}}}]",
        "calls: [{tool: get_order, input: {order_id: {$any: true}}}]",
        "calls_in_any_order: [{tool: refund_order}, {tool: search_orders}]",
        "not_called: [send_email, {tool: refund_order, input: {order_id: B-2}}]",
        "max_calls: 3",
        "min_calls: {refund_order: 1}",
        "output: {equals: Refunded 20.00 for A-1}",
        "output: {contains: '20.00', regex: '^Refunded', not_contains: failed}",
        "output: {schema: {type: string, minLength: 5}}",
    ],
)
def test_expectations_that_hold_pass(tmp_path: Path, expect: str) -> None:
    result = run(tmp_path, expect)
    assert result.passed
    assert result.failures == []
    assert result.diverged_at is None


@pytest.mark.parametrize(
    ("expect", "message", "diverged_at"),
    [
        (
            "calls: [{tool: search_orders}, {tool: refund_order, input: {order_id: B-2}}]",
            "expect.calls[1]: expected a call to 'refund_order' "
            'with input {"order_id": "B-2"} after call #0, found '
            "none; closest: #2 refund_order (input.order_id: 'A-1' != 'B-2')",
            2,
        ),
        (
            "calls: [{tool: refund_order}, {tool: get_order}]",
            "expect.calls[1]: expected a call to 'get_order' after call #2, found none",
            None,
        ),
        (
            "calls: [{tool: send_email}]",
            "expect.calls[0]: expected a call to 'send_email' in the trace, found none",
            0,
        ),
        (
            "calls: [{tool: refund_order, input: {amount: {$gt: 20}}}]",
            "expect.calls[0]: expected a call to 'refund_order' "
            'with input {"amount": {"$gt": 20}} in the trace, '
            "found none; closest: #2 refund_order (input.amount: 20.0 is not > 20)",
            2,
        ),
        (
            "calls: [{tool: get_order, input: {order_id: {$regex: '^B'}}}]",
            "closest: #1 get_order (input.order_id: 'A-1' does not match $regex '^B')",
            1,
        ),
        (
            "calls_in_any_order: [{tool: refund_order}, {tool: refund_order}]",
            "expect.calls_in_any_order[1]: expected a call to 'refund_order', found none",
            None,
        ),
        ("not_called: [get_order]", "expect.not_called[0]: expected no call to 'get_order', found #1", 1),
        ("max_calls: 2", "expect.max_calls: expected at most 2 calls, got 3", 2),
        (
            "min_calls: {send_email: 1}",
            "expect.min_calls: expected at least 1 calls to 'send_email', got 0",
            None,
        ),
        (
            "output: {equals: Refunded}",
            'expect.output.equals: expected "Refunded", got "Refunded 20.00 for A-1"',
            None,
        ),
        (
            "output: {contains: '99'}",
            'expect.output.contains: expected the output to contain "99", got "Refunded 20.00 for A-1"',
            None,
        ),
        (
            "output: {not_contains: A-1}",
            'expect.output.not_contains: expected the output not to contain "A-1", '
            'got "Refunded 20.00 for A-1"',
            None,
        ),
        (
            "output: {regex: '^Sorry'}",
            'expect.output.regex: expected the output to match /^Sorry/, got "Refunded 20.00 for A-1"',
            None,
        ),
        ("output: {schema: {type: integer}}", "expect.output.schema: the output breaks the schema:", None),
    ],
)
def test_expectations_that_break_fail_with_a_message(
    tmp_path: Path, expect: str, message: str, diverged_at: int | None
) -> None:
    result = run(tmp_path, expect)
    assert not result.passed
    assert len(result.failures) == 1, result.failures
    assert message in result.failures[0]
    assert result.diverged_at == diverged_at


def test_calls_are_an_ordered_subsequence(tmp_path: Path) -> None:
    result = run(tmp_path, "calls: [{tool: refund_order}, {tool: search_orders}]")
    assert result.failures == [
        "expect.calls[1]: expected a call to 'search_orders' after call #2, found none"
    ]


def test_any_order_finds_a_matching_even_when_greedy_would_not(tmp_path: Path) -> None:
    def two_searches(world: SyntheticWorld, task: Any) -> str:
        world.call("search_orders", {"customer_email": "a@example.com"})
        world.call("search_orders", {"customer_email": "b@example.com"})
        return "ok"

    expect = """\
        calls_in_any_order:
          - {tool: search_orders, input: {customer_email: {$contains: example.com}}}
          - {tool: search_orders, input: {customer_email: a@example.com}}
        """
    assert run(tmp_path, expect, two_searches).passed


NEITHER = (
    ", which neither passes nor fails the run; return None or True to pass, False or a reason "
    "(a string) to fail, e.g. `return '; '.join(problems) or None`"
)


def write_check(tmp_path: Path, body: str) -> None:
    (tmp_path / "my_checks.py").write_text(f"def check(trace, output):\n    {body}\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("body", "failure"),
    [
        ("return None", None),
        ("return True", None),
        ("return len(trace) == 3", None),
        ("return False", "expect.check my_checks:check: returned False"),
        ("return 'refunded the wrong order'", "expect.check my_checks:check: refunded the wrong order"),
        ("assert output.startswith('Sorry'), 'no apology'", "expect.check my_checks:check: no apology"),
        ("raise KeyError('total')", "expect.check my_checks:check raised KeyError: 'total'"),
        # a list of problems passed the run, whatever it held
        (
            "return ['refund too big']",
            f"expect.check my_checks:check: returned ['refund too big'] (list){NEITHER}",
        ),
        ("return 0", f"expect.check my_checks:check: returned 0 (int){NEITHER}"),
    ],
)
def test_custom_check(tmp_path: Path, body: str, failure: str | None) -> None:
    write_check(tmp_path, body)
    result = run(tmp_path, "check: my_checks:check")
    assert result.failures == ([] if failure is None else [failure])


def test_an_agent_that_raises_fails_with_its_error(tmp_path: Path) -> None:
    def crashes(world: SyntheticWorld, task: Any) -> str:
        world.call("search_orders", {"customer_email": "kim@example.com"})
        world.call("get_order", {"order_id": "MISSING"})
        return "unreachable"

    result = run(tmp_path, "calls: [{tool: search_orders}]\noutput: {contains: x}", crashes)
    assert result.error == "ToolError: not_found: no such order"
    assert result.failures == ["the agent raised ToolError: not_found: no such order"]
    assert result.output is None
    assert result.diverged_at == 1
    assert len(result.trace) == 2


@pytest.mark.parametrize(
    ("pattern", "value", "reason"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, None),
        ({"a": {"b": [1, {"$any": True}]}}, {"a": {"b": [1, "x"]}}, None),
        ({"a": 1}, {"b": 1}, "a: missing"),
        ({"a": True}, {"a": 1}, "a: 1 != True"),
        ([1, 2], [1, 2, 3], "[1, 2, 3] is not a list of 2 item(s)"),
        ({"$contains": {"id": 2}}, [{"id": 1}, {"id": 2, "x": 0}], None),
        ({"$contains": 3}, [1, 2], "no item of [1, 2] matches 3"),
        ({"$gte": 2, "$lt": 3}, 2, None),
        ({"$gte": 2, "$lt": 3}, 3, "3 is not < 3"),
        ({"$gt": 0}, True, "True is not a number (for $gt 0)"),
        ({"$regex": "x"}, 5, "5 is not a string (for $regex 'x')"),
    ],
)
def test_mismatch(pattern: Any, value: Any, reason: str | None) -> None:
    assert mismatch(pattern, value) == reason


LOGIN = """\
synthworld_scenario: 1
name: login
tools:
  - name: login
    parameters:
      type: object
      properties: {user: {type: string}, password: {type: string}}
      required: [user, password]
    returns: {type: object}
seed: 1
expect:
  calls:
    - {tool: login, input: {user: ann, password: expected-pass-77}}
"""


@pytest.mark.parametrize("expected", ["expected-pass-77", "{$regex: '^expected-pass-77$'}"])
def test_a_secret_that_differs_is_named_by_its_path_not_quoted(tmp_path: Path, expected: str) -> None:
    path = tmp_path / "login.yaml"
    path.write_text(LOGIN.replace("expected-pass-77}", expected + "}"), encoding="utf-8")

    def logs_in(world: SyntheticWorld, task: Any) -> str:
        world.call("login", {"user": "ann", "password": "hunter2-actual"})
        return "in"

    result = load_scenario(path).run(agent=logs_in)
    [failure] = result.failures
    assert failure.endswith(
        "closest: #0 login (input.password differs from the expected value (neither is shown: the "
        "key holds a secret))"
    )
    shown = format_result(result)
    assert "input.password differs from the expected value" in shown
    assert "expected-pass-77" not in shown
    assert "hunter2-actual" not in shown
