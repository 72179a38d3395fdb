"""Lists inside an entity, edited as lists: ``add_item_to_cart`` appends one element to the cart's
items and ``remove_item_from_cart`` takes the matching one out; the other elements stay as they were.

A tool named ``<add|remove>_<child>_<to|from>_<parent>`` (``add_item_to_cart``, ``add_to_cart``,
``remove_member_from_team``, ``delete_label_from_issue``) acts on the parent: its kind is the
parent's, and it updates it. The input's other parameters describe the element: those named
like the element's fields (in any case style), a ``<x>_id`` naming the element's ``x`` object or
(for ``<child>_id``) its ``id``. Adding an element already there (the same identifiers) updates it
(a tool declared ``idempotent=False`` adds up its ``quantity``); removing with a ``quantity``
below the element's takes that many off. An element added for an entity the world remembers
(``product_id``) takes that entity's fields it has (``name``; its ``price`` as ``unit_price``),
and an added or grown element's line total is its quantity times its price, as is every other
line's (lines drawn for a cart the world had not seen included), so the lines add up to the total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any

from synthworld._json import json_copy
from synthworld.errors import SynthworldError
from synthworld.schema import compile_generator
from synthworld.world.edits import Edits
from synthworld.world.identity import id_kind, is_id_key
from synthworld.world.memory import Reference
from synthworld.world.naming import singular, snake, tool_words
from synthworld.world.rules.base import first_key, is_number
from synthworld.world.rules.totals import LINE_TOTAL_KEYS, PRICE_KEYS, QTY_KEYS
from synthworld.world.seeds import sub_seed
from synthworld.world.shapes import Shapes, object_schema

if TYPE_CHECKING:
    import datetime

__all__ = [
    "Member", "apply_member", "edit_list", "member_of", "member_plan", "members_of_entity", "unseen_list",
]  # fmt: skip

_ADD = frozenset({"add", "insert", "append", "attach", "push"})
_REMOVE = frozenset({"remove", "delete", "drop", "discard", "detach", "pull"})
_INTO = frozenset({"to", "into", "onto", "in", "on"})
_OUT_OF = frozenset({"from", "in", "on"})
_QUANTITY = ("quantity", "qty", "count", "units")


@dataclass(frozen=True)
class Member:
    """How a tool edits a list inside its entity."""

    op: str
    """``add`` or ``remove``."""
    child: str
    """What the list holds, as the name says (``item``; empty for ``add_to_cart``)."""
    key: str | None = None
    """The entity's property holding the list in the answer (None: the answer does not show it)."""
    element: Mapping[str, Any] | None = None
    """The schema of one element (standalone), when the answer shows the list."""
    adds_up: bool = False
    """Whether adding an element already there adds up its quantity (a non-idempotent tool)."""


def member_of(name: str) -> tuple[str, str, str] | None:
    """``(op, child, parent)`` when tool `name` adds to or removes from a list inside an entity
    (``add_item_to_cart`` -> ``("add", "item", "cart")``), else None."""
    words = tool_words(name)
    if len(words) < 3 or words[0] not in _ADD | _REMOVE:
        return None
    op = "add" if words[0] in _ADD else "remove"
    preps = _INTO if op == "add" else _OUT_OF
    at = next((i for i, word in enumerate(words[1:-1], 1) if word in preps), None)
    if at is None:
        return None
    return op, singular("_".join(words[1:at])), singular("_".join(words[at + 1 :]))


def member_plan(
    found: tuple[str, str, str], shapes: Shapes, returns: Any, params: list[str], *, idempotent: bool
) -> Member:
    """The `Member` of a tool read by `member_of`: where its answer shows the parent's list."""
    op, child, parent = found
    props = shapes.by_hint.get(parent, {})
    lists = {}
    for key in props:
        items = shapes.prop(parent, key).get("items")
        element = object_schema(items, returns) if isinstance(items, dict) else None
        if element is not None:
            lists[key] = element
    said = dict.fromkeys([p for p in params if p not in _naming(parent)], "")
    where = next((k for k in lists if singular(k) == child), None) or next(
        (k for k, element in lists.items() if _fields(_outline(element), said, child)), None
    )
    return Member(op, child, where, lists.get(where) if where else None, not idempotent)


def _naming(parent: str) -> tuple[str, ...]:
    return (f"{parent}_id", "id", snake(parent) + "Id")


