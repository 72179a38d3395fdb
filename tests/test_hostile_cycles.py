"""A value that holds itself (a cycle), passed to a tool or answered by a handler, is named as a
cycle where it closes, with the fix; before, it read "$.data.self.self.self…(191 more)…: nested
deeper than 200 levels; flatten the data", which a cycle cannot do. Values of Python types JSON
lacks say what to pass instead."""

from __future__ import annotations

import enum
from typing import Any

import pytest

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.errors import BackendError, ToolInputError

SPEC = ToolSpec(
    "save",
    "Save a document.",
    {"type": "object", "properties": {"doc": {}}, "required": ["doc"]},
    {},
)
CYCLE = "(a cycle); JSON cannot hold a cycle: pass a copy without that reference"


def test_a_cyclic_input_is_named_where_it_closes() -> None:
    world = SyntheticWorld()
    world.register_tool(SPEC)
    doc: dict[str, Any] = {"title": "a", "sections": [{"parent": None}]}
    doc["sections"][0]["parent"] = doc
    with pytest.raises(ToolInputError) as info:
        world.call("save", {"doc": doc})
    assert info.value.problems == [f"$.doc.sections[0].parent: is $.doc itself, which holds it {CYCLE}"]


def test_a_handler_answering_a_cycle_is_told_where() -> None:
    def answer(ctx: Any) -> Any:
        node: list[Any] = [1]
        node.append(node)
        return {"tree": node}

    world = SyntheticWorld(backend=FunctionBackend(answer))
    world.register_tool(SPEC)
    with pytest.raises(BackendError, match=r"\$\.tree\[1\]: is \$\.tree itself, which holds it \(a cycle\)"):
        world.call("save", {"doc": 1})


class Color(enum.Enum):
    RED = "red"


@pytest.mark.parametrize(
    ("value", "hint"),
    [(Color.RED, "; pass value.value"), (frozenset({1}), "; pass a list: sorted(value)")],
)
def test_python_values_json_lacks_say_what_to_pass(value: Any, hint: str) -> None:
    world = SyntheticWorld()
    world.register_tool(SPEC)
    with pytest.raises(ToolInputError) as info:
        world.call("save", {"doc": value})
    assert info.value.problems[0].endswith(f"is not JSON data{hint}")


def test_a_handler_answering_past_the_recursion_limit_is_a_backend_error() -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    world = SyntheticWorld(backend=FunctionBackend(lambda ctx: deep))
    world.register_tool(SPEC)
    with pytest.raises(BackendError, match="nested deeper than 200 levels"):
        world.call("save", {"doc": 1})


def test_a_cyclic_seeded_state_is_named() -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    with pytest.raises(TypeError, match=r"\$\.doc\.x\[1\]: is \$\.doc\.x itself, which holds it"):
        SyntheticWorld(state={"doc": {"x": loop}})
