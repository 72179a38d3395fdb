"""A real MCP server from the registry, `mcp-server-time` (a dev dependency; written on the `mcp`
package's MCPServer), twinned with `from_mcp` and compared with its twin call for call: the same
listing, answers of the same shape (structured content under the same keys, its text written as
the server writes it, valid against the output schema for arguments drawn from the input
schema), and the server's own errors passed on in its own words when it answers through
`McpBackend`, live and replayed from the cassette. The real answers hold the wall clock's time,
so only their shape is compared; the twin's values are pinned by seed elsewhere."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import jsonschema
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld import FixtureBackend, McpBackend, SyntheticWorld
from synthworld.schema import generate
from synthworld.serve.mcp import build_server

TIME = [sys.executable, "-m", "mcp_server_time", "--local-timezone", "Etc/UTC"]
LIMIT = 60.0
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("get_current_time", {"timezone": "Europe/Warsaw"}),
    ("convert_time", {"source_timezone": "Europe/Warsaw", "time": "16:30", "target_timezone": "Asia/Tokyo"}),
]
BAD_ZONE = ("get_current_time", {"timezone": "Nowhere/Bad"})


def dumped(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def shape(value: Any) -> Any:
    """What an agent reading `value` relies on: its keys, all the way down, and its leaves' types."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


async def session(client: Client, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The listing and the result of each call."""
    tools = [dumped(tool) for tool in (await client.list_tools()).tools]
    results = [await client.call_tool(name, arguments) for name, arguments in calls]
    return {"tools": tools, "results": results}


async def real(calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    params = StdioServerParameters(command=TIME[0], args=TIME[1:])
    async with Client(stdio_client(params), read_timeout_seconds=LIMIT) as client:
        return await session(client, calls)


async def twin(world: SyntheticWorld, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    async with Client(build_server(world)) as client:
        return await session(client, calls)


def test_the_twin_lists_what_the_server_lists_and_answers_in_its_shape() -> None:
    answered = anyio.run(real, CALLS)
    with SyntheticWorld.from_mcp(TIME, seed=5, timeout=LIMIT) as world:
        twinned = anyio.run(twin, world, CALLS)
    assert twinned["tools"] == answered["tools"]
    assert [tool["name"] for tool in answered["tools"]] == ["get_current_time", "convert_time"]
    for mine, theirs in zip(twinned["results"], answered["results"], strict=True):
        assert (mine.is_error, theirs.is_error) == (False, False)
        assert shape(mine.structured_content) == shape(theirs.structured_content)
        for result in (mine, theirs):  # one text block: the structured content, as MCPServer indents it
            [block] = result.content
            assert block.text == json.dumps(result.structured_content, indent=2, ensure_ascii=False)


def test_answers_to_arguments_drawn_from_the_input_schema_fit_the_output_schema() -> None:
    with SyntheticWorld.from_mcp(TIME, seed=5, timeout=LIMIT) as world:
        calls = [
            (name, generate(spec.parameters, seed)) for name, spec in world.tools.items() for seed in range(3)
        ]
        twinned = anyio.run(twin, world, calls)
    outputs = {tool["name"]: tool["outputSchema"] for tool in twinned["tools"]}
    for (name, _), result in zip(calls, twinned["results"], strict=True):
        assert result.is_error is False
        checker = jsonschema.FormatChecker()
        jsonschema.validate(result.structured_content, outputs[name], format_checker=checker)


def test_the_servers_own_error_reaches_the_agent_in_its_words_live_and_replayed(tmp_path: Path) -> None:
    """`synthworld serve --mcp SERVER --record` stands in for the server: an error it reports
    (``isError``, "Error executing tool ...: Invalid timezone ...") reaches the agent as the server
    wrote it, not wrapped in synthworld's ``{"error": {...}}`` envelope, and so does its replay."""
    [expected] = anyio.run(real, [BAD_ZONE])["results"]
    assert expected.is_error is True
    cassette = tmp_path / "time.yaml"
    recording = FixtureBackend(cassette, fallback=McpBackend(TIME, timeout=LIMIT))
    with SyntheticWorld.from_mcp(TIME, backend=recording, timeout=LIMIT) as world:
        [live] = anyio.run(twin, world, [BAD_ZONE])["results"]
    with SyntheticWorld(backend=FixtureBackend(cassette, mode="none")) as offline:
        for spec in world.tools.values():
            offline.register_tool(spec)
        [replayed] = anyio.run(twin, offline, [BAD_ZONE])["results"]
    assert "Invalid timezone" in expected.content[0].text
    for result in (live, replayed):
        assert result.is_error is True
        assert dumped(result)["content"] == dumped(expected)["content"]
