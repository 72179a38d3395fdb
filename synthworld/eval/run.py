"""Running an evaluation: one picklable task per (scenario, seed), on any executor.

A task names its scenario by path (loaded in the worker, cached per process) or carries a
`Scenario` object, so the same task runs in this process, in a thread or process pool, or on a
``dask.distributed`` cluster, and gives the same `RunRecord` everywhere.

A task with a timeout plays in a daemon thread that the task's own thread waits for, wherever
the task runs, so the limit holds on every executor. A thread cannot be killed: a run given up
stops at its next tool call (its world is given up), and goes on in the background of its
process until then. Where the process
is synthworld's own (``synthworld eval``), `hard_stop` also arms `faulthandler` to end it, with
every thread's stack on stderr, when a run outlives its timeout by `HARD_STOP_GRACE` seconds:
the waiting thread never got the GIL back (C code that holds it, as a runaway regular expression).
"""

from __future__ import annotations

import contextvars
import faulthandler
import os
import pickle
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from synthworld.errors import ScenarioError, warn_user
from synthworld.eval.broken import BrokenScenario, raise_broken
from synthworld.eval.progress import Reporter
from synthworld.eval.record import RunRecord, record_from_result, timed_out_record
from synthworld.scenario import load_scenario, scenario_files
from synthworld.scenario.build import recording_mode
from synthworld.scenario.run import resolve_agent
from synthworld.trace import Trace

__all__ = [
    "DEFAULT_SEEDS",
    "HARD_STOP_GRACE",
    "RunTask",
    "agent_label",
    "check_picklable",
    "find_scenarios",
    "hard_stop",
    "resolve_scenarios",
    "run_task",
    "run_task_async",
    "run_tasks",
    "seeds_of",
    "warn_of_recording",
    "without_agent",
]

AgentRef = str | Callable[..., Any] | None

DEFAULT_SEEDS = 10
"""How many seeds (0 to 9) an evaluation runs a scenario at that declares none of its own."""
HARD_STOP_GRACE = 10.0
"""Seconds past its timeout after which a run that could not be given up ends a `hard_stop` process."""
_hard_stop = False
_STDERR = 2  # the process's own stderr, whatever sys.stderr is now


@dataclass(frozen=True)
class RunTask:
    """One run to do: a scenario (path or object), a seed, the agent override (or None), the
    hazard to inject into every answer (None: a clean run), and the seconds the run may take
    (None: no limit; loading the scenario does not count)."""

    scenario: Any
    seed: int
    agent: AgentRef = None
    hazard: str | None = None
    timeout: float | None = None


def run_task(task: RunTask) -> RunRecord:
    """Play one run and record it (a top-level function, so executors can pickle it).

    Cassettes are only replayed (``record_mode="none"``): runs in parallel must not write files,
    and a measurement must not change what it measures. Record with ``synthworld run`` first.
    With a timeout, a run that has not ended after it is recorded as failed (``timeout after N s``).
    """
    scenario = _cached_load(task.scenario) if isinstance(task.scenario, str) else task.scenario
    return _play(task, scenario) if task.timeout is None else _play_within(task, scenario, task.timeout)


async def run_task_async(task: RunTask) -> RunRecord:
    """`run_task` awaited in the caller's event loop (no timeout): an ``async def`` agent runs
    on that loop (`Scenario.run_async`)."""
    scenario = _cached_load(task.scenario) if isinstance(task.scenario, str) else task.scenario
    started = time.perf_counter()
    result = await scenario.run_async(task.seed, agent=task.agent, record_mode="none", hazard=task.hazard)
    return record_from_result(result, wall_time=time.perf_counter() - started)


def _play(task: RunTask, scenario: Any, **options: Any) -> RunRecord:
    started = time.perf_counter()
    result = scenario.run(task.seed, agent=task.agent, record_mode="none", hazard=task.hazard, **options)
    return record_from_result(result, wall_time=time.perf_counter() - started)


