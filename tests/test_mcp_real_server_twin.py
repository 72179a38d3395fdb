"""A real MCP server from the registry, `mcp-server-time` (a dev dependency; written on the `mcp`
package's MCPServer), twinned with `from_mcp` and compared with its twin call for call: the same
listing, answers of the same shape (structured content under the same keys, its text written as
the server writes it, valid against the output schema for arguments drawn from the input
schema), and the server's own errors passed on in its own words when it answers through
`McpBackend`, live and replayed from the cassette. The real answers hold the wall clock's time,
so their shape is compared, and that their times agree with the zones asked for as the twin's do
(the twin's values pinned by seed). The twin's own
failures (bad arguments, an injected fault) read as the server's do: ``Error executing tool NAME:
...``, as MCPServer writes them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from synthworld import FixtureBackend, McpBackend, SyntheticWorld, ToolSpec, mcp_tools
from synthworld.schema import generate
from synthworld.serve.mcp import build_server
from tests._time_support import CONVERSION_SEED_5, agreement, said

TIME = [sys.executable, "-m", "mcp_server_time", "--local-timezone", "Etc/UTC"]
LIMIT = 60.0
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("get_current_time", {"timezone": "Europe/Warsaw"}),
    ("convert_time", {"source_timezone": "Europe/Warsaw", "time": "16:30", "target_timezone": "Asia/Tokyo"}),
]
BAD_ZONE = ("get_current_time", {"timezone": "Nowhere/Bad"})
NO_ZONE: tuple[str, dict[str, Any]] = ("get_current_time", {})


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


@pytest.fixture(scope="module")
def answered() -> dict[str, Any]:
    """The real server's listing, and its answers to `CALLS`, `BAD_ZONE` and `NO_ZONE` (one session)."""
    return anyio.run(real, [*CALLS, BAD_ZONE, NO_ZONE])


@pytest.fixture(scope="module")
def specs() -> list[ToolSpec]:
    """The server's tools as `mcp_tools` reads them (what `from_mcp` registers)."""
    return mcp_tools(TIME, timeout=LIMIT)


def twin_world(specs: list[ToolSpec]) -> SyntheticWorld:
    world = SyntheticWorld(seed=5)
    for spec in specs:
        world.register_tool(spec)
    return world


def test_the_twin_lists_what_the_server_lists_and_answers_in_its_shape(
    answered: dict[str, Any], specs: list[ToolSpec]
) -> None:
    with twin_world(specs) as world:
        twinned = anyio.run(twin, world, CALLS)
    assert twinned["tools"] == answered["tools"]
    assert [tool["name"] for tool in answered["tools"]] == ["get_current_time", "convert_time"]
    for mine, theirs in zip(twinned["results"], answered["results"][: len(CALLS)], strict=True):
        assert (mine.is_error, theirs.is_error) == (False, False)
        assert shape(mine.structured_content) == shape(theirs.structured_content)
        for result in (mine, theirs):  # one text block: the structured content, as MCPServer indents it
            [block] = result.content
            assert block.text == json.dumps(result.structured_content, indent=2, ensure_ascii=False)


def test_answers_to_arguments_drawn_from_the_input_schema_fit_the_output_schema(
    specs: list[ToolSpec],
) -> None:
    calls = [(spec.name, generate(spec.parameters, seed)) for spec in specs for seed in range(3)]
    with twin_world(specs) as world:
        twinned = anyio.run(twin, world, calls)
    outputs = {tool["name"]: tool["outputSchema"] for tool in twinned["tools"]}
    for (name, _), result in zip(calls, twinned["results"], strict=True):
        assert result.is_error is False
        checker = jsonschema.FormatChecker()
        jsonschema.validate(result.structured_content, outputs[name], format_checker=checker)


