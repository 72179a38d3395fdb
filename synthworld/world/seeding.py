"""Seeded entities: which objects of a world's answers hold each kind of entity, and what is wrong
with the entities a state seeds (a scenario's ``state:``), before any call.

The world answers a remembered entity back as it was given (see `synthworld.world.recall`), but
only where its fields fit the answer: a field the schema refuses is dropped from the answer and
generated, and a field no answer declares is never answered. So a seeded entity is checked here
against every object schema that the world's tools answer the entity in, read from the returns
schemas with the same identity rules the walk over answers uses (`synthworld.world.identity`).

Top-level keys of a state other than kinds hold plain data (``currency: EUR``), for effects and
agents; a key that names no kind but is close to one, or that holds entities (a mapping of
mappings) no tool answers, is a problem: the user meant a kind.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from synthworld.errors import SynthworldError
from synthworld.schema import CompiledValidator, compile_validator
from synthworld.spec.checks import nearest
from synthworld.world.fitting import base_value, fit_problems
from synthworld.world.identity import PERSON_KINDS, Ancestry, id_key, identity
from synthworld.world.naming import singular
from synthworld.world.shapes import resolve_ref
from synthworld.world.walk import MAX_DEPTH

if TYPE_CHECKING:
    from synthworld.spec import ToolSpec
    from synthworld.world.consistency import ConsistencyPlan

__all__ = ["EntityShape", "SeedProblem", "entity_shapes", "seed_problems"]

DocPath = tuple[str | int, ...]
SeedProblem = tuple[DocPath, str]
"""``(path inside the state, message)``."""


@dataclass(frozen=True)
class EntityShape:
    """An object schema some tool answers an entity of a kind in."""

    tool: str
    schema: Mapping[str, Any]
    """The object's schema, standalone (the returns schema's definitions carried along)."""
    properties: frozenset[str]
    """The fields it declares."""


def entity_shapes(tools: Iterable[tuple[ToolSpec, ConsistencyPlan]]) -> dict[str, list[EntityShape]]:
    """The object schemas holding each kind of entity in the answers of `tools` (their specs and
    consistency plans), in tool order."""
    found: dict[str, list[EntityShape]] = {}
    for spec, plan in tools:
        reader = _Reader(spec.name, spec.returns, plan, found)
        reader.visit(spec.returns, 0, (plan.top_kind,), frozenset(), frozenset())
    return found


class _Reader:
    """One walk over a returns schema, as `synthworld.world.walk` goes over its answers."""

    def __init__(
        self, tool: str, root: Any, plan: ConsistencyPlan, found: dict[str, list[EntityShape]]
    ) -> None:
        self.tool, self.root, self.plan, self.found = tool, root, plan, found
        carried = ("$defs", "definitions", "$schema")
        self.carried = {k: root[k] for k in carried if isinstance(root, Mapping) and k in root}

    def visit(
        self, schema: Any, depth: int, hints: tuple[str, ...], ancestors: Ancestry, seen: frozenset[str]
    ) -> None:
        if not isinstance(schema, Mapping) or depth > MAX_DEPTH:
            return
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#") and ref not in seen:
            self.visit(resolve_ref(self.root, ref), depth, hints, ancestors, seen | {ref})
        props = self._properties(schema, seen)
        if props:
            self._object(schema, props, depth, hints, ancestors, seen)
        for part in [*_listed(schema.get("anyOf")), *_listed(schema.get("oneOf"))]:
            self.visit(part, depth, hints, ancestors, seen)
        items = schema.get("items")
        for item in [*_listed(schema.get("prefixItems")), *(items if isinstance(items, list) else [items])]:
            self.visit(item, depth + 1, hints, ancestors, seen)

    def _object(
        self,
        schema: Mapping[str, Any],
        props: Mapping[str, Any],
        depth: int,
        hints: tuple[str, ...],
        ancestors: Ancestry,
        seen: frozenset[str],
    ) -> None:
        top = hints[0] == self.plan.top_kind
        keys = self.plan.naturals if top else self.plan.anywhere
        ident = identity(dict.fromkeys(props, "x"), hints, ancestors, keys, nested=not top)
        if ident is not None:
            standalone = {**self.carried, **schema} if self.carried else dict(schema)
            shape = EntityShape(self.tool, standalone, frozenset(props))
            self.found.setdefault(ident[0], []).append(shape)
        inner = ancestors | {ident[0]} if ident else ancestors
        for key, sub in props.items():
            below = hints if depth == 0 and key == self.plan.list_key else (singular(key),)
            self.visit(sub, depth + 1, below, inner, seen)

    def _properties(self, schema: Mapping[str, Any], seen: frozenset[str], depth: int = 0) -> dict[str, Any]:
        """The properties `schema` declares, with those of its ``allOf`` parts (references followed)."""
        found = dict(schema["properties"]) if isinstance(schema.get("properties"), Mapping) else {}
        for part in _listed(schema.get("allOf")):
            ref = part.get("$ref") if isinstance(part, Mapping) else None
            if isinstance(ref, str) and ref.startswith("#") and ref not in seen:
                part, seen = resolve_ref(self.root, ref), seen | {ref}
            if isinstance(part, Mapping) and depth < MAX_DEPTH:
                inherited = self._properties(part, seen, depth + 1)
                found.update({k: v for k, v in inherited.items() if k not in found})
        return {k: v for k, v in found.items() if isinstance(k, str)}


def seed_problems(
    state: Mapping[str, Any], shapes: Mapping[str, list[EntityShape]], referred: Iterable[str] = ()
) -> list[SeedProblem]:
    """What is wrong with the entities `state` seeds, given the `shapes` each kind is answered in
    (`entity_shapes`) and the kinds input parameters refer to (`referred`), each at its path
    inside the state with what to do instead."""
    known = sorted({*shapes, *referred})
    problems: list[SeedProblem] = []
    for kind, table in state.items():
        if not isinstance(kind, str):
            continue
        if kind in known or (kind in PERSON_KINDS and not PERSON_KINDS.isdisjoint(known)):
            problems += _table_problems(kind, table, shapes.get(kind, []))
        else:
            problems += _unknown_kind(kind, table, known)
    return problems


def _unknown_kind(kind: str, table: Any, known: list[str]) -> list[SeedProblem]:
    meant = nearest(kind, known) or next(iter(difflib.get_close_matches(kind, known, n=1, cutoff=0.8)), None)
    entities = isinstance(table, Mapping) and table and all(isinstance(v, Mapping) for v in table.values())
    if meant is None and not entities:
        return []  # plain data beside the entities (``currency: EUR``), for effects and agents
    listed = ", ".join(known) or "none"
    hint = f"did you mean {meant!r}? " if meant else ""
    return [
        (
            (kind,),
            f"no tool answers or takes an entity of kind {kind!r}, so what is seeded here is never "
            f"answered; {hint}the kinds the tools know: {listed} (plain values other than entities "
            "may sit beside them, e.g. currency: EUR)",
        )
    ]


def _table_problems(kind: str, table: Any, shapes: list[EntityShape]) -> list[SeedProblem]:
    key = _id_key(kind, shapes)
    example = f"{kind}: {{A1: {{{key}: A1, ...}}}}"
    if not isinstance(table, Mapping):
        return [
            (
                (kind,),
                f"the {kind} entities are a mapping from each one's id to its fields, e.g. {example}; "
                f"got {_a(table)}",
            )
        ]
    problems: list[SeedProblem] = []
    checks = _Checks(shapes)
    for id, fields in table.items():
        if not isinstance(fields, Mapping):
            problems.append(
                ((kind, id), f"{_an(kind)} is a mapping of its fields, e.g. {example}; got {_a(fields)}")
            )
            continue
        problems += _id_problems(kind, str(id), fields)
        problems += checks.problems(kind, str(id), fields)
    return problems


def _id_problems(kind: str, id: str, fields: Mapping[str, Any]) -> list[SeedProblem]:
    """The entity's own identifier must be the key it is seeded under (calls find it by that key,
    and echo the identifier they are given)."""
    found = id_key(tuple(k for k in fields if isinstance(k, str)), (kind,))
    if found is None or found[2]:
        return []
    value = fields[found[0]]
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value) == id:
        return []
    return [
        (
            (kind, id, found[0]),
            f"{found[0]} {value!r} is not the id {id!r} this {kind} is seeded under (a call finds it "
            f"by that id); make them the same",
        )
    ]


class _Checks:
    """The fields of one kind's entities checked against every shape it is answered in."""

    def __init__(self, shapes: list[EntityShape]) -> None:
        self.shapes = shapes
        self.declared = sorted({name for shape in shapes for name in shape.properties})
        self._validators: dict[int, CompiledValidator | None] = {}
        self._bases: dict[int, Any] = {}  # each shape's generated value, which every entity is laid over

    def problems(self, kind: str, id: str, fields: Mapping[str, Any]) -> list[SeedProblem]:
        if not self.shapes:
            return []  # a kind only input parameters refer to: no answer says what it holds
        found: dict[DocPath, tuple[str, list[str]]] = {}
        for field in fields:
            if field not in self.declared:
                found[(kind, id, field)] = (self._unknown(kind, str(field)), [])
        for index, shape in enumerate(self.shapes):
            for where, message in self._invalid(index, shape, fields):
                at = (kind, id, *where)
                tools = found.setdefault(at, (message, []))[1]
                if shape.tool not in tools:
                    tools.append(shape.tool)
        return [(where, _with_fix(kind, message, tools)) for where, (message, tools) in found.items()]

    def _unknown(self, kind: str, field: str) -> str:
        meant = nearest(field, self.declared)
        hint = f"did you mean {meant!r}? " if meant else ""
        return (
            f"no tool answers {_an(kind)} with a field {field!r}, so it would never be answered; "
            f"{hint}the fields of {_an(kind)}: {', '.join(self.declared)}"
        )

    def _invalid(
        self, index: int, shape: EntityShape, fields: Mapping[str, Any]
    ) -> Iterator[tuple[DocPath, str]]:
        given = {k: v for k, v in fields.items() if k in shape.properties}
        validator = self._validator(index, shape)
        if not given or validator is None:
            return
        try:
            if index not in self._bases:
                self._bases[index] = base_value(shape.schema)
            problems = fit_problems(shape.schema, validator, given, partial=True, base=self._bases[index])
        except SynthworldError:  # a part of a schema that cannot stand alone: its tool checks answers
            return
        for problem in problems:
            yield _placed(problem, given)

    def _validator(self, index: int, shape: EntityShape) -> CompiledValidator | None:
        if index not in self._validators:
            try:
                self._validators[index] = compile_validator(shape.schema)
            except SynthworldError:
                self._validators[index] = None
        return self._validators[index]


