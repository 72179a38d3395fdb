"""Running an evaluation: one picklable task per (scenario, seed), on any executor.

A task names its scenario by path (loaded in the worker, cached per process) or carries a
`Scenario` object, so the same task runs in this process, in a thread or process pool, or on a
``dask.distributed`` cluster, and gives the same `RunRecord` everywhere.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from synthworld.eval.progress import Reporter
from synthworld.eval.record import RunRecord, record_from_result
from synthworld.scenario import load_scenario, scenario_files

__all__ = [
    "RunTask",
    "agent_label",
    "check_picklable",
    "resolve_scenarios",
    "run_task",
    "run_tasks",
    "seeds_of",
]

AgentRef = str | Callable[..., Any] | None


@dataclass(frozen=True)
class RunTask:
    """One run to do: a scenario (path or object), a seed, the agent override (or None), and the
    hazard to inject into every answer (None: a clean run)."""

    scenario: Any
    seed: int
    agent: AgentRef = None
    hazard: str | None = None


def run_task(task: RunTask) -> RunRecord:
    """Play one run and record it (a top-level function, so executors can pickle it).

    Cassettes are only replayed (``record_mode="none"``): runs in parallel must not write files,
    and a measurement must not change what it measures. Record with ``synthworld run`` first.
    """
    scenario = _cached_load(task.scenario) if isinstance(task.scenario, str) else task.scenario
    started = time.perf_counter()
    result = scenario.run(task.seed, agent=task.agent, record_mode="none", hazard=task.hazard)
    return record_from_result(result, wall_time=time.perf_counter() - started)


def run_tasks(tasks: Sequence[RunTask], *, executor: Executor | None, reporter: Reporter) -> list[RunRecord]:
    """Every task's record, in completion order; the first failing task's error is raised."""
    records = []
    for record in _serial(tasks) if executor is None else _parallel(tasks, executor):
        records.append(record)
        reporter.advance(record.passed)
    return records


def _serial(tasks: Iterable[RunTask]) -> Iterator[RunRecord]:
    for task in tasks:
        yield run_task(task)


def _parallel(tasks: Sequence[RunTask], executor: Executor) -> Iterator[RunRecord]:
    if not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor={executor!r} has no submit(); pass a concurrent.futures.Executor")
    futures: list[Future[RunRecord]] = [executor.submit(run_task, task) for task in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


# -- scenarios ------------------------------------------------------------------------------

_cache: dict[tuple[str, int, int], Any] = {}
_cache_lock = threading.Lock()


def _cached_load(path: str) -> Any:
    """The scenario at `path`, loaded once per process (reloaded when the file changes)."""
    stat = os.stat(path)
    key = (os.path.abspath(path), stat.st_mtime_ns, stat.st_size)
    with _cache_lock:
        if key not in _cache:
            _cache[key] = load_scenario(path)
        return _cache[key]


def resolve_scenarios(scenarios: Any) -> list[tuple[str, Any]]:
    """``(name, ref)`` per scenario: ref is a path string or a `Scenario` object.

    Accepts one scenario or an iterable of them; a directory stands for its scenario files.
    Every file is loaded here once, so a bad file fails before any run starts.
    """
    items = (
        [scenarios] if isinstance(scenarios, str | os.PathLike) or hasattr(scenarios, "run") else scenarios
    )
    found: dict[str, tuple[str, Any]] = {}
    for item in items:
        for name, ref, origin in _expand(item):
            if name in found:
                raise ValueError(
                    f"two scenarios are named {name!r} ({found[name][0]} and {origin}); "
                    "names must be unique within one evaluation"
                )
            found[name] = (origin, ref)
    if not found:
        raise ValueError(f"no scenarios to evaluate in {scenarios!r}")
    return [(name, ref) for name, (_, ref) in found.items()]


def _expand(item: Any) -> list[tuple[str, Any, str]]:
    if hasattr(item, "run") and hasattr(item, "name"):
        return [(item.name, item, repr(item.name))]
    if not isinstance(item, str | os.PathLike):
        raise TypeError(f"scenario {item!r} is neither a path nor a Scenario; pass scenario files or objects")
    path = Path(item)
    if not path.exists():
        raise FileNotFoundError(
            f"no scenario file or folder {os.fspath(item)!r} (from {os.getcwd()}); pass scenario files "
            "(.yaml, .yml, .json) or a folder holding them"
        )
    return [(_cached_load(str(f)).name, str(f), str(f)) for f in scenario_files(path, keyed=True)]


# -- agents ---------------------------------------------------------------------------------


def agent_label(agent: AgentRef) -> str:
    """A readable name for an agent override: its ``module:callable`` reference."""
    if agent is None:
        return "scenario agents"
    if isinstance(agent, str):
        return agent
    module = getattr(agent, "__module__", None) or "?"
    return f"{module}:{getattr(agent, '__qualname__', repr(agent))}"


def check_picklable(agent: AgentRef, executor: Executor | None) -> None:
    """Fail early, and helpfully, when a process pool could not ship `agent` to its workers."""
    if not isinstance(executor, ProcessPoolExecutor) or agent is None or isinstance(agent, str):
        return
    try:
        pickle.dumps(agent)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise TypeError(
            f"agent={agent!r} cannot be sent to a process pool ({exc}); pass a top-level function "
            "or a 'module:callable' string instead of a lambda or local function"
        ) from exc


def seeds_of(ref: Any) -> list[int]:
    """The seeds a scenario (path or object) declares for itself."""
    scenario = _cached_load(ref) if isinstance(ref, str) else ref
    return list(scenario.seeds)