def _play_within(task: RunTask, scenario: Any, timeout: float) -> RunRecord:
    """`_play` in a daemon thread, given up after `timeout` seconds (recorded with the calls it
    made by then); what it raises is raised here."""
    outcome: list[RunRecord | BaseException] = []
    worlds: list[Any] = []  # the run's world, once built

    def play() -> None:
        try:
            outcome.append(_play(task, scenario, on_world=worlds.append))
        except BaseException as exc:  # handed to the waiting thread, which raises it
            outcome.append(exc)

    thread = threading.Thread(
        target=contextvars.copy_context().run, args=(play,), name="synthworld-run", daemon=True
    )
    started = time.perf_counter()
    if _hard_stop:
        faulthandler.dump_traceback_later(timeout + HARD_STOP_GRACE, exit=True, file=_STDERR)
    try:
        thread.start()
        thread.join(timeout)
    except BaseException:  # Ctrl-C while waiting: the run (an async tool it awaits) stops too
        if worlds:
            worlds[0].give_up("the run was interrupted")
        raise
    finally:
        if _hard_stop:
            faulthandler.cancel_dump_traceback_later()
    if not outcome:
        return _given_up(task, scenario, timeout, worlds, time.perf_counter() - started)
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def _given_up(task: RunTask, scenario: Any, timeout: float, worlds: list[Any], waited: float) -> RunRecord:
    """The record of a run given up: its calls so far, copied (the run may still be making more)."""
    world = worlds[0] if worlds else None
    if world is not None:  # the run's thread stops at its next tool call
        world.give_up(f"the run was given up after its timeout of {timeout:g} s")
    return timed_out_record(
        scenario.name,
        task.seed,
        timeout=timeout,
        path=str(scenario.path or ""),
        hazard=task.hazard,
        wall_time=waited,
        trace=None if world is None else Trace(list(world.trace)),
        coverage=None if world is None else world.coverage(),
    )


def hard_stop(on: bool = True) -> bool:
    """Let runs with a timeout end this process when they cannot be given up (see the module's
    docstring), or not; the setting before. Only for processes synthworld owns: the ``synthworld
    eval`` command and its workers (``ProcessPoolExecutor(initializer=hard_stop)``)."""
    global _hard_stop
    before, _hard_stop = _hard_stop, on
    return before


def run_tasks(
    tasks: Sequence[RunTask], *, executor: Executor | None, reporter: Reporter
) -> Iterator[RunRecord]:
    """Each task's record as it finishes (completion order); the first failing task's error is
    raised. The caller keeps what it was given when an interrupt stops the loop."""
    for record in _serial(tasks) if executor is None else _parallel(tasks, executor):
        reporter.advance(record.passed)
        yield record


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
    """`find_scenarios`, strict: a scenario file that cannot be loaded raises its error (several:
    one `ScenarioError` naming each) before any run starts."""
    resolved, broken = find_scenarios(scenarios)
    raise_broken(broken)
    return resolved


def find_scenarios(scenarios: Any) -> tuple[list[tuple[str, Any]], list[tuple[BrokenScenario, Exception]]]:
    """``(name, ref)`` per scenario (ref: a path string or a `Scenario` object), and each
    scenario file that could not be loaded, with its error.

    Accepts one scenario or an iterable of them; a directory stands for its scenario files. A
    file named twice (itself and in its folder) runs once. Every file is loaded here once, so
    a bad file is known before any run starts. A path that does not exist, two scenarios of one
    name or nothing to run at all raise: those are mistakes in the arguments, not in a file.
    """
    one = isinstance(scenarios, str | os.PathLike) or hasattr(scenarios, "run")
    items = [scenarios] if one else list(scenarios)
    found: dict[str, tuple[str, Any]] = {}
    broken: dict[str, tuple[BrokenScenario, Exception]] = {}
    for item in items:
        for name, ref, origin in _expand(item, broken):
            if name in found and _same_file(found[name][1], ref):
                continue
            if name in found:
                raise ValueError(
                    f"two scenarios are named {name!r} ({found[name][0]} and {origin}); "
                    "names must be unique within one evaluation"
                )
            found[name] = (origin, ref)
    if not items:
        raise ValueError(f"scenarios={scenarios!r} names no scenario; pass scenario files or folders of them")
    if not found and not broken:
        named = ", ".join(os.fspath(i) for i in items)
        raise ValueError(
            f"no scenario files in {named}: a folder's .yaml, .yml and .json files count when they "
            "hold the key synthworld_scenario (its subfolders are not searched)"
        )
    return [(name, ref) for name, (_, ref) in found.items()], list(broken.values())


