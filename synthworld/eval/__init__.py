"""Evaluate agents over scenarios and seeds: `evaluate` runs them, `EvalReport` holds the results.

``run`` runs (scenario, seed) tasks on any executor, ``record`` keeps each run, ``broken`` each
scenario file that could not be loaded, ``summary`` and ``passk`` compute pass rates and pass^k,
``html``, ``run_html``, ``plot`` and ``progress`` show them, ``replay`` says how to play one run
again, ``export`` writes the files a CI job keeps.
`evaluate_async` is `evaluate` awaited in an event loop (a notebook cell).
"""

from synthworld.eval.broken import BrokenScenario
from synthworld.eval.interrupted import EvalCancelled, EvalInterrupted
from synthworld.eval.record import RunRecord
from synthworld.eval.report import EvalReport, ScenarioLike, evaluate, evaluate_async
from synthworld.eval.summary import Comparison, ScenarioSummary, Summary

__all__ = [
    "BrokenScenario",
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
