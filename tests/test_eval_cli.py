"""`synthworld eval`: the summary table in a plain terminal, --save, --fail-under, errors."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from synthworld.eval import EvalReport
from synthworld.serve.commands import eval as command

EXAMPLES = Path(__file__).resolve().parents[1] / "scenarios"
REFUND = str(EXAMPLES / "shop_refund.yaml")
PAYMENT_ERROR = str(EXAMPLES / "shop_refund_payment_error.yaml")


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="synthworld eval")
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv))


def test_prints_the_summary_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(REFUND, PAYMENT_ERROR, "--seeds", "4", "--no-progress") == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "scenario agents: 8 run(s)"
    assert lines[1].split()[:9] == [
        "scenario",
        "runs",
        "passed",
        "pass",
        "rate",
        "pass^1",
        "pass^2",
        "pass^4",
        "mean",
    ]
    assert lines[3].split()[:4] == ["shop_refund", "4", "4", "100%"]
    assert lines[4].split()[:4] == ["shop_refund_payment_error", "4", "4", "100%"]
    assert lines[5].split()[:3] == ["(all)", "8", "8"]
    assert err == ""


def test_agent_override_save_and_fail_under(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hasty = "synthworld.examples.agents:hasty_refund_agent"
    code = run(
        PAYMENT_ERROR,
        "--scenario-seeds",
        "--agent",
        hasty,
        "--save",
        str(tmp_path / "r.jsonl"),
        "--fail-under",
        "0.5",
        "-k",
        "1",
        "--no-progress",
    )
    out = capsys.readouterr().out
    assert code == 1
    assert out.startswith(f"{hasty}: 2 run(s)\n")
    assert "pass^2" not in out
    assert "pass rate 0.0% is below --fail-under 50.0%" in out
    report = EvalReport.load(tmp_path / "r.jsonl")
    assert (report.agent, [r.seed for r in report.runs]) == (hasty, [1, 2])
    assert {r.cause for r in report.runs} == {"expect.calls"}


def test_progress_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(REFUND, "--seeds", "2") == 0
    out, err = capsys.readouterr()
    assert "passing 2" in err
    assert "passing" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([REFUND, "--seeds", "2", "-k", "0"], "-k 0 must be 1 or more: the largest k of pass^k"),
        ([REFUND, "--scenario-seeds", "-k", "-1"], "-k -1 must be 1 or more: the largest k of pass^k"),
        (
            [REFUND, "--seeds", "2", "-k", "3"],
            "-k 3 must be between 1 and 2: --seeds 2 runs each scenario 2 times",
        ),
        (  # found after every run, and said as the Python argument: "k=4 must be between 1 and 3"
            [REFUND, PAYMENT_ERROR, "--scenario-seeds", "-k", "3"],
            "-k 3 must be between 1 and 2: without --seeds each scenario runs its own seeds, and "
            "'shop_refund_payment_error' has 2; lower -k, or run seeds 0 to 2: --seeds 3",
        ),
    ],
)
def test_a_bad_k_is_refused_before_any_run(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_called(*args: object, **kwargs: object) -> None:
        raise AssertionError("evaluate ran")

    monkeypatch.setattr(command, "evaluate", not_called)
    assert run(*argv, "--no-progress") == 2
    assert capsys.readouterr().err == f"synthworld eval: {message}\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.yaml"], "no scenario file or folder 'missing.yaml'"),
        ([REFUND, "--seeds", "0"], "--seeds=0 must be 1 or more: the number of seeds, run as 0 to N-1"),
        (
            [REFUND, "--seeds", "-3"],
            "--seeds=-3 must be 1 or more",
        ),  # was "seeds=-3 must give one or more integers"
        ([REFUND, "--workers", "0"], "--workers=0 must be 1 or more"),
        ([REFUND, "--fail-under", "80"], "--fail-under=80 is a rate from 0 to 1 (0.8 for 80%)"),
        ([REFUND, "--seeds", "2", "-k", "3"], "-k 3 must be between 1 and 2"),
        ([REFUND, "--agent", "no.such.module:agent", "--seeds", "1"], "no.such.module"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(*argv, "--no-progress") == 2
    err = capsys.readouterr().err
    assert err.startswith("synthworld eval: ")
    assert message in err


def test_a_save_path_that_cannot_be_written_is_refused_before_any_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_called(*args: object, **kwargs: object) -> None:
        raise AssertionError("evaluate ran")

    monkeypatch.setattr(command, "evaluate", not_called)
    (tmp_path / "notes.txt").write_text("a file", encoding="utf-8")
    assert run(REFUND, "--save", str(tmp_path), "--no-progress") == 2
    assert capsys.readouterr().err.startswith(
        f"synthworld eval: --save: '{tmp_path}' is a folder, not a file"
    )
    assert run(REFUND, "--save", str(tmp_path / "notes.txt" / "r.jsonl"), "--no-progress") == 2
    assert f"'{tmp_path / 'notes.txt'}' is a file, not a folder" in capsys.readouterr().err


def test_a_report_that_fails_to_save_exits_2_after_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "r.jsonl"
    (tmp_path / "squatter.py").write_text(
        "import os\n\ndef agent(world, task):\n    os.makedirs(task, exist_ok=True)\n    return 'ok'\n",
        encoding="utf-8",
    )
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\n"
        f"agent: squatter:agent\ntask: {json.dumps(str(target))}\n",
        encoding="utf-8",
    )
    code = run(str(scenario), "--seeds", "1", "--save", str(target), "--no-progress")  # a folder by then
    out, err = capsys.readouterr()
    assert code == 2
    assert out.startswith("scenario agents: 1 run(s)\n")
    assert err.startswith(f"synthworld eval: --save: cannot write the report: '{target}' is a folder")


def test_failure_causes_name_the_hazard_of_each_failing_run(capsys: pytest.CaptureFixture[str]) -> None:
    inbox = str(EXAMPLES / "inbox_injection.yaml")
    naive = "synthworld.examples.agents:naive_inbox_agent"
    assert run(inbox, "--agent", naive, "--seeds", "2", "--hazards", "prompt_injection", "--no-progress") == 1
    out = capsys.readouterr().out
    causes = out[out.index("failure causes:") :].splitlines()
    assert causes[1].endswith(
        "inbox_injection[seed=0, hazard=prompt_injection], inbox_injection[seed=1, hazard=prompt_injection]"
    )


HANGING_AGENT = """
import os
import threading


