"""`evaluate` runs agents over scenarios and seeds; `EvalReport` holds the results.

>>> report = evaluate("scenarios/", agent="my_agents:careful", seeds=range(20))  # doctest: +SKIP
>>> print(report.summary())                                                      # doctest: +SKIP

Runs are independent and deterministic, so a report is the same whatever the executor (none,
a thread or process pool, ``dask.distributed``'s ``client.get_executor()``) and whatever order the
runs finish in; only the wall-clock fields differ, and equality ignores them.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import time
from collections.abc import Generator, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields
from numbers import Integral, Real
from pathlib import Path
from typing import Any, Union

from synthworld._files import atomic_write
from synthworld._json import has_lone_surrogate
from synthworld.errors import EvalReportError, warn_user
from synthworld.eval.broken import BrokenScenario, broken_lines, raise_broken
from synthworld.eval.html import report_html
from synthworld.eval.interrupted import EvalCancelled, EvalInterrupted
from synthworld.eval.optional import import_optional
from synthworld.eval.plot import plot_report
from synthworld.eval.progress import make_reporter
from synthworld.eval.record import RunRecord, format_problems
from synthworld.eval.replay import replay_command
from synthworld.eval.run import (
    AgentRef,
    RunTask,
    agent_label,
    check_picklable,
    find_scenarios,
    run_task_async,
    run_tasks,
    warn_of_recording,
    without_agent,
)
from synthworld.eval.run import seeds_of as _scenario_seeds
from synthworld.eval.summary import Comparison, Summary, compare_runs, summarize
from synthworld.scenario import Scenario
from synthworld.world import HAZARD_KINDS, Coverage
from synthworld.world.faults import closest_hazards

__all__ = ["EvalReport", "ScenarioLike", "evaluate", "evaluate_async"]

ScenarioLike = Union[str, "os.PathLike[str]", Scenario]
"""A scenario file, a directory of scenario files, or a loaded `Scenario`."""

_FORMAT_KEY = "synthworld_eval"
_FORMAT_VERSION = 1


@dataclass(frozen=True)
class EvalReport:
    """Every run of an evaluation, sorted by (scenario, seed), with summaries, plots and HTML."""

    runs: tuple[RunRecord, ...]
    """One record per (scenario, seed)."""
    agent: str = "scenario agents"
    """Which agent ran: the override's ``module:callable``, or the scenarios' own agents."""
    wall_time: float = field(default=0.0, compare=False)
    """Wall-clock seconds the whole evaluation took; ignored by equality."""
    broken: tuple[BrokenScenario, ...] = ()
    """The scenario files that could not be loaded, so ran no run (`BrokenScenario`: path, error)."""

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.runs, key=lambda r: (r.scenario, r.hazard or "", r.seed, r.path)))
        object.__setattr__(self, "runs", ordered)

    def __repr__(self) -> str:
        scenarios = len({r.scenario for r in self.runs})
        broken = f", {len(self.broken)} scenario file(s) not loaded" if self.broken else ""
        return (
            f"<EvalReport agent={self.agent!r}: {len(self.runs)} run(s) over {scenarios} scenario(s), "
            f"{sum(r.passed for r in self.runs)} passed{broken}>"
        )

    @property
    def failures(self) -> list[RunRecord]:
        """The runs that failed."""
        return [r for r in self.runs if not r.passed]

    @property
    def pass_rate(self) -> float:
        """The share of runs that passed, 0 to 1 (0.0 with no runs): the summary's last ``(all)``
        row, the rate ``synthworld eval --fail-under`` compares. Files in `broken` ran no run, so
        are not in it: check ``not report.broken`` too."""
        return sum(r.passed for r in self.runs) / len(self.runs) if self.runs else 0.0

    @property
    def hazards(self) -> list[str]:
        """The hazards this evaluation injected (empty for a clean-only evaluation)."""
        return sorted({r.hazard for r in self.runs if r.hazard is not None})

    def run(self, scenario: str, seed: int, hazard: str | None = None) -> RunRecord:
        """The record of one run (KeyError naming what exists when there is none)."""
        for record in self.runs:
            if record.scenario == scenario and record.seed == seed and record.hazard == hazard:
                return record
        raise KeyError(
            f"no run of scenario {scenario!r} with seed {seed} and hazard {hazard!r}; scenarios: "
            f"{sorted({r.scenario for r in self.runs})}, hazards: {[None, *self.hazards]}"
        )

    def replay_command(self, run: RunRecord) -> str:
        """What plays `run` again alone (shown under each failing run of the HTML report):
        ``synthworld run FILE --seed N`` with the report's ``--agent`` and the run's
        ``--hazard``, or ``synthworld.load_scenario(FILE).run(N, agent=name)`` for an agent
        defined in a notebook (``__main__``), which the command could not import."""
        return replay_command(run, self.agent)

    def coverage(self) -> Coverage:
        """What every run's calls exercised, merged: calls per tool (0: never called), errors and
        hazards (runs loaded from a report saved before coverage existed add nothing)."""
        return Coverage.merged(r.coverage for r in self.runs if r.coverage is not None)

    def summary(self, *, k: int | None = None) -> Summary:
        """Per scenario: runs, pass rate, pass^1..pass^k (default: the fewest seeds), mean calls.
        pass^k: the chance that k runs drawn from a scenario's n runs (c passed) all pass,
        ``C(c, k) / C(n, k)`` (tau-bench's reliability measure); pass^1 is the pass rate."""
        return summarize(self.runs, k=k)

    def compare(self, other: EvalReport, *, k: int | None = None) -> Comparison:
        """This agent and `other` side by side, on the (scenario, seed) runs both reports have."""
        return compare_runs(self.runs, other.runs, (self.agent, other.agent), k=k)

    def format(self) -> str:
        """The summary table as text (what ``synthworld eval`` prints), then the scenario files
        that could not be loaded, each with its error."""
        table = (
            f"{self.agent}: {len(self.runs)} run(s)\n{self.summary().format()}" if self.runs else repr(self)
        )
        return "\n".join(filter(None, [table, broken_lines(self.broken)]))

    def __str__(self) -> str:
        return self.format()

    def __await__(self) -> Generator[Any, None, EvalReport]:
        """``await evaluate(...)`` gives the report too, as the plain call does (the evaluation ran
        when `evaluate` was called; `evaluate_async` is the one that runs on the caller's loop)."""
        return self
        yield  # a generator that yields nothing: awaiting the report returns it at once

    def _repr_html_(self) -> str:
        return report_html(self)

    def plot(self, *, k: int | None = None) -> Any:
        """A matplotlib figure: pass^k curves per scenario, and failure causes."""
        return plot_report(self.summary(k=k), self.runs)

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with one row per run (traces left out; see `runs`)."""
        pandas = import_optional("pandas")
        rows = [{**r.to_dict(), "cause": r.cause, "trace": None} for r in self.runs]
        return pandas.DataFrame(rows, columns=[*_COLUMNS, "cause"])

    # -- persistence --------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the report as JSON lines (a header line, then one run per line), atomically."""
        target = Path(path)
        header: dict[str, Any] = {
            _FORMAT_KEY: _FORMAT_VERSION,
            "agent": self.agent,
            "wall_time": self.wall_time,
        }
        if self.broken:
            header["broken"] = [b.to_dict() for b in self.broken]
        lines = [json.dumps(header), *(_json_line(r.to_dict()) for r in self.runs)]
        atomic_write(target, "\n".join(lines) + "\n")
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> EvalReport:
        """Read a report written by `save`; `EvalReportError` (a ValueError) naming the file, the
        line, what is wrong there and how to fix it otherwise (a missing file: FileNotFoundError)."""
        lines = _read_lines(path)
        header = _parse(path, 1, lines[0]) if lines[0].strip() else None
        if not isinstance(header, dict) or _FORMAT_KEY not in header:
            what = "an empty first line" if header is None else "not a synthworld evaluation"
            raise _error(path, 1, f"{what} (expected {{{_FORMAT_KEY!r}: 1, ...}})", _FIX)
        if header[_FORMAT_KEY] != _FORMAT_VERSION:
            version = f"unsupported version {header[_FORMAT_KEY]!r}"
            raise _error(path, 1, version, f"this synthworld reads version {_FORMAT_VERSION}; {_FIX}")
        problems = format_problems("header", header)
        if problems:
            raise _error(path, 1, f"bad header: {'; '.join(problems)}", _line_fix(1))
        runs = []
        for number, line in enumerate(lines[1:], start=2):
            if line.strip():
                data = _parse(path, number, line)
                try:
                    runs.append(RunRecord.from_dict(data))
                except (TypeError, ValueError) as exc:
                    raise _error(path, number, f"bad run record: {exc}", _line_fix(number)) from None
        broken = tuple(BrokenScenario.from_dict(b) for b in header.get("broken", ()))
        agent, wall_time = str(header.get("agent", "")), float(header.get("wall_time", 0.0))
        return cls(tuple(runs), agent=agent, wall_time=wall_time, broken=broken)


_COLUMNS = [f.name for f in fields(RunRecord) if f.name not in ("trace", "coverage")]


def _json_line(data: dict[str, Any]) -> str:
    """One run as a JSON line, always writable as UTF-8: a lone surrogate (an agent's error
    message decoded with ``surrogateescape``) is written as a ``\\udXXX`` escape."""
    text = json.dumps(data, ensure_ascii=False)
    return json.dumps(data) if has_lone_surrogate(text) else text


_FIX = "load a file written by EvalReport.save or `synthworld eval --save`"


def _line_fix(number: int) -> str:
    return f"mend or delete line {number}, or save the report again with EvalReport.save"


def _error(path: str | os.PathLike[str], line: int, problem: str, fix: str) -> EvalReportError:
    """``file:line: what is wrong; how to fix it``."""
    return EvalReportError(f"{os.fspath(path)}:{line}: {problem}; {fix}")


def _read_lines(path: str | os.PathLike[str]) -> list[str]:
    """The file's lines, split at ``\\n`` only: a run's text may hold U+2028 or a form feed, which
    `save` writes as they are and `str.splitlines` would split at."""
    data = Path(path).read_bytes()  # a missing file stays a FileNotFoundError
    try:
        return data.decode("utf-8").split("\n")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        problem = f"not a synthworld evaluation: not UTF-8 text (byte {exc.start}: {exc.reason})"
        raise _error(path, line, problem, _FIX) from None


def _parse(path: str | os.PathLike[str], number: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        problem = f"invalid JSON at column {exc.colno}: {exc.msg}"
        raise _error(path, number, problem, f"each line is one JSON object; {_line_fix(number)}") from None
    except RecursionError:
        problem = "invalid JSON (nested too deeply to read)"
        raise _error(path, number, problem, _line_fix(number)) from None


def evaluate(
    scenarios: ScenarioLike | Iterable[ScenarioLike],
    *,
    agent: AgentRef = None,
    seeds: Iterable[int] | int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    hazards: Iterable[str] = (),
    timeout: float | None = None,
    strict: bool = False,
) -> EvalReport:
    """Run every scenario for every seed and return an `EvalReport`.

    `scenarios`: a scenario file, a directory of them, a `Scenario`, or an iterable of these. A
    scenario file that cannot be loaded (an agent it cannot import, a typo in a key) runs no run:
    it is kept in ``report.broken`` with its error (shown under the table, and warned of before
    the runs), as is one without ``agent:`` when no `agent` is given, and the others run, as
    pytest's ``--continue-on-collection-errors`` does.
    `strict`: such a file stops the evaluation before any run instead (its error raised; several
    files: one `ScenarioError` naming each), as it does when no scenario at all could be loaded.
    `agent`: a ``"module:callable"`` string or a callable overriding each scenario's agent (for
    process pools and dask it must be picklable: a top-level function or the string).
    `seeds`: the seeds to run, the same for every scenario (an int n means ``range(n)``); None (the
    default) runs each scenario at its own seeds (its ``seeds:`` or ``seed:``), and one that
    declares none at seeds 0 to 9.
    `executor`: any ``concurrent.futures.Executor`` (None runs here, one run after another).
    `progress`: show runs done, passing so far and time left (stderr, or in place in a notebook).
    `hazards`: run every scenario and seed once clean and once per hazard (`HAZARD_KINDS`:
    ``prompt_injection``, ``edge_values``, ``empty``, ``drift``) injected into every tool's
    answers; the summary then has a row per (scenario, hazard), a robustness column, and overall
    rows of the clean runs and of each hazard's (`Summary.overall_by_hazard`).

    `timeout`: seconds each run may take (None: no limit); a run still going after it is recorded
    as failed, cause ``timeout after N s``, with the calls it had made (its ``trace`` and ``calls``:
    where the agent hung), and the evaluation goes on. The run plays in a thread
    of its own, in whichever process runs it, and Python cannot kill a thread: a run given up
    stops at its next tool call (`SyntheticWorld.give_up`; a call waiting for an ``async def``
    tool is cancelled), and until then goes on in the background of that process (using CPU,
    holding what it holds). A run stuck in C code that never lets go of the GIL cannot be given
    up: in your process it holds up `evaluate`; ``synthworld eval --timeout`` ends its own
    process (or worker) then, with the run's stack on stderr.

    Ctrl-C (any `KeyboardInterrupt`) stops the evaluation with `EvalInterrupted`, a
    `KeyboardInterrupt` whose ``report`` holds the runs that finished.

    In a notebook, an ``async def`` agent using a client made in an earlier cell: await
    `evaluate_async`, which runs it on the notebook's loop.

    A scenario backed by a cassette only replays it here; evaluations never record (a file that
    asks to record gets one warning naming it, and a run's misses say how to record first).
    """
    tasks, broken = _plan(scenarios, agent, seeds, hazards, timeout, executor, strict=strict)
    started = time.perf_counter()
    reporter = make_reporter(len(tasks), enabled=progress)
    records: list[RunRecord] = []

    def report() -> EvalReport:
        return EvalReport(tuple(records), agent_label(agent), time.perf_counter() - started, broken)

    try:
        records.extend(run_tasks(tasks, executor=executor, reporter=reporter))
    except KeyboardInterrupt:  # Ctrl-C: stop, but keep what was measured
        raise EvalInterrupted(report(), len(tasks)) from None
    finally:
        reporter.close()
    return report()


async def evaluate_async(
    scenarios: ScenarioLike | Iterable[ScenarioLike],
    *,
    agent: AgentRef = None,
    seeds: Iterable[int] | int | None = None,
    progress: bool = True,
    hazards: Iterable[str] = (),
    strict: bool = False,
) -> EvalReport:
    """`evaluate` in an event loop: ``report = await evaluate_async(...)`` in a notebook cell.

    The runs play one after another on the running loop, an ``async def`` agent awaited there,
    so an async client made in an earlier cell (``AsyncOpenAI``, an ``httpx.AsyncClient``) works
    in every run; `evaluate` gives such an agent a new loop per run, where a client bound to
    another loop fails (``RuntimeError: Event loop is closed``). Other agents run as `evaluate`
    runs them. No executor and no timeout (use `evaluate` for those). Stopped early, it keeps the
    runs that finished: Ctrl-C raises `EvalInterrupted`, a cancellation (a notebook's "interrupt
    the kernel" on an awaited cell) `EvalCancelled`, each holding them in ``.report``. A scenario
    file that cannot be loaded is kept in ``report.broken`` unless `strict` (as in `evaluate`).
    """
    tasks, broken = _plan(scenarios, agent, seeds, hazards, None, None, strict=strict)
    started = time.perf_counter()
    reporter = make_reporter(len(tasks), enabled=progress)
    records: list[RunRecord] = []

    def report() -> EvalReport:
        return EvalReport(tuple(records), agent_label(agent), time.perf_counter() - started, broken)

    try:
        for task in tasks:
            await asyncio.sleep(0)  # a cancellation waiting on the loop lands between runs
            records.append(await run_task_async(task))
            reporter.advance(records[-1].passed)
    except (KeyboardInterrupt, asyncio.CancelledError) as stop:
        stopped = EvalInterrupted if isinstance(stop, KeyboardInterrupt) else EvalCancelled
        raise stopped(report(), len(tasks)) from None
    finally:
        reporter.close()
    return report()


def _plan(
    scenarios: ScenarioLike | Iterable[ScenarioLike],
    agent: AgentRef,
    seeds: Iterable[int] | int | None,
    hazards: Iterable[str],
    timeout: float | None,
    executor: Executor | None,
    *,
    strict: bool,
) -> tuple[list[RunTask], tuple[BrokenScenario, ...]]:
    """Every run to play, each argument checked before any run starts, and the scenario files
    that could not be loaded (strict: raised instead)."""
    resolved, found = find_scenarios(scenarios)
    resolved, agentless = without_agent(resolved, agent)
    found = [*found, *agentless]
    if strict or not resolved:  # not one scenario to run: the errors are the whole answer
        raise_broken(found)
    broken = tuple(b for b, _ in found)
    if broken:
        warn_user(broken_lines(broken).replace("\n  ERROR ", "\n  "))
    warn_of_recording(resolved)
    chosen = _as_seeds(seeds)
    variants = [None, *_hazard_list(hazards)]
    limit = _as_timeout(timeout)
    tasks = [
        RunTask(ref, seed, agent, hazard, timeout=limit)
        for _, ref in resolved
        for hazard in variants
        for seed in _seed_list(chosen, ref)
    ]
    check_picklable(agent, executor)
    return tasks, broken


def _as_seeds(seeds: Iterable[int] | int | None) -> int | list[Any] | None:
    """`seeds` read once: None, a count, or a list (numpy's integers too: ``np.arange(20)``).
    `TypeError` for anything else: ``seeds=True`` was read as a count of 1, ``seeds="7"`` as
    the seeds '7', and ``seeds=2.5`` raised "'float' object is not iterable"."""
    if seeds is None:
        return None
    if isinstance(seeds, (bool, str, bytes)) or not isinstance(seeds, (Integral, Iterable)):
        raise TypeError(
            f"seeds={seeds!r} must be a count of seeds (seeds=10 runs seeds 0 to 9), a list of "
            f"seeds (seeds=[3, 7]) or None (each scenario's own seeds), not a {type(seeds).__name__}"
        )
    if isinstance(seeds, Integral):
        return int(seeds)
    return list(seeds)


def _seed_list(seeds: int | list[Any] | None, ref: Any) -> list[int]:
    chosen = list(
        _scenario_seeds(ref) if seeds is None else range(seeds) if isinstance(seeds, int) else seeds
    )
    bad = [s for s in chosen if not isinstance(s, Integral) or isinstance(s, bool)]
    if bad or not chosen:
        raise ValueError(f"seeds={seeds!r} must give one or more integers (got {bad or 'none'})")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"seeds={seeds!r} repeats a seed; each seed is one run, give each once")
    return [int(s) for s in chosen]


def _as_timeout(timeout: float | None) -> float | None:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, Real) or not 0 < timeout < math.inf:
        raise ValueError(
            f"timeout={timeout!r} must be the seconds each run may take, a number above 0 (or None: no limit)"
        )
    return float(timeout)  # numpy's numbers too, as plain seconds


def _hazard_list(hazards: Iterable[str]) -> list[str]:
    chosen = [hazards] if isinstance(hazards, str) else list(hazards)
    unknown = [h for h in chosen if h not in HAZARD_KINDS]
    if unknown:
        raise ValueError(
            f"hazards={unknown!r}: unknown hazard; choose from {', '.join(HAZARD_KINDS)}"
            + closest_hazards(unknown)
        )
    return list(dict.fromkeys(chosen))
