"""`synthworld eval SCENARIO... --seeds 20`: run scenarios over many seeds, print pass^k per scenario."""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

from synthworld._files import atomic_write, check_writable_place
from synthworld.errors import SynthworldError, SynthworldWarning
from synthworld.eval import EvalInterrupted, EvalReport, Summary, evaluate
from synthworld.eval.broken import broken_lines
from synthworld.eval.export import html_page, junit_xml, summary_json
from synthworld.eval.run import HARD_STOP_GRACE, find_scenarios, hard_stop, seeds_of
from synthworld.world import HAZARD_KINDS
from synthworld.world.faults import closest_hazards

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenarios", nargs="+", type=Path, help="scenario files or directories of them")
    seeds = parser.add_mutually_exclusive_group()
    seeds.add_argument(
        "--seeds",
        type=int,
        default=None,
        metavar="N",
        help="run every scenario at seeds 0..N-1 (default: each scenario's own seeds, and 0..9 for one "
        "that declares none)",
    )
    seeds.add_argument(
        "--scenario-seeds", action="store_true", help="run each scenario's own seeds (the default)"
    )
    parser.add_argument(
        "--agent", metavar="MODULE:CALLABLE", help="the agent to run instead of each scenario's"
    )
    parser.add_argument(
        "--workers", type=int, default=1, metavar="N", help="worker processes (default 1: serial)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give up a run after SECONDS and record it as failed ('timeout after N s'), with the "
        "calls it made until then (--save keeps them); the evaluation goes on. A run stuck where it "
        "cannot be given up (C code holding the GIL) ends "
        f"the command (or its worker) {HARD_STOP_GRACE:g} s later, with its stack on stderr",
    )
    parser.add_argument(
        "-k", type=int, metavar="K", help="the largest k of pass^k (default: the number of seeds)"
    )
    parser.add_argument(
        "--hazards",
        type=_hazards,
        default=(),
        metavar="KIND,...",
        help=f"also run every scenario and seed under each hazard ({', '.join(HAZARD_KINDS)}); "
        "the table gains a row per (scenario, hazard), a robustness column, and overall rows for the "
        "clean runs and each hazard (with how many scenarios it hit: '0.67 (1/3 hit)')",
    )
    parser.add_argument(
        "--coverage",
        action="store_true",
        help="print which tools, errors, hazards and malformed answers the runs exercised",
    )
    parser.add_argument("--save", type=Path, metavar="PATH", help="also write the report as JSON lines")
    parser.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="also write the report as a standalone HTML page (what a notebook shows)",
    )
    parser.add_argument(
        "--json",
        type=Path,
        metavar="FILE",
        help="also write the summary rows as JSON (keys in the README: 'Files for CI')",
    )
    parser.add_argument(
        "--junit",
        type=Path,
        metavar="FILE",
        help="also write JUnit XML, a testcase per scenario and seed, for CI test reports",
    )
    parser.add_argument("--no-progress", action="store_true", help="do not show the progress bar")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="stop before any run when a scenario file cannot be loaded (exit 2); by default the "
        "others run, and each such file is listed after the table (and in --json, --junit, --html) "
        "and fails the command (exit 1)",
    )
    parser.add_argument(
        "--fail-under",
        type=float,
        default=1.0,
        metavar="RATE",
        help="exit 1 when the overall pass rate is below RATE, 0-1 (default 1: any failed run fails "
        "the command, as a test run would; --fail-under 0 always exits 0 after a complete evaluation)",
    )


def run(args: argparse.Namespace) -> int:
    problem = _bad_option(args)  # known before a long evaluation, not after it
    if problem:
        return _fail(problem)
    hard = args.timeout is not None
    before = hard_stop(hard and args.workers == 1)  # in workers, their initializer sets it
    try:
        problem = _k_beyond_scenario_seeds(args)
        if problem:
            return _fail(problem)
        with _executor(args.workers, stop_hung=hard) as executor, _plain_warnings():
            report = evaluate(
                [str(p) for p in args.scenarios],
                agent=args.agent,
                executor=executor,
                seeds=args.seeds,  # None: each scenario's own
                progress=not args.no_progress,
                hazards=args.hazards,
                timeout=args.timeout,
                strict=args.strict,
            )
        summary = report.summary(k=args.k)
    except EvalInterrupted as stop:
        return _interrupted(stop, args)
    except (SynthworldError, OSError, TypeError, ValueError) as exc:
        return _fail(str(exc))
    except BrokenExecutor:
        return _fail(_WHY_BROKEN)
    finally:
        hard_stop(before)
    problem = _show(report, summary, args)
    if problem:
        return _fail(problem)
    if summary.overall.pass_rate < args.fail_under:
        print(f"pass rate {summary.overall.pass_rate:.1%} is below --fail-under {args.fail_under:.1%}")
        return 1
    return 1 if report.broken else 0  # whatever --fail-under: those files' runs are not in the rate


