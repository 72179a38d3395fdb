"""Writing your own world and scenario (issue 21): each stumble a new user met, as a test.

`synthworld validate` finds everything `run` would, all at once; imports resolve beside the
scenario; scripted outputs may be partial; `add_tools` and `@world.tool` take what users write;
misuse is a clear error; outputs show whole values; and the README's own example works from a
fresh directory.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TypedDict

import pytest

import synthworld
from synthworld import ScenarioError, SyntheticWorld, ToolSpecError
from synthworld.errors import FormatError, MissingReturnTypeWarning
from synthworld.scenario import load_scenario
from synthworld.serve.cli import main as cli
from tests._write_your_own import MODELS, ROOT, SCENARIO, TRACKER, synthworld_command, write


class TestValidateFindsWhatRunWould:
    def test_every_problem_of_a_file_at_once_with_lines(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: all-at-once
            tools: synthworld.examples.shop
            responses:
              - tool: search_orders
                output: {order_id: 5}
              - tool: get_order
                when: {order_idd: A1}
                output: {status: shipped}
            faults:
              - {tool: get_order, error: rate_limt}
              - {tool: get_order, on_call: "1", error: timeout}
            expect:
              calls:
                - {tool: get_order, input: {order_idd: A1}}
            """,
        )
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        lines = str(info.value).splitlines()
        assert [line.split(": ", 2)[0].rsplit("/", 1)[-1:] + line.split(": ", 2)[1:2] for line in lines] == [
            ["s.yaml:5", "responses[0]"],
            ["s.yaml:8", "responses[1].when"],
            ["s.yaml:11", "faults[0].error"],
            ["s.yaml:12", "faults[1].on_call"],
            ["s.yaml:15", "expect.calls[0].input.order_idd"],
        ]
        assert (
            "the output breaks the tool's returns schema: $: {'order_id': 5} is not of type 'array'"
            in lines[0]
        )
        assert "responses[1].when: names no parameter ['order_idd']" in lines[1]
        assert "'rate_limt' is not a known error code" in lines[2]
        assert "did you mean 'order_id'?" in lines[4]

    def test_every_problem_of_one_fault_entry(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: one-entry
            tools: synthworld.examples.shop
            faults:
              - {tool: get_order, burst: 3, rate: 2, inject: prompt_injectoin}
              - {tool: get_order, error: rate_limt, on_call: "1"}
            """,
        )
        with pytest.raises(ScenarioError) as info:
            load_scenario(path)
        where = [line.split(": ", 2)[1] for line in str(info.value).splitlines()]
        assert where == [  # by line, then path
            "faults[0].burst",
            "faults[0].inject",
            "faults[0].rate",
            "faults[1].error",
            "faults[1].on_call",
        ]

    def test_validate_exits_1_and_prints_them(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: imports
            tools: no_such_tools_module
            agent: no_such_agents:agent
            expect:
              check: no_such_checks:check
            """,
        )
        assert cli(["validate", str(path)]) == 1
        err = capsys.readouterr().err
        assert "s.yaml:3: tools: cannot import 'no_such_tools_module'" in err
        assert "s.yaml:4: agent: cannot import 'no_such_agents'" in err
        assert "s.yaml:6: expect.check: cannot import 'no_such_checks'" in err

    def test_a_clean_file_runs_as_validated(self, tmp_path: Path) -> None:
        (tmp_path / "tracker.py").write_text(TRACKER, encoding="utf-8")
        (tmp_path / "models.py").write_text(MODELS, encoding="utf-8")
        path = write(tmp_path, "s.yaml", SCENARIO)
        result = load_scenario(path).run(
            1, agent=lambda world, task: world.call("get_ticket", {"ticket_id": task})
        )
        assert result.passed, result.failures


class Order(TypedDict):
    order_id: str
    status: str
    currency: str
    total: float


class Line(TypedDict):
    sku: str
    quantity: int


class Cart(TypedDict):
    lines: list[Line]
    owner: Order