def _outline(element: Mapping[str, Any]) -> dict[str, Any]:
    """The element's fields, an object field as its own fields (for `_fields`)."""
    props = element.get("properties")
    if not isinstance(props, dict):
        return {}
    return {k: dict.fromkeys(v["properties"]) if _has_props(v) else None for k, v in props.items()}


def _has_props(schema: Any) -> bool:
    return isinstance(schema, dict) and isinstance(schema.get("properties"), dict)


def _matched(fields: list[str], params: list[str]) -> dict[str, str]:
    by_snake = {snake(field): field for field in fields}
    return {p: by_snake[snake(p)] for p in params if snake(p) in by_snake}


def edit_list(
    member: Member,
    parent: str,
    args: Mapping[str, Any],
    items: list[Any],
    *,
    seed: int,
    now: datetime.datetime | None = None,
    refs: Sequence[Reference] = (),
) -> list[Any]:
    """`items` after the call: one element added (or updated) or the matching ones removed;
    `refs`, the remembered entities the input names (the product an added line is for)."""
    said = {k: v for k, v in args.items() if k not in _naming(parent) and v is not None}
    template = _template(member, items, seed, now)
    fields = _fields(template, said, member.child)
    if not fields:
        return items
    ids = {k: v for k, v in fields.items() if _identifying(k, v)} or fields
    at = next((i for i, item in enumerate(items) if _same(item, ids)), None)
    if member.op == "remove":
        return _removed(items, ids, fields)
    new = [_priced(json_copy(item)) if type(item) is dict else item for item in items]
    if at is None:
        new.append(_priced(_known(_fill(template, fields), fields, refs)))
    else:
        grown = _grown(items[at], fields) if member.adds_up else fields
        new[at] = _priced(_fill(json_copy(items[at]), grown))
    return new


def _known(element: dict[str, Any], said: Mapping[str, Any], refs: Sequence[Reference]) -> dict[str, Any]:
    """A new element for a remembered entity (its ``<kind>_id`` is the entity's): the entity's
    fields the element has and the input does not give, its price as the element's."""
    for ref in refs:
        if str(element.get(f"{ref.kind}_id")) != ref.id:
            continue
        price = first_key(ref.fields, PRICE_KEYS)
        for key in [k for k in element if k not in said and not is_id_key(k) and not _lived(k)]:
            have = ref.fields.get(key)
            if have is not None and type(have) is type(element[key]):
                element[key] = json_copy(have)
            elif price is not None and key in PRICE_KEYS and is_number(ref.fields[price]):
                element[key] = ref.fields[price]
    return element


def _lived(key: str) -> bool:
    """Whether `key` is the entity's own history (``created_at``, ``status``), not a line's."""
    name = snake(key)
    return name.endswith(("_at", "_date", "_time")) or name in ("status", "state")


def _priced(element: dict[str, Any]) -> dict[str, Any]:
    """The element with its line total its quantity times its price (in cents), when it has all
    three."""
    qty, price = first_key(element, QTY_KEYS), first_key(element, PRICE_KEYS)
    total = first_key(element, tuple(k for k in LINE_TOTAL_KEYS if k != price))
    if not (qty and price and total) or not all(is_number(element[k]) for k in (qty, price, total)):
        return element
    value = round(element[qty] * element[price], 2)
    element[total] = int(value) if float(value).is_integer() and type(element[total]) is int else value
    return element


def _template(member: Member, items: list[Any], seed: int, now: Any) -> dict[str, Any]:
    """A new element: drawn from the element's schema (seeded by the call), else like the others."""
    if member.element is not None:
        try:
            drawn = compile_generator(member.element).generate(Random(sub_seed(seed, 0, "member")), now=now)
            if type(drawn) is dict:
                return drawn
        except SynthworldError:
            pass
    first = next((item for item in items if type(item) is dict), None)
    return json_copy(first) if first is not None else {}


def _fields(template: Mapping[str, Any], said: Mapping[str, Any], child: str) -> dict[str, Any]:
    """``{path: value}`` the input gives the element (a path is ``key`` or ``key.inner``)."""
    if not template:
        return dict(said)
    found = {field: said[p] for p, field in _matched(list(template), list(said)).items()}
    for param, value in said.items():
        if param in found or not is_id_key(param) or param == "id":
            continue
        kind = id_kind(param)
        inner = template.get(kind)
        if type(inner) is dict:
            key = next((k for k in (param, "id", f"{kind}_id") if k in inner), None)
            if key is not None:
                found[f"{kind}.{key}"] = value
        elif kind == child and "id" in template and "id" not in found:
            found["id"] = value
    return found


