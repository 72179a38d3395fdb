"""Lazy nodes stay cheap to keep (issue 15): a remembered compile error is raised again with the
same type, message and path, and keeps no frame of any earlier raise alive."""

from __future__ import annotations

import gc
import weakref
from random import Random

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _nodes
from synthworld.schema._api import DEFAULT_NOW


class _Marker:
    """A local of the frame that meets the error: alive as long as that frame is."""


def _refuse(arg: str) -> _nodes.Node:
    raise UnsatisfiableSchemaError(f"{arg} cannot hold", path="/anyOf/1")


def _meet(node: _nodes.Node, markers: list[weakref.ref[_Marker]]) -> tuple[type, str, str]:
    """Generate from ``node``, from a frame that then ends: the error raised (type, message, path)."""
    marker = _Marker()
    markers.append(weakref.ref(marker))
    state = _nodes.State(Random(0), DEFAULT_NOW, True, "en_US", budget=5)
    try:
        node.gen(state, "")
    except SchemaError as err:
        return type(err), str(err), err.path
    raise AssertionError("no error")


def test_a_lazy_node_raises_its_compile_error_again_and_keeps_no_frames() -> None:
    lazy = _nodes.LazyNode(_refuse, "branch 1")
    markers: list[weakref.ref[_Marker]] = []
    first, second = _meet(lazy, markers), _meet(lazy, markers)
    assert first == second == (UnsatisfiableSchemaError, "branch 1 cannot hold", "/anyOf/1")
    gc.collect()  # what no one keeps goes (a cycle of the raise itself); what the node keeps stays
    assert [m() for m in markers] == [None, None]  # no frame of either raise is kept by the node


def test_a_choice_of_dead_alternatives_raises_the_same_error_and_keeps_no_frames() -> None:
    choice = _nodes.ChoiceNode([_nodes.LazyNode(_refuse, "branch 1"), _nodes.LazyNode(_refuse, "branch 2")])
    markers: list[weakref.ref[_Marker]] = []
    errors = [_meet(choice, markers) for _ in range(3)]
    assert len(set(errors)) == 1  # the same alternative's error each time
    assert errors[0][0] is UnsatisfiableSchemaError
    assert errors[0][1].endswith("cannot hold")
    gc.collect()
    assert [m() for m in markers] == [None, None, None]


def test_a_lazy_node_builds_from_its_argument_once_and_lets_it_go() -> None:
    calls: list[str] = []

    def build(arg: str) -> _nodes.Node:
        calls.append(arg)
        return _nodes.ConstNode(arg)

    lazy = _nodes.LazyNode(build, "value")
    state = _nodes.State(Random(0), DEFAULT_NOW, True, "en_US")
    assert [lazy.gen(state, ""), lazy.gen(state, ""), lazy.resolve().gen(state, "")] == ["value"] * 3
    assert calls == ["value"]
