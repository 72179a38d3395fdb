"""Keys of an expected input, inside an object parameter, that name no field of it: one or two
edits from a field it has (``guest: {emial: ...}`` beside ``email``), or any key where the object
is closed. The top-level keys are checked against the parameters where the file is loaded; this
goes down into the objects, so the expectation does not wait for a call that never comes.

`refused_values` names a value the parameter's schema refuses (``order_id: 1`` where it takes
text): a call carrying it is refused by the world and never reaches the tool, so the expectation
could only match that refusal. An expected call marked ``refused: true`` expects just that (an
agent's first try, which the world refuses, then its retry) and is not checked."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from synthworld.scenario.match import is_operator
from synthworld.schema import compile_validator
from synthworld.spec.checks import nearest

__all__ = ["refused_values", "unknown_fields"]

_MAX_DEPTH = 32
Where = tuple[str | int, ...]


def unknown_fields(pattern: Any, schema: Any, root: Any) -> Iterator[tuple[Where, str]]:
    """``(path inside `pattern`, why)`` for each key of expected value `pattern` that the object
    `schema` (a parameter's, within the parameters schema `root`) has no field for."""
    yield from _walk(pattern, schema, root, (), 0)


def _walk(pattern: Any, schema: Any, root: Any, where: Where, depth: int) -> Iterator[tuple[Where, str]]:
    schema = _resolved(schema, root)
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH or is_operator(pattern):
        return
    if isinstance(pattern, Mapping):
        yield from _fields(pattern, _object_branch(schema, root), root, where, depth)
    elif isinstance(pattern, list):  # a list is matched item by item
        items = schema.get("items")
        for index, item in enumerate(pattern):
            yield from _walk(item, items, root, (*where, index), depth + 1)


def _fields(
    pattern: Mapping[str, Any], schema: Mapping[str, Any] | None, root: Any, where: Where, depth: int
) -> Iterator[tuple[Where, str]]:
    props = schema.get("properties") if schema else None
    if schema is None or not isinstance(props, Mapping):
        return
    closed = schema.get("additionalProperties") is False and "patternProperties" not in schema
    for key, sub in pattern.items():
        if key in props:
            yield from _walk(sub, props[key], root, (*where, key), depth + 1)
            continue
        meant = nearest(str(key), (name for name in props if isinstance(name, str)))
        if meant is not None or closed:
            hint = f"did you mean {meant!r}? " if meant else ""
            fields = ", ".join(str(name) for name in props)
            yield (*where, key), f"the object has no field {key!r}; {hint}its fields: {fields}"


def refused_values(pattern: Any, schema: Any, root: Any) -> Iterator[tuple[Where, str]]:
    """``(path inside `pattern`, why)`` for each plain value of expected value `pattern` (not an
    operator) that its place in the parameter's `schema` (within parameters schema `root`) refuses."""
    yield from _refused(pattern, schema, root, (), 0)


def _refused(pattern: Any, schema: Any, root: Any, where: Where, depth: int) -> Iterator[tuple[Where, str]]:
    schema = _resolved(schema, root)
    if not isinstance(schema, Mapping) or depth > _MAX_DEPTH or is_operator(pattern):
        return
    if isinstance(pattern, Mapping):  # a subset of an object's fields: each is checked alone
        branch = _object_branch(schema, root)
        props = branch.get("properties") if branch else None
        known: Mapping[str, Any] = props if isinstance(props, Mapping) else {}
        for key, sub in pattern.items():
            if key in known:
                yield from _refused(sub, known[key], root, (*where, key), depth + 1)
    elif isinstance(pattern, list):
        for index, item in enumerate(pattern):
            yield from _refused(item, schema.get("items"), root, (*where, index), depth + 1)
    elif isinstance(pattern, str | int | float | bool) or pattern is None:
        defs = {
            key: root[key] for key in ("$defs", "definitions") if isinstance(root, Mapping) and key in root
        }
        problems = compile_validator({**defs, **schema}).problems(pattern)
        if problems:
            yield where, _refusal(pattern, problems[0])


def _refusal(value: Any, problem: str) -> str:
    reason = problem.split(": ", 1)[-1]
    written = json.dumps(value)  # as YAML writes it: 7, 2.5, true
    text = f" (quote it for text: '{written}')" if isinstance(value, int | float) else ""
    return (
        f"the parameter's schema refuses this value ({reason}), so a call carrying it is refused by "
        f"the world (invalid_input) and never reaches the tool: write the value the agent sends{text}, "
        "or add 'refused: true' to this expected call if the agent's refused try is what you expect"
    )


def _resolved(schema: Any, root: Any) -> Any:
    """`schema` with its local ``$ref``s followed (a few hops)."""
    for _ in range(8):
        ref = schema.get("$ref") if isinstance(schema, Mapping) else None
        if not (isinstance(ref, str) and ref.startswith("#/")) or len(schema) > 1:
            return schema
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(node, Mapping) else None
        schema = node
    return schema


def _object_branch(schema: Mapping[str, Any], root: Any) -> Mapping[str, Any] | None:
    """The object schema `schema` is, or its one object branch (``Optional[Guest]``)."""
    if "properties" in schema:
        return schema
    branches = schema.get("anyOf", schema.get("oneOf"))
    if not isinstance(branches, list):
        return None
    objects = [
        b for b in (_resolved(b, root) for b in branches) if isinstance(b, Mapping) and "properties" in b
    ]
    return objects[0] if len(objects) == 1 else None