def _identifying(path: str, value: Any) -> bool:
    return isinstance(value, (str, int)) and is_id_key(path.rsplit(".", 1)[-1])


def _get(item: Any, path: str) -> Any:
    for part in path.split("."):
        item = item.get(part) if type(item) is dict else None
    return item


def _same(item: Any, ids: Mapping[str, Any]) -> bool:
    return type(item) is dict and all(str(_get(item, path)) == str(value) for path, value in ids.items())


def _fill(element: dict[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    for path, value in fields.items():
        *outer, last = path.split(".")
        node: Any = element
        for part in outer:
            node = node.get(part) if type(node) is dict else None
        if type(node) is dict:
            node[last] = json_copy(value)
    return element


def _grown(item: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """`fields` with each quantity added to the element's own."""
    grown = dict(fields)
    for key in [k for k in fields if snake(k) in _QUANTITY]:
        have, more = item.get(key), fields[key]
        if type(have) is int and type(more) is int:
            grown[key] = have + more
    return grown


def _removed(items: list[Any], ids: Mapping[str, Any], fields: Mapping[str, Any]) -> list[Any]:
    """`items` without the elements matching `ids`, or with fewer of them when the input's
    quantity is less than an element's."""
    taken = {k: v for k, v in fields.items() if snake(k) in _QUANTITY and type(v) is int}
    kept = []
    for item in items:
        if not _same(item, ids):
            kept.append(item)
            continue
        left = {k: item[k] - v for k, v in taken.items() if type(item.get(k)) is int and item[k] > v}
        if left and len(left) == len(taken):
            kept.append({**item, **left})
    return kept


def members_of_entity(entity: Mapping[str, Any], member: Member, args: Mapping[str, Any]) -> str | None:
    """The property of a remembered entity holding the list a tool edits (for an answer that does
    not show it): named for the child, else the one whose elements have fields the input names."""
    lists = [k for k, v in entity.items() if type(v) is list]
    named = next((k for k in lists if singular(k) == member.child), None)
    if named is not None:
        return named
    params = list(args)
    return next(
        (k for k in lists if any(type(i) is dict and _matched(list(i), params) for i in entity[k])), None
    )


def unseen_list(
    member: Member, parent: str, lists: Mapping[str, tuple[str, ...]], args: Mapping[str, Any]
) -> tuple[str, list[Any]] | None:
    """``(key, list)`` an entity the world has not seen holds after an add the answer does not
    show: the one element the input describes, under the list `lists` (``{key: element
    fields}``, what other tools answer) names for the child, else the only one the input fits."""
    if member.op != "add":
        return None  # a removal from a list never seen: its drawn elements never held the one removed
    said = {k: v for k, v in args.items() if k not in _naming(parent) and v is not None}
    fits = {k: f for k, f in lists.items() if _fields(dict.fromkeys(f), said, member.child)}
    key = next((k for k in fits if singular(k) == member.child), None)
    if key is None and len(fits) == 1:
        key = next(iter(fits))
    if key is None:
        return None
    fields = _fields(dict.fromkeys(fits[key]), said, member.child)
    return key, [{field: fields[field] for field in fits[key] if field in fields}]


def apply_member(
    member: Member,
    parent: str,
    node: dict[str, Any],
    args: Mapping[str, Any],
    edits: Edits,
    *,
    seed: int,
    now: Any,
    refs: Sequence[Reference] = (),
) -> bool:
    """Edit the list `node` holds under the member key, in place; whether it changed."""
    if member.key is None or type(node.get(member.key)) is not list:
        return False
    items: list[Any] = node[member.key]
    new = edit_list(member, parent, args, items, seed=seed, now=now, refs=refs)
    if new == items:
        return False
    edits.begin("member")
    edits.set(node, member.key, new, pin=True)
    for key in [k for k, v in node.items() if type(v) in (int, float)]:
        edits.release(node, key)  # a remembered total or count follows the new list (the rules)
    return True
