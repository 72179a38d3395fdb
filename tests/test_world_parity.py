"""Parity with the sibling ToolSpec designs: bound parameters, registries, handlers, class tools."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld import FixtureBackend, SyntheticWorld, ToolSpec, ToolSpecError


def query_db(sql: str, api_key: str, limit: int = 10) -> list[dict[str, Any]]:
    """Run a read-only SQL query."""


def bound_world(**kw: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=5, state={"config": {"db": {"key": "sk-live-42"}}}, **kw)
    world.register_tool(ToolSpec.from_function(query_db).bind("api_key", state_key="config.db.key"))
    return world


class TestBoundParameters:
    def test_agent_never_sees_or_passes_the_bound_parameter(self) -> None:
        world = bound_world()
        exported = json.dumps([world.to_openai(), world.to_anthropic(), world.to_prompt()])
        assert "api_key" not in exported
        assert "api_key" not in json.dumps([t.model_dump() for t in world.to_mcp()])
        with pytest.raises(synthworld.ToolInputError, match="unexpected parameter 'api_key'"):
            world.call("query_db", {"sql": "select 1", "api_key": "mine"})

    def test_the_handler_gets_the_real_secret_the_trace_a_mask(self) -> None:
        seen: list[dict[str, Any]] = []

        def handler(sql: str, api_key: str, limit: int = 10) -> list[dict[str, Any]]:
            seen.append({"sql": sql, "api_key": api_key, "limit": limit})
            return [{"one": 1}]

        world = SyntheticWorld(seed=5, state={"config": {"db": {"key": "sk-live-42"}}})
        spec = ToolSpec.from_function(query_db).bind("api_key", state_key="config.db.key")
        world.register_tool(spec, handler=handler)
        assert world.call("query_db", {"sql": "select 1"}) == [{"one": 1}]
        assert seen == [{"sql": "select 1", "api_key": "sk-live-42", "limit": 10}]
        assert world.trace[0].input == {"sql": "select 1", "api_key": "[REDACTED]"}
        assert world.trace[0].backend == "handler"
        assert "sk-live-42" not in world.trace.to_json()

    def test_the_state_value_is_read_at_call_time(self) -> None:
        world = SyntheticWorld(state={"region": "eu"})

        def where(name: str, region: str) -> str:
            """Where a thing lives."""

        world.register_tool(
            ToolSpec.from_function(where).bind("region", state_key="region"),
            handler=lambda name, region: region,
        )
        assert world.call("where", {"name": "x"}) == "eu"
        world.state["region"] = "us"
        assert world.call("where", {"name": "x"}) == "us"
        assert world.trace[1].input == {"name": "x", "region": "us"}  # not a secret: recorded

    def test_cassette_never_holds_the_secret(self, tmp_path: Path) -> None:
        path = tmp_path / "db.yaml"
        with bound_world(
            backend=FixtureBackend(path, mode="once", fallback=synthworld.RandomBackend())
        ) as world:
            first = world.call("query_db", {"sql": "select 1"})
        text = path.read_text()
        assert "sk-live-42" not in text
        assert "REDACTED" in text
        with bound_world(backend=FixtureBackend(path, mode="none")) as replay:
            assert replay.call("query_db", {"sql": "select 1"}) == first

    def test_missing_state_value(self) -> None:
        world = SyntheticWorld()
        world.register_tool(ToolSpec.from_function(query_db).bind("api_key", state_key="config.db.key"))
        with pytest.raises(ToolSpecError, match="bound parameter 'api_key' has no value"):
            world.call("query_db", {"sql": "select 1"})


class Calendar:
    """Three tools on one object; the methods' bodies never run."""

    def __init__(self) -> None:
        self.owner = "ana"

    @synthworld.tool
    def list_events(self, day: str) -> list[str]:
        """Events on a day."""
        raise AssertionError("stub bodies do not run")

    @synthworld.tool
    def create_event(self, title: str, day: str) -> dict:
        """Create an event."""
        raise AssertionError("stub bodies do not run")

    @synthworld.tool(name="remove_event", idempotent=False)
    def delete(self, event_id: str) -> bool:
        """Delete an event."""
        raise AssertionError("stub bodies do not run")

    def helper(self) -> str:
        return self.owner


def test_a_class_with_three_tool_methods_registers_in_one_call() -> None:
    world = SyntheticWorld(seed=2)
    specs = world.add_tools(Calendar())
    assert [s.name for s in specs] == ["list_events", "create_event", "remove_event"]
    assert world.tools["create_event"].param_names == ["title", "day"]
    assert world.tools["remove_event"].idempotent is False
    assert isinstance(world.call("list_events", {"day": "2025-01-02"}), list)


def test_marked_effect_option_runs_the_body() -> None:
    class Counter:
        @synthworld.tool(effect=True)
        def bump(self, by: int) -> dict:
            """Bump a counter."""
            world.state["count"] = world.state.get("count", 0) + by
            return {"count": world.state["count"]}

    world = SyntheticWorld()
    world.add_tools(Counter())
    assert world.call("bump", {"by": 2})["count"] == 2
    assert world.call("bump", {"by": 3})["count"] == 5


