"""The seed documents' other spellings of a ToolSpec (000: ``inputs=[ToolParam(...)]``,
``to_json()``; 002: ``input_schema``, ``to_jsonschema()``, ``tool.call(...)``; 003:
``input_schema``/``output_schema``) each get an error naming synthworld's spelling; they got a bare
"unexpected keyword argument" or "has no attribute"."""

from __future__ import annotations

import copy
import json
import pickle
import re
from dataclasses import dataclass

import pytest

from synthworld import SyntheticWorld, ToolSpec, ToolSpecError

OBJECT = {"type": "object", "properties": {"pattern": {"type": "string"}}, "required": ["pattern"]}


@dataclass
class ToolParam:
    """Seed 000's parameter record, as a reader would copy it."""

    name: str
    type: str
    description: str
    required: bool = True


def test_seed_000_inputs_get_the_parameters_schema_to_write() -> None:
    with pytest.raises(ToolSpecError) as info:
        ToolSpec(  # type: ignore[call-arg]
            name="calculator",
            description="Performs arithmetic operations",
            when_to_use="Use when you must compute a numeric result",
            inputs=[
                ToolParam(name="operation", type="string", description="add|sub|mul|div", required=True),
                ToolParam(name="a", type="number", description="Left operand", required=True),
                {"name": "b", "type": "number", "description": "Right operand", "required": False},
            ],
            returns={"type": "number"},
        )
    message = str(info.value)
    assert message.startswith("ToolSpec(): inputs= is parameters= in synthworld, one JSON Schema object")
    written = json.loads(message.split("write parameters=", 1)[1])
    assert written == {
        "type": "object",
        "properties": {
            "operation": {"type": "string", "description": "add|sub|mul|div"},
            "a": {"type": "number", "description": "Left operand"},
            "b": {"type": "number", "description": "Right operand"},
        },
        "required": ["operation", "a"],
    }
    fixed = ToolSpec("calculator", "Performs arithmetic operations", written, {"type": "number"})
    for twin in (copy.copy(fixed), copy.deepcopy(fixed), pickle.loads(pickle.dumps(fixed)), fixed.clone()):
        assert twin == fixed  # refusing other keywords leaves copies and pickles alone
    assert SyntheticWorld(seed=1).register_tool(fixed).check_inputs({"operation": "add", "a": 1}) == {
        "operation": "add",
        "a": 1,
    }


def test_inputs_that_are_no_parameter_records_get_the_general_form() -> None:
    with pytest.raises(ToolSpecError, match=re.escape('write parameters={"type": "object", "properties"')):
        ToolSpec(name="t", description="d", inputs="query", returns={})  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("keyword", "meant"),
    [("input_schema", "parameters="), ("output_schema", "returns="), ("inputSchema", "parameters=")],
)
def test_seed_003_schema_keywords_name_ours(keyword: str, meant: str) -> None:
    with pytest.raises(ToolSpecError, match=re.escape(f"ToolSpec(): {keyword}= is {meant} in synthworld")):
        ToolSpec(name="grep_search", description="Search files", **{keyword: OBJECT})


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("input_schema", "spec.parameters"),
        ("output_schema", "spec.returns"),
        ("params", "spec.parameters['properties']"),
        ("to_json", "spec.to_dict()"),
        ("code", "spec.signature() and spec.docstring"),
        ("to_jsonschema", "spec.to_openai(api='responses')"),
        ("to_fastmcp", "spec.to_mcp()"),
        ("call", "world.register_tool(spec) then world.call(spec.name, {...})"),
        ("binded", "spec.bind(...) returns"),
        ("with_output_schema", "spec.clone(returns={...})"),
        ("with_annotations", "spec.clone(annotations=ToolAnnotations(read_only=True, ...))"),
    ],
)
def test_other_designs_attributes_name_ours(name: str, meant: str) -> None:
    spec = ToolSpec("grep_search", "Search files", OBJECT, {"type": "string"})
    with pytest.raises(AttributeError, match=re.escape(meant)) as info:
        getattr(spec, name)
    assert info.value.name == name
    assert not hasattr(spec, name)
    with pytest.raises(AttributeError, match=r"no attribute 'anything_else'$"):
        spec.anything_else  # type: ignore[attr-defined]  # noqa: B018
