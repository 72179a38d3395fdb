"""evaluate() with the real scenario runner: executors, determinism, inputs, errors, progress."""

from __future__ import annotations

import logging
import multiprocessing
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy
import pytest
from distributed import Client, LocalCluster

from synthworld.errors import ScenarioError
from synthworld.eval import EvalReport, evaluate
from synthworld.scenario import load_scenario
from tests._openai_server import Completion, OpenAIServer

EXAMPLES = Path(__file__).resolve().parents[1] / "scenarios"
FAST_START = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"

AGENTS = """
from synthworld.errors import ToolError


def naive(world, task):
    return world.call("fetch", {"key": task})["value"]


def persistent(world, task):
    for _ in range(6):
        try:
            return world.call("fetch", {"key": task})["value"]
        except ToolError:
            continue
    return None
"""

FLAKY = """
synthworld_scenario: 1
name: {name}
tools:
  - name: fetch
    parameters: {{type: object, properties: {{key: {{type: string}}}}, required: [key]}}
    returns:
      {{type: object, properties: {{value: {{type: integer, minimum: 0, maximum: 9}}}}, required: [value]}}
    idempotent: false
{faults}
seeds: [5, 9]
{agent}
task: {task}
expect:
  output: {{schema: {{type: integer, maximum: 6}}}}
{extra}
"""

TIMEOUTS = "faults:\n  - {tool: fetch, rate: 0.3, error: timeout}"