def test_real_and_synthetic_tools_in_one_trace() -> None:
    world = SyntheticWorld(seed=9)

    @world.tool
    def get_weather(city: str) -> dict:
        """Synthetic weather."""

    def add(a: int, b: int) -> int:
        """Really adds."""
        return a + b

    world.register_tool(ToolSpec.from_function(add), handler=add)
    assert world.call("add", {"a": 2, "b": 3}) == 5
    get_weather("Lima")
    assert [(c.tool, c.backend) for c in world.trace] == [("add", "handler"), ("get_weather", "random")]


def test_streaming_handlers_are_collected() -> None:
    world = SyntheticWorld()

    def words(text: str) -> str:
        """Stream words back."""

    def numbers(n: int) -> list[int]:
        """Stream numbers."""

    def stream_words(text: str) -> Iterator[str]:
        yield from (w + " " for w in text.split())

    world.register_tool(ToolSpec.from_function(words), handler=stream_words)
    world.register_tool(ToolSpec.from_function(numbers), handler=lambda n: (i for i in range(n)))
    assert world.call("words", {"text": "a b"}) == "a b "
    assert world.call("numbers", {"n": 3}) == [0, 1, 2]
    assert world.trace[1].output == [0, 1, 2]


@dataclass
class ToolResponse:
    """The shape seed 004's class-based tools return."""

    final_answer: bool
    observation: Any
    extras: dict[str, Any]


class EchoTool:
    spec = ToolSpec(
        "echo",
        "Echoes text back to the caller.",
        {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
        {"type": "string"},
        when_to_use="Use for basic echo or smoke testing",
    )

    def __call__(self, *, text: str, **kwargs: Any) -> ToolResponse:
        return ToolResponse(final_answer=True, observation=text, extras={})


@pytest.mark.parametrize("tool", [EchoTool, EchoTool()], ids=["class", "instance"])
def test_class_based_tools(tool: Any) -> None:
    world = SyntheticWorld()
    spec = world.register_tool(tool)
    assert spec.when_to_use == "Use for basic echo or smoke testing"
    assert world.call("echo", {"text": "hi"}) == "hi"
    assert world.trace[0].backend == "handler"
    with pytest.raises(synthworld.ToolInputError):
        world.call("echo", {"text": 3})


def test_a_handler_breaking_the_schema_is_caught() -> None:
    world = SyntheticWorld()
    world.register_tool(EchoTool.spec, handler=lambda text: 42)
    with pytest.raises(synthworld.BackendError, match="backend 'handler' answered tool 'echo'"):
        world.call("echo", {"text": "hi"})


def search_database(query: str, limit: int = 10) -> dict:
    """Search the database for matching records.

    Args:
        query: The search query string
        limit: Maximum number of results to return

    Returns:
        dict: Search results with matched records
    """


def test_from_function_takes_parse_docstring_as_seed_002_writes_it() -> None:
    """``ToolSpec.from_function(fn, parse_docstring=True)``, seed 002's recommended call, raised
    TypeError; False keeps the docstring whole as the description and reads nothing from it."""
    parsed = ToolSpec.from_function(search_database, parse_docstring=True)
    assert parsed == ToolSpec.from_function(search_database)
    assert parsed.description == "Search the database for matching records."
    assert parsed.parameters["properties"]["limit"]["description"] == "Maximum number of results to return"
    assert parsed.returns == {"type": "object", "description": "Search results with matched records"}
    whole = ToolSpec.from_function(search_database, parse_docstring=False)
    assert whole.description.startswith("Search the database for matching records.\n\nArgs:\n    query:")
    assert whole.parameters["properties"] == {"query": {"type": "string"}, "limit": {"type": "integer"}}
    assert whole.returns == {"type": "object"}


def test_from_function_takes_examples_and_when_to_use_as_seeds_000_and_002_name_them() -> None:
    """``from_function(fn, examples=[...])`` (seed 002's key parameter) and ``when_to_use=`` (seed
    000's field, which the constructor took) raised TypeError; they land on the spec, and a world
    checks each example against the schemas when it registers the tool."""
    example = {"input": {"query": "blenders"}, "output": {"results": []}}
    spec = ToolSpec.from_function(
        search_database, parse_docstring=True, examples=(example,), when_to_use="Before answering."
    )
    assert spec.examples == [example]
    assert spec.when_to_use == "Before answering."
    assert "Before answering." in spec.docstring
    SyntheticWorld().register_tool(spec)
    wrong = ToolSpec.from_function(search_database, examples=[{"input": {"query": 3}}])
    with pytest.raises(ToolSpecError, match=r"examples\[0\]\.input \$\.query: 3 is not of type 'string'"):
        SyntheticWorld().register_tool(wrong)
