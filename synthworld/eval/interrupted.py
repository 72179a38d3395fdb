"""What `evaluate` raises on Ctrl-C: still a `KeyboardInterrupt`, carrying the runs done so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # report.py imports this module
    from synthworld.eval.report import EvalReport

__all__ = ["EvalInterrupted"]


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
        done = len(report.runs)
        passed = sum(r.passed for r in report.runs)
        super().__init__(
            f"evaluation interrupted after {done} of {total} runs ({passed} passed); the runs so far "
            "are in this exception's .report (in a notebook or REPL: sys.last_value.report)"
        )