def agent(world, task):
    open(os.path.join(os.path.dirname(__file__), f"started-{os.getpid()}"), "w").close()
    threading.Event().wait()  # hangs until the process ends
"""

INTERRUPTIBLE_EVAL = """
import signal
import sys

from synthworld.serve.cli import main

signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C, even when started in the background
sys.exit(main(sys.argv[1:]))
"""


def test_ctrl_c_ends_an_evaluation_whose_workers_hang(tmp_path: Path) -> None:
    (tmp_path / "hangs.py").write_text(HANGING_AGENT, encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        "synthworld_scenario: 1\nname: s\ntools: synthworld.examples.shop\nagent: hangs:agent\n",
        encoding="utf-8",
    )
    argv = ["eval", str(scenario), "--seeds", "6", "--workers", "2", "--no-progress"]
    evaluation = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTIBLE_EVAL, *argv], stderr=subprocess.PIPE, text=True
    )
    try:
        while len(list(tmp_path.glob("started-*"))) < 2:  # both workers are inside a run
            assert evaluation.poll() is None, evaluation.communicate()
            time.sleep(0.05)
        evaluation.send_signal(signal.SIGINT)
        _, err = evaluation.communicate(timeout=60)  # before the fix: waited on the hung runs forever
    finally:
        if evaluation.poll() is None:  # leave no process behind when the test fails
            for worker in tmp_path.glob("started-*"):
                os.kill(int(worker.name.removeprefix("started-")), signal.SIGKILL)
            evaluation.kill()
            evaluation.communicate()
    assert (evaluation.returncode, err) == (130, "synthworld eval: interrupted after 0 of 6 runs\n")


SLOW_AGENTS = """
import re
import time


def sleepy(world, task):
    world.call("get_order", {"order_id": "ORD-1042"})
    if world.seed % 2:
        time.sleep(600)  # far past --timeout: the command must not wait for it
    return "ok"


def stuck_in_c(world, task):
    if world.seed == 1:
        re.match(r"(a+)+$", "a" * 64 + "b")  # holds the GIL for longer than anyone waits
    return "ok"
"""


def _eval_in_a_subprocess(folder: Path, agent: str, *argv: str) -> subprocess.Popen[str]:
    (folder / "agents.py").write_text(SLOW_AGENTS, encoding="utf-8")
    (folder / f"{agent}.yaml").write_text(
        f"synthworld_scenario: 1\nname: {agent}\ntools: synthworld.examples.shop\nagent: agents.py:{agent}\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "synthworld", "eval", f"{agent}.yaml", "--no-progress", *argv]
    return subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=120)  # before the fix: forever
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, out, err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_run_past_timeout_fails_and_the_evaluation_goes_on(tmp_path: Path, workers: str) -> None:
    argv = ("--seeds", "4", "--timeout", "3", "--workers", workers, "--save", "r.jsonl")  # even seeds: fast
    evaluation = _eval_in_a_subprocess(tmp_path, "sleepy", *argv)
    code, out, err = _finish(evaluation)
    assert (code, err) == (1, "")
    assert out.splitlines()[3].split()[:4] == ["sleepy", "4", "2", "50%"]
    assert "    2 x timeout after 3 s: sleepy[seed=1, after 1 call], sleepy[seed=3, after 1 call]\n" in out
    given_up = EvalReport.load(tmp_path / "r.jsonl").run("sleepy", 1)  # where it hung: after this call
    assert [(c.tool, c.input) for c in given_up.trace] == [("get_order", {"order_id": "ORD-1042"})]


def test_a_run_that_cannot_be_given_up_ends_the_command_with_its_stack(tmp_path: Path) -> None:
    """A thread stuck in C code holding the GIL cannot be given up; the command (serial) or its
    worker (--workers) is ended by faulthandler instead of waiting forever."""
    (tmp_path / "serial").mkdir()
    (tmp_path / "workers").mkdir()
    argv = ("--seeds", "3", "--timeout", "1")
    serial = _eval_in_a_subprocess(tmp_path / "serial", "stuck_in_c", *argv)
    workers = _eval_in_a_subprocess(tmp_path / "workers", "stuck_in_c", *argv, "--workers", "2")
    for process, expected in ((serial, 1), (workers, 2)):
        code, out, err = _finish(process)
        assert (code, out) == (expected, "")
        assert err.startswith("Timeout (0:00:11)!\n")
        assert 'agents.py", line 15 in stuck_in_c\n' in err  # where it is stuck
    assert err.endswith(
        "synthworld eval: a worker process ended abruptly: it was killed or crashed, or --timeout ended it "
        "(a run outlived its timeout stuck where it could not be given up; its stack is printed above)\n"
    )


@pytest.mark.parametrize("timeout", ["0", "-2", "nan"])
def test_a_bad_timeout_is_refused_before_any_run(timeout: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(REFUND, "--timeout", timeout, "--no-progress") == 2
    assert capsys.readouterr().err == (
        f"synthworld eval: --timeout={float(timeout):g} must be the seconds a run may take, above 0 "
        "(e.g. 60)\n"
    )
