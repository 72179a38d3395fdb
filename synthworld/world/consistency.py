"""Consistency: input echo and entity recall applied to an output, and entity memory.

Rules (each keeps the output valid: a substitution that breaks the returns schema is dropped):

- **Kind.** A tool's kind is its name without a leading verb and a ``_by_...`` tail, singular
  (``get_order`` -> ``order``, ``search_orders`` -> ``order``, ``getOrderById`` -> ``order``).
- **Identity.** An object's identifier is ``<hint>_id`` or ``id``, where the hint is the singular
  name of the property holding it (``customers`` -> ``customer``) or, at the top and in a top-level
  list, the tool's kind; else its first ``<name>_id`` key (kind ``name``), unless an enclosing
  object has that kind (a line item's ``order_id`` points at its order). Ids are strings or
  integers, remembered as strings.
- **Echo.** An output property named like an input parameter takes the input value. Below the
  top level an object's own identifier is left alone (a user's manager is not the user), except
  in a single object named for its kind (``"order": {"order_id": ...}``).
- **Recall.** An object whose identity is remembered gets the remembered fields it has (and, at
  the top level, the fields the returns schema declares). A top-level object without identity
  recalls the entity its input refers to (``order_id``, or ``id`` of the tool's kind). Input
  wins over memory: echoed fields are never recalled.
- **Memory.** After a call, every identified object of a valid output is merged into the state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, TypeGuard

from synthworld._json import json_copy, owned_copy
from synthworld.spec import ToolSpec
from synthworld.world.state import WorldState

__all__ = [
    "ConsistencyPlan",
    "apply",
    "Settled",
    "consistent",
    "overlay",
    "plan_for",
    "related_entities",
    "remember",
    "singular",
    "tool_kind",
]

_VERBS = frozenset(
    {
        "get",
        "fetch",
        "read",
        "lookup",
        "find",
        "search",
        "list",
        "query",
        "create",
        "add",
        "new",
        "make",
        "insert",
        "update",
        "edit",
        "patch",
        "set",
        "put",
        "upsert",
        "modify",
        "delete",
        "remove",
        "cancel",
        "check",
        "show",
        "describe",
        "view",
        "retrieve",
        "load",
        "save",
        "close",
        "open",
    }
)
_MAX_DEPTH = 8
_MISSING: Any = object()
Ancestry = frozenset[str]
Identity = tuple[str, str, str] | None
Found = list[tuple[str, str, dict[str, Any]]]
"""Identified objects of an output: ``(kind, id, object)``, parents first."""


@dataclass(frozen=True)
class ConsistencyPlan:
    """What consistency work a tool's calls need, computed once per spec."""

    kind: str
    """The tool's entity kind."""
    echo: frozenset[str]
    """Input parameters that some output property is named after."""
    id_params: tuple[tuple[str, str], ...]
    """``(parameter, kind)`` for input parameters that refer to an entity."""
    has_ids: bool
    """Whether the returns schema has identifier-like properties (``id``, ``*_id``)."""
    declared: frozenset[str]
    """The top-level properties the returns schema declares."""

    @property
    def active(self) -> bool:
        """False when calls of this tool need no consistency work at all."""
        return bool(self.echo or self.id_params or self.has_ids)


def plan_for(spec: ToolSpec) -> ConsistencyPlan:
    """The consistency plan of `spec` (pure; cache it per spec)."""
    kind = tool_kind(spec.name)
    names = set(_property_names(spec.returns))
    params = list(spec.parameters.get("properties", {}))
    id_params = tuple((p, kind if p == "id" else p[:-3]) for p in params if _is_id_key(p))
    return ConsistencyPlan(
        kind=kind,
        echo=frozenset(names & set(params)),
        id_params=id_params,
        has_ids=any(_is_id_key(n) for n in names),
        declared=frozenset(_root_properties(spec.returns)),
    )


# -- naming -----------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def singular(word: str) -> str:
    """A plural English word made singular, roughly (``categories`` -> ``category``)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 2:
        return word[:-1]
    return word


def tool_kind(name: str) -> str:
    """The entity kind a tool is about: ``get_order`` -> ``order``, ``list_users`` -> ``user``."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower().replace("-", "_").split("_")
    words = [w for w in words if w]
    if len(words) > 1 and words[0] in _VERBS:
        words = words[1:]
    if "by" in words[1:]:
        words = words[: words.index("by", 1)]
    return singular("_".join(words)) if words else name


def _is_id_key(key: str) -> bool:
    return key == "id" or (key.endswith("_id") and len(key) > 3)


def _identity(
    node: Mapping[str, Any], hints: tuple[str, ...], ancestors: Ancestry = frozenset()
) -> tuple[str, str, str] | None:
    """``(kind, id, key)`` of an object, or None when it carries no identifier.

    An identifier found by the ``<name>_id`` fallback whose kind is an enclosing object's is
    ambiguous (an order's line item with ``order_id``, or a user's friend with ``user_id``):
    such an object has no identity."""
    found = _id_key(tuple(node), hints)
    if found is None:
        return None
    key, kind, fallback = found
    value = node[key]
    if isinstance(value, bool) or not isinstance(value, (str, int)) or value == "":
        return None
    if fallback and kind in ancestors:
        return None
    return kind, str(value), key


