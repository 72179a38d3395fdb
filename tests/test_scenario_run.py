"""Scenario.run / build_world: the example worlds, results, backends, faults, state."""

from __future__ import annotations

import pickle
import shutil
import textwrap
from pathlib import Path

import pytest

from synthworld.errors import BackendError, ScenarioError, ToolError
from synthworld.scenario import ScenarioResult, format_result, load_scenario
from synthworld.trace import Trace

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
EXAMPLES = sorted(SCENARIOS.glob("*.yaml"))


def write(folder: Path, text: str, name: str = "s.yaml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_there_are_at_least_four_example_scenarios() -> None:
    names = {p.stem for p in EXAMPLES}
    assert {
        "shop_refund",
        "shop_refund_payment_error",
        "calendar_meeting",
        "travel_booking",
        "travel_recorded",
    } <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_passes_for_every_seed(path: Path) -> None:
    scenario = load_scenario(path)
    for seed in scenario.seeds:
        result = scenario.run(seed)
        assert result.passed, format_result(result)


def test_the_error_scenario_catches_the_agent_that_ignores_the_error() -> None:
    scenario = load_scenario(SCENARIOS / "shop_refund_payment_error.yaml")
    result = scenario.run(1, agent="synthworld.examples.agents:hasty_refund_agent")
    assert not result.passed
    assert result.output == "Refunded 149.00 EUR for order ORD-2201."
    assert result.trace[2].error == {
        "code": "unavailable",
        "message": "payment provider did not answer",
        "retry_after": 30,
    }
    assert (
        result.failures[1] == "expect.not_called[0]: expected no call to 'send_email' with input "
        '{"body": {"$regex": "^We refunded"}}, found #3'
    )
    assert result.diverged_at == 3


def test_a_run_is_reproducible_and_seeds_differ() -> None:
    scenario = load_scenario(SCENARIOS / "shop_refund.yaml")
    first, again, other = scenario.run(1), scenario.run(1), scenario.run(2)
    assert first.trace == again.trace
    assert first.output == again.output
    assert first.trace != other.trace


def test_a_result_is_a_picklable_frozen_record() -> None:
    result = load_scenario(SCENARIOS / "calendar_meeting.yaml").run(2)
    copy = pickle.loads(pickle.dumps(result))
    assert isinstance(copy, ScenarioResult)
    assert isinstance(copy.trace, Trace)
    assert (copy.scenario, copy.seed, copy.passed, copy.failures, copy.error) == (
        "calendar_meeting",
        2,
        True,
        [],
        None,
    )
    assert copy.trace == result.trace
    assert copy.path == str(SCENARIOS / "calendar_meeting.yaml")
    with pytest.raises(AttributeError):
        result.passed = False  # type: ignore[misc]


def test_the_recorded_example_replays_without_touching_its_cassette() -> None:
    cassette = SCENARIOS / "cassettes" / "travel_recorded.yaml"
    before = cassette.read_bytes()
    result = load_scenario(SCENARIOS / "travel_recorded.yaml").run()
    assert result.passed, format_result(result)
    assert {c.backend for c in result.trace} == {"fixtures"}
    assert cassette.read_bytes() == before


def test_a_call_the_cassette_lacks_fails_in_replay(tmp_path: Path) -> None:
    shutil.copytree(SCENARIOS / "cassettes", tmp_path / "cassettes")
    text = (SCENARIOS / "travel_recorded.yaml").read_text(encoding="utf-8").replace("Rui Costa", "Ines Costa")
    result = load_scenario(write(tmp_path, text)).run()
    assert not result.passed
    assert result.error is not None
    assert result.error.startswith("FixtureMissError")


def test_a_record_mode_override_records_a_new_cassette(tmp_path: Path) -> None:
    text = (
        (SCENARIOS / "travel_recorded.yaml")
        .read_text(encoding="utf-8")
        .replace("fallback: none", "fallback: random")
    )
    scenario = load_scenario(write(tmp_path, text))
    result = scenario.run(record_mode="once")
    assert {c.backend for c in result.trace} == {"random"}
    assert "synthworld_cassette: 1" in (tmp_path / "cassettes" / "travel_recorded.yaml").read_text(
        encoding="utf-8"
    )
    replayed = scenario.run()
    assert {c.backend for c in replayed.trace} == {"fixtures"}
    assert replayed.trace[0].output == result.trace[0].output


def test_state_context_and_faults_reach_the_world(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        synthworld_scenario: 1
        name: hazards
        tools: synthworld.examples.shop
        context: A shop that sells only teapots.
        state: {currency: EUR}
        faults:
          - {tool: get_order, on_call: 1, error: not_found}
        """,
    )
    world = load_scenario(path).build_world(5)
    assert world.context == "A shop that sells only teapots."
    assert world.state == {"currency": "EUR"}
    with pytest.raises(ToolError) as info:
        world.call("get_order", {"order_id": "X"})
    assert info.value.code == "not_found"


def test_a_bad_fault_is_reported_with_the_file(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        synthworld_scenario: 1
        name: hazards
        tools: synthworld.examples.shop
        faults:
          - {tool: get_order, error: not_found, on_cal: 1}
        """,
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario(path).build_world(0)
    assert str(info.value).endswith(
        "s.yaml:5: faults[0].on_cal: unknown key; did you mean 'on_call'? "
        "known keys: tool, error, message, retry_after, malformed, inject, rate, on_call, when, burst"
    )


def test_a_script_that_breaks_the_returns_schema_names_its_entry(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        synthworld_scenario: 1
        name: script
        tools: synthworld.examples.shop
        responses:
          - tool: get_order
            output: {order_id: 5}
        """,
    )
    with pytest.raises(
        ScenarioError,
        match=r"s\.yaml:5: responses\[0\]: script\('get_order'\): laid over a generated answer, the output "
        r"breaks the tool's returns schema: \$\.order_id: 5 is not of type 'string'",
    ):
        load_scenario(path).build_world(0)


def test_llm_backend_is_built_from_its_options_and_can_be_blocked(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        synthworld_scenario: 1
        name: llm
        tools: synthworld.examples.shop
        backend: {llm: {model: tiny, base_url: "http://127.0.0.1:9/v1", api_key: unused}}
        """,
    )
    scenario = load_scenario(path)
    assert type(scenario.build_world(0).backend).__name__ == "LLMBackend"
    blocked = scenario.build_world(0, block_llm=True)
    with pytest.raises(BackendError, match="LLM calls are blocked by --synthworld-block-llm"):
        blocked.call("get_order", {"order_id": "A"})


def test_bad_llm_options_are_a_scenario_error(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """\
        synthworld_scenario: 1
        name: llm
        tools: synthworld.examples.shop
        backend: {llm: {modle: tiny}}
        """,
    )
    with pytest.raises(ScenarioError, match=r"s\.yaml:4: backend\.llm: cannot build the LLM backend: "):
        load_scenario(path).build_world(0)


def test_a_scenario_without_agent_needs_one_passed(tmp_path: Path) -> None:
    scenario = load_scenario(
        write(tmp_path, "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n")
    )
    with pytest.raises(ScenarioError, match="no agent to run; add 'agent: module:callable'"):
        scenario.run()
    result = scenario.run(agent=lambda world, task: world.call("get_order", {"order_id": "Z"})["order_id"])
    assert result.passed
    assert isinstance(result.output, str)
    assert result.seed == 0


def test_format_result_marks_the_diverging_call() -> None:
    scenario = load_scenario(SCENARIOS / "shop_refund_payment_error.yaml")
    text = format_result(scenario.run(1, agent="synthworld.examples.agents:hasty_refund_agent"))
    lines = text.splitlines()
    assert lines[0] == "scenario 'shop_refund_payment_error' [seed=1]: FAIL"
    assert any(line.startswith("> 3  send_email") for line in lines)
    assert any(line.endswith("ERROR unavailable: payment provider did not answer") for line in lines)
    assert "> call #3: where the run first left the expected path" in lines
    call = lines[lines.index("> call #3: where the run first left the expected path") + 1 :]
    assert call[0] == "call #3 send_email (random):"
    assert '    "body": "We refunded 149.00 EUR to your original payment method."' in call


def test_a_bad_agent_given_instead_of_the_files_is_not_placed_in_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path).run(agent="no_such_agents:agent")
    message = str(info.value)
    assert message.startswith("agent 'no_such_agents:agent', given to run ")
    assert "s.yaml: cannot import 'no_such_agents'" in message
    assert "write the path (`./no_such_agents.py:agent`)" in message


@pytest.mark.parametrize("mode", ["once", "new_episodes", "all"])
def test_a_record_mode_on_a_scenario_without_a_cassette_is_refused_saying_how(mode: str) -> None:
    scenario = load_scenario(SCENARIOS / "shop_refund.yaml")  # the random backend
    with pytest.raises(
        ValueError, match=rf"record_mode='{mode}' has no effect: the backend of .*shop_refund.yaml is random"
    ):
        scenario.run(1, record_mode=mode)
    with pytest.raises(ValueError, match="give the file a fixtures backend"):
        scenario.build_world(1, record_mode=mode)


def test_record_mode_none_replays_whatever_the_backend_and_a_misspelt_mode_is_refused() -> None:
    plain = load_scenario(SCENARIOS / "shop_refund.yaml")
    assert plain.run(1, record_mode="none").passed  # evaluations replay every file so
    recorded = load_scenario(SCENARIOS / "travel_recorded.yaml")
    with pytest.raises(
        ValueError, match=r"mode='once ' is not a record mode \(write 'once'\); choose one of 'none', 'once'"
    ):
        recorded.run(1, record_mode="once ")
