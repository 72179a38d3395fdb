"""What other ToolSpec designs call things, and what to write in synthworld instead.

The reference documents a reader may work from spell a spec's input as ``inputs=[ToolParam(...)]``
or ``input_schema=``, its output as ``output_schema=`` (or ``with_output_schema()``) and ask for
``to_jsonschema()`` or ``to_fastmcp()``; each gets an error naming synthworld's spelling (the
schema itself, for a list of parameter records).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["ATTRIBUTES", "keyword_problems"]

_KEYWORDS = {
    "input_schema": "parameters=",
    "inputSchema": "parameters=",
    "params": "parameters=",
    "output_schema": "returns=",
    "outputSchema": "returns=",
    "tool_name": "name=",
}
"""Constructor keywords of other designs: the keyword synthworld takes for the same thing."""

ATTRIBUTES = {
    "input_schema": "spec.parameters (the input's JSON Schema)",
    "params": "spec.parameters['properties']",
    "output_schema": "spec.returns (the answer's JSON Schema)",
    "code": "spec.signature() and spec.docstring (a spec has no body: a world answers its calls)",
    "to_json": "spec.to_dict() (every field as JSON data) or spec.to_schema()",
    "to_jsonschema": "spec.to_openai(api='responses') (the function tool form) or spec.to_schema()",
    "to_fastmcp": "spec.to_mcp() (an mcp.types.Tool)",
    "state": "the world's: world.state, which a bound parameter reads (spec.bind(param, state_key=...))",
    "binded": "the spec spec.bind(...) returns (a spec is frozen: bind and unbind return a new one)",
    "with_output_schema": "spec.clone(returns={...}) (a spec is frozen: clone returns a changed copy)",
    "with_annotations": "spec.clone(annotations=ToolAnnotations(read_only=True, ...))",
    "with_metadata": "spec.clone(metadata={...})",
    "with_output_limit": "spec.clone(output_limit=N)",
    "call": "a world: world.register_tool(spec) then world.call(spec.name, {...})",
    "exec": "a world: world.register_tool(spec) then world.call(spec.name, {...})",
}
"""Attributes of other designs: what gives the same in synthworld."""


def keyword_problems(kwargs: Mapping[str, Any]) -> list[str]:
    """One problem per keyword another design's ToolSpec takes and synthworld's does not."""
    problems = [
        f"{key}= is {meant} in synthworld: ToolSpec(name, description, parameters, returns)"
        for key, meant in _KEYWORDS.items()
        if key in kwargs
    ]
    if "inputs" in kwargs:
        problems.append(_inputs_problem(kwargs["inputs"]))
    return problems


def _inputs_problem(inputs: Any) -> str:
    """``inputs=[ToolParam(name=..., type=..., required=...)]``: the parameters schema to write."""
    head = "inputs= is parameters= in synthworld, one JSON Schema object"
    try:
        schema = _schema_of(inputs)
    except (TypeError, ValueError, KeyError):
        return f'{head}: write parameters={{"type": "object", "properties": {{...}}, "required": [...]}}'
    return f"{head}: for these inputs write parameters={json.dumps(schema)}"


def _schema_of(inputs: Any) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for item in inputs:
        field = dict(item) if isinstance(item, Mapping) else vars(item)
        name, kind = str(field["name"]), field.get("type", "string")
        prop: dict[str, Any] = {"type": "string" if kind == "str" else kind}
        if field.get("description"):
            prop["description"] = field["description"]
        properties[name] = prop
        if field.get("required", True):
            required.append(name)
    return {"type": "object", "properties": properties, "required": required}