@lru_cache(maxsize=4096)
def _id_key(keys: tuple[str, ...], hints: tuple[str, ...]) -> tuple[str, str, bool] | None:
    """``(key, kind, by_fallback)`` of the identifier among `keys`, or None."""
    for hint in hints:
        if f"{hint}_id" in keys:
            return f"{hint}_id", hint, False
    if "id" in keys and hints:
        return "id", hints[0], False
    key = next((k for k in keys if isinstance(k, str) and k != "id" and _is_id_key(k)), None)
    return (key, key[:-3], True) if key else None


# -- schema scanning --------------------------------------------------------------------------


def _property_names(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        props = schema.get("properties")
        if isinstance(props, dict):
            yield from (k for k in props if isinstance(k, str))
        for value in schema.values():
            yield from _property_names(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _property_names(value)


def _root_properties(schema: Any, root: Any = None, depth: int = 0) -> list[str]:
    """Top-level property names, following local ``$ref``s and ``allOf``."""
    root = schema if root is None else root
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return []
    names = list(schema.get("properties", {})) if isinstance(schema.get("properties"), dict) else []
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        names += _root_properties(_pointer(root, ref), root, depth + 1)
    for part in schema.get("allOf", []) if isinstance(schema.get("allOf"), list) else []:
        names += _root_properties(part, root, depth + 1)
    return names


def _pointer(root: Any, ref: str) -> Any:
    node = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node.get(part) if isinstance(node, dict) else None
    return node


# -- apply ------------------------------------------------------------------------------------


def _entity(state: Mapping[str, Any], kind: str, id: str) -> Mapping[str, Any] | None:
    table = state.get(kind)
    found = table.get(id) if _is_mapping(table) else None
    return found if _is_mapping(found) else None


def _is_mapping(value: Any) -> TypeGuard[Mapping[str, Any]]:
    """`isinstance(value, Mapping)`, without the slow ABC check for plain dicts and None."""
    return type(value) is dict or (value is not None and isinstance(value, Mapping))


def related_entities(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]
) -> dict[str, Any]:
    """The remembered entities a call's input refers to, as ``{kind: {id: fields}}`` (copies),
    for backends that describe the world in a prompt (`CallContext.related`)."""
    found: dict[str, Any] = {}
    for kind, id, fields in _referenced(plan, args, state):
        found.setdefault(kind, {})[id] = dict(fields)
    return found


def _referenced(
    plan: ConsistencyPlan, args: Mapping[str, Any], state: Mapping[str, Any]
) -> list[tuple[str, str, Mapping[str, Any]]]:
    refs = []
    for param, kind in plan.id_params:
        value = args.get(param)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            fields = _entity(state, kind, str(value))
            if fields is not None:
                refs.append((kind, str(value), fields))
    return refs


class _Edits:
    """Substitutions made in an output, each revertible."""

    def __init__(self) -> None:
        self.done: list[tuple[dict[str, Any], str, Any, Any]] = []

    def set(self, node: dict[str, Any], key: str, value: Any) -> None:
        """Set ``node[key]`` to a copy of `value`, unless it already holds that value."""
        old = node.get(key, _MISSING)
        if old is _MISSING or old != value or type(old) is not type(value):
            node[key] = new = json_copy(value)
            self.done.append((node, key, old, new))

    def keep_valid(self, value: Any, is_valid: Callable[[Any], bool]) -> tuple[bool, bool]:
        """Undo every edit if the result is invalid, then redo those that keep it valid.

        Returns ``(undone, checked)``: whether some edit stayed undone, and whether `value` as
        left was found valid (False when nothing was checked: no edits, or every edit undone)."""
        if not self.done:
            return False, False
        if is_valid(value):
            return False, True
        for node, key, old, _ in reversed(self.done):
            _put(node, key, old)
        undone = checked = False
        for node, key, old, new in self.done:
            node[key] = new
            if is_valid(value):
                checked = True
            else:
                _put(node, key, old)  # back to the previous state, checked or not as it was
                undone = True
        return undone, checked


def _put(node: dict[str, Any], key: str, value: Any) -> None:
    if value is _MISSING:
        node.pop(key, None)
    else:
        node[key] = value


class Settled(NamedTuple):
    """An output made consistent."""

    value: Any
    found: Found | None
    """Its identified objects, for `remember` (None: `remember` must walk it again)."""
    checked: bool
    """Whether the value was found valid after the last change (else the caller validates)."""


def consistent(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    is_valid: Callable[[Any], bool],
    *,
    partial: Any = None,
    recall: bool = True,
    owned: bool = False,
) -> Settled:
    """`value` with input echoed and entities recalled (unless not `recall`) and an effect's
    `partial` output laid over it; changed in place when `owned`, else a copy when anything may change."""
    if not (recall and plan.active) and partial is None:
        return Settled(value, None, False)
    value = value if owned else json_copy(value)
    found, checked = apply(plan, args, value, state, is_valid) if recall and plan.active else (None, False)
    if partial is not None:
        return Settled(overlay(value, partial), None, False)
    return Settled(value, found, checked)


def overlay(value: Any, partial: Any) -> Any:
    """`partial` laid over `value`: objects merged key by key (partial wins), anything else replaced."""
    if isinstance(value, dict) and isinstance(partial, dict):
        merged = dict(value)
        for key, part in partial.items():
            merged[key] = overlay(value[key], part) if key in value else part
        return merged
    return partial


def apply(
    plan: ConsistencyPlan,
    args: Mapping[str, Any],
    value: Any,
    state: Mapping[str, Any],
    is_valid: Callable[[Any], bool],
) -> tuple[Found | None, bool]:
    """Echo input and recall remembered entities into `value`, in place, keeping it valid.

    Returns the identified objects of the result (what `remember` would find; None when an edit
    changed an identity or was undone, so only a new walk can tell) and whether the result was
    checked valid."""
    if not isinstance(value, (dict, list)):
        return [], False
    edits = _Edits()
    top = _top_entity(plan, _referenced(plan, args, state))
    echoing = plan.echo.intersection(args)
    found: Found = []
    sure = True

    def visit(
        node: dict[str, Any], depth: int, hints: tuple[str, ...], ancestors: Ancestry, single: bool
    ) -> Identity:
        nonlocal sure
        if depth and echoing.isdisjoint(node) and _id_key(tuple(node), hints) is None:
            return None  # below the top, nothing to echo and no identity: nothing to do
        before = len(edits.done)
        echoed = [key for key in node if key in echoing] if echoing else None  # in the node's order
        if echoed:
            skip = _kept_identifier(node, depth, hints, single)
            for key in echoed:
                if key != skip:
                    edits.set(node, key, args[key])
        ident = _identity(node, hints, ancestors)  # after echo: it may have set the identifier
        fields = _entity(state, ident[0], ident[1]) if ident else (top if depth == 0 else None)
        if fields:
            for key, remembered in fields.items():
                if (key in node or (depth == 0 and key in plan.declared)) and key not in echoing:
                    edits.set(node, key, remembered)
        if len(edits.done) > before and _identity(node, hints, ancestors) != ident:
            sure = False  # an edit changed who this is: its children were walked as the old one
        if ident is not None:
            found.append((ident[0], ident[1], node))
        return ident

    _walk(value, 0, (plan.kind,), frozenset(), True, visit)
    undone, checked = edits.keep_valid(value, is_valid)
    return (found if sure and not undone else None), checked


def _kept_identifier(node: Mapping[str, Any], depth: int, hints: tuple[str, ...], single: bool) -> str | None:
    """The key echo must leave alone: below the top, an object's identifier, unless the object
    is a single one named for its kind (``"order": {"order_id": ...}``)."""
    own = _id_key(tuple(node), hints) if depth else None
    if own is None or (single and not own[2] and own[0] != "id"):
        return None
    return own[0]


def _top_entity(
    plan: ConsistencyPlan, refs: list[tuple[str, str, Mapping[str, Any]]]
) -> Mapping[str, Any] | None:
    own = [fields for kind, _, fields in refs if kind == plan.kind]
    if own:
        return own[0]
    return refs[0][2] if len(refs) == 1 else None


Visit = Callable[[dict[str, Any], int, tuple[str, ...], Ancestry, bool], Identity]
"""``visit(node, depth, hints, ancestors, single)``: hints are the kinds the object may be (the
singular name of the property holding it, or the tool's kind); ancestors the kinds of the
identified objects enclosing it; single is False for an item of a list."""


def _walk(
    node: Any, depth: int, hints: tuple[str, ...], ancestors: Ancestry, single: bool, visit: Visit
) -> None:
    """Call `visit` on every object in `node`, parents first; `visit` returns the object's
    identity (after any change it made)."""
    if depth > _MAX_DEPTH:
        return
    if type(node) is list:
        for item in node:
            _walk(item, depth + 1, hints, ancestors, False, visit)
    elif type(node) is dict:
        ident = visit(node, depth, hints, ancestors, single)
        inner = ancestors | {ident[0]} if ident else ancestors
        for key, child in node.items():
            if type(child) is dict or type(child) is list:
                _walk(child, depth + 1, (singular(key),), inner, True, visit)


# -- memory -----------------------------------------------------------------------------------


def remember(plan: ConsistencyPlan, value: Any, state: WorldState, found: Found | None = None) -> None:
    """Merge every identified object of `value` into `state` (by kind and id); `found` is what
    `consistent` returned for `value`, when it saves this walk."""
    if found is None:
        found = []

        def visit(
            node: dict[str, Any], depth: int, hints: tuple[str, ...], ancestors: Ancestry, _: bool
        ) -> Identity:
            ident = _identity(node, hints, ancestors)
            if ident is not None:
                found.append((ident[0], ident[1], node))
            return ident

        _walk(value, 0, (plan.kind,), frozenset(), True, visit)
    for kind, id, node in found:
        state.remember(kind, id, node, copy=owned_copy)
