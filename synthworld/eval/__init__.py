"""Evaluate agents over scenarios and seeds: `evaluate` runs them, `EvalReport` holds the results.

``run`` runs (scenario, seed) tasks on any executor, ``record`` keeps each run, ``summary`` and
``passk`` compute pass rates and pass^k, ``html``, ``plot`` and ``progress`` show them, ``export``
writes the files a CI job keeps.
"""

from synthworld.eval.interrupted import EvalCancelled, EvalInterrupted
from synthworld.eval.record import RunRecord
from synthworld.eval.report import EvalReport, ScenarioLike, evaluate, evaluate_async
from synthworld.eval.summary import Comparison, ScenarioSummary, Summary

__all__ = [
    "Comparison",
    "EvalCancelled",
    "EvalInterrupted",
    "EvalReport",
    "RunRecord",
    "ScenarioLike",
    "ScenarioSummary",
    "Summary",
    "evaluate",
    "evaluate_async",
]