def test_the_servers_own_error_reaches_the_agent_in_its_words_live_and_replayed(
    answered: dict[str, Any], specs: list[ToolSpec], tmp_path: Path
) -> None:
    """`synthworld serve --mcp SERVER --record` stands in for the server: an error it reports
    (``isError``, "Error executing tool ...: Invalid timezone ...") reaches the agent as the server
    wrote it, not wrapped in synthworld's ``{"error": {...}}`` envelope, and so does its replay."""
    expected = answered["results"][len(CALLS)]
    assert expected.is_error is True
    assert "Invalid timezone" in expected.content[0].text
    cassette = tmp_path / "time.yaml"
    results = []
    for mode in ("once", "none"):  # live (the real server answers, and is recorded), then replayed
        fallback = McpBackend(TIME, timeout=LIMIT) if mode == "once" else None
        with SyntheticWorld(backend=FixtureBackend(cassette, mode=mode, fallback=fallback)) as world:
            for spec in specs:
                world.register_tool(spec)
            results += anyio.run(twin, world, [BAD_ZONE])["results"]
    for result in results:
        assert result.is_error is True
        assert dumped(result)["content"] == dumped(expected)["content"]


def test_the_twins_failures_read_as_the_servers_do(answered: dict[str, Any], specs: list[ToolSpec]) -> None:
    """Bad arguments and an injected fault, as MCPServer words a failure (not synthworld's JSON)."""
    theirs = answered["results"][-1]
    with twin_world(specs) as world:
        world.add_faults([{"tool": "convert_time", "error": "rate_limit"}])
        bad, fault = anyio.run(twin, world, [NO_ZONE, CALLS[1]])["results"]
    assert [theirs.is_error, bad.is_error, fault.is_error] == [True, True, True]
    prefix = "Error executing tool get_current_time: "
    assert theirs.content[0].text.startswith(prefix)
    assert bad.content[0].text.startswith(prefix + "invalid input for tool 'get_current_time': ")
    assert "'timezone' is a required property" in bad.content[0].text
    assert fault.content[0].text == "Error executing tool convert_time: rate limit exceeded; retry after 1s"


def time_results(name: str, arguments: dict[str, Any], content: dict[str, Any]) -> list[tuple[str, Any]]:
    """``(zone asked for, time result)`` of an answer: one for ``get_current_time``, a source and a
    target for ``convert_time``."""
    if name == "get_current_time":
        return [(arguments["timezone"], content)]
    return [(arguments[f"{side}_timezone"], content[side]) for side in ("source", "target")]


ZONES = ["Europe/Oslo", "America/Sao_Paulo", "Australia/Sydney", "Asia/Kathmandu", "Etc/UTC"]


def test_the_twins_times_agree_with_the_zones_asked_for_as_the_servers_do(
    answered: dict[str, Any], specs: list[ToolSpec]
) -> None:
    """Each time result names the zone its argument asked for (``source.timezone`` the
    ``source_timezone``), writes its date-time in that zone's offset, and says the weekday and
    summer time of that instant there: what the real server answers, and now its twin."""
    more = [("get_current_time", {"timezone": zone}) for zone in ZONES]
    with twin_world(specs) as world:
        twinned = anyio.run(twin, world, [*CALLS, *more])["results"]
    real = answered["results"][: len(CALLS)]
    for calls, results in ((CALLS, real), ([*CALLS, *more], twinned)):
        for (name, arguments), result in zip(calls, results, strict=True):
            for zone, found in time_results(name, arguments, result.structured_content):
                assert said(found) == agreement(zone, found)
    assert [result.structured_content for result in twinned[: len(CALLS)]] == PINNED


PINNED = [
    {
        "timezone": "Europe/Warsaw",
        "datetime": "2025-01-01T01:00:00+01:00",  # the world's clock (a drawn 2024-04-26 before)
        "day_of_week": "Wednesday",
        "is_dst": False,
    },
    CONVERSION_SEED_5,
]
"""The twin's answers to `CALLS` (world seed 5)."""
