"""Schemas written by other tools (pydantic, zod, TypeBox, MCP servers), used as a user would: as
a tool's parameters and returns, through a typed stub. Each case is a minimal hand-written copy of
what the tool writes (bench/RESULTS.md, stop 38, lists what was run against the real tools)."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolInputError, ToolSpec

# pydantic's `model_config = ConfigDict(extra="forbid")` on a nested model, zod's `.strict()`,
# TypeBox's `{additionalProperties: false}` and OpenAI's strict mode all close a nested object.
CLOSED_ADDRESS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "address": {
            "type": "object",
            "properties": {"street": {"type": "string"}},
            "required": ["street"],
            "additionalProperties": False,
        }
    },
    "required": ["address"],
    "additionalProperties": False,
}


def _world(parameters: dict[str, Any]) -> SyntheticWorld:
    world = SyntheticWorld(seed=0)
    world.register_tool(ToolSpec("ship", "Ship to an address.", parameters, {"type": "object"}))
    return world


def test_an_unknown_key_inside_a_closed_nested_object_is_refused() -> None:
    with pytest.raises(ToolInputError) as caught:
        _world(CLOSED_ADDRESS).call("ship", {"address": {"street": "Main St 1", "zip": "10115"}})
    problem = "$.address: Additional properties are not allowed ('zip' was unexpected)"
    assert caught.value.problems == [problem]


def test_unknown_keys_at_both_levels_are_each_named_once() -> None:
    with pytest.raises(ToolInputError) as caught:
        _world(CLOSED_ADDRESS).call("ship", {"address": {"street": "Main St 1", "zip": "1"}, "note": "x"})
    assert caught.value.problems == [
        "unexpected parameter 'note' (valid parameters: address)",
        "$.address: Additional properties are not allowed ('zip' was unexpected)",
    ]
