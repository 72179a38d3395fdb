"""Plain-text reports of scenario runs: the verdict, the failures, the trace as a table, and the
call where the run left the expected path in full (what pytest shows for a failing scenario).

Everything shown is masked with the process redaction policy (pytest prints these reports).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from synthworld._json import short_repr
from synthworld._redact import redact, redact_text

if TYPE_CHECKING:
    from synthworld.scenario.result import ScenarioResult
    from synthworld.trace import ToolCall, Trace

__all__ = ["abbreviate", "answer_text", "format_call", "format_result", "trace_rows", "trace_table"]

_HEADER = ("#", "tool", "input", "output")
CELL = 80
"""Characters a table cell shows before it is cut (the diverging call is always shown whole)."""


def abbreviate(value: Any, width: int | None = CELL) -> str:
    """`value` as compact JSON with secrets masked, cut to `width` characters with an ellipsis
    (None: whole); what JSON cannot show (an agent's answer with tuple keys, a huge int, deep
    nesting, a failing repr) as its short repr."""
    try:
        shown = redact(value)
        text = shown if isinstance(shown, str) else json.dumps(shown, ensure_ascii=False, default=repr)
    except Exception:  # TypeError, ValueError, RecursionError: showing must not end the report
        text = redact_text(short_repr(value, width or _WHOLE_REPR))
    return text if width is None or len(text) <= width else text[: width - 1] + "…"


_WHOLE_REPR = 2000
"""Characters of a repr shown when the whole value is asked for but JSON cannot show it."""


def answer_text(call: ToolCall, width: int | None = CELL) -> str:
    """What a call answered: its output (after ``[hazard]`` when one shaped it), or
    ``ERROR code: message``."""
    if call.error is None:
        shown = abbreviate(call.output, None if width is None else width - len(call.hazard or "") - 3)
        return f"[{call.hazard}] {shown}" if call.hazard else shown
    return abbreviate(f"ERROR {call.error.get('code')}: {call.error.get('message', '')}", width)


def trace_rows(trace: Trace, *, width: int | None = CELL) -> list[tuple[str, str, str, str]]:
    """One row per call: index, tool, input and answer (each cut to `width`; None: whole)."""
    return [(str(c.index), c.tool, abbreviate(c.input, width), answer_text(c, width)) for c in trace]


def trace_table(trace: Trace, *, mark: int | None = None, width: int | None = CELL) -> str:
    """The trace as an aligned text table; the call at index `mark` is flagged with ``>``."""
    if not len(trace):
        return "  (the agent made no calls)"
    rows = [_HEADER, *trace_rows(trace, width=width)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER) - 1)]
    lines = []
    for n, row in enumerate(rows):
        flag = ">" if n > 0 and mark == n - 1 else " "
        cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=False)] + [row[-1]]
        lines.append(f"{flag} {'  '.join(cells)}".rstrip())
    if mark is not None:
        lines.append(f"> call #{mark}: where the run first left the expected path")
    return "\n".join(lines)


def format_call(call: ToolCall) -> str:
    """One call in full: its input and its answer, as indented JSON."""
    answer = call.output if call.error is None else {"error": call.error}
    return "\n".join(
        [
            f"call #{call.index} {call.tool} ({call.answered_by}):",
            "  input: " + _indented(call.input),
            ("  output: " if call.error is None else "  error: ") + _indented(answer),
        ]
    )


def _indented(value: Any) -> str:
    return json.dumps(redact(value), ensure_ascii=False, indent=2, default=repr).replace("\n", "\n  ")


def format_result(result: ScenarioResult, *, header: bool = True, width: int | None = CELL) -> str:
    """A report a person can act on: verdict, each failed expectation, the trace table and the call
    where the run left the expected path, whole.

    Without `header` the report starts with the failures, one per line (as pytest shows it).
    """
    verdict = "PASS" if result.passed else "FAIL"
    lines = [f"scenario {result.scenario!r} [seed={result.seed}]: {verdict}"] if header else []
    failures = [redact_text(failure) for failure in result.failures]
    lines += [f"  - {failure}" if header else failure for failure in failures]
    if result.output is not None:
        lines.append(f"agent output: {abbreviate(result.output, None)}")
    mark = None if result.passed else result.diverged_at
    lines += ["trace:", trace_table(result.trace, mark=mark, width=width)]
    if mark is not None and mark < len(result.trace):
        lines.append(format_call(result.trace[mark]))
    return "\n".join(lines)
