"""Hostile input at every door gets a clear synthworld error, in milliseconds (issue 16).

Each case here was a raw TypeError, ValueError, RecursionError or UnicodeEncodeError before, or
took minutes: bad JSON inside inputs, huge integers, lone surrogates, absurd nesting, malformed
provider messages, malformed spec dicts, and YAML alias bombs in every file synthworld reads.
"""

from __future__ import annotations

import datetime
import decimal
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from synthworld import (
    CassetteError,
    ScenarioError,
    SyntheticWorld,
    ToolInputError,
    ToolSpec,
    ToolSpecError,
    UnknownToolError,
)
from synthworld._json import MAX_DEPTH, json_problems
from synthworld.cassette import load_cassette
from synthworld.errors import FormatError
from synthworld.scenario import load_scenario
from synthworld.serve.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[1]


def echo_world(**options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=1, **options)

    @world.tool
    def echo(data: dict, n: int = 0) -> dict:  # type: ignore[type-arg]
        """Echo the data."""

    return world


def nested(depth: int) -> dict[str, Any]:
    root = node = {}
    for _ in range(depth):
        node["a"] = {}
        node = node["a"]
    return root


NOT_JSON = [
    pytest.param(
        {"b": b"x"},
        "$.data.b: b'x' (bytes) is not JSON data; pass text: value.decode() "
        "if it is text, else base64.b64encode(value).decode()",
        id="bytes",
    ),
    pytest.param({"s": {1}}, "$.data.s: {1} (set) is not JSON data; pass a list: sorted(value)", id="set"),
    pytest.param(
        {"d": datetime.datetime(2025, 1, 1)},
        "$.data.d: datetime.datetime(2025, 1, 1, 0, 0) (datetime) is not JSON data; pass value.isoformat() "
        "of an aware value, e.g. value.replace(tzinfo=UTC).isoformat()",
        id="datetime",
    ),
    pytest.param(
        {"o": decimal.Decimal("1.5")},
        "$.data.o: Decimal('1.5') (Decimal) is not JSON data; pass str(value) (or float(value))",
        id="decimal",
    ),
    pytest.param(
        {(1, 2): 1}, "$.data: key (1, 2) is not a string; JSON object keys are strings", id="tuple-key"
    ),
    pytest.param(
        {"x": float("inf")}, "$.data.x: inf is not a JSON number; use a finite number or null", id="inf"
    ),
    pytest.param(
        {"r": 10**5000},
        "$.data.r: an integer of more than 4300 digits cannot be written as JSON; pass it as a string",
        id="huge-int",
    ),
    pytest.param(
        {"s": "a\ud800b"},
        "$.data.s: contains a lone surrogate '\\ud800', which is not UTF-8 text",
        id="surrogate",
    ),
    pytest.param(
        {"l": [1, [2, complex(1, 2)]]}, "$.data.l[1][1]: (1+2j) (complex) is not JSON data", id="complex"
    ),
]


class TestWorldCall:
    @pytest.mark.parametrize(("data", "problem"), NOT_JSON)
    def test_nested_non_json_is_a_tool_input_error_with_its_path(self, data: Any, problem: str) -> None:
        world = echo_world()
        with pytest.raises(ToolInputError) as info:
            world.call("echo", {"data": data, "n": 1})
        assert info.value.problems == [problem]
        assert [call.backend for call in world.trace] == ["validation"]
        json.dumps(json.loads(world.trace.to_json()))  # the rejected call is recorded as writable JSON

    def test_200000_levels_of_nesting_is_refused_at_the_door(self) -> None:
        with pytest.raises(ToolInputError) as info:
            echo_world().call("echo", {"data": nested(200_000)})
        [problem] = info.value.problems
        assert problem.startswith("$.data.a.a.a.a.a")
        assert problem.endswith(f"nested deeper than {MAX_DEPTH} levels; flatten the data")

    def test_nesting_up_to_the_limit_is_fine(self) -> None:
        assert echo_world().call("echo", {"data": nested(MAX_DEPTH - 2)}) is not None

    def test_stub_and_async_and_return_error_policy(self) -> None:
        world = echo_world(on_invalid_input="return_error")
        answer = world.stub("echo")({"b": b"x"})
        assert answer["error"]["code"] == "invalid_input"
        assert answer["error"]["problems"] == [
            "$.data.b: b'x' (bytes) is not JSON data; pass text: value.decode() "
            "if it is text, else base64.b64encode(value).decode()"
        ]
        import asyncio

        answer = asyncio.run(world.acall("echo", {"data": {"x": float("nan")}}))
        assert answer["error"]["problems"] == [
            "$.data.x: nan is not a JSON number; use a finite number or null"
        ]

    def test_build_input_checks_the_values(self) -> None:
        spec = echo_world().tools["echo"]
        with pytest.raises(ToolInputError) as info:
            spec.build_input({"when": datetime.date(2025, 1, 2)})
        assert info.value.problems == [
            "$.data.when: datetime.date(2025, 1, 2) (date) is not JSON data; pass value.isoformat()"
        ]

    def test_a_tool_name_that_is_not_a_string(self) -> None:
        with pytest.raises(
            UnknownToolError, match=r"a tool name is a string, got int 123; registered tools: echo"
        ):
            echo_world().call(123)  # type: ignore[arg-type]

    def test_saving_a_trace_with_a_rejected_surrogate(self, tmp_path: Path) -> None:
        world = echo_world(on_invalid_input="return_error")
        world.call("echo", {"data": {"s": "a\ud800"}})
        saved = world.trace.save(tmp_path / "trace.json")
        assert json.loads(saved.read_text("utf-8"))["calls"][0]["input"] == {"data": {"s": "a\\ud800"}}

    def test_json_problems_stops_after_five(self) -> None:
        assert len(json_problems({str(i): b"x" for i in range(50)})) == 5


