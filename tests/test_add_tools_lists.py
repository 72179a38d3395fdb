"""``world.add_tools([...])``: a list of stubs, modules or objects; a bad entry named in one line.

Before, a list was read as one object holding no stubs: the error quoted the whole list (every
function's repr) and named no entry.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld import SyntheticWorld, ToolSpecError


@synthworld.tool
def get_order(order_id: str) -> dict:  # type: ignore[type-arg]
    """Fetch an order."""


@synthworld.tool
def refund(order_id: str) -> bool:
    """Refund an order."""


def unmarked(order_id: str) -> dict:  # type: ignore[type-arg]
    """Not marked."""


class Service:
    @synthworld.tool
    def ping(self, host: str) -> bool:
        """Ping a host."""


def test_a_list_of_stubs_and_objects_registers_each_in_order() -> None:
    world = SyntheticWorld(seed=1)
    assert [s.name for s in world.add_tools([get_order, Service, refund])] == ["get_order", "ping", "refund"]
    assert list(world.tools) == ["get_order", "ping", "refund"]


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (
            unmarked,
            "entry 1: the function unmarked() is not marked; fix: decorate it with @synthworld.tool, "
            "or register it with world.tool(fn), or leave it out",
        ),
        (
            "get_order",
            "entry 1: the str 'get_order' is not a stub; fix: pass @synthworld.tool-marked functions, "
            "or modules, classes or objects holding them, or leave it out",
        ),
        (
            json,
            "entry 1: module json has no @synthworld.tool-marked stubs; fix: mark its functions with "
            "@synthworld.tool, or register an unmarked function with world.tool(fn), or leave it out",
        ),
    ],
    ids=["unmarked-function", "a-name", "a-module-without-stubs"],
)
def test_a_bad_entry_is_named_by_index_and_kind_and_nothing_is_registered(entry: object, said: str) -> None:
    world = SyntheticWorld(seed=1)
    with pytest.raises(ToolSpecError) as info:
        world.add_tools([get_order, entry, refund])
    assert str(info.value) == f"add_tools([...]): {said}"
    assert list(world.tools) == []


def test_one_unmarked_function_alone_is_named_too() -> None:
    with pytest.raises(ToolSpecError) as info:
        SyntheticWorld(seed=1).add_tools(unmarked)
    assert str(info.value) == (
        "the function unmarked() is not marked; fix: decorate it with @synthworld.tool, "
        "or register it with world.tool(fn)"
    )


_CLOCK = {
    "type": "object",
    "properties": {"timezone": {"type": "string"}, "datetime": {"type": "string", "format": "date-time"}},
    "required": ["timezone", "datetime"],
}
_TIME_TOOL = {
    "name": "get_current_time",
    "description": "The time in a zone.",
    "inputSchema": {
        "type": "object",
        "properties": {"timezone": {"type": "string"}},
        "required": ["timezone"],
    },
    "outputSchema": _CLOCK,
}


def test_specs_read_from_elsewhere_register_as_they_are_beside_stubs() -> None:
    """A twin's specs (``mcp_tools``, ``from_openai``) are what a scenario's ``tools: mod:SPECS``
    names: before, each was refused as holding no marked stubs, with a fix about decorating."""
    spec = synthworld.ToolSpec.from_mcp(_TIME_TOOL)
    world = SyntheticWorld(seed=1)
    assert [s.name for s in world.add_tools([get_order, spec])] == ["get_order", "get_current_time"]
    assert world.tools["get_current_time"] == spec
    answer = world.call("get_current_time", {"timezone": "Europe/Oslo"})
    assert answer["timezone"] == "Europe/Oslo"
    alone = SyntheticWorld(seed=1)
    assert alone.add_tools(spec) == [spec]
    assert list(alone.tools) == ["get_current_time"]


def test_a_scenario_names_a_list_of_specs_as_its_tools(tmp_path: Path) -> None:
    from synthworld.scenario import load_scenario

    folder = tmp_path
    (folder / "twin_tools.py").write_text(
        f"from synthworld import ToolSpec\nSPECS = [ToolSpec.from_mcp({json.dumps(_TIME_TOOL)})]\n",
        encoding="utf-8",
    )
    (folder / "clock.yaml").write_text(
        "synthworld_scenario: 1\nname: clock\ntools: twin_tools:SPECS\nseed: 1\n", encoding="utf-8"
    )
    world = load_scenario(folder / "clock.yaml").build_world(1)
    assert list(world.tools) == ["get_current_time"]


@pytest.mark.parametrize(
    "given",
    [
        lambda tools: tools,
        lambda tools: tools.values(),
        lambda tools: (spec for spec in tools.values()),
        lambda tools: dict(tools),
    ],
    ids=["a-world's-tools", "its-values", "a-generator", "a-dict-of-specs"],
)
def test_another_worlds_tools_register_in_order_however_they_are_handed_over(given: Any) -> None:
    """``add_tools(other.tools.values())`` (a QA engineer copying an OpenAPI world's tools into the
    pytest fixture's world): before, the view was read as one object holding no stubs, and the fix
    it gave was to mark its functions with ``@synthworld.tool``."""
    source = SyntheticWorld(seed=1)
    source.add_tools([get_order, refund])
    world = SyntheticWorld(seed=1)
    assert [s.name for s in world.add_tools(given(source.tools))] == ["get_order", "refund"]
    assert dict(world.tools) == dict(source.tools)
    assert world.call("get_order", {"order_id": "A1"}) == source.call("get_order", {"order_id": "A1"})


def test_a_bad_entry_of_a_generator_is_named_by_index_and_nothing_is_registered() -> None:
    world = SyntheticWorld(seed=1)
    with pytest.raises(ToolSpecError, match=r"^add_tools\(\[\.\.\.\]\): entry 1: the function unmarked\(\)"):
        world.add_tools(entry for entry in [get_order, unmarked])
    assert list(world.tools) == []
