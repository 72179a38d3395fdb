"""Expectations that contradict each other are refused when the file loads, not failed at every seed."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from synthworld.errors import ScenarioError
from synthworld.scenario import load_scenario

HEAD = """\
synthworld_scenario: 1
name: refund
tools: synthworld.examples.shop
agent: synthworld.examples.agents:refund_agent
expect:
  calls:
    - {tool: search_orders}
    - {tool: refund_order}
"""


def load(tmp_path: Path, expect: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + textwrap.indent(textwrap.dedent(expect), "  "), encoding="utf-8")
    load_scenario(path)


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        (
            "max_calls: {refund_order: 0}\n",
            "s.yaml:9: expect.max_calls.refund_order: allows at most 0 calls to 'refund_order', but "
            "expect.calls needs 1: no run can pass both; raise the limit or drop one",
        ),
        (
            "max_calls: 1\n",
            "s.yaml:9: expect.max_calls: allows at most 1 call, but expect.calls needs 2: no run can pass "
            "both; raise the limit or drop one",
        ),
        (
            "not_called: [send_email, {tool: refund_order}]\n",
            "s.yaml:9: expect.not_called[1]: forbids every call to 'refund_order', but expect.calls needs 1: "
            "no run can pass both; drop one, or give this entry an input to forbid only some calls",
        ),
        (
            "min_calls: {send_email: 2}\nmax_calls: {send_email: 1}\n",
            "s.yaml:10: expect.max_calls.send_email: allows at most 1 call to 'send_email', but "
            "expect.min_calls.send_email needs 2: no run can pass both; raise the limit or drop one",
        ),
        (
            "output: {equals: Refunded, regex: '^Sorry'}\n",
            "s.yaml:9: expect.output.regex: can never hold with expect.output.equals (expected the output "
            'to match /^Sorry/, got "Refunded"); drop one',
        ),
    ],
)
def test_expectations_no_run_can_pass_are_refused(tmp_path: Path, expect: str, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load(tmp_path, expect)
    assert str(info.value).replace(str(tmp_path) + "/", "") == message


@pytest.mark.parametrize(
    "expect",
    [
        "max_calls: {refund_order: 1, search_orders: 2}\n",
        "max_calls: 2\nmin_calls: 2\n",
        "not_called: [send_email, {tool: refund_order, input: {amount: {$gt: 1000}}}]\n",
        "calls_in_any_order: [{tool: refund_order}]\nmax_calls: {refund_order: 1}\n",
        "output: {equals: Refunded, regex: '^Ref', contains: fund, not_contains: Sorry}\n",
    ],
)
def test_expectations_that_can_hold_together_load(tmp_path: Path, expect: str) -> None:
    load(tmp_path, expect)