class TestDispatch:
    def test_tool_calls_that_are_not_a_list(self) -> None:
        with pytest.raises(FormatError, match="tool_calls must be a list of tool calls, got int 5"):
            echo_world().handle_openai({"tool_calls": 5})

    def test_a_message_that_is_not_a_message(self) -> None:
        with pytest.raises(FormatError, match="must be a dict or an SDK object with model_dump"):
            echo_world().handle_openai([object()])

    def test_arguments_nested_200000_deep_are_an_error_reply(self) -> None:
        call = {"id": "c1", "type": "function", "function": {"name": "echo", "arguments": "[" * 200_000}}
        [reply] = echo_world().handle_openai({"role": "assistant", "tool_calls": [call]})
        error = json.loads(reply["content"])["error"]
        assert error["code"] == "invalid_input"
        assert error["message"] == "arguments for tool 'echo' nest deeper than 200 levels; send flatter JSON"

    def test_anthropic_input_nested_200000_deep_is_an_error_reply(self) -> None:
        block = {"type": "tool_use", "id": "t1", "name": "echo", "input": {"data": nested(200_000)}}
        [reply] = echo_world().handle_anthropic([block])
        assert reply["is_error"] is True
        assert "nested deeper than 200 levels" in json.loads(reply["content"])["error"]["problems"][0]

    def test_a_huge_number_in_arguments_text(self) -> None:
        call = {
            "id": "c1",
            "type": "function",
            "function": {"name": "echo", "arguments": '{"data": {"r": 1%s}}' % ("0" * 5000)},
        }
        [reply] = echo_world().handle_openai([call])
        assert json.loads(reply["content"])["error"] == {
            "code": "invalid_input",
            "message": "arguments for tool 'echo': an integer of 5001 digits is too long to read; "
            "send it as a string",
            "problems": ["$: an integer of 5001 digits is too long to read; send it as a string"],
        }


class TestSpecDicts:
    BASE: dict[str, Any] = ToolSpec("t", "d", {"type": "object", "properties": {}}, {}).to_dict()

    @pytest.mark.parametrize(
        ("extra", "message"),
        [
            ({"annotations": {"evil": 1}}, "annotations has no field 'evil'; valid fields: read_only"),
            ({"annotations": {"read_only": "yes"}}, "annotations.read_only must be bool or null, got str"),
            ({"bindings": [{"nope": 1}]}, "bindings[0] needs 'param'"),
            ({"bindings": [5]}, "bindings[0] must be an object, got int"),
            ({"examples": 5}, "examples must be list, got int"),
            ({"output_limit": True}, "output_limit must be int or null, got bool"),
            ({1: 2}, "unknown ['1']"),
        ],
    )
    def test_each_bad_part_is_named(self, extra: dict[Any, Any], message: str) -> None:
        with pytest.raises(ToolSpecError, match=message.replace("[", r"\[").replace("(", r"\(")):
            ToolSpec.from_dict({**self.BASE, **extra})


# -- YAML read by synthworld -------------------------------------------------------------------


