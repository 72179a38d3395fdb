"""What `plan_for` reads of a tool's name, parameters and returns shapes besides the steps' own
plans: the kind its input and its answer are of, the parameters naming that entity (by an id
spelt otherwise, a nested object's id or a natural key), declared defaults, and which objects
echo, recall and memory must visit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.identity import Identities, id_key, id_kind, is_id_key, kind_id_keys
from synthworld.world.lifecycle import Lifecycle
from synthworld.world.naming import VERBS, tool_kind, tool_words
from synthworld.world.shapes import Shapes, root_properties

__all__ = [
    "answer_kind",
    "id_alias",
    "input_kind",
    "item_properties",
    "key_params",
    "nested_ids",
    "param_defaults",
    "reach",
]


def id_alias(
    kind: str,
    life: Lifecycle,
    params: list[str],
    names: frozenset[str],
    shapes: Shapes,
    named: Mapping[str, str],
) -> tuple[str, str] | None:
    """``(parameter, answer key)`` for a tool acting on one entity: ``<kind>_id`` (or a path
    parameter `named` for its kind, ``{customer}``) naming the answer's ``id`` (when it has no
    ``<kind>_id`` of its own), or ``id`` naming the answer's ``<kind>_id`` (when its `kind`
    object has no ``id``)."""
    if not life.targets:
        return None
    own = kind_id_keys(kind)
    by_path = [param for param, of in named.items() if of == kind and param not in names]
    param = next((key for key in (*own, *by_path) if key in params), None)
    if param is not None:
        return (param, "id") if names.isdisjoint(own) and "id" in names else None
    top = shapes.by_hint.get(kind, {})
    key = next((key for key in own if key in top), None)
    return ("id", key) if "id" in params and key is not None and "id" not in top else None


def nested_ids(
    id_params: tuple[tuple[str, str], ...], shapes: Shapes, top_kind: str, life: Lifecycle
) -> dict[str, str]:
    """``{hint: parameter}`` for each ``<hint>_id`` parameter (or path parameter named for its
    kind, not the top kind's) whose objects in the answer are keyed ``id`` and have no
    ``<hint>_id`` of their own; none for a list (its filters make each item match)."""
    if life.family == "list":
        return {}
    found: dict[str, str] = {}
    for param, hint in [(p, hint) for p, hint in id_params if p != "id"]:
        props = shapes.by_hint.get(hint) if hint != top_kind else None
        if props and "id" in props and set(kind_id_keys(hint)).isdisjoint(props):
            found.setdefault(hint, param)
    return found


def reach(
    shapes: Shapes, targets: set[str], echo: frozenset[str], identities: Identities
) -> frozenset[str] | None:
    """Hints of `targets`, of objects that may hold an id, a natural key or an echoed name, and parents."""
    if shapes.open:
        return None
    anywhere = identities.anywhere()
    for hint, props in shapes.by_hint.items():
        keys = set(props)
        named = not keys.isdisjoint(echo | anywhere) or not keys.isdisjoint(identities.declared(hint))
        if named or any(is_id_key(k) for k in keys):
            targets.add(hint)
    return shapes.reach(targets)


def param_defaults(parameters: Mapping[str, Any]) -> dict[str, Any]:
    props = parameters.get("properties")
    if not isinstance(props, dict):
        return {}
    return {k: s["default"] for k, s in props.items() if isinstance(s, dict) and "default" in s}


def input_kind(name: str, lifecycle: str | None, params: list[str]) -> str:
    """The kind from the name; for a declared lifecycle, the kind the one ``<kind>_id``
    parameter names when the name does not (``mark_spam(ticket_id)``)."""
    words = tool_words(name)
    kind = tool_kind(name)
    if lifecycle is not None and len(words) > 1 and words[0] not in VERBS:
        kind = tool_kind("_".join(["get", *words[1:]]))
    if lifecycle is None:
        return kind
    named = [id_kind(p) for p in params if is_id_key(p) and p != "id"]
    return named[0] if len(named) == 1 and set(kind_id_keys(kind)).isdisjoint(params) else kind


def answer_kind(kind: str, life: Lifecycle, declared: list[str], params: list[str]) -> str:
    """The kind of the answer's top object: a state change or creation may answer another entity
    than the one it acts on (``refund_order`` -> a refund, ``book_flight`` -> a booking), and a
    list other items than its name says (``search_flights`` -> offers), seen when the first
    declared identifier (of a list's items) names another kind, unless the input filters by it:
    ``list_grades(student_id)``'s items share the student's id, which names none of them."""
    if life.family == "list":  # the kind its items are remembered as (`identity`)
        found = id_key(tuple(declared), (kind,))
        if found is not None and found[2] and found[0] in params:
            return kind
        return found[1] if found is not None else kind
    if life.family not in ("create", "transition", "none") or "id" in declared:
        return kind
    first = next((key for key in declared if is_id_key(key)), None)
    own = kind_id_keys(kind)
    if first is None or first in own or (set(own).isdisjoint(declared) and kind != life.verb):
        return kind
    return id_kind(first)  # a bare verb (``checkout``): the kind its answer names


def item_properties(shapes: Shapes, returns: Any) -> list[str]:
    """The top-level properties of a list answer's items (``search_flights`` -> offers)."""
    item = shapes.collection.item if shapes.collection else None
    return root_properties(item, returns) if item is not None else []


def key_params(
    kind: str, params: list[str], life: Lifecycle, identities: Identities
) -> tuple[tuple[str, str], ...]:
    """Parameters naming the entity a targeting tool acts on by a natural key (``login``,
    ``issue_number`` -> ``number``)."""
    if not life.targets:
        return ()
    keys = identities.lookup_keys(kind)
    found = []
    for param in params:
        key = param[len(kind) + 1 :] if param.startswith(f"{kind}_") else param
        if key in keys:
            found.append((param, key))
    return tuple(sorted(found, key=lambda pair: keys.index(pair[1])))