def _show(report: EvalReport, summary: Summary, args: argparse.Namespace) -> str:
    """Print the table, the failure causes and the coverage, and save the report (with --save);
    what went wrong saving it, or ''."""
    print(f"{report.agent}: {len(report.runs)} run(s)\n{summary.format()}")
    if report.broken:
        print(broken_lines(report.broken))
    causes = failure_causes(report)
    if causes:
        print(causes)
    if args.coverage:
        print(report.coverage().format())
    if args.save:
        try:
            print(f"saved {report.save(args.save)}")
        except OSError as exc:
            return f"--save: cannot write the report: {exc}"
    return _write_files(report, summary, args)


def _write_files(report: EvalReport, summary: Summary, args: argparse.Namespace) -> str:
    """Write the --html, --json and --junit files (each atomically); what went wrong, or ''."""
    coverage = report.coverage() if args.coverage else None
    makers: dict[str, Callable[[], str]] = {
        "html": lambda: html_page(report, summary, coverage=coverage),
        "json": lambda: summary_json(report, summary, pass_hat=args.k is not None, coverage=coverage),
        "junit": lambda: junit_xml(report),
    }
    for option, make in makers.items():
        path: Path | None = getattr(args, option)
        if path is None:
            continue
        try:
            atomic_write(path, make())
        except OSError as exc:
            return f"--{option}: cannot write {str(path)!r}: {exc}"
        print(f"wrote {path}")
    return ""


def _interrupted(stop: EvalInterrupted, args: argparse.Namespace) -> int:
    """Ctrl-C: show (and with --save, save) the runs that finished, say so, exit as SIGINT does."""
    report, done = stop.report, len(stop.report.runs)
    problem = ""
    if done:
        try:
            summary = report.summary(k=args.k)
        except ValueError:  # -k above the runs some scenario got before the interrupt
            summary = report.summary()
        problem = _show(report, summary, args)
    files = args.save or args.html or args.json or args.junit
    kept = "; nothing was saved" if files and not done else ""
    if done:
        kept = f"; the table above holds only the {done} finished run{'s' if done > 1 else ''}"
    print(f"synthworld eval: interrupted after {done} of {stop.total} runs{kept}", file=sys.stderr)
    if problem:
        print(f"synthworld eval: {problem}", file=sys.stderr)
    return 130


@contextmanager
def _plain_warnings() -> Iterator[None]:
    """synthworld's own warnings (a scenario file that asks to record) as plain lines on stderr,
    ``synthworld eval: ...``, without the source line Python would show; others as Python shows them."""
    with warnings.catch_warnings():
        warnings.simplefilter("default", SynthworldWarning)  # each one once, whatever the filters
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *args: object, **kwargs: object) -> None:
            if issubclass(category, SynthworldWarning):
                print(f"synthworld eval: {message}", file=sys.stderr)
            else:
                shown(message, category, *args, **kwargs)  # type: ignore[arg-type]

        warnings.showwarning = show
        yield


def _bad_option(args: argparse.Namespace) -> str:
    """What is wrong with the options, or ''."""
    if args.seeds is not None and args.seeds < 1:
        return f"--seeds={args.seeds} must be 1 or more: the number of seeds, run as 0 to N-1"
    if args.workers < 1:
        return f"--workers={args.workers} must be 1 or more"
    if args.timeout is not None and not 0 < args.timeout < math.inf:
        return f"--timeout={args.timeout:g} must be the seconds a run may take, above 0 (e.g. 60)"
    if not 0 <= args.fail_under <= 1:
        return f"--fail-under={args.fail_under:g} is a rate from 0 to 1 (0.8 for 80%)"
    if args.k is not None and args.k < 1:
        return f"-k {args.k} must be 1 or more: the largest k of pass^k"
    if args.k is not None and args.seeds is not None and 1 <= args.seeds < args.k:
        n = args.seeds
        return f"-k {args.k} must be between 1 and {n}: --seeds {n} runs each scenario {n} times"
    problem = _unsavable(args.save)
    return f"--save: {problem}" if problem else _bad_output_files(args)