class TestPartialScripts:
    def test_a_scenario_output_may_fix_only_some_fields(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: partial
            tools: synthworld.examples.shop
            responses:
              - tool: get_order
                when: {order_id: A1}
                output: {status: delivered}
            """,
        )
        world = load_scenario(path).build_world(3)
        order = world.call("get_order", {"order_id": "A1"})
        assert order["status"] == "delivered"
        assert order["order_id"] == "A1"
        assert {"customer_email", "total"} <= set(order)  # generated around the scripted field
        assert world.trace[0].backend == "random+script"

    def test_partial_false_requires_a_whole_answer(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: whole
            tools: synthworld.examples.shop
            responses:
              - {tool: get_order, output: {status: delivered}, partial: false}
            """,
        )
        with pytest.raises(ScenarioError, match=r"s\.yaml:5: responses\[0\]: .*output does not match"):
            load_scenario(path)

    def test_world_script_partial(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        def get_order(order_id: str) -> Order:
            """Fetch an order."""

        with pytest.raises(ValueError, match="pass partial=True to fix only some fields"):
            world.script("get_order", output={"currency": "EUR"})
        world.script("get_order", output={"currency": "EUR"}, partial=True)
        first, second = get_order("A1"), get_order("A2")
        assert first["currency"] == second["currency"] == "EUR"
        assert first["order_id"] == "A1"
        assert first["total"] != second["total"]

    def test_a_misspelt_field_is_named_with_the_one_meant(self, tmp_path: Path) -> None:
        path = write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: typo
            tools: synthworld.examples.shop
            responses:
              - {tool: get_order, output: {staus: delivered}}
            """,
        )
        with pytest.raises(
            ScenarioError, match=r"s\.yaml:5: responses\[0\]: .*'staus' is not a property .*'status'"
        ):
            load_scenario(path)

    def test_a_misspelt_nested_field_and_an_undeclared_one(self) -> None:
        world = SyntheticWorld(seed=2)

        @world.tool
        def get_cart(cart_id: str) -> Cart:
            """Fetch a cart."""

        with pytest.raises(ValueError, match=r"output\.owner: 'curency' .* did you mean 'currency'"):
            world.script("get_cart", output={"owner": {"curency": "EUR"}}, partial=True)
        world.script("get_cart", output={"owner": {"currency": "EUR"}, "note": "gift"}, partial=True)
        assert get_cart("c1")["note"] == "gift"  # far from every property: taken as meant


class TestRegistration:
    def test_add_tools_takes_one_marked_function(self) -> None:
        @synthworld.tool
        def ping(host: str) -> bool:
            """Ping a host."""

        world = SyntheticWorld()
        assert [spec.name for spec in world.add_tools(ping)] == ["ping"]
        assert isinstance(world.call("ping", {"host": "a"}), bool)

    def test_add_tools_takes_a_class(self) -> None:
        class Tools:
            def __init__(self) -> None:
                self.calls = 0

            @synthworld.tool
            def get_user(self, user_id: str) -> dict[str, str]:
                """Fetch a user."""

        world = SyntheticWorld()
        assert [spec.name for spec in world.add_tools(Tools)] == ["get_user"]
        assert list(world.tools["get_user"].parameters["properties"]) == ["user_id"]

    def test_add_tools_takes_an_instance(self) -> None:
        class Tools:
            def __init__(self, token: str) -> None:
                self.token = token

            @synthworld.tool
            def get_user(self, user_id: str) -> dict[str, str]:
                """Fetch a user."""

        world = SyntheticWorld()
        assert [spec.name for spec in world.add_tools(Tools("t"))] == ["get_user"]
        assert isinstance(world.call("get_user", {"user_id": "u1"}), dict)

    def test_a_class_that_needs_arguments_says_what_to_pass(self) -> None:
        class Needs:
            def __init__(self, token: str) -> None: ...

        with pytest.raises(ToolSpecError, match=r"pass an instance instead: add_tools\(Needs\(...\)\)"):
            SyntheticWorld().add_tools(Needs)

    def test_world_tool_on_a_method(self) -> None:
        world = SyntheticWorld(seed=1)

        class Shop:
            @world.tool
            def get_order(self, order_id: str) -> Order:
                """Fetch an order."""

        assert Shop().get_order("A1")["order_id"] == "A1"
        assert Shop.get_order("A2")["order_id"] == "A2"
        assert world.tools["get_order"].param_names == ["order_id"]

    def test_a_stub_without_a_return_annotation_warns(self) -> None:
        world = SyntheticWorld()
        with pytest.warns(MissingReturnTypeWarning, match=r"stub offer\(\) has no return annotation"):

            @world.tool
            def offer(item: str):  # type: ignore[no-untyped-def]
                """Make an offer."""

        offer("book")  # once, at registration: calls say nothing more (warnings are errors here)
        world.call("offer", {"item": "pen"})

    def test_a_missing_annotation_suggests_the_defaults_type(self) -> None:
        with pytest.raises(ToolSpecError, match=r"`limit: int`.*`exact: bool`"):

            @SyntheticWorld().tool
            def search(query: str, limit=10, exact=False) -> list[str]:  # type: ignore[no-untyped-def]
                """Search."""


class TestMisuse:
    def test_a_whole_completion_passed_to_handle_openai(self) -> None:
        from openai.types.chat import ChatCompletion

        completion = ChatCompletion.model_validate(
            {
                "id": "c",
                "object": "chat.completion",
                "created": 0,
                "model": "m",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "tool_calls",
                        "message": {"role": "assistant", "content": None, "tool_calls": []},
                    }
                ],
            }
        )
        with pytest.raises(
            FormatError, match=r"pass its message: handle_openai\(completion\.choices\[0\]\.message\)"
        ):
            SyntheticWorld().handle_openai(completion)
        with pytest.raises(TypeError):  # FormatError is a TypeError too
            SyntheticWorld().handle_openai(completion.model_dump())
        # one choice of it answered with a tool reply of tool_call_id None (an API 400)
        with pytest.raises(
            FormatError, match=r"got a completion choice; pass its message: handle_openai\(choice\.message\)"
        ):
            SyntheticWorld().handle_openai(completion.choices[0])


LONG = "x" * 300


class TestOutput:
    def scenario(self, tmp_path: Path) -> Path:
        (tmp_path / "agent.py").write_text(
            "def agent(world, task):\n"
            f"    world.call('get_order', {{'order_id': '{LONG}'}})\n"
            "    return 'done'\n",
            encoding="utf-8",
        )
        return write(
            tmp_path,
            "s.yaml",
            """\
            synthworld_scenario: 1
            name: long
            tools: synthworld.examples.shop
            agent: agent:agent
            """,
        )

    def test_run_wraps_whole_values_and_has_no_empty_columns(self, tmp_path: Path) -> None:
        done = synthworld_command("run", str(self.scenario(tmp_path)), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert LONG[:100] in done.stdout.replace("\n", "").replace("│", "").replace(" ", "")
        header = next(line for line in done.stdout.splitlines() if " tool " in line)
        assert [cell.strip() for cell in header.strip("┃ ").split("┃")] == [
            "#",
            "tool",
            "input",
            "output",
            "backend",
        ]

    def test_run_json(self, tmp_path: Path) -> None:
        done = synthworld_command("run", str(self.scenario(tmp_path)), "--json", cwd=tmp_path)
        [record] = [json.loads(line) for line in done.stdout.splitlines()]
        assert record["passed"] is True
        assert record["trace"][0]["input"] == {"order_id": LONG}

    def test_run_full(self, tmp_path: Path) -> None:
        done = synthworld_command("run", str(self.scenario(tmp_path)), "--full", cwd=tmp_path)
        flat = re.sub(r"[│\s]", "", done.stdout)
        assert LONG in flat

    def test_run_backend_choices(self, tmp_path: Path) -> None:
        scenario = ROOT / "scenarios" / "travel_recorded.yaml"
        cassette = ROOT / "scenarios" / "cassettes" / "travel_recorded.yaml"
        done = synthworld_command("run", str(scenario), "--backend", f"fixtures:{cassette}", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert "fixtures" in done.stdout
        bad = synthworld_command("run", str(scenario), "--backend", "nope", cwd=tmp_path)
        assert bad.returncode == 2
        assert "write 'random', 'fixtures:PATH' (a cassette) or 'llm:MODEL'" in bad.stderr

    def test_eval_fails_by_default_below_a_full_pass_rate_and_names_the_causes(self, tmp_path: Path) -> None:
        scenario = ROOT / "scenarios" / "shop_refund_payment_error.yaml"
        agent = "synthworld.examples.agents:hasty_refund_agent"
        done = synthworld_command(
            "eval", str(scenario), "--seeds", "3", "--agent", agent, "--no-progress", cwd=tmp_path
        )
        assert done.returncode == 1
        assert "failure causes:" in done.stdout
        assert re.search(r"\s3 x .+: shop_refund_payment_error\[seed=0\]", done.stdout)
        lenient = synthworld_command(
            "eval",
            str(scenario),
            "--seeds",
            "3",
            "--agent",
            agent,
            "--no-progress",
            "--fail-under",
            "0",
            cwd=tmp_path,
        )
        assert lenient.returncode == 0

    def test_eval_help_states_the_exit_rule(self, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit):
            cli(["eval", "--help"])
        assert "default 1: any failed run fails the command" in " ".join(capsys.readouterr().out.split())


def test_plot_legends_sit_outside_the_data() -> None:
    from synthworld.eval import evaluate

    report = evaluate([str(ROOT / "scenarios" / "shop_refund.yaml")], seeds=2, progress=False)
    figure = report.plot()
    figure.canvas.draw()
    for axes in figure.axes:
        legend = axes.get_legend()
        if legend is not None:
            assert legend.get_window_extent().x0 >= axes.get_window_extent().x1


def test_the_readme_section_works_from_a_fresh_directory(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files = re.findall(r"^```\w+ file=(\S+)\n(.*?)^```", readme, flags=re.S | re.M)
    assert [name for name, _ in files] == ["tracker.py", "triage.py", "close_ticket.yaml"]
    for name, text in files:
        (tmp_path / name).write_text(text, encoding="utf-8")
    validate = synthworld_command("validate", "close_ticket.yaml", cwd=tmp_path)
    assert validate.returncode == 0, validate.stderr
    run = synthworld_command("run", "close_ticket.yaml", cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("verdict: PASS") == 2
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "close_ticket.yaml"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert tests.returncode == 0, tests.stdout
    assert "2 passed" in tests.stdout
