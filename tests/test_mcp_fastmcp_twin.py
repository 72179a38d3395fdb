"""A twin of a FastMCP server lists and answers as FastMCP does. The listing is FastMCP 4.2.3's,
copied as it listed these tools (``nums(n: int) -> list[int]``, ``greet(name: str) -> str``,
``point() -> TypedDict``, ``nothing() -> None``), and the expected texts are what it answered:
a string as it is, anything else one block of compact JSON, no block for None, a failure
``Error calling tool 'NAME': ...``, bad arguments the message alone. Served in-process with the
real `mcp` client."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.backends import CallContext
from synthworld.serve.mcp import build_server

META = {"fastmcp": {"tags": []}}
LISTING: list[dict[str, Any]] = [
    {
        "name": "nums",
        "title": "Nums",
        "description": "Numbers up to n.",
        "inputSchema": {
            "properties": {"n": {"type": "integer"}},
            "required": ["n"],
            "type": "object",
            "additionalProperties": False,
        },
        "outputSchema": {
            "properties": {"result": {"items": {"type": "integer"}, "type": "array"}},
            "required": ["result"],
            "type": "object",
            "x-fastmcp-wrap-result": True,
        },
        "_meta": META,
    },
    {
        "name": "greet",
        "title": "Greet",
        "description": "Say hello.",
        "inputSchema": {
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
            "type": "object",
            "additionalProperties": False,
        },
        "outputSchema": {
            "properties": {"result": {"type": "string"}},
            "required": ["result"],
            "type": "object",
            "x-fastmcp-wrap-result": True,
        },
        "_meta": META,
    },
    {
        "name": "point",
        "title": "Point",
        "description": "A point.",
        "inputSchema": {"properties": {}, "type": "object", "additionalProperties": False},
        "outputSchema": {
            "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
            "required": ["a", "b"],
            "type": "object",
        },
        "_meta": META,
    },
    {
        "name": "nothing",
        "title": "Nothing",
        "description": "Nothing at all.",
        "inputSchema": {"properties": {}, "type": "object", "additionalProperties": False},
        "_meta": META,
    },
]
VALUES = {"nums": [0, 1, 2], "greet": "hello Ada", "point": {"a": 1, "b": "é"}, "nothing": None}


def answer(ctx: CallContext) -> Any:
    return VALUES[ctx.spec.name]


def dumped(model: Any) -> Any:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def served(calls: list[tuple[str, dict[str, Any]]], faults: list[dict[str, Any]]) -> dict[str, Any]:
    world = SyntheticWorld(backend=FunctionBackend(answer))
    for tool in LISTING:
        world.register_tool(ToolSpec.from_mcp(tool))
    world.add_faults(faults)
    async with Client(build_server(world)) as client:
        tools = [dumped(tool) for tool in (await client.list_tools()).tools]
        return {"tools": tools, "results": [dumped(await client.call_tool(*call)) for call in calls]}


def texts(result: dict[str, Any]) -> list[str]:
    return [block["text"] for block in result["content"]]


def test_a_fastmcp_tool_is_listed_as_fastmcp_listed_it() -> None:
    assert anyio.run(served, [], [])["tools"] == LISTING


@pytest.mark.parametrize(
    ("name", "arguments", "text", "structured"),
    [
        ("nums", {"n": 3}, ["[0,1,2]"], {"result": [0, 1, 2]}),
        ("greet", {"name": "Ada"}, ["hello Ada"], {"result": "hello Ada"}),
        ("point", {}, ['{"a":1,"b":"é"}'], {"a": 1, "b": "é"}),
        ("nothing", {}, [], None),
    ],
)
def test_answers_are_written_as_fastmcp_writes_them(
    name: str, arguments: dict[str, Any], text: list[str], structured: Any
) -> None:
    [result] = anyio.run(served, [(name, arguments)], [])["results"]
    assert (texts(result), result.get("structuredContent"), result["isError"]) == (text, structured, False)


def test_failures_are_worded_as_fastmcp_words_them() -> None:
    fault = [{"tool": "greet", "error": "not_found", "message": "no such person"}]
    bad, failed = anyio.run(served, [("nums", {}), ("greet", {"name": "Bo"})], fault)["results"]
    assert bad["isError"] is True
    assert texts(bad)[0].startswith("invalid input for tool 'nums': $: 'n' is a required property")
    assert (failed["isError"], texts(failed)) == (True, ["Error calling tool 'greet': no such person"])
