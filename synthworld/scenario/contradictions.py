"""Expectations that contradict each other, so no run of any agent can pass them all.

``calls: [{tool: refund_order}]`` with ``max_calls: {refund_order: 0}`` or
``not_called: [refund_order]``, ``min_calls`` above ``max_calls``, or an ``output.equals``
that another output check refuses: `load_scenario` reports these before any agent runs,
instead of a scenario that fails at every seed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from synthworld.errors import SynthworldError
from synthworld.scenario.expect import OUTPUT_CHECKS

__all__ = ["contradictions"]

Problem = tuple[tuple[str | int, ...], str]


def contradictions(expect: Mapping[str, Any]) -> Iterator[Problem]:
    """``(path, message)`` for every expectation that another one makes impossible."""
    needed = _needed_calls(expect)
    yield from _not_called(expect, needed)
    yield from _max_calls(expect, needed)
    yield from _output(expect.get("output") or {})


def _needed_calls(expect: Mapping[str, Any]) -> dict[str | None, tuple[int, str]]:
    """Tool (None: all tools) -> the fewest calls the other expectations need, and which one."""
    needed: dict[str | None, tuple[int, str]] = {}

    def need(tool: str | None, count: int, why: str) -> None:
        if count > needed.get(tool, (0, ""))[0]:
            needed[tool] = (count, why)

    for key in ("calls", "calls_in_any_order"):
        patterns = expect.get(key) or []
        need(None, len(patterns), f"expect.{key}")
        for tool, count in Counter(p["tool"] for p in patterns).items():
            need(tool, count, f"expect.{key}")
    least = expect.get("min_calls")
    if isinstance(least, int):
        need(None, least, "expect.min_calls")
    elif isinstance(least, Mapping):
        need(None, sum(least.values()), "expect.min_calls")
        for tool, count in least.items():
            need(tool, count, f"expect.min_calls.{tool}")
    return needed


def _not_called(expect: Mapping[str, Any], needed: Mapping[str | None, tuple[int, str]]) -> Iterator[Problem]:
    for index, item in enumerate(expect.get("not_called") or []):
        pattern = item if isinstance(item, Mapping) else {"tool": item}
        count, why = needed.get(pattern["tool"], (0, ""))
        if count and not pattern.get("input"):  # any call to the tool breaks it
            yield (
                ("expect", "not_called", index),
                f"forbids every call to {pattern['tool']!r}, but {why} needs {count}: no run can pass "
                "both; drop one, or give this entry an input to forbid only some calls",
            )


def _max_calls(expect: Mapping[str, Any], needed: Mapping[str | None, tuple[int, str]]) -> Iterator[Problem]:
    most = expect.get("max_calls")
    limits = {None: most} if isinstance(most, int) else dict(most or {})
    for tool, limit in limits.items():
        count, why = needed.get(tool, (0, ""))
        if count > limit:
            where = ("expect", "max_calls") if tool is None else ("expect", "max_calls", tool)
            what = "" if tool is None else f" to {tool!r}"
            yield (
                where,
                f"allows at most {_calls(limit)}{what}, but {why} needs {count}: no run can pass both; "
                "raise the limit or drop one",
            )


def _output(checks: Mapping[str, Any]) -> Iterator[Problem]:
    """With ``equals``, the answer is known: every other output check must accept it."""
    if "equals" not in checks:
        return
    for key, arg in checks.items():
        if key == "equals":
            continue
        try:
            reason = OUTPUT_CHECKS[key](arg, checks["equals"])
        except (SynthworldError, ValueError, TypeError, re.error):  # a broken check: reported elsewhere
            continue
        if reason is not None:
            yield ("expect", "output", key), f"can never hold with expect.output.equals ({reason}); drop one"


def _calls(count: int) -> str:
    return f"{count} call" if count == 1 else f"{count} calls"
