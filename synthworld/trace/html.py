"""A `Trace` as HTML for notebooks: a timeline of calls with folded inputs and outputs.

Errors are highlighted, and each call shows its simulated start and duration (with a bar
scaled to the longest call). Secrets are masked (see `synthworld._redact`).
``Trace._repr_html_`` delegates to `render_trace_html`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape
from typing import Any

from synthworld.trace.calls import ToolCall, redacted_calls

__all__ = ["render_trace_html"]

_ERROR_ROW = "background:#fdecea"
_CELL = "padding:2px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #ddd"


def render_trace_html(trace: Iterable[ToolCall], *, max_calls: int = 200) -> str:
    """The calls of `trace` as an HTML table (at most `max_calls` rows; the rest are counted),
    secrets masked with the process policy."""
    calls = list(trace)
    if not calls:
        return '<div class="synthworld-trace"><em>trace: no calls</em></div>'
    longest = max(c.duration for c in calls)
    rows = "".join(_row(c, longest) for c in redacted_calls(calls)[:max_calls])
    more = len(calls) - max_calls
    if more > 0:
        rows += f'<tr><td colspan="7" style="{_CELL}"><em>… {more} more call(s)</em></td></tr>'
    head = "".join(
        f'<th style="{_CELL}">{h}</th>'
        for h in ("#", "tool", "input", "output", "backend", "started", "duration")
    )
    return (
        f'<div class="synthworld-trace">{_caption(calls)}'
        f'<table style="border-collapse:collapse;font-size:12px"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def _caption(calls: list[ToolCall]) -> str:
    errors = sum(not c.ok for c in calls)
    total = sum(c.duration for c in calls)
    return (
        f"<div><strong>trace</strong>: {len(calls)} call(s), {errors} error(s), {total:.3g} s simulated</div>"
    )


def _row(call: ToolCall, longest: float) -> str:
    style = f' style="{_ERROR_ROW}"' if call.error is not None else ""
    cells = [
        str(call.index),
        f"<code>{escape(call.tool)}</code>",
        folded(call.input),
        _error(call.error) if call.error is not None else folded(call.output),
        escape(call.answered_by),
        escape((call.started_at or "").replace("+00:00", "Z")),
        _duration(call.duration, longest),
    ]
    return (
        f'<tr class="{"error" if style else "ok"}"{style}>'
        + "".join(f'<td style="{_CELL}">{c}</td>' for c in cells)
        + "</tr>"
    )


def _error(error: dict[str, Any]) -> str:
    code = escape(str(error.get("code", "error")))
    message = escape(str(error.get("message", "")))
    return f'<strong style="color:#b3261e">ERROR {code}</strong>: {message}'


def folded(value: Any, *, width: int = 60) -> str:
    """`value` as JSON: short values inline, longer ones folded in a ``<details>`` element."""
    short = json.dumps(value, ensure_ascii=False, default=str)
    if len(short) <= width:
        return f"<code>{escape(short)}</code>"
    full = json.dumps(value, ensure_ascii=False, default=str, indent=2)
    return (
        f"<details><summary><code>{escape(short[: width - 1])}…</code></summary>"
        f'<pre style="margin:0">{escape(full)}</pre></details>'
    )


def _duration(seconds: float, longest: float) -> str:
    width = 0 if longest <= 0 else round(60 * seconds / longest)
    bar = f'<span style="display:inline-block;height:8px;width:{width}px;background:#8ab4f8"></span>'
    return f"{bar} {seconds:.3g} s"
