"""Writing a world's calls into its trace: one `ToolCall` per answered, failed or rejected call."""

from __future__ import annotations

import datetime
import threading
from collections.abc import Mapping
from typing import Any

from synthworld._json import frozen, json_copy
from synthworld.backends import CallContext
from synthworld.trace import ToolCall, Trace, recordable_input
from synthworld.world.coverage import CoverageCounter

__all__ = ["TraceRecorder"]


class TraceRecorder:
    """Appends calls to `trace`, numbered in order, stamped with the simulated start time."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.view = trace.read_only()
        """The trace as backends read it (``ctx.trace``): no append, no clear."""
        self.coverage = CoverageCounter(forward=True)
        """Every call recorded, counted per tool, error code, hazard and malformed kind (kept across
        resets)."""
        self._lock = threading.Lock()
        self._last_stamp: tuple[datetime.datetime | None, str] = (None, "")

    def answered(
        self,
        ctx: CallContext,
        output: Any,
        error: dict[str, Any] | None,
        source: str,
        usage: Mapping[str, int] | None = None,
        duration: float = 0.0,
        rules: tuple[str, ...] = (),
        hazard: str | None = None,
        malformed: str | None = None,
        answer: bytes | None = None,
    ) -> None:
        """A call that reached the backend stage. `output` is owned by the trace from here on:
        callers pass a copy or a value nobody else holds. `answer` is `output` `frozen` (made
        here when not given): coverage reads it, so a later change to the trace counts for
        nothing."""
        with self._lock:
            self.trace.append(
                ToolCall(
                    index=len(self.trace),
                    tool=ctx.spec.name,
                    input=json_copy(dict(ctx.input)),
                    output=output,
                    error=error,
                    seed=ctx.seed,
                    backend=source,
                    occurrence=ctx.occurrence,
                    started_at=self._isoformat(ctx.now),
                    duration=duration,
                    usage=dict(usage or {}) or None,
                    rules=rules,
                    hazard=hazard,
                )
            )
        code = error.get("code") if error else None
        self.coverage.count(ctx.spec.name, error=code, hazard=hazard, malformed=malformed)
        if error is None and malformed is None:  # a valid answer: its part of the answer space
            self.coverage.answer(
                ctx.spec.name, ctx.spec.returns, frozen(output) if answer is None else answer
            )

    def rejected(self, tool: str, raw: Any, error: dict[str, Any], *, now: datetime.datetime) -> None:
        """A call whose input broke the tool's parameters (recorded as the agent gave it)."""
        with self._lock:
            self.trace.append(
                ToolCall(
                    index=len(self.trace),
                    tool=tool,
                    input=recordable_input(raw),
                    error=error,
                    backend="validation",
                    started_at=now.isoformat(),
                )
            )
        self.coverage.count(tool, error=error.get("code"))

    def _isoformat(self, now: datetime.datetime) -> str:
        """``now.isoformat()``, remembered for the last instant (a frozen clock repeats it)."""
        last, text = self._last_stamp
        if last is not None and now == last and now.tzinfo is last.tzinfo:
            return text
        text = now.isoformat()
        self._last_stamp = (now, text)
        return text
