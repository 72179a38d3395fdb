"""Lazy nodes stay cheap to keep (issue 15): a remembered compile error is raised again with the
same type, message and path, and is kept without the traceback (hence the frames) of any raise."""

from __future__ import annotations

from random import Random

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _nodes, compile_generator
from synthworld.schema._api import DEFAULT_NOW, Generator
from synthworld.schema._nodes import PlainLazy


def _refuse(arg: str) -> _nodes.Node:
    raise UnsatisfiableSchemaError(f"{arg} cannot hold", path="/anyOf/1")


def _meet(node: _nodes.Node) -> SchemaError:
    """The error ``node`` raises when asked for a value."""
    state = _nodes.State(Random(0), DEFAULT_NOW, True, "en_US", budget=5)
    try:
        node.gen(state, "")
    except SchemaError as err:
        return err
    raise AssertionError("no error")


def _seen(err: SchemaError) -> tuple[type, str, str]:
    return type(err), str(err), err.path


def test_a_lazy_node_raises_its_compile_error_again_and_keeps_it_bare() -> None:
    lazy = _nodes.LazyNode(_refuse, "branch 1")
    first, second = _meet(lazy), _meet(lazy)
    assert _seen(first) == _seen(second) == (UnsatisfiableSchemaError, "branch 1 cannot hold", "/anyOf/1")
    kept = lazy._error
    assert kept is not None
    assert kept is not first
    assert kept is not second  # each raise has its own copy, with its own traceback
    assert (kept.__traceback__, kept.__context__, kept.__cause__) == (None, None, None)


def test_a_choice_of_dead_alternatives_raises_the_same_error_and_keeps_it_bare() -> None:
    choice = _nodes.ChoiceNode([_nodes.LazyNode(_refuse, "branch 1"), _nodes.LazyNode(_refuse, "branch 2")])
    errors = [_meet(choice) for _ in range(3)]
    assert len({_seen(e) for e in errors}) == 1  # the same alternative's error each time
    assert errors[0].path == "/anyOf/1"
    dead = [option for option in choice.options if isinstance(option, _nodes._Dead)]
    assert len(dead) == 2  # both alternatives tried, each replaced by its remembered error
    assert all(d.error.__traceback__ is None for d in dead)
    assert not any(d.error is e for d in dead for e in errors)


def test_a_lazy_node_builds_from_its_argument_once() -> None:
    calls: list[str] = []

    def build(arg: str) -> _nodes.Node:
        calls.append(arg)
        return _nodes.ConstNode(arg)

    lazy = _nodes.LazyNode(build, "value")
    state = _nodes.State(Random(0), DEFAULT_NOW, True, "en_US")
    assert [lazy.gen(state, ""), lazy.gen(state, ""), lazy.resolve().gen(state, "")] == ["value"] * 3
    assert calls == ["value"]


_UNTYPED = [
    {"description": "anything"},
    {"type": ["string", "null"]},
    {"type": ["integer", "object", "array"]},
    {"properties": {"a": {}, "b": {"type": ["number", "null"]}}, "required": ["a", "b"]},
    {"items": {"title": "free"}, "minItems": 2},
]


def _plain(generator: Generator) -> list[PlainLazy]:
    """The lazily built type alternatives at the root of ``generator``."""
    return [o for o in getattr(generator._root, "options", ()) if isinstance(o, PlainLazy)]


def test_a_type_no_keyword_constrains_is_built_when_a_call_first_takes_it() -> None:
    generator = compile_generator({"description": "an untyped field, compiled lazily"})
    untyped = _plain(generator)
    assert len(untyped) == 5  # string, integer, number, object, array (null and boolean cost nothing)
    assert all(p._node is None for p in untyped)
    for seed in range(30):
        generator.generate(Random(seed))
    assert all(p._node is not None for p in untyped)  # 30 calls took every type
    constrained = compile_generator({"type": ["string", "null"], "minLength": 3})
    assert _plain(constrained) == []  # a string keyword: the string node is built at once


def test_plain_types_built_later_give_the_values_built_at_once() -> None:
    for schema in _UNTYPED:
        lazy = compile_generator(schema)
        later = [lazy.generate(Random(seed)) for seed in range(40)]
        eager = compile_generator({**schema, "$comment": "built at once"})
        assert _plain(eager) or schema.get("properties") or schema.get("items"), schema
        for option in _plain(eager):
            option.resolve()
        assert [eager.generate(Random(seed)) for seed in range(40)] == later, schema