def alias_bomb(levels: int, indent: str = "") -> str:
    lines = [f"{indent}a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"{indent}a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


class TestYaml:
    @pytest.mark.parametrize("levels", [7, 8])
    def test_a_scenario_alias_bomb_is_refused_with_its_line(self, tmp_path: Path, levels: int) -> None:
        path = tmp_path / "bomb.yaml"
        head = "synthworld_scenario: 1\nname: bomb\ntools: synthworld.examples.shop\nstate:\n"
        path.write_text(head + alias_bomb(levels, "  "), encoding="utf-8")
        with pytest.raises(ScenarioError, match=r"bomb.yaml:10: aliases expand the document by more than"):
            load_scenario(path)

    def test_aliases_within_the_budget_still_work(self, tmp_path: Path) -> None:
        path = tmp_path / "dry.yaml"
        path.write_text(
            "synthworld_scenario: 1\nname: dry\ntools: synthworld.examples.shop\n"
            "state:\n  defaults: &d {currency: EUR}\n  copy: *d\n  when: 2025-01-02\n",
            encoding="utf-8",
        )
        state = load_scenario(path).data["state"]
        assert state == {"defaults": {"currency": "EUR"}, "copy": {"currency": "EUR"}, "when": "2025-01-02"}

    def test_a_scenario_nested_too_deeply(self, tmp_path: Path) -> None:
        path = tmp_path / "deep.yaml"
        path.write_text("synthworld_scenario: 1\nstate: " + "[" * 400 + "]" * 400 + "\n", encoding="utf-8")
        with pytest.raises(ScenarioError, match="collections nest deeper than 300 levels"):
            load_scenario(path)

    def test_a_scenario_over_the_size_limit(self, tmp_path: Path) -> None:
        path = tmp_path / "big.yaml"
        path.write_text("synthworld_scenario: 1\n# " + "x" * (3 * 2**20) + "\n", encoding="utf-8")
        with pytest.raises(
            ScenarioError, match=r"big.yaml: cannot read the scenario file: the scenario file is"
        ):
            load_scenario(path)

    def test_a_cassette_alias_bomb(self, tmp_path: Path) -> None:
        path = tmp_path / "bomb.yaml"
        path.write_text(
            "synthworld_cassette: 1\ninteractions: []\nx:\n" + alias_bomb(8, "  "), encoding="utf-8"
        )
        with pytest.raises(CassetteError, match=r"bomb.yaml, line 9: aliases expand the document"):
            load_cassette(path)

    def test_generate_refuses_a_bomb(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "schema.yaml"
        path.write_text("type: object\nexamples:\n" + alias_bomb(8, "  "), encoding="utf-8")
        assert cli_main(["generate", str(path)]) == 2
        assert "aliases expand the document by more than" in capsys.readouterr().err


# -- cassettes hold what the agent saw -----------------------------------------------------------


USER_WORLD = """
import sys
from typing import TypedDict
from synthworld import FixtureBackend, RandomBackend, SyntheticWorld

class User(TypedDict):
    user_id: str
    name: str

world = SyntheticWorld(seed=4, backend=FixtureBackend(sys.argv[1], mode="once", fallback=RandomBackend()))

@world.tool
def get_user(user_id: str) -> User:
    '''Fetch a user.'''

print(world.call("get_user", {"user_id": "u0"})["user_id"])
"""


def user_world(cassette: Path, mode: str = "once") -> SyntheticWorld:
    from synthworld import FixtureBackend, RandomBackend

    world = SyntheticWorld(seed=4, backend=FixtureBackend(cassette, mode=mode, fallback=RandomBackend()))
    spec = ToolSpec(
        "get_user",
        "Fetch a user.",
        {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]},
        {
            "type": "object",
            "properties": {"user_id": {"type": "string"}, "name": {"type": "string"}},
            "required": ["user_id", "name"],
        },
    )
    world.register_tool(spec)
    return world


class TestCassettes:
    def test_the_cassette_holds_the_answer_the_agent_saw(self, tmp_path: Path) -> None:
        cassette = tmp_path / "users.yaml"
        with user_world(cassette) as world:
            seen = world.call("get_user", {"user_id": "u0"})
        assert seen["user_id"] == "u0"  # echoed from the input
        [interaction] = load_cassette(cassette).interactions
        assert interaction.output == seen
        with user_world(cassette, mode="none") as replay:
            assert replay.call("get_user", {"user_id": "u0"}) == seen

    def test_a_run_that_never_closes_its_world_leaves_a_whole_cassette(self, tmp_path: Path) -> None:
        cassette = tmp_path / "users.yaml"
        done = subprocess.run(
            [sys.executable, "-c", USER_WORLD, str(cassette)],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            env={"PYTHONPATH": str(ROOT)},
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "u0"
        assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["users.yaml"]
        assert load_cassette(cassette).interactions[0].output["user_id"] == "u0"

    @pytest.mark.parametrize("fingerprint", ['"x"', "[1, 2]", '{"parameters": 1}', '{"a": "b"}'])
    def test_a_journal_line_with_a_bad_fingerprint(self, tmp_path: Path, fingerprint: str) -> None:
        cassette = tmp_path / "c.yaml"
        journal = tmp_path / "c.yaml.journal"
        line = f'{{"tool": "t", "input": {{}}, "output": 1, "fingerprint": {fingerprint}}}\n'
        journal.write_text(line, encoding="utf-8")
        with pytest.raises(CassetteError, match=r"c.yaml.journal, line 1: not a journal entry"):
            load_cassette(cassette)


def test_the_yaml_library_itself_is_not_used_unbounded() -> None:
    """Every YAML read in the package goes through synthworld._yaml (no yaml.load/safe_load)."""
    direct = re.compile(r"(?<![\w.])yaml\.(load|safe_load|full_load|unsafe_load|compose)\(")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "synthworld").rglob("*.py")
        if path.parent.name != "_yaml" and direct.search(path.read_text("utf-8"))
    ]
    assert offenders == []
    assert direct.search("data = yaml.safe_load(text)")  # the check itself can fail


