"""Plain-text reports of scenario runs: the verdict, the failures and the trace as a table.

Everything shown is masked with the process redaction policy (pytest prints these reports).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from synthworld._redact import redact, redact_text

if TYPE_CHECKING:
    from synthworld.scenario.result import ScenarioResult
    from synthworld.trace import ToolCall, Trace

__all__ = ["abbreviate", "format_result", "trace_rows", "trace_table"]

_HEADER = ("#", "tool", "input", "output", "error")


def abbreviate(value: Any, width: int = 40) -> str:
    """`value` as compact JSON with secrets masked, cut to `width` characters with an ellipsis."""
    value = redact(value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= width else text[: width - 1] + "…"


def trace_rows(trace: Trace, *, width: int = 40) -> list[tuple[str, str, str, str, str]]:
    """One row of abbreviated cells per call: index, tool, input, output, error."""
    return [
        (str(c.index), c.tool, abbreviate(c.input, width), _output(c, width), _error(c, width)) for c in trace
    ]


def trace_table(trace: Trace, *, mark: int | None = None, width: int = 40) -> str:
    """The trace as an aligned text table; the call at index `mark` is flagged with ``>``."""
    if not len(trace):
        return "  (the agent made no calls)"
    rows = [_HEADER, *trace_rows(trace, width=width)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER))]
    lines = []
    for n, row in enumerate(rows):
        flag = ">" if n > 0 and mark == n - 1 else " "
        cells = "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
        lines.append(f"{flag} {cells}".rstrip())
    if mark is not None:
        lines.append(f"> call #{mark}: where the run first left the expected path")
    return "\n".join(lines)


def format_result(result: ScenarioResult, *, header: bool = True) -> str:
    """A report a person can act on: verdict, each failed expectation, and the trace table.

    Without `header` the report starts with the failures, one per line (as pytest shows it).
    """
    verdict = "PASS" if result.passed else "FAIL"
    lines = [f"scenario {result.scenario!r} [seed={result.seed}]: {verdict}"] if header else []
    failures = [redact_text(failure) for failure in result.failures]
    lines += [f"  - {failure}" if header else failure for failure in failures]
    if result.output is not None:
        lines.append(f"agent output: {abbreviate(result.output, 200)}")
    lines += ["trace:", trace_table(result.trace, mark=None if result.passed else result.diverged_at)]
    return "\n".join(lines)


def _output(call: ToolCall, width: int) -> str:
    return "" if call.error is not None else abbreviate(call.output, width)


def _error(call: ToolCall, width: int) -> str:
    if call.error is None:
        return ""
    return abbreviate(f"{call.error.get('code')}: {call.error.get('message', '')}", width)
