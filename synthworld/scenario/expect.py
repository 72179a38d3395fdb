"""Check a run against a scenario's ``expect`` block: one message per failed expectation."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from synthworld._json import short_repr
from synthworld._redact import redact
from synthworld.scenario.match import mismatch
from synthworld.schema import compile_validator
from synthworld.trace import ToolCall, Trace

__all__ = ["OUTPUT_CHECKS", "Verdict", "check_calls", "check_output"]


@dataclass
class Verdict:
    """Failure messages collected so far and the first call where the trace diverged."""

    failures: list[str] = field(default_factory=list)
    diverged_at: int | None = None

    def fail(self, message: str, *, at: int | None = None) -> None:
        self.failures.append(message)
        if at is not None and (self.diverged_at is None or at < self.diverged_at):
            self.diverged_at = at


def check_calls(expect: Mapping[str, Any], trace: Trace, verdict: Verdict) -> None:
    """The trace expectations: calls, calls_in_any_order, not_called, max_calls, min_calls."""
    calls = list(trace)
    if "calls" in expect:
        _ordered(expect["calls"], calls, verdict)
    if "calls_in_any_order" in expect:
        _any_order(expect["calls_in_any_order"], calls, verdict)
    for index, item in enumerate(expect.get("not_called", [])):
        _not_called(item if isinstance(item, Mapping) else {"tool": item}, index, calls, verdict)
    for key in ("max_calls", "min_calls"):
        if key in expect:
            _count(key, expect[key], calls, verdict)


def check_output(
    expect: Mapping[str, Any], output: Any, verdict: Verdict, *, run_check: Callable[[], Any] | None
) -> None:
    """The answer expectations: output checks and the custom ``check`` callable."""
    for key, arg in (expect.get("output") or {}).items():
        reason = OUTPUT_CHECKS[key](arg, output)
        if reason is not None:
            verdict.fail(f"expect.output.{key}: {reason}")
    if run_check is not None:
        _custom(expect["check"], run_check, verdict)


def _matches(pattern: Mapping[str, Any], call: ToolCall) -> str | None:
    if call.tool != pattern["tool"]:
        return f"tool is {call.tool!r}"
    refused = (call.error or {}).get("code") == "invalid_input"
    if "refused" in pattern and pattern["refused"] is not refused:
        return "the world refused its input" if refused else "the world took its input"
    return mismatch(pattern.get("input", {}), call.input, "input")


def _describe(pattern: Mapping[str, Any]) -> str:
    text = f"a call to {pattern['tool']!r}"
    if pattern.get("input"):
        text += f" with input {_json(redact(pattern['input']))}"  # a $regex of a password too
    if "refused" in pattern:
        text += " that the world refused" if pattern["refused"] else " that the world took"
    return text


def _ordered(patterns: Sequence[Mapping[str, Any]], calls: list[ToolCall], verdict: Verdict) -> None:
    position = 0
    for index, pattern in enumerate(patterns):
        found = next((i for i in range(position, len(calls)) if _matches(pattern, calls[i]) is None), None)
        if found is None:
            after = f"after call #{calls[position - 1].index}" if position else "in the trace"
            close = _closest(pattern, calls[position:])
            hint = f"; closest: #{close[0].index} {close[0].tool} ({close[1]})" if close else ""
            where = close[0].index if close else (calls[position].index if position < len(calls) else None)
            verdict.fail(
                f"expect.calls[{index}]: expected {_describe(pattern)} {after}, found none{hint}", at=where
            )
            return
        position = found + 1


def _closest(pattern: Mapping[str, Any], calls: list[ToolCall]) -> tuple[ToolCall, str] | None:
    for call in calls:
        if call.tool == pattern["tool"]:
            return call, str(_matches(pattern, call))
    return None


def _any_order(patterns: Sequence[Mapping[str, Any]], calls: list[ToolCall], verdict: Verdict) -> None:
    owner: dict[int, int] = {}  # call position -> pattern index (bipartite matching, Kuhn's method)

    def place(p: int, seen: set[int]) -> bool:
        for c, call in enumerate(calls):
            if c in seen or _matches(patterns[p], call) is not None:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = p
                return True
        return False

    for index, pattern in enumerate(patterns):
        if not place(index, set()):
            verdict.fail(f"expect.calls_in_any_order[{index}]: expected {_describe(pattern)}, found none")


def _not_called(pattern: Mapping[str, Any], index: int, calls: list[ToolCall], verdict: Verdict) -> None:
    found = [c for c in calls if _matches(pattern, c) is None]
    if found:
        where = ", ".join(f"#{c.index}" for c in found)
        verdict.fail(
            f"expect.not_called[{index}]: expected no {_describe(pattern)[2:]}, found {where}",
            at=found[0].index,
        )


def _count(key: str, limit: int | Mapping[str, int], calls: list[ToolCall], verdict: Verdict) -> None:
    limits = {None: limit} if isinstance(limit, int) else dict(limit)
    for tool, bound in limits.items():
        made = [c for c in calls if tool is None or c.tool == tool]
        what = "calls" if tool is None else f"calls to {tool!r}"
        if key == "max_calls" and len(made) > bound:
            verdict.fail(
                f"expect.max_calls: expected at most {bound} {what}, got {len(made)}", at=made[bound].index
            )
        elif key == "min_calls" and len(made) < bound:
            verdict.fail(f"expect.min_calls: expected at least {bound} {what}, got {len(made)}")


def _equals(arg: Any, output: Any) -> str | None:
    same = arg == output and isinstance(arg, bool) == isinstance(output, bool)
    return None if same else f"expected {_json(arg)}, got {_json(output)}"


def _contains(arg: Any, output: Any) -> str | None:
    reason = (
        mismatch({"$contains": arg}, output) if not isinstance(output, Mapping) else mismatch(arg, output)
    )
    return None if reason is None else f"expected the output to contain {_json(arg)}, got {_json(output)}"


def _not_contains(arg: Any, output: Any) -> str | None:
    if _contains(arg, output) is None:
        return f"expected the output not to contain {_json(arg)}, got {_json(output)}"
    return None


def _regex(arg: str, output: Any) -> str | None:
    if isinstance(output, str) and re.search(arg, output):
        return None
    return f"expected the output to match /{arg}/, got {_json(output)}"


def _schema(arg: Any, output: Any) -> str | None:
    problems = compile_validator(arg).problems(output)
    return None if not problems else f"the output breaks the schema: {'; '.join(problems)}"


OUTPUT_CHECKS: dict[str, Callable[[Any, Any], str | None]] = {
    "equals": _equals,
    "contains": _contains,
    "not_contains": _not_contains,
    "regex": _regex,
    "schema": _schema,
}


def _custom(ref: str, run_check: Callable[[], Any], verdict: Verdict) -> None:
    try:
        outcome = run_check()
    except AssertionError as exc:
        verdict.fail(f"expect.check {ref}: {exc or 'assertion failed'}")
        return
    except Exception as exc:
        verdict.fail(f"expect.check {ref} raised {type(exc).__name__}: {exc}")
        return
    if outcome is False:
        verdict.fail(f"expect.check {ref}: returned False")
    elif isinstance(outcome, str) and outcome:
        verdict.fail(f"expect.check {ref}: {outcome}")
    elif not isinstance(outcome, str | bool | None):  # a list of problems, a score, numpy's False_
        verdict.fail(
            f"expect.check {ref}: returned {short_repr(outcome, 60)} ({type(outcome).__name__}), "
            "which neither passes nor fails the run; return None or True to pass, False or a "
            "reason (a string) to fail, e.g. `return '; '.join(problems) or None`"
        )


def _json(value: Any, width: int = 80) -> str:
    """`value` as JSON cut to `width`; its short repr when JSON cannot show it (an agent's answer
    may have tuple keys, huge ints, deep nesting...)."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except Exception:  # TypeError, ValueError, RecursionError: describing must not fail the run
        return short_repr(value, width)
    return text if len(text) <= width else text[: width - 1] + "…"
