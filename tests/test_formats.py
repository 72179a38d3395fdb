"""Provider formats: OpenAI (both APIs), Anthropic, MCP and prompt; shapes checked against the SDKs."""

from __future__ import annotations

import dataclasses
import enum
import json
import warnings
from typing import Any, Literal, Optional, TypedDict

import anthropic.types
import jsonschema
import mcp.types
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletionToolParam
from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

from synthworld import SyntheticWorld, SynthworldWarning, ToolAnnotations, ToolSpec, ToolSpecError
from synthworld.formats import strict_problems
from synthworld.formats.mcp import structured_content

# -- specs with nested, optional, enum and recursive types ------------------------------------


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Address(TypedDict):
    street: str
    zip: str | None


@dataclasses.dataclass
class Node:
    name: str
    children: list[Node]


def create_ticket(
    title: str,
    tree: Node,
    color: Color,
    priority: Literal["low", "high"] = "low",
    address: Optional[Address] = None,  # noqa: UP045 - the spelling under test
    tags: list[str] | None = None,
) -> Node:
    """Open a ticket.

    Args:
        title: A one-line summary.
    """


def list_colors(limit: int = 3) -> list[Color]:
    """Every known colour."""


STRICT = ToolSpec(
    "lookup",
    "Look a word up.",
    {
        "type": "object",
        "properties": {
            "word": {"type": "string"},
            "lang": {"type": ["string", "null"], "enum": ["en", "de", None]},
            "filters": {
                "type": "object",
                "properties": {"exact": {"type": "boolean"}},
                "required": ["exact"],
                "additionalProperties": False,
            },
        },
        "required": ["word", "lang", "filters"],
        "additionalProperties": False,
    },
    {"type": "object", "properties": {"definition": {"type": "string"}}},
    annotations=ToolAnnotations(read_only=True, idempotent=True, open_world=False, title="Dictionary"),
)
RICH = ToolSpec.from_function(create_ticket, annotations=ToolAnnotations(destructive=True, idempotent=False))
LISTING = ToolSpec.from_function(list_colors)
ANY_RESULT = ToolSpec("ping", "", {"type": "object", "properties": {}}, {})
OBJECT = {"type": "object"}
SPECS = [STRICT, RICH, LISTING, ANY_RESULT]
IDS = [spec.name for spec in SPECS]


def schema_view(spec: ToolSpec) -> dict[str, Any]:
    return spec.to_schema()


# -- OpenAI -----------------------------------------------------------------------------------


class TestOpenAI:
    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_chat_form_is_a_chat_completion_tool_param(self, spec: ToolSpec) -> None:
        tool = spec.to_openai()
        TypeAdapter(ChatCompletionToolParam).validate_python(tool)
        assert set(tool) == {"type", "function"}
        assert set(tool["function"]) <= {"name", "description", "parameters", "strict"}
        assert tool["function"]["parameters"] == spec.parameters

    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_responses_form_is_a_function_tool_param(self, spec: ToolSpec) -> None:
        tool = spec.to_openai(api="responses")
        TypeAdapter(FunctionToolParam).validate_python(tool)
        assert set(tool) <= set(FunctionToolParam.__annotations__)
        assert FunctionToolParam.__required_keys__ <= set(tool)
        assert tool["name"] == spec.name

    @pytest.mark.parametrize("api", ["chat", "responses"])
    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_round_trip_keeps_the_schemas(self, spec: ToolSpec, api: str) -> None:
        back = ToolSpec.from_openai(spec.to_openai(api=api), returns=spec.returns)
        assert schema_view(back) == schema_view(spec)

    def test_round_trip_through_json_text(self) -> None:
        wire = json.loads(json.dumps(RICH.to_openai()))
        assert ToolSpec.from_openai(wire).parameters == RICH.parameters

    def test_without_returns_the_import_accepts_any_value(self) -> None:
        assert ToolSpec.from_openai(RICH.to_openai()).returns == {}

    def test_strict_is_automatic(self) -> None:
        assert STRICT.to_openai()["function"]["strict"] is True
        assert "strict" not in RICH.to_openai()["function"]
        assert STRICT.to_openai(api="responses")["strict"] is True
        assert RICH.to_openai(api="responses")["strict"] is False

    def test_strict_false_is_kept_when_asked(self) -> None:
        assert STRICT.to_openai(strict=False)["function"]["strict"] is False

    def test_strict_true_sends_the_strict_form_of_an_open_schema(self) -> None:
        parameters = RICH.to_openai(strict=True)["function"]["parameters"]
        assert strict_problems(parameters) == []
        assert parameters["required"] == ["title", "tree", "color", "priority", "address", "tags"]
        assert parameters["properties"]["priority"] == {
            "anyOf": [{"type": "string", "enum": ["low", "high"]}, {"type": "null"}]
        }
        assert parameters["$defs"]["Node"]["additionalProperties"] is False
        assert RICH.parameters["required"] == ["title", "tree", "color"]  # the spec is left as it was

    def test_strict_problems_walk_nested_objects(self) -> None:
        schema = {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "a": {
                    "type": "array",
                    "items": {"anyOf": [{"type": "object", "properties": {"x": {"type": "string"}}}]},
                }
            },
            "required": ["a"],
        }
        assert strict_problems(schema) == [
            "$.properties.a.items.anyOf[0]: an object needs additionalProperties: false",
            "$.properties.a.items.anyOf[0]: every property must be required, but ['x'] are optional",
        ]

    def test_unknown_api_is_rejected(self) -> None:
        with pytest.raises(ValueError, match="api='assistants'; choose 'chat'"):
            STRICT.to_openai(api="assistants")

    def test_import_reads_sdk_objects(self) -> None:
        from openai.types.responses import FunctionTool

        sdk_tool = FunctionTool.model_validate(STRICT.to_openai(api="responses"))
        assert ToolSpec.from_openai(sdk_tool).parameters == STRICT.parameters

    def test_import_without_name_says_so(self) -> None:
        with pytest.raises(ToolSpecError, match="OpenAI tool definition has no 'name'"):
            ToolSpec.from_openai({"type": "function", "function": {"parameters": {"type": "object"}}})

    def test_import_of_a_non_function_tool_is_rejected(self) -> None:
        with pytest.raises(ToolSpecError, match="only function tools convert"):
            ToolSpec.from_openai({"type": "web_search"})

    def test_import_of_a_broken_schema_is_rejected(self) -> None:
        with pytest.raises(ToolSpecError, match="parameters must be an object schema"):
            ToolSpec.from_openai({"type": "function", "name": "x", "parameters": {"type": "string"}})

    def test_import_without_parameters_takes_no_arguments(self) -> None:
        spec = ToolSpec.from_openai({"type": "function", "function": {"name": "now"}})
        assert spec.parameters == {"type": "object", "properties": {}}


