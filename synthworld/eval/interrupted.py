"""What an evaluation raises when stopped early, carrying the runs done so far: `evaluate` on
Ctrl-C (still a `KeyboardInterrupt`), `evaluate_async` when cancelled (a notebook's "interrupt
the kernel" cancels an awaited cell)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # report.py imports this module
    from synthworld.eval.report import EvalReport

__all__ = ["EvalCancelled", "EvalInterrupted"]


class EvalInterrupted(KeyboardInterrupt):
    """An evaluation stopped by Ctrl-C (or any `KeyboardInterrupt`) before its last run.

    It is a `KeyboardInterrupt`, so a program still stops (``except Exception`` does not catch
    it), and it keeps what was measured: ``report`` holds every run that finished, and ``total``
    the runs the evaluation was to make::

        try:
            report = evaluate("scenarios/", seeds=range(100))
        except EvalInterrupted as stop:
            report = stop.report  # the runs so far; in a notebook, also sys.last_value.report
    """

    def __init__(self, report: EvalReport, total: int) -> None:
        self.report = report
        """The runs that finished before the interrupt (summaries, plots, ``save`` all work)."""
        self.total = total
        """How many runs the evaluation was to make."""
        super().__init__(_stopped(report, total, "interrupted"))


class EvalCancelled(asyncio.CancelledError):
    """`evaluate_async` cancelled before its last run: in a notebook, "interrupt the kernel"
    during ``await evaluate_async(...)`` (ipykernel cancels an awaited cell rather than raising
    `KeyboardInterrupt`). A `CancelledError`, so the task still ends cancelled; ``report`` and
    ``total`` as `EvalInterrupted` has them (in a notebook: ``sys.last_value.report``). Python
    3.10's asyncio hands whoever awaits the task a plain `CancelledError` with this one as its
    ``__context__`` (3.11 and newer hand on this one)."""

    def __init__(self, report: EvalReport, total: int) -> None:
        self.report = report
        """The runs that finished before the cancellation."""
        self.total = total
        """How many runs the evaluation was to make."""
        super().__init__(_stopped(report, total, "cancelled"))


def _stopped(report: EvalReport, total: int, how: str) -> str:
    passed = sum(r.passed for r in report.runs)
    return (
        f"evaluation {how} after {len(report.runs)} of {total} runs ({passed} passed); the runs so "
        "far are in this exception's .report (in a notebook or REPL: sys.last_value.report)"
    )
