"""Memory: the entities an input refers to, and every identified object of an answer merged into
the world's state (by kind and id)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

from synthworld._json import owned_copy
from synthworld.world.identity import PERSON_KEYS, PERSON_KINDS, Ancestry, Identity, identity
from synthworld.world.state import WorldState
from synthworld.world.walk import page_named, walk

if TYPE_CHECKING:
    from synthworld.world.consistency import ConsistencyPlan

__all__ = [
    "Found",
    "Reference",
    "entity",
    "find_by_key",
    "person",
    "identified",
    "is_mapping",
    "referenced",
    "related_entities",
    "remember",
]

Found = list[tuple[str, str, dict[str, Any]]]
"""Identified objects of an answer: ``(kind, id, object)``, parents first."""


class Reference(NamedTuple):
    """An entity an input refers to."""

    kind: str
    id: str
    fields: Mapping[str, Any]
    by_key: bool
    """Named by a natural key (``login``, ``sku``...), not by its id."""


def is_mapping(value: Any) -> TypeGuard[Mapping[str, Any]]:
    """`isinstance(value, Mapping)`, without the slow ABC check for plain dicts and None."""
    return type(value) is dict or (value is not None and isinstance(value, Mapping))


def entity(state: Mapping[str, Any], kind: str, id: str) -> Mapping[str, Any] | None:
    """The remembered fields of `kind`/`id` (not a copy), or None."""
    table = state.get(kind)
    found = table.get(id) if is_mapping(table) else None
    return found if is_mapping(found) else None


def person(state: Mapping[str, Any], kind: str, id: str) -> Mapping[str, Any] | None:
    """The remembered fields of `kind`/`id`, or for a person, of the first other kind people were
    seen as that has that id (a team's ``members[].id`` naming a created user), or None."""
    for _, table in _tables(state, kind) if kind in PERSON_KINDS else ():
        found = table.get(id)
        if is_mapping(found):
            return found  # type: ignore[no-any-return]
    return entity(state, kind, id)


def _tables(state: Mapping[str, Any], kind: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """`kind`'s table, then (for a person) those of the other kinds people were seen as."""
    table = state.get(kind)
    if is_mapping(table):
        yield kind, table
    if kind in PERSON_KINDS:
        for other, table in state.items():  # in the state's order, never a set's
            if other != kind and other in PERSON_KINDS and is_mapping(table):
                yield other, table


def find_by_key(
    state: Mapping[str, Any], kind: str, key: str, value: Any, scope: Mapping[str, Any]
) -> tuple[str, str, Mapping[str, Any]] | None:
    """``(kind, id, fields)`` of the first remembered entity whose `key` is `value` and whose
    fields agree with `scope` where it has them; a person is also looked for under other kinds."""
    wanted = str(value).casefold()
    for found_kind, table in _tables(state, kind):
        if found_kind != kind and key not in PERSON_KEYS:
            break
        for id, fields in table.items():
            have = fields.get(key) if is_mapping(fields) else None
            if have is not None and str(have).casefold() == wanted and _agrees(fields, scope):
                return found_kind, id, fields
    return None


def _agrees(fields: Mapping[str, Any], scope: Mapping[str, Any]) -> bool:
    for key, value in scope.items():
        have = fields.get(key)
        if isinstance(have, (str, int, float)) and isinstance(value, (str, int, float)) and have != value:
            return False
    return True


def referenced(plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]) -> list[Reference]:
    """The remembered entities `args` refers to: by id parameters, then (when none names an
    entity of the tool's kind) by natural keys (``get_user(login=...)``)."""
    refs = []
    for param, kind in plan.id_params:
        value = args.get(param)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            fields = entity(state, kind, str(value))
            if fields is not None:
                refs.append(Reference(kind, str(value), fields, False))
                continue
            for found_kind, table in _tables(state, kind) if kind in PERSON_KINDS else ():
                fields = table.get(str(value))
                if is_mapping(fields):
                    refs.append(Reference(found_kind, str(value), fields, False))
                    break
    if plan.key_params and not any(ref.kind == plan.kind for ref in refs):
        refs += _by_key(plan, args, state)
    return refs


def _by_key(plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]) -> list[Reference]:
    for param, key in plan.key_params:
        value = args.get(param)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and value != "":
            scope = {k: v for k, v in args.items() if k != param}
            found = find_by_key(state, plan.kind, key, value, scope)
            if found is not None:
                return [Reference(plan.kind, found[1], found[2], True)]
    return []


def related_entities(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]
) -> dict[str, Any]:
    """The remembered entities a call's input refers to, as ``{kind: {id: fields}}`` (copies),
    for backends that describe the world in a prompt (`CallContext.related`)."""
    found: dict[str, Any] = {}
    for ref in referenced(plan, args, state):
        found.setdefault(ref.kind, {})[ref.id] = dict(ref.fields)
    return found


def identified(plan: ConsistencyPlan, value: Any) -> Found:
    """Every identified object of `value`, parents first."""
    found: Found = []
    naturals, anywhere, top_kind = plan.naturals, plan.anywhere, plan.top_kind

    def visit(
        node: dict[str, Any], depth: int, hints: tuple[str, ...], ancestors: Ancestry, _: bool
    ) -> Identity:
        top = hints[0] == top_kind
        ident = identity(node, hints, ancestors, naturals if top else anywhere, nested=not top)
        if depth == 0 and page_named(ident, plan.list_key):
            return None
        if ident is not None:
            found.append((ident[0], ident[1], node))
        return ident

    walk(value, 0, (top_kind,), plan.parents, True, visit, plan.list_key, plan.reach)
    return found


def remember(plan: ConsistencyPlan, value: Any, state: WorldState, found: Found | None = None) -> None:
    """Merge every identified object of `value` into `state` (by kind and id); `found` is what
    `consistent` returned for `value`, when it saves this walk."""
    for kind, id, node in identified(plan, value) if found is None else found:
        state.remember(kind, id, node, copy=owned_copy)
