"""Specs, provider formats, traces, errors and the package faces as a user writes them, checked by
``mypy`` (strict) and run by pytest. ``# type: ignore[code]`` marks a mistake mypy must flag.
"""

# mypy: warn-unused-ignores

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import assert_type

import synthworld
from synthworld import (
    Coverage,
    SyntheticWorld,
    ToolCall,
    ToolError,
    ToolInputError,
    ToolSpec,
    Trace,
    UnknownToolError,
)

INVOICE = ToolSpec(
    name="create_invoice",
    description="Create an invoice for a customer",
    parameters={
        "type": "object",
        "properties": {"customer_id": {"type": "string"}, "amount": {"type": "number"}},
        "required": ["customer_id", "amount"],
    },
    returns={
        "type": "object",
        "properties": {"invoice_id": {"type": "string"}, "status": {"type": "string"}},
        "required": ["invoice_id", "status"],
    },
)


def search(query: str, limit: int = 10) -> list[str]:
    """Search things.

    Args:
        query: what to look for.
        limit: at most this many.
    """
    return []


def test_a_spec_from_a_function_and_back_from_each_provider() -> None:
    spec = assert_type(ToolSpec.from_function(search, name="search_things"), ToolSpec)
    assert assert_type(spec.build_input("shoes"), dict[str, Any]) == {"query": "shoes"}
    assert_type(spec.to_schema(), dict[str, Any])
    assert ToolSpec.from_openai(spec.to_openai()).parameters == spec.parameters
    assert ToolSpec.from_anthropic(spec.to_anthropic()).parameters == spec.parameters
    assert ToolSpec.from_mcp(spec.to_mcp()).parameters == spec.parameters
    assert ToolSpec.from_dict(spec.to_dict()) == spec
    assert assert_type(spec.signature(), str).startswith("search_things(")
    with pytest.raises(TypeError):
        ToolSpec.from_function(search, nmae="x")  # type: ignore[call-arg]


def test_a_world_exports_its_tools_and_answers_tool_calls() -> None:
    world = SyntheticWorld(seed=7)
    world.register_tool(INVOICE)
    tools: list[Any] = world.to_openai(strict=True)  # a client's typed tools= takes it
    assert tools[0]["function"]["name"] == "create_invoice"
    assert world.to_anthropic()[0]["name"] == "create_invoice"
    assert world.to_mcp()[0].name == "create_invoice"
    assert "create_invoice" in assert_type(world.to_prompt(), str)
    call = {"id": "c1", "type": "function", "function": {"name": "create_invoice", "arguments": "{bad"}}
    replies = assert_type(
        world.handle_openai({"role": "assistant", "tool_calls": [call]}), list[dict[str, Any]]
    )
    assert "error" in replies[0]["content"]


def test_errors_and_the_trace() -> None:
    world = SyntheticWorld(seed=7)
    world.register_tool(INVOICE)
    world.script("create_invoice", error=ToolError("rate_limit", "slow down", retry_after=2))
    with pytest.raises(ToolError) as raised:
        world.call("create_invoice", {"customer_id": "c1", "amount": 9.5})
    assert_type(raised.value.retry_after, float | None)
    assert (assert_type(raised.value.code, str), raised.value.retry_after) == ("rate_limit", 2)
    with pytest.raises(ToolInputError) as refused:
        world.call("create_invoice", {"customer_id": "c1"})
    assert_type(refused.value.problems, list[str])
    with pytest.raises(UnknownToolError):
        world.call("create_invoce", {})
    trace = assert_type(world.trace, Trace)
    first = assert_type(trace[0], ToolCall)
    assert assert_type(first.tool, str) == "create_invoice"
    assert [assert_type(call, ToolCall).tool for call in trace] == ["create_invoice"] * 2
    assert Trace.from_json(trace.to_json(redact=False)) == trace


def test_coverage_and_generate(tmp_path: Path) -> None:
    world = SyntheticWorld(seed=7)
    world.register_tool(INVOICE)
    world.call("create_invoice", {"customer_id": "c1", "amount": 9.5})
    coverage = assert_type(world.coverage(), Coverage)
    assert assert_type(coverage.tools_percent, float) == 100.0
    assert Coverage.from_dict(json.loads(json.dumps(coverage.to_dict()))) == coverage
    assert isinstance(synthworld.generate({"type": "integer", "minimum": 3}, seed=0), int)
    saved = assert_type(world.trace.save(tmp_path / "trace.json"), Path)
    assert Trace.load(saved) == world.trace


def test_a_misspelt_name_is_an_error_not_any() -> None:
    """The lazy package faces hide their ``__getattr__`` from checkers, which would type every
    unknown name as its return (``Any``) and pass a typo."""
    with pytest.raises(AttributeError):
        _ = synthworld.SynteticWorld  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        from synthworld.scenario import load_scenaro  # type: ignore[attr-defined]  # noqa: F401
    with pytest.raises(ImportError):
        from synthworld.cassette import FixtureBackend  # type: ignore[attr-defined]  # noqa: F401
    from synthworld.scenario import load_scenario

    assert load_scenario is synthworld.load_scenario


def test_a_part_is_an_attribute_of_the_package() -> None:
    """``import synthworld`` then ``synthworld.world.X``: at run time the face finds the part, and
    checkers (pyright too, which wants a submodule imported) see it."""
    assert assert_type(synthworld.world.SyntheticWorld, type[SyntheticWorld]) is SyntheticWorld
    assert synthworld.scenario.load_scenario is synthworld.load_scenario