# -- the MCP server ------------------------------------------------------------------------------


def mcp_echo_world() -> SyntheticWorld:
    from tests.mcp_worlds.echo import world

    world.reset()
    return world


class TestMcpServer:
    @pytest.mark.parametrize(
        ("data", "problem"),
        [
            ({"x": 10**5000}, "$.data.x: an integer of more than 4300 digits"),
            ({"s": "a\ud800"}, "$.data.s: contains a lone surrogate"),
        ],  # (the in-memory client turns inf into null and refuses deep nesting itself: see HTTP)
    )
    def test_in_process_hostile_arguments_are_error_results(self, data: Any, problem: str) -> None:
        import anyio
        from mcp import Client

        from synthworld.serve.mcp import build_server

        async def main() -> Any:
            with anyio.fail_after(30):
                async with Client(build_server(mcp_echo_world())) as client:
                    return await client.call_tool("echo", {"data": data})

        result = anyio.run(main)
        assert result.is_error is True
        assert problem in json.loads(result.content[0].text)["error"]["problems"][0]

    def test_over_streamable_http_an_infinite_number_is_an_error_result(self, tmp_path: Path) -> None:
        from tests.test_mcp_e2e import SERVE, free_port, server_env, wait_for_port

        port = free_port()
        command = [*SERVE, "tests/mcp_worlds/echo.py", "--transport", "streamable-http", "--port", str(port)]
        with (tmp_path / "log.txt").open("w") as log:
            server = subprocess.Popen(command, cwd=ROOT, env=server_env(), stdout=log, stderr=log)
            try:
                wait_for_port(server, port)
                replies = raw_mcp_calls(f"http://127.0.0.1:{port}/mcp", ['{"x": 1e400}', '{"y": [1]}'])
            finally:
                server.kill()
                server.wait(timeout=30)
        assert replies[0]["result"]["isError"] is True
        assert "$.data.x: inf is not a JSON number" in replies[0]["result"]["content"][0]["text"]
        assert replies[1]["result"]["isError"] is False
        assert "Traceback" not in (tmp_path / "log.txt").read_text()


def raw_mcp_calls(url: str, data_texts: list[str]) -> list[dict[str, Any]]:
    """Call ``echo`` with each raw JSON text as ``data``, over HTTP without an MCP client (which
    would refuse to send such JSON), after the protocol's handshake."""
    import urllib.request

    headers = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}

    def post(body: str) -> tuple[str, str]:
        request = urllib.request.Request(url, data=body.encode(), headers=headers, method="POST")
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.headers.get("mcp-session-id", ""), response.read().decode()

    hello = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    session, _ = post(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}))
    headers["mcp-session-id"] = session
    post(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    replies = []
    for index, text in enumerate(data_texts, start=2):
        params = '{"name": "echo", "arguments": {"data": ' + text + "}}"
        _, body = post(f'{{"jsonrpc": "2.0", "id": {index}, "method": "tools/call", "params": {params}}}')
        replies.append(json.loads(body.split("data: ", 1)[1]))
    return replies