def _bad_output_files(args: argparse.Namespace) -> str:
    """What is wrong with the --html, --json and --junit paths (a folder that does not exist, a
    path given twice), or ''."""
    seen: dict[Path, str] = {} if args.save is None else {args.save.resolve(): "--save"}
    for option in ("--html", "--json", "--junit"):
        path: Path | None = getattr(args, option[2:])
        if path is None:
            continue
        problem = _unsavable(path)
        if problem:
            return f"{option}: {problem}"
        if not path.parent.is_dir():
            return (
                f"{option} {str(path)!r}: the folder {str(path.parent)!r} does not exist; "
                "create it first or choose a path in an existing folder"
            )
        if path.resolve() in seen:
            return f"{option} and {seen[path.resolve()]} both write {str(path)!r}; give each its own file"
        seen[path.resolve()] = option
    return ""


def _k_beyond_scenario_seeds(args: argparse.Namespace) -> str:
    """Without ``--seeds``, what is wrong when ``-k`` exceeds the seeds of some scenario, or ''
    (known before the runs: it was found after them, and said as the Python argument ``k=``)."""
    if args.k is None or args.seeds is not None:
        return ""
    resolved, _ = find_scenarios([str(p) for p in args.scenarios])  # a file not loaded: `evaluate` says
    counts = [(len(seeds_of(ref)), name) for name, ref in resolved]
    if not counts:
        return ""
    fewest, name = min(counts)
    if args.k <= fewest:
        return ""
    return (
        f"-k {args.k} must be between 1 and {fewest}: without --seeds each scenario runs its own "
        f"seeds, and {name!r} has {fewest}; lower -k, or run seeds 0 to {args.k - 1}: --seeds {args.k}"
    )


def failure_causes(report: EvalReport) -> str:
    """Why runs failed, most frequent first, each with the runs it hit ('' when none failed); a run
    given up at its timeout says how many calls it had made (``sleepy[seed=1, after 1 call]``)."""
    by_cause: dict[str, list[str]] = {}
    for run in report.failures:
        hazard = "" if run.hazard is None else f", hazard={run.hazard}"
        calls = f", after {run.calls} call{'' if run.calls == 1 else 's'}" if run.timed_out else ""
        label = f"{run.scenario}[seed={run.seed}{hazard}{calls}]"
        by_cause.setdefault(run.cause or "failed", []).append(label)
    lines = ["failure causes:"]
    for cause, runs in sorted(by_cause.items(), key=lambda item: (-len(item[1]), item[0])):
        shown = ", ".join(runs[:4]) + (f" and {len(runs) - 4} more" if len(runs) > 4 else "")
        lines.append(f"  {len(runs):>3} x {cause}: {shown}")
    return "\n".join(lines) if by_cause else ""


_WHY_BROKEN = (
    "a worker process ended abruptly: it was killed or crashed, or --timeout ended it (a run "
    "outlived its timeout stuck where it could not be given up; its stack is printed above)"
)


@contextmanager
def _executor(workers: int, *, stop_hung: bool = False) -> Iterator[Executor | None]:
    """None (serial) for one worker, else a process pool that starts clean interpreters (with
    `stop_hung`, a run a worker cannot give up ends it: `hard_stop`); on Ctrl-C (or any error) its workers
    are ended at once, as the serial loop is, instead of finishing the runs they hold (forever,
    for an agent that hangs)."""
    if workers == 1:
        yield None
        return
    pool = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=hard_stop if stop_hung else None,
    )
    try:
        yield pool
    except BaseException:
        _end_workers(pool)
        raise
    pool.shutdown()


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Drop the runs not started and end the worker processes now."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # before 3.14: no public way
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def _unsavable(path: Path | None) -> str:
    """Why a report cannot be saved at `path` (a folder, under a file), or ''."""
    try:
        if path is not None:
            check_writable_place(path)
    except OSError as exc:
        return str(exc)
    return ""


def _fail(message: str) -> int:
    print(f"synthworld eval: {message}", file=sys.stderr)
    return 2


def _hazards(text: str) -> tuple[str, ...]:
    """``prompt_injection,edge_values`` -> the kinds, each checked."""
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in HAZARD_KINDS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(
            f"unknown hazard {', '.join(unknown) or repr(text)}; choose from {', '.join(HAZARD_KINDS)}"
            + closest_hazards(unknown)
        )
    return kinds
