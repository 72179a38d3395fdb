"""How an MCP server presents a tool (title, icons, ``_meta``, annotations) survives
``ToolSpec.from_mcp`` -> ``to_mcp``, and how a twin writes the text of an answer as MCPServer
does (its unmarked ``{"result": ...}`` wrapper unwrapped). See tests/test_mcp_helpdesk_twin.py
for the same against a live server."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import ToolSpec
from synthworld.formats.mcp_listing import answer_texts

PARAMETERS = {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
LISTED = {
    "name": "find",
    "title": "Find things",
    "description": "Find things.",
    "inputSchema": PARAMETERS,
    "icons": [{"src": "https://example.com/find.png", "mimeType": "image/png", "sizes": ["48x48"]}],
    "annotations": {"readOnlyHint": True},
    "_meta": {"example.com/team": "search"},
    "execution": {"taskSupport": "optional"},
}
WRAPPER = {
    "type": "object",
    "title": "countOutput",
    "properties": {"result": {"title": "Result", "type": "array", "items": {}}},
    "required": ["result"],
}


def listed(tool: Any) -> dict[str, Any]:
    data: dict[str, Any] = tool.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


def test_a_tool_is_listed_again_as_its_server_listed_it() -> None:
    """Before, the title moved into the annotations and the icons, _meta and execution were lost."""
    spec = ToolSpec.from_mcp(LISTED)
    assert listed(spec.to_mcp()) == LISTED
    assert listed(ToolSpec.from_dict(spec.to_dict()).to_mcp()) == LISTED  # kept with the spec
    assert spec.annotations.title == "Find things"  # every other format still shows the title


def test_a_title_in_both_places_stays_in_both() -> None:
    both = {**LISTED, "annotations": {"title": "Find", "readOnlyHint": True}}
    assert listed(ToolSpec.from_mcp(both).to_mcp()) == both
    assert ToolSpec.from_mcp(both).annotations.title == "Find"


@pytest.mark.parametrize(
    ("value", "texts"),
    [
        ({"result": [{"id": 1}, "b"]}, ['{\n  "id": 1\n}', "b"]),
        ({"result": 3}, ["3"]),
        ({"result": "plain"}, ["plain"]),
        ({"result": None}, []),
    ],
    ids=["list", "number", "string", "null"],
)
def test_mcpserver_wrapped_answers_are_written_unwrapped(value: Any, texts: list[str]) -> None:
    """The mcp package's MCPServer writes the wrapped value, one block per item of a list."""
    spec = ToolSpec.from_mcp({"name": "count", "inputSchema": PARAMETERS, "outputSchema": WRAPPER})
    assert answer_texts(spec, value, structured=True) == texts


def test_an_mcpserver_object_answer_is_indented_as_mcpserver_indents_it() -> None:
    arguments = {**PARAMETERS, "title": "findArguments"}  # MCPServer's title for the input model
    returns = {"type": "object", "properties": {"id": {"type": "integer"}}, "title": "Found"}
    spec = ToolSpec.from_mcp({"name": "find", "inputSchema": arguments, "outputSchema": returns})
    assert answer_texts(spec, {"id": 1}, structured=True) == ['{\n  "id": 1\n}']


def test_other_answers_are_written_as_json_and_a_content_tool_string_as_it_is() -> None:
    marked = {**WRAPPER, "title": "Counted"}  # no "<function>Output": a real {"result": ...} object
    spec = ToolSpec.from_mcp({"name": "count", "inputSchema": PARAMETERS, "outputSchema": marked})
    assert answer_texts(spec, {"result": [1]}, structured=True) == ['{"result": [1]}']
    content = ToolSpec.from_mcp({"name": "say", "inputSchema": PARAMETERS})
    assert answer_texts(content, "Hello, Ann!", structured=False) == ["Hello, Ann!"]
    assert answer_texts(content, {"a": 1}, structured=False) == ['{"a": 1}']