def _placed(problem: str, given: Mapping[str, Any]) -> tuple[DocPath, str]:
    """``"$.balance: 'lots' is not of type 'number'"`` as ``(("balance",), "'lots' is not...")``
    (the whole entity when the path names no field it was given)."""
    path, _, message = problem.partition(": ")
    for field in given:
        for end in (".", "["):
            if path == f"$.{field}" or path.startswith(f"$.{field}{end}"):
                inner = path[len(field) + 2 :]
                return (field,), f"{inner.lstrip('.')}: {message}" if inner else message
    return (), problem


def _with_fix(kind: str, message: str, tools: list[str]) -> str:
    if not tools:
        return message
    names = " and ".join(tools) if len(tools) < 3 else f"{', '.join(tools[:-1])} and {tools[-1]}"
    return (
        f"{message} (as {names} answer{'s' if len(tools) == 1 else ''} {_an(kind)}); a seeded field is "
        "answered as given, so correct it, or leave it out to have it generated"
    )


def _id_key(kind: str, shapes: list[EntityShape]) -> str:
    for shape in shapes:
        found = id_key(tuple(sorted(shape.properties)), (kind,))
        if found is not None:
            return found[0]
    return f"{kind}_id"


def _a(value: Any) -> str:
    names = {list: "a list", str: "a string", bool: "true or false", int: "a number", float: "a number"}
    return names.get(type(value), "nothing" if value is None else type(value).__name__)


def _an(kind: str) -> str:
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
