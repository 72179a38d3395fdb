"""HTML for one run of an evaluation: its scenario and seed, why it failed, and its trace."""

from __future__ import annotations

from html import escape
from typing import Any

from synthworld._redact import redact_text
from synthworld.trace import render_trace_html

__all__ = ["run_html"]


def run_html(run: Any, *, replay: str | None = None, expanded: bool = False) -> str:
    """A ``<details>`` block for `run` (a `RunRecord`): the failed expectations (or what the agent
    raised), `replay` (what plays it again) when given, and the trace; `expanded` opens it."""
    reasons = "".join(f"<li>{escape(redact_text(f))}</li>" for f in run.failures)
    if run.error and not run.failures:
        reasons += f"<li>agent raised: <code>{escape(redact_text(run.error))}</code></li>"
    again = (
        "" if replay is None else f'<p class="synthworld-replay">replay: <code>{escape(replay)}</code></p>'
    )
    verdict = "passed" if run.passed else run.cause or ""
    return (
        f"<details{' open' if expanded else ''}><summary>{escape(run.label)} · seed {run.seed} · "
        f"{escape(verdict)}</summary><ul>{reasons}</ul>{again}{render_trace_html(run.trace)}</details>"
    )