# -- Anthropic --------------------------------------------------------------------------------


class TestAnthropic:
    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_shape_is_an_anthropic_tool(self, spec: ToolSpec) -> None:
        tool = spec.to_anthropic()
        TypeAdapter(anthropic.types.ToolParam).validate_python(tool)
        assert set(tool) <= {"name", "description", "input_schema"}
        assert tool["input_schema"] == spec.parameters

    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_round_trip_keeps_the_schemas(self, spec: ToolSpec) -> None:
        back = ToolSpec.from_anthropic(spec.to_anthropic(), returns=spec.returns)
        assert schema_view(back) == schema_view(spec)

    def test_import_reads_a_validated_tool_param(self) -> None:
        sdk_tool = TypeAdapter(anthropic.types.ToolParam).validate_python(RICH.to_anthropic())
        assert ToolSpec.from_anthropic(sdk_tool).parameters == RICH.parameters

    def test_empty_description_is_left_out(self) -> None:
        assert ANY_RESULT.to_anthropic() == {
            "name": "ping",
            "input_schema": {"type": "object", "properties": {}},
        }


# -- MCP --------------------------------------------------------------------------------------


class TestMCP:
    @pytest.mark.parametrize("spec", SPECS[:3], ids=IDS[:3])  # ANY_RESULT has none: see below
    def test_is_an_mcp_tool_with_an_object_output_schema(self, spec: ToolSpec) -> None:
        tool = spec.to_mcp()
        assert isinstance(tool, mcp.types.Tool)
        assert tool.input_schema == spec.parameters
        assert tool.output_schema is not None
        assert tool.output_schema["type"] == "object"
        jsonschema.Draft202012Validator.check_schema(tool.output_schema)

    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_round_trip_is_lossless(self, spec: ToolSpec) -> None:
        back = ToolSpec.from_mcp(spec.to_mcp())
        assert schema_view(back) == schema_view(spec)
        assert back.annotations == spec.annotations

    @pytest.mark.parametrize("spec", SPECS, ids=IDS)
    def test_round_trip_through_the_wire_form(self, spec: ToolSpec) -> None:
        wire = json.loads(spec.to_mcp().model_dump_json(by_alias=True, exclude_none=True))
        back = ToolSpec.from_mcp(wire)
        assert schema_view(back) == schema_view(spec)
        assert back.annotations == spec.annotations

    def test_annotations_use_mcp_hint_names(self) -> None:
        wire = STRICT.to_mcp().model_dump(by_alias=True, exclude_none=True)
        assert wire["annotations"] == {
            "readOnlyHint": True,
            "idempotentHint": True,
            "openWorldHint": False,
            "title": "Dictionary",
        }
        assert "annotations" not in ANY_RESULT.to_mcp().model_dump(exclude_none=True)

    def test_object_results_are_not_wrapped(self) -> None:
        assert STRICT.to_mcp().output_schema == STRICT.returns

    def test_recursive_object_result_is_typed_not_wrapped(self) -> None:
        # a $ref root (a recursive model, a big OpenAPI component) answers objects: it was wrapped
        # in {"result": ...}, so whether a client got the object depended on the schema's size
        assert RICH.returns["$ref"] == "#/$defs/Node"
        output = RICH.to_mcp().output_schema
        assert output == {"type": "object", **RICH.returns, "x-synthworld-typed": True}
        tree = {"name": "root", "children": [{"name": "leaf", "children": []}]}
        jsonschema.validate(tree, output)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({"name": "root", "children": [{"name": 1}]}, output)
        assert structured_content(RICH, tree) == tree
        assert ToolSpec.from_mcp(RICH.to_mcp()).returns == RICH.returns

    @pytest.mark.parametrize(
        ("returns", "wrapped"),
        [
            (
                {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"id": {}}}], "$defs": {"Base": OBJECT}},
                False,
            ),
            ({"oneOf": [OBJECT, {"allOf": [OBJECT, {"required": ["a"]}]}]}, False),
            ({"anyOf": [OBJECT, {"type": "null"}]}, True),
            ({"$ref": "#/$defs/Name", "$defs": {"Name": {"type": "string"}}}, True),
            ({"$ref": "#/$defs/Loop", "$defs": {"Loop": {"$ref": "#/$defs/Loop"}}}, True),
            ({"type": ["object", "null"]}, True),
        ],
    )
    def test_only_a_schema_that_admits_objects_alone_goes_unwrapped(
        self, returns: Any, wrapped: bool
    ) -> None:
        output = ToolSpec("t", "", {"type": "object"}, returns).to_mcp().output_schema
        assert output["type"] == "object"
        assert ("x-synthworld-wrapped" in output) is wrapped
        assert (
            ToolSpec.from_mcp(
                {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": output}
            ).returns
            == returns
        )

    def test_list_result_is_wrapped(self) -> None:
        output = LISTING.to_mcp().output_schema
        jsonschema.validate({"result": ["red", "blue"]}, output)
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(["red"], output)

    def test_fastmcp_wrapper_is_unwrapped(self) -> None:
        tool = {
            "name": "count",
            "inputSchema": {"type": "object", "properties": {}},
            "outputSchema": {
                "type": "object",
                "properties": {"result": {"type": "integer"}},
                "required": ["result"],
                "x-fastmcp-wrap-result": True,
            },
        }
        assert ToolSpec.from_mcp(tool).returns == {"type": "integer"}

    def test_a_result_that_says_nothing_has_no_output_schema(self) -> None:
        # as an MCP server lists a tool without one, so a twin lists it the same way
        tool = ANY_RESULT.to_mcp()
        assert tool.output_schema is None
        assert ToolSpec.from_mcp(tool).returns == {}
        assert structured_content(ANY_RESULT, [1, "a"]) is None

    def test_tool_without_output_schema_returns_anything(self) -> None:
        tool = mcp.types.Tool.model_validate({"name": "t", "inputSchema": {"type": "object"}, "title": "T"})
        spec = ToolSpec.from_mcp(tool)
        assert spec.returns == {}
        assert spec.annotations.title == "T"


# -- prompt and whole worlds ------------------------------------------------------------------


class TestPrompt:
    def test_exact_text(self) -> None:
        assert RICH.to_prompt() == (
            'create_ticket(title: string, tree: Node, color: "red" | "blue", priority?: "low" | "high", '
            "address?: {street: string, zip: string | null} | null, tags?: array of string | null) -> Node\n"
            "  Open a ticket.\n"
            "  Parameters:\n"
            "    - title (string, required): A one-line summary.\n"
            "    - tree (Node, required)\n"
            '    - color ("red" | "blue", required)\n'
            '    - priority ("low" | "high", optional)\n'
            "    - address ({street: string, zip: string | null} | null, optional)\n"
            "    - tags (array of string | null, optional)\n"
            "  Returns: Node\n"
            "  Notes: destructive, not idempotent (repeating a call may give a different answer)"
        )

    def test_no_parameters_and_any_result(self) -> None:
        assert ANY_RESULT.to_prompt() == "ping() -> any\n  Returns: any"

    def test_defaults_are_shown(self) -> None:
        spec = ToolSpec(
            "t", "T.", {"type": "object", "properties": {"n": {"type": "integer", "default": 3}}}, {}
        )
        assert "    - n (integer, optional, default 3)" in spec.to_prompt().splitlines()

    def test_when_to_use_is_shown(self) -> None:
        spec = ToolSpec(
            "echo",
            "Echoes text back.",
            {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
            {"type": "string"},
            when_to_use="Use for smoke testing.",
        )
        assert spec.to_prompt() == (
            "echo(text: string) -> string\n"
            "  Echoes text back.\n"
            "  When to use: Use for smoke testing.\n"
            "  Parameters:\n"
            "    - text (string, required)\n"
            "  Returns: string"
        )


class TestWorld:
    def test_world_lists_every_tool_in_order(self) -> None:
        world = SyntheticWorld(seed=1)
        for spec in SPECS:
            world.register_tool(spec)
        assert [t["function"]["name"] for t in world.to_openai()] == IDS
        assert [t["name"] for t in world.to_openai(api="responses")] == IDS
        assert [t["name"] for t in world.to_anthropic()] == IDS
        assert [t.name for t in world.to_mcp()] == IDS
        assert world.to_prompt() == "\n\n".join(spec.to_prompt() for spec in SPECS)

    def test_world_imports_tools_from_another_world(self) -> None:
        source = SyntheticWorld(seed=1)
        for spec in SPECS:
            source.register_tool(spec)
        target = SyntheticWorld(seed=1)
        for tool in source.to_mcp():
            target.register_tool(ToolSpec.from_mcp(tool))
        assert target.call("ping", {}) == source.call("ping", {})
        assert target.call("list_colors", {"limit": 2}) == source.call("list_colors", {"limit": 2})


# -- property: every generated spec survives every round trip --------------------------------

NAMES = st.text("abcdefgh_", min_size=1, max_size=6)
LEAVES = st.one_of(
    st.just({"type": "string"}),
    st.integers(-5, 5).map(lambda low: {"type": "integer", "minimum": low}),
    st.lists(st.sampled_from(["a", "b", 1, None]), min_size=1, max_size=3, unique=True).map(
        lambda e: {"enum": e}
    ),
    st.just({"type": ["number", "null"]}),
)


def objects(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    props = st.dictionaries(NAMES, children, max_size=3)
    return props.flatmap(
        lambda p: (
            st.lists(st.sampled_from(sorted(p)), unique=True).map(
                lambda req: {
                    "type": "object",
                    "properties": p,
                    "required": req,
                    "additionalProperties": False,
                }
            )
            if p
            else st.just({"type": "object", "properties": {}})
        )
    )


SCHEMAS = st.recursive(
    LEAVES,
    lambda children: st.one_of(
        children.map(lambda item: {"type": "array", "items": item}),
        st.lists(children, min_size=2, max_size=2).map(lambda options: {"anyOf": options}),
        objects(children),
    ),
    max_leaves=6,
)


@settings(max_examples=40, deadline=None)
@given(parameters=objects(SCHEMAS), returns=SCHEMAS, read_only=st.sampled_from([None, True, False]))
def test_generated_specs_survive_every_round_trip(
    parameters: dict[str, Any], returns: dict[str, Any], read_only: bool | None
) -> None:
    spec = ToolSpec(
        "generated", "Generated.", parameters, returns, annotations=ToolAnnotations(read_only=read_only)
    )
    assert ToolSpec.from_mcp(spec.to_mcp()).to_schema() == spec.to_schema()
    assert ToolSpec.from_mcp(spec.to_mcp()).annotations == spec.annotations
    for api in ("chat", "responses"):
        assert ToolSpec.from_openai(spec.to_openai(api=api), returns=returns).to_schema() == spec.to_schema()
    assert ToolSpec.from_anthropic(spec.to_anthropic(), returns=returns).to_schema() == spec.to_schema()


def test_a_name_openai_refuses_warns_when_the_definition_is_made() -> None:
    spec = ToolSpec("jira.create_issue", "Create an issue.", {"type": "object", "properties": {}}, {})
    with pytest.warns(SynthworldWarning, match=r"rename the tool, e\.g\. 'jira_create_issue'") as warned:
        assert spec.to_openai()["function"]["name"] == "jira.create_issue"  # still given as it is
    assert warned[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ToolSpec("jira_create-issue", "d", {"type": "object"}, {}).to_openai()  # a fine name: silent


def test_an_input_key_anthropic_refuses_warns_when_the_definition_is_made() -> None:
    # a twin of a live MCP server keeps its keys: App Store Connect's servers list filter[name]
    parameters = {
        "type": "object",
        "properties": {"filter[name]": {"type": "string"}, "$top": {}, "ok.key-1": {}},
    }
    spec = ToolSpec("list_apps", "List apps.", parameters, {})
    with pytest.warns(
        SynthworldWarning, match=r"refuses the whole request .* for \['filter\[name\]', '\$top'\]"
    ) as warned:
        assert spec.to_anthropic()["input_schema"] == parameters  # still given as it is
    assert warned[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ToolSpec(
            "t", "d", {"type": "object", "properties": {"user-id": {}, "file.name": {}}}, {}
        ).to_anthropic()
