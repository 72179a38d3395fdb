"""What frameworks read of `world.stub(name)`: its docstring, and the names of its types.

Its Args name each parameter as the signature does (``user_id`` for ``user-id``), a description
of several lines stays one entry (continuation lines indented), and a parameter without a
description still has text (smolagents' ``tool`` refuses an argument without; it reads an empty
entry as swallowing the next one). pydantic-ai, LangChain's ``tool(parse_docstring=True)`` and the
Agents SDK's ``function_tool`` (dev dependencies) then give the model every description whole;
before, a renamed parameter lost its description (LangChain refused the stub) and a second line
of a description was dropped. smolagents, LlamaIndex and the others: bench/frameworks_more.py.
"""

from __future__ import annotations

import inspect

import docstring_parser
from agents import function_tool
from langchain_core.tools import tool
from pydantic_ai import Tool

from synthworld import SyntheticWorld, ToolSpec

PARAMETERS = {
    "type": "object",
    "properties": {
        "user-id": {"type": "string", "description": "The user id."},
        "from": {"type": "integer"},
        "limit": {"type": "integer", "default": 10, "description": "How many users\n  at most."},
        "active": {"type": "boolean"},
    },
    "required": ["user-id", "active"],
}
GET_USER = ToolSpec("get_user", "Fetch a user by id.", PARAMETERS, {"type": "object"})
DESCRIBED = {
    "user_id": "The user id.",
    "active": "Required.",
    "from_": "Optional.",
    "limit": "How many users\nat most.",
}


def make_stub() -> object:
    world = SyntheticWorld(seed=1)
    world.register_tool(GET_USER)
    return world.stub("get_user")


def test_the_docstring_names_the_signature_and_describes_each_parameter() -> None:
    stub = make_stub()
    assert list(inspect.signature(stub).parameters) == ["user_id", "active", "from_", "limit"]  # type: ignore[arg-type]
    assert stub.__doc__ == "\n".join(
        [
            "Fetch a user by id.",
            "",
            "Args:",
            "    user_id (str): The user id.",
            "    from_ (int): Optional.",
            "    limit (int): How many users",
            "        at most.",
            "    active (bool): Required.",
            "",
            "Returns:",
            "    dict:",
        ]
    )


def test_a_docstring_parser_reads_one_entry_per_parameter() -> None:
    parsed = docstring_parser.parse(str(make_stub().__doc__))
    assert parsed.short_description == "Fetch a user by id."
    assert {p.arg_name: p.description for p in parsed.params} == DESCRIBED


def test_a_default_is_said_when_there_is_no_description() -> None:
    world = SyntheticWorld(seed=1)

    @world.tool
    def search(query: str, mode: str = "fast") -> list[str]:
        """Search the records."""

    assert "    mode (str): Optional; default 'fast'." in str(world.stub("search").__doc__)
    schema = {"type": "object", "properties": {"n": {"type": "integer", "default": 3}}}
    world.register_tool(ToolSpec("count", "Count.", schema, {"type": "integer"}))
    assert "    n (int): Optional; default 3." in str(world.stub("count").__doc__)


def test_pydantic_ai_gives_the_model_every_description_whole() -> None:
    properties = Tool(make_stub()).tool_def.parameters_json_schema["properties"]  # type: ignore[arg-type]
    assert {name: schema["description"] for name, schema in properties.items()} == DESCRIBED


def test_langchain_parses_the_docstring_of_a_stub_with_renamed_parameters() -> None:
    described = tool(make_stub(), parse_docstring=True, error_on_invalid_docstring=True)  # type: ignore[call-overload]
    assert described.description == "Fetch a user by id."
    expected = {**DESCRIBED, "limit": "How many users at most."}  # LangChain joins the lines
    assert {name: schema["description"] for name, schema in described.args.items()} == expected


def test_function_tool_gives_the_model_every_description_whole() -> None:
    properties = function_tool(make_stub()).params_json_schema["properties"]  # type: ignore[arg-type]
    assert {name: schema["description"] for name, schema in properties.items()} == DESCRIBED


def test_an_async_stub_has_the_same_docstring() -> None:
    world = SyntheticWorld(seed=1)
    world.register_tool(GET_USER)
    assert world.astub("get_user").__doc__ == make_stub().__doc__


def test_an_object_a_ref_names_keeps_the_name_in_a_framework_schema() -> None:
    """A ``$ref`` to an untitled object (as OpenAPI documents write them) is a TypedDict named for
    it, so a schema built from the stub says ``Address``, not ``Object``."""
    address = {"type": "object", "properties": {"zip": {"type": "string"}}, "required": ["zip"]}
    parameters = {
        "type": "object",
        "properties": {"ship_to": {"$ref": "#/$defs/Address"}, "bill_to": {"$ref": "#/$defs/Address"}},
        "required": ["ship_to"],
        "$defs": {"Address": address},
    }
    world = SyntheticWorld(seed=1)
    world.register_tool(ToolSpec("ship", "Ship an order.", parameters, {"type": "object"}))
    hint = inspect.signature(world.stub("ship")).parameters["ship_to"].annotation
    assert hint.__name__ == "Address"
    schema = Tool(world.stub("ship")).tool_def.parameters_json_schema  # type: ignore[arg-type]
    assert schema["properties"]["ship_to"]["$ref"] == "#/$defs/Address"
    assert schema["$defs"]["Address"]["required"] == ["zip"]
