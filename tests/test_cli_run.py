"""`synthworld run` and `synthworld validate`: tables, verdicts and exit codes."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

import synthworld
from synthworld.cassette import load_cassette, save_cassette
from synthworld.serve.commands import run as run_command
from synthworld.serve.commands import validate as validate_command

REPO = Path(synthworld.__file__).resolve().parent.parent
SCENARIOS = REPO / "scenarios"


def invoke(module: object, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)  # type: ignore[attr-defined]
    code: int = module.run(parser.parse_args(argv))  # type: ignore[attr-defined]
    return code


@pytest.mark.parametrize(
    ("name", "item"), [("shop_refund", "Blender"), ("shop_refund_payment_error", "Kettle")]
)
def test_the_demo_orders_hold_the_item_the_customer_wrote_about(name: str, item: str) -> None:
    """The README's demo answered a complaint about a blender with an order of a "Smart Speaker"."""
    scenario = synthworld.load_scenario(SCENARIOS / f"{name}.yaml")
    for seed in scenario.seeds:
        result = scenario.run(seed)
        assert result.passed, result
        (order,) = [call.output for call in result.trace if call.tool == "get_order"]
        assert item.lower() in scenario.data["task"]
        assert item in order["items"][0]["product_name"]


def test_run_prints_the_trace_and_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(run_command, str(SCENARIOS / "shop_refund.yaml"), "--seed", "2") == 0
    out = capsys.readouterr().out
    for text in (
        "shop_refund [seed=2]",
        "search_orders",
        "refund_order",
        "send_email",
        "script",
        "verdict: PASS",
    ):
        assert text in out
    assert "seed=1" not in out


def test_run_without_seed_runs_every_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(run_command, str(SCENARIOS / "calendar_meeting.yaml")) == 0
    assert capsys.readouterr().out.count("verdict: PASS") == 4