def write_scenario(
    folder: Path,
    name: str,
    *,
    task: str = "k",
    agent: str = "agent: agents.py:naive",
    faults: str = TIMEOUTS,
    extra: str = "",
) -> Path:
    path = folder / f"{name}.yaml"
    text = FLAKY.format(name=name, agent=agent, task=task, faults=faults, extra=extra)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two flaky scenarios (a tool that times out half the time) and the agents they name."""
    root = tmp_path_factory.mktemp("eval")
    (root / "agents.py").write_text(AGENTS, encoding="utf-8")
    write_scenario(root, "flaky_a", task="a")
    write_scenario(root, "flaky_b", task="b")
    return root


@pytest.fixture(scope="module")
def serial(folder: Path) -> EvalReport:
    return evaluate([folder, EXAMPLES], seeds=range(6), progress=False)


def always_seven(world: object, task: object) -> int:
    """A picklable agent that never passes the flaky scenarios (7 is above 6)."""
    return 7


# -- what a run records -----------------------------------------------------------------------


def test_every_scenario_runs_for_every_seed(serial: EvalReport) -> None:
    names = sorted({r.scenario for r in serial.runs})
    assert {"flaky_a", "flaky_b", "shop_refund", "shop_refund_payment_error"} <= set(names)
    assert [(r.scenario, r.seed) for r in serial.runs] == [(n, s) for n in names for s in range(6)]
    assert serial.agent == "scenario agents"


def test_records_agree_with_their_traces(serial: EvalReport) -> None:
    for run in serial.runs:
        assert run.calls == len(run.trace)
        assert run.tool_errors == len(run.trace.errors)
        assert run.duration == sum(c.duration for c in run.trace)
        assert run.recovered == (run.passed and run.tool_errors > 0)
        assert run.passed == (not run.failures)
    flaky = [r for r in serial.runs if r.scenario == "flaky_a"]
    assert any(r.passed for r in flaky)
    gave_up = [r for r in flaky if (r.cause or "").startswith("agent raised ToolError: ")]
    assert gave_up  # the naive agent gives up on a timeout
    assert all(r.duration > 0 for r in flaky if r.tool_errors)  # a timeout takes simulated time


def test_an_agent_that_handles_an_error_recovers(serial: EvalReport) -> None:
    run = serial.run("shop_refund_payment_error", 0)
    assert (run.passed, run.tool_errors, run.recovered) == (True, 1, True)
    assert run.trace.errors[0].error["code"] == "unavailable"  # type: ignore[index]


def test_a_retrying_agent_recovers_where_the_naive_one_fails(folder: Path) -> None:
    naive = evaluate(folder / "flaky_a.yaml", seeds=range(12), progress=False)
    retrying = evaluate(
        folder / "flaky_a.yaml", agent="agents.py:persistent", seeds=range(12), progress=False
    )
    assert retrying.agent == "agents.py:persistent"
    assert sum(r.recovered for r in retrying.runs) > 0
    assert not any(r.recovered for r in naive.runs)
    only_retrying = naive.compare(retrying).only_passed(1)
    assert only_retrying["flaky_a"] == [r.seed for r in retrying.runs if r.recovered]


# -- determinism across executors and orders --------------------------------------------------


def test_thread_pool_gives_the_same_report(folder: Path, serial: EvalReport) -> None:
    with ThreadPoolExecutor(4) as pool:
        assert evaluate([folder, EXAMPLES], seeds=range(6), executor=pool, progress=False) == serial


# fork starts workers in milliseconds; Python 3.12+ warns about forking a process that has threads.
@pytest.mark.filterwarnings(
    r"ignore:This process .* is multi-threaded, use of fork\(\) may lead to deadlocks"
)
def test_process_pool_gives_the_same_report(folder: Path, serial: EvalReport) -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(FAST_START)) as pool:
        assert evaluate([folder, EXAMPLES], seeds=range(6), executor=pool, progress=False) == serial


def test_dask_cluster_gives_the_same_report(folder: Path, serial: EvalReport) -> None:
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        report = evaluate([folder, EXAMPLES], seeds=range(6), executor=client.get_executor(), progress=False)
    assert report == serial


def test_order_of_scenarios_and_seeds_does_not_matter(folder: Path, serial: EvalReport) -> None:
    backwards = evaluate([EXAMPLES, folder], seeds=reversed(range(6)), progress=False)
    assert backwards == serial
    assert [r.wall_time for r in backwards.runs] != [r.wall_time for r in serial.runs]  # equality ignores it


FRESH_PROCESS = """
import sys
from synthworld.eval import evaluate
evaluate(sys.argv[2:], seeds=range(3), progress=False).save(sys.argv[1])
"""


def test_fresh_processes_agree_whatever_order_they_run_scenarios_in(tmp_path: Path) -> None:
    names = ["shop_refund", "travel_booking", "calendar_meeting"]
    orders = {"forward": names, "backward": names[::-1]}
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                FRESH_PROCESS,
                str(tmp_path / f"{label}.jsonl"),
                *(str(EXAMPLES / f"{name}.yaml") for name in order),
            ]
        )
        for label, order in orders.items()
    ]
    assert [worker.wait(timeout=120) for worker in workers] == [0, 0]
    forward, backward = (EvalReport.load(tmp_path / f"{label}.jsonl") for label in orders)
    assert forward == backward, first_difference(forward, backward)


def first_difference(a: EvalReport, b: EvalReport) -> str:
    """Where two reports first differ: scenario, seed and call."""
    for x, y in zip(a.runs, b.runs, strict=True):
        for c, d in zip(x.trace, y.trace, strict=False):
            if c != d:
                return f"{x.scenario} seed {x.seed} call #{c.index} {c.tool}: {c.output!r} != {d.output!r}"
        if x != y:
            return f"{x.scenario} seed {x.seed}: {x!r} != {y!r}"
    return "same runs"


def test_a_saved_real_report_loads_equal(serial: EvalReport, tmp_path: Path) -> None:
    loaded = EvalReport.load(serial.save(tmp_path / "report.jsonl"))
    assert loaded == serial
    assert loaded.summary() == serial.summary()


# -- inputs -----------------------------------------------------------------------------------


def test_seeds_can_be_a_count_or_the_scenarios_own(folder: Path) -> None:
    path = folder / "flaky_a.yaml"
    assert [r.seed for r in evaluate(path, seeds=3, progress=False).runs] == [0, 1, 2]
    assert [r.seed for r in evaluate(path, seeds=None, progress=False).runs] == [5, 9]


def test_numpy_seeds_run_as_the_same_ints(folder: Path) -> None:
    path = folder / "flaky_a.yaml"
    plain = evaluate(path, seeds=range(3), progress=False)
    for seeds in (numpy.arange(3), numpy.int64(3), [numpy.uint8(0), numpy.int32(1), 2]):
        report = evaluate(path, seeds=seeds, progress=False)
        assert report == plain
        assert {type(run.seed) for run in report.runs} == {int}


@pytest.mark.parametrize(
    ("seeds", "message"), [([1, 1], "repeats"), ([], "one or more"), (["a"], "integers")]
)
def test_bad_seeds_are_refused(folder: Path, seeds: list[object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(folder / "flaky_a.yaml", seeds=seeds, progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("seeds", [True, False, numpy.bool_(True), "7", 2.5], ids=repr)
def test_seeds_that_are_no_count_or_list_are_refused(folder: Path, seeds: object) -> None:
    """``seeds=True`` ran seed 0 alone (a count of 1), ``"7"`` ran seed '7' and failed on it."""
    kind = type(seeds).__name__
    with pytest.raises(TypeError, match=rf"^seeds={seeds!r} must be a count of seeds .* not a {kind}$"):
        evaluate(folder / "flaky_a.yaml", seeds=seeds, progress=False)  # type: ignore[arg-type]


def test_scenario_objects_and_paths_give_the_same_runs(folder: Path) -> None:
    path = folder / "flaky_b.yaml"
    by_object = evaluate(load_scenario(path), seeds=range(4), progress=False)
    assert by_object == evaluate(str(path), seeds=range(4), progress=False)


def test_a_callable_agent_overrides_the_scenarios(folder: Path) -> None:
    report = evaluate(folder / "flaky_a.yaml", agent=always_seven, seeds=range(3), progress=False)
    assert report.agent.endswith(":always_seven")
    assert [r.cause for r in report.runs] == ["expect.output.schema"] * 3


def test_duplicate_names_are_refused(folder: Path, tmp_path: Path) -> None:
    write_scenario(tmp_path, "flaky_a", agent="")
    with pytest.raises(ValueError, match="two scenarios are named 'flaky_a'"):
        evaluate([folder / "flaky_a.yaml", tmp_path / "flaky_a.yaml"], progress=False)


def test_a_file_named_beside_its_folder_runs_once(folder: Path) -> None:
    """``synthworld eval scenarios/ scenarios/a.yaml`` said two scenarios were named 'flaky_a',
    giving the same path twice."""
    twice = evaluate([folder, folder / "flaky_a.yaml", str(folder / "flaky_a.yaml")], seeds=2, progress=False)
    assert twice == evaluate(folder, seeds=2, progress=False)
    assert [(r.scenario, r.seed) for r in twice.runs] == [
        ("flaky_a", 0),
        ("flaky_a", 1),
        ("flaky_b", 0),
        ("flaky_b", 1),
    ]


def test_nothing_to_evaluate_says_what_counts_as_a_scenario_file(tmp_path: Path) -> None:
    """It said ``no scenarios to evaluate in ['empty']``: a Python list, and no hint."""
    (tmp_path / "notes.yaml").write_text("title: not a scenario\n", encoding="utf-8")
    with pytest.raises(
        ValueError, match=r"^no scenario files in .*: a folder's \.yaml, \.yml and \.json files count when"
    ):
        evaluate([tmp_path], progress=False)
    with pytest.raises(ValueError, match=r"^scenarios=\[\] names no scenario"):
        evaluate([], progress=False)


def test_a_bad_file_fails_before_any_run(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("synthworld_scenario: 1\nname: broken\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"broken\.yaml"):
        evaluate(tmp_path, progress=False)
    with pytest.raises(FileNotFoundError, match=r"^no scenario file or folder '.*missing\.yaml' \(from "):
        evaluate(tmp_path / "missing.yaml", progress=False)
    with pytest.raises(FileNotFoundError, match=r"folder 'nope/' .*pass scenario files \(\.yaml, \.yml"):
        evaluate(["nope/"], progress=False)
    with pytest.raises(TypeError, match="neither a path nor a Scenario"):
        evaluate([42], progress=False)


def test_a_folder_evaluates_its_scenarios_and_leaves_other_yaml_alone(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "travel_recorded.yaml", tmp_path / "travel_recorded.yaml")
    shutil.copy(EXAMPLES / "cassettes" / "travel_recorded.yaml", tmp_path / "travel.cassette.yaml")
    scenario = tmp_path / "travel_recorded.yaml"
    text = scenario.read_text(encoding="utf-8").replace(
        "cassettes/travel_recorded.yaml", "travel.cassette.yaml"
    )
    scenario.write_text(text, encoding="utf-8")  # its cassette beside it, as pytest finds it
    (tmp_path / "docker-compose.yml").write_text("services: {}\n", encoding="utf-8")
    report = evaluate(tmp_path, seeds=range(2), progress=False)
    assert [(run.scenario, run.passed) for run in report.runs] == [("travel_recorded", True)] * 2
    with pytest.raises(ScenarioError, match="a cassette, not a scenario"):  # named, a file is loaded
        evaluate(tmp_path / "travel.cassette.yaml", progress=False)


@pytest.mark.parametrize("threads", [False, True])
def test_an_error_outside_the_agent_is_raised(tmp_path: Path, threads: bool) -> None:
    write_scenario(tmp_path, "no_agent", agent="")
    with ThreadPoolExecutor(2) as pool, pytest.raises(ScenarioError, match="no agent to run"):
        evaluate(
            tmp_path / "no_agent.yaml", seeds=range(4), executor=pool if threads else None, progress=False
        )


RELEASE = threading.Event()


def stuck_on_odd_seeds(world: Any, task: str) -> int:
    """Answers at once on even seeds; on odd ones waits for `RELEASE` (a minute at most)."""
    value: int = world.call("fetch", {"key": task})["value"]
    if world.seed % 2:
        RELEASE.wait(60)
    return min(value, 6)


@pytest.fixture
def release() -> Iterator[None]:
    RELEASE.clear()
    yield
    RELEASE.set()  # the runs given up, still waiting in their threads, end now


@contextmanager
def executor_of(kind: str) -> Iterator[Executor | None]:
    if kind == "serial":
        yield None
        return
    pool_type = ThreadPoolExecutor if kind == "threads" else ProcessPoolExecutor
    context = {} if kind == "threads" else {"mp_context": multiprocessing.get_context(FAST_START)}
    with pool_type(2, **context) as pool:  # type: ignore[arg-type]
        yield pool


@pytest.mark.filterwarnings(
    r"ignore:This process .* is multi-threaded, use of fork\(\) may lead to deadlocks"
)
@pytest.mark.parametrize("kind", ["serial", "threads", "processes"])
@pytest.mark.usefixtures("release")
def test_a_run_past_its_timeout_fails_and_the_evaluation_goes_on(tmp_path: Path, kind: str) -> None:
    scenario = write_scenario(tmp_path, "slow", faults="", agent="")
    options: dict[str, Any] = {"agent": stuck_on_odd_seeds, "hazards": ["drift"], "progress": False}
    with executor_of(kind) as pool:
        report = evaluate(scenario, seeds=range(4), timeout=0.5, executor=pool, **options)
    stuck = [report.run("slow", seed, hazard) for seed in (1, 3) for hazard in (None, "drift")]
    assert [(r.passed, r.cause, r.calls, r.error, r.path) for r in stuck] == [
        (False, "timeout after 0.5 s", 1, None, str(scenario.resolve()))
    ] * 4
    assert (
        stuck[0].failures[0].startswith("timeout after 0.5 s: the run did not end in time and was given up")
    )
    assert [r.hazard for r in stuck] == [None, "drift"] * 2
    untimed = evaluate(scenario, seeds=[0, 2], **options)
    assert [r for r in report.runs if r.seed % 2 == 0] == list(untimed.runs)  # the others, as without it
    assert all(r.passed for r in untimed.runs)
    assert EvalReport.load(report.save(tmp_path / "r.jsonl")) == report


def two_calls(world: Any, task: str) -> int:
    first: int = world.call("fetch", {"key": task})["value"]
    return min(first, world.call("fetch", {"key": task + "!"})["value"])


def hangs_after_two_calls(world: Any, task: str) -> int:
    """Makes two calls, then waits for `RELEASE` (a minute at most), far past any timeout here."""
    value = two_calls(world, task)
    RELEASE.wait(60)
    return value


@pytest.mark.filterwarnings(
    r"ignore:This process .* is multi-threaded, use of fork\(\) may lead to deadlocks"
)
@pytest.mark.parametrize("kind", ["serial", "processes"])
@pytest.mark.usefixtures("release")
def test_a_run_given_up_keeps_the_calls_it_made(tmp_path: Path, kind: str) -> None:
    """Before, a run past its timeout was recorded with no calls: nothing showed where it hung."""
    scenario = write_scenario(tmp_path, "hangs", faults="", agent="")
    with executor_of(kind) as pool:
        report = evaluate(
            scenario, seeds=[1], timeout=0.5, executor=pool, agent=hangs_after_two_calls, progress=False
        )
    [run] = report.runs
    assert (run.passed, run.cause, run.calls, run.tool_errors) == (False, "timeout after 0.5 s", 2, 0)
    assert run.failures[0].startswith(
        "timeout after 0.5 s: the run did not end in time and was given up after 2 tool calls "
        "(the last to 'fetch'; the run's trace holds them); if the agent is only slow, allow more"
    )
    [done] = evaluate(scenario, seeds=[1], agent=two_calls, progress=False).runs
    assert run.trace == done.trace  # the very calls a run that ends after them makes
    assert [c.input for c in run.trace] == [{"key": "k"}, {"key": "k!"}]
    assert run.duration == done.duration
    assert run.coverage is not None
    assert done.coverage is not None
    assert run.coverage.to_dict() == done.coverage.to_dict()
    saved = EvalReport.load(report.save(tmp_path / "r.jsonl"))
    assert saved.runs[0].trace == run.trace


def test_an_error_of_a_run_with_a_timeout_is_raised(tmp_path: Path) -> None:
    write_scenario(tmp_path, "no_agent", agent="")
    with pytest.raises(ScenarioError, match="no agent to run"):
        evaluate(tmp_path / "no_agent.yaml", seeds=range(2), timeout=30, progress=False)


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), float("inf"), "5", True])
def test_a_bad_timeout_is_refused_before_any_run(folder: Path, timeout: Any) -> None:
    with pytest.raises(
        ValueError, match=r"timeout=.* must be the seconds each run may take, a number above 0"
    ):
        evaluate(folder / "flaky_a.yaml", agent="no_such_module:agent", timeout=timeout, progress=False)


def test_a_process_pool_needs_a_picklable_agent(folder: Path) -> None:
    with (
        ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool,
        pytest.raises(TypeError, match="'module:callable' string"),
    ):
        evaluate(folder / "flaky_a.yaml", agent=lambda world, task: 0, executor=pool, progress=False)


def test_tokens_are_summed_when_an_llm_answers(folder: Path, tmp_path: Path) -> None:
    with OpenAIServer(default=Completion('{"value": 4}', prompt_tokens=11, completion_tokens=7)) as server:
        backend = (
            f"backend: {{llm: {{model: test-model, base_url: '{server.url}', api_key: k, max_retries: 0}}}}"
        )
        path = write_scenario(
            tmp_path, "llm_fetch", agent=f"agent: {folder / 'agents.py'}:naive", faults="", extra=backend
        )
        report = evaluate(path, seeds=range(3), progress=False)
    assert [(r.passed, r.calls, r.tokens) for r in report.runs] == [(True, 1, 18)] * 3
    assert {r.trace[0].backend for r in report.runs} == {"llm"}
    assert len(server.received) == 3


# -- progress ---------------------------------------------------------------------------------


def test_progress_shows_runs_done_and_passing(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = evaluate(folder / "flaky_a.yaml", seeds=range(4), progress=True)
    err = capsys.readouterr().err
    passing = sum(r.passed for r in report.runs)
    assert "4/4" in err
    assert f"passing {passing}" in err


@pytest.fixture(autouse=True)
def _no_leftover_processes() -> Iterator[None]:
    yield
    assert not multiprocessing.active_children()