def without_agent(
    resolved: list[tuple[str, Any]], agent: AgentRef
) -> tuple[list[tuple[str, Any]], list[tuple[BrokenScenario, Exception]]]:
    """`resolved` less the scenarios that name no agent when no `agent` overrides theirs, each
    with the error every one of its runs would raise ("no agent to run; add 'agent: ...'"): kept
    apart before any run as a file that cannot be loaded is, where it stopped the evaluation
    at its first run and lost the others' runs."""
    if agent is not None:
        return resolved, []
    kept: list[tuple[str, Any]] = []
    broken: list[tuple[BrokenScenario, Exception]] = []
    for name, ref in resolved:
        scenario = _cached_load(ref) if isinstance(ref, str) else ref
        if not hasattr(scenario, "data") or scenario.data.get("agent") is not None:
            kept.append((name, ref))
            continue
        try:
            resolve_agent(scenario, None)
        except ScenarioError as exc:
            broken.append((BrokenScenario(str(ref) if isinstance(ref, str) else name, str(exc)), exc))
        else:
            kept.append((name, ref))
    return kept, broken


def _same_file(first: Any, second: Any) -> bool:
    """Whether two refs are one scenario file, named twice (``scenarios/`` and ``scenarios/a.yaml``)."""
    paths = [ref for ref in (first, second) if isinstance(ref, str)]
    return len(paths) == 2 and os.path.samefile(paths[0], paths[1])


def warn_of_recording(resolved: list[tuple[str, Any]]) -> None:
    """One warning naming the scenarios whose files ask to record (`resolve_scenarios`' result):
    an evaluation only replays, so the calls their cassettes lack fail their runs."""
    asking = []
    for _, ref in resolved:
        scenario = _cached_load(ref) if isinstance(ref, str) else ref
        mode = recording_mode(scenario) if hasattr(scenario, "data") else None
        if mode is not None:
            asking.append(f"synthworld run {scenario.shown} --record-mode {mode}")
    if asking:
        warn_user(
            f"an evaluation only replays cassettes (record mode 'none'), but {len(asking)} scenario "
            "file(s) ask to record, so the calls their cassettes lack fail their runs; record "
            f"first: {'; '.join(asking)}"
        )


def _expand(item: Any, broken: dict[str, tuple[BrokenScenario, Exception]]) -> list[tuple[str, Any, str]]:
    """The scenarios `item` stands for; a file that cannot be loaded goes to `broken` instead."""
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
    loaded = []
    for file in scenario_files(path, keyed=True):
        try:
            loaded.append((_cached_load(str(file)).name, str(file), str(file)))
        except ScenarioError as exc:
            broken.setdefault(os.path.realpath(file), (BrokenScenario(str(file), str(exc)), exc))
    return loaded


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
    """The seeds an evaluation runs a scenario (path or object) at unless told otherwise: those it
    declares (``seeds:``, or ``seed:``), else 0 to `DEFAULT_SEEDS` - 1 (a file that names no seed
    runs at seed 0 alone in ``synthworld run``, but an evaluation is over many seeds)."""
    scenario = _cached_load(ref) if isinstance(ref, str) else ref
    if "seeds" in scenario.data or "seed" in scenario.data:
        return list(scenario.seeds)
    return list(range(DEFAULT_SEEDS))