def test_run_fails_with_exit_1_and_lists_the_failures(capsys: pytest.CaptureFixture[str]) -> None:
    code = invoke(
        run_command,
        str(SCENARIOS / "shop_refund_payment_error.yaml"),
        "--seed",
        "1",
        "--agent",
        "synthworld.examples.agents:hasty_refund_agent",
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "verdict: FAIL  shop_refund_payment_error [seed=1]" in out
    assert "unavailable:" in out
    assert "payment" in out
    assert "> call #3: where the run first left the expected path" in out
    assert "  - expect.output.regex: expected the output to match /(?i)could not refund/" in out


def test_run_with_the_random_backend_replaces_the_cassette(capsys: pytest.CaptureFixture[str]) -> None:
    code = invoke(run_command, str(SCENARIOS / "travel_recorded.yaml"), "--backend", "random")
    out = capsys.readouterr().out
    assert "fixtures" not in out
    assert "random" in out
    assert code == 1  # random flights are not the recorded ones the expectations name


def test_base_url_without_an_llm_backend_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    """--base-url only names the server of --backend llm:MODEL; alone it was silently ignored."""
    scenario = str(SCENARIOS / "shop_refund.yaml")
    for extra in ([], ["--backend", "random"]):
        assert invoke(run_command, scenario, "--base-url", "http://localhost:11434/v1", *extra) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == "synthworld run: --base-url goes with --backend llm:MODEL\n"


def test_run_exits_2_on_an_invalid_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nseed: [1]\n")
    assert invoke(run_command, str(bad)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().endswith(
        "bad.yaml:4: seed: [1] is not of type 'integer'; several seeds go under 'seeds': write seeds: [1]"
    )
    assert "Traceback" not in captured.err


def test_validate_reports_each_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\nexpect: {cals: []}\n")
    good = SCENARIOS / "shop_refund.yaml"
    assert invoke(validate_command, str(good), str(bad)) == 1
    captured = capsys.readouterr()
    assert f"{good}: ok (shop_refund, 3 seed(s))" in captured.out
    assert "bad.yaml:4: expect.cals: unknown key 'cals'; did you mean 'calls'?" in captured.err
    assert "1 of 2 file(s) invalid" in captured.err
    assert invoke(validate_command, *map(str, sorted(SCENARIOS.glob("*.yaml")))) == 0


def test_validate_takes_a_folder_as_eval_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert invoke(validate_command, str(SCENARIOS)) == 0
    out = capsys.readouterr().out
    assert out.count(": ok (") == len(list(SCENARIOS.glob("*.yaml")))
    assert f"{SCENARIOS / 'shop_refund.yaml'}: ok (shop_refund, 3 seed(s))" in out
    (tmp_path / "bad.yaml").write_text("synthworld_scenario: 1\nname: x\n")
    (tmp_path / "notes.txt").write_text("not a scenario")
    assert invoke(validate_command, str(tmp_path)) == 1
    assert capsys.readouterr().err.endswith("1 of 1 file(s) invalid\n")


def test_validate_of_a_folder_without_scenarios_is_no_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a scenario")
    assert invoke(validate_command, str(tmp_path)) == 2
    assert capsys.readouterr() == (
        "",
        f"synthworld validate: no scenario files (.yaml, .yml, .json) in {tmp_path}\n",
    )


def test_the_command_runs_in_a_fresh_process_from_another_directory(tmp_path: Path) -> None:
    code = (
        "import sys; from synthworld.serve import cli; cli.COMMANDS.setdefault('run', 'run');"
        "sys.exit(cli.main(sys.argv[1:]))"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code, "run", str(SCENARIOS / "travel_recorded.yaml")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "verdict: PASS  travel_recorded [seed=7]" in done.stdout
    assert "KL1720-20260514" in done.stdout


def test_validate_of_a_folder_skips_the_cassettes_recorded_beside_its_scenarios(tmp_path: Path) -> None:
    """A cassette beside its scenario (YAML, or JSON as ``.json`` saves it) was flagged 'invalid'."""
    text = (SCENARIOS / "travel_recorded.yaml").read_text(encoding="utf-8")
    (tmp_path / "travel.yaml").write_text(
        text.replace("cassettes/travel_recorded.yaml", "travel.cassette.yaml")
    )
    cassette = load_cassette(SCENARIOS / "cassettes" / "travel_recorded.yaml")
    save_cassette(tmp_path / "travel.cassette.yaml", cassette)
    save_cassette(tmp_path / "travel.cassette.json", cassette)
    done = _validate_in_a_subprocess(tmp_path)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [
        f"{tmp_path / 'travel.cassette.json'}: skipped (a cassette, not a scenario)",
        f"{tmp_path / 'travel.cassette.yaml'}: skipped (a cassette, not a scenario)",
        f"{tmp_path / 'travel.yaml'}: ok (travel_recorded, 1 seed(s))",
    ]
    (tmp_path / "typo.yaml").write_text("synthworld_scenari: 1\nname: x\n")  # not a cassette: checked
    done = _validate_in_a_subprocess(tmp_path)
    assert done.returncode == 1
    assert "typo.yaml:1: synthworld_scenari: unknown key; did you mean 'synthworld_scenario'?" in done.stderr
    assert done.stderr.endswith("1 of 2 file(s) invalid\n")
    done = _validate_in_a_subprocess(tmp_path / "travel.cassette.yaml")  # named: checked, and refused
    assert done.returncode == 1
    assert "travel.cassette.yaml:1: (root): a cassette, not a scenario" in done.stderr


def _validate_in_a_subprocess(path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "synthworld", "validate", str(path)],
        cwd=path.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_validate_refuses_a_replay_only_cassette_that_does_not_exist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "travel_recorded.yaml").read_text(encoding="utf-8")
    scenario, cassette = tmp_path / "travel.yaml", tmp_path / "cassettes" / "travel_recorded.yaml"
    scenario.write_text(text, encoding="utf-8")  # mode: none, and no cassettes/ beside it
    assert invoke(validate_command, str(scenario)) == 1
    assert capsys.readouterr().err == (
        f"{scenario}:11: backend.fixtures: cassette {cassette} does not exist and mode 'none' only "
        "replays, so a run would fail at its first call; correct the path, or record it (after "
        f"setting fallback: random): synthworld run {scenario} --record-mode once\n"
        "1 of 1 file(s) invalid\n"
    )
    scenario.write_text(text.replace("  mode: none\n", ""), encoding="utf-8")
    assert invoke(validate_command, str(scenario)) == 1
    assert "and mode 'none' (the default) only replays" in capsys.readouterr().err
    scenario.write_text(text.replace("mode: none", "mode: once"), encoding="utf-8")
    assert invoke(validate_command, str(scenario)) == 0  # its first run records the cassette
    # what the message says to do: a fallback to record from, one recording run, and it validates
    scenario.write_text(text.replace("fallback: none", "fallback: random"), encoding="utf-8")
    invoke(run_command, str(scenario), "--record-mode", "once")  # the verdict does not matter here
    assert cassette.is_file()
    capsys.readouterr()
    assert invoke(validate_command, str(scenario)) == 0
    assert capsys.readouterr().out == f"{scenario}: ok (travel_recorded, 1 seed(s))\n"


def test_run_json_masks_secrets_in_failures_and_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "agent.py").write_text(
        "def agent(world, task):\n"
        "    world.call('login', {'password': 'hunter2-0001'})\n"
        "    return 'logged in, password=hunter2-0001'\n"
    )
    (tmp_path / "login.yaml").write_text(
        "synthworld_scenario: 1\nname: login\nseed: 1\nagent: agent.py:agent\n"
        "tools: [{name: login, parameters: {type: object, properties: {password: {type: string}}},\n"
        "         returns: {type: object}}]\n"
        "expect: {output: {regex: '^nope'}}\n"
    )
    assert invoke(run_command, str(tmp_path / "login.yaml"), "--json") == 1
    out = capsys.readouterr().out
    assert "password=[REDACTED]" in out
    assert "hunter2-0001" not in out


@pytest.mark.parametrize(
    ("argv", "backend"),
    [
        (["--record-mode", "once"], "random (the default)"),
        (["--record-mode", "all", "--backend", "random"], "random"),
        (["--record-mode", "none", "--backend", "llm:gpt-4o-mini"], "llm (model 'gpt-4o-mini')"),
    ],
    ids=["the file's", "--backend random", "--backend llm"],
)
def test_record_mode_without_a_cassette_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], backend: str
) -> None:
    """Before, the run went ahead and recorded nothing, while the user believed it recorded."""
    scenario = tmp_path / "refund.yaml"
    scenario.write_text((SCENARIOS / "shop_refund.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert invoke(run_command, str(scenario), *argv) == 2
    out, err = capsys.readouterr()
    assert (out, list(tmp_path.iterdir())) == ("", [scenario])  # no run, no cassette
    assert err == (
        f"synthworld run: --record-mode {argv[1]} has no effect: the backend of {scenario} is {backend}, "
        "not a cassette, so nothing is recorded or replayed; to record (or replay), give the file a "
        "fixtures backend (backend: {fixtures: cassettes/shop_refund.yaml, fallback: random}) or pass "
        "--backend fixtures:PATH, else drop --record-mode\n"
    )


def test_record_mode_with_backend_fixtures_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario, cassette = tmp_path / "refund.yaml", tmp_path / "refund.cassette.yaml"
    scenario.write_text((SCENARIOS / "shop_refund.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    argv = (str(scenario), "--seed", "2", "--backend", f"fixtures:{cassette}", "--record-mode", "once")
    assert invoke(run_command, *argv) == 0
    assert "verdict: PASS" in capsys.readouterr().out
    assert len(load_cassette(cassette).interactions) >= 3


@pytest.mark.parametrize("command", [["run", "--json"], ["eval", "--seeds", "3", "--no-progress"]])
def test_a_reader_that_stops_early_ends_the_command_quietly(command: list[str]) -> None:
    """`synthworld run --json | head -1`: no BrokenPipeError traceback, the shell's code for SIGPIPE."""
    process = subprocess.Popen(
        [sys.executable, "-m", "synthworld", *command, str(SCENARIOS / "shop_refund.yaml")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert process.stdout is not None
    assert process.stderr is not None
    with process, process.stderr:
        process.stdout.close()  # the reader is gone before the first line is written
        stderr = process.stderr.read().decode()
        assert (process.wait(timeout=120), stderr) == (141, "")
