"""What a returns schema says about the objects of an answer, read once per tool.

Objects are known by their *hint*: the singular name of the property holding them, or the tool's
kind at the top (the same hints the walk over an answer uses). For each hint, `Shapes` keeps the
schema of each property (following local ``$ref``s, ``allOf``, ``anyOf`` and ``oneOf``; the first
definition of a name wins), so a rule can ask what an enum allows or whether a number must be a
multiple of 0.01.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from synthworld.errors import SynthworldError
from synthworld.schema import Generator, compile_generator
from synthworld.world.naming import singular, snake

__all__ = [
    "CURSOR_KEYS",
    "MORE_KEYS",
    "PAGE_HOLDERS",
    "Collection",
    "Shapes",
    "allowed_values",
    "object_schema",
    "optional_keys",
    "property_names",
    "read_shapes",
    "resolve_ref",
    "root_properties",
]

_MAX_DEPTH = 12
MORE_KEYS = ("has_more", "hasMore", "has_next", "hasNext", "has_next_page", "hasNextPage")
"""Flags that say another page follows."""
PAGE_HOLDERS = ("pagination", "meta", "page_info", "pageInfo", "paging")
"""A page's own object beside the items, holding its number, count and flags."""
CURSOR_KEYS = frozenset(
    {
        "cursor", "next_cursor", "nextCursor", "next", "next_page", "nextPage", "next_page_token",
        "nextPageToken", "page_token", "pageToken", "has_more", "hasMore", "continuation_token",
        "next_token", "nextToken", "next_url", "end_cursor", "endCursor", "has_next_page",
        "hasNextPage", "next_offset", "offset", "page", "page_info", "pageInfo", "links",
        "pageable", "totalPages", "@odata.nextLink", "odata.nextLink", "nextLink", "NextToken",
    }
)  # fmt: skip
"""Properties that say a list answer is one page of a longer collection."""
_PAGED = frozenset(CURSOR_KEYS - {"page", "offset", "links"} | {"response_metadata"})
"""Properties that make the one object array beside them a page's items, whatever its name."""
_LIST_KEYS = (
    "items", "results", "data", "records", "entries", "hits", "nodes", "values", "list", "edges",
    "result",  # MCPServer's and FastMCP's wrapper of a list answer: {"result": [...]}
)  # fmt: skip
_SIGNED_LIST_KEYS = {
    "content": ("totalElements", "pageable", "numberOfElements"),  # Spring Data's Page
    "value": ("@odata.nextLink", "@odata.count", "@odata.context", "odata.nextLink", "nextLink"),  # OData
}
"""Items keys read as a list's only beside one of their page's own fields (a message's
``content`` blocks are no page)."""


@dataclass(frozen=True)
class Collection:
    """Where a list answer keeps its items."""

    key: str | None
    """The top-level property holding the items (None: the answer is the array)."""
    item: Mapping[str, Any] | None
    """The items' schema, when one object schema describes them."""
    paged: bool
    """Whether the answer has a pagination cursor (then a count may exceed the items)."""
    max_items: int | None = None
    """The array's ``maxItems``."""
    optional: frozenset[str] = frozenset()
    """The properties an item may leave out (`optional_keys`)."""
    beside: Mapping[str, Any] = field(default_factory=dict)
    """The schemas of the properties beside the items (``total``, ``next_page_token``...)."""
    required: frozenset[str] = frozenset()
    """The properties beside the items the answer must have."""

    def generator(self, kind: str = "") -> Generator | None:
        """The item schema's generator for items of `kind` (a pet's ``name`` is a pet's), compiled
        once per collection and kind (a remembered entity listed is an item generated for it;
        compiling looks the schema up by its text each time); None when there is no item schema
        or it makes no value."""
        key = f"_generator:{kind}"
        found = self.__dict__.get(key, False)  # frozen: kept outside the fields
        if found is False:
            try:
                found = compile_generator(self.item, context=kind) if self.item is not None else None
            except SynthworldError:
                found = None
            self.__dict__[key] = found
        return found  # type: ignore[no-any-return]

    def declared(self) -> frozenset[str] | None:
        """The properties an item declares (`root_properties`, read once; None: a free-form
        item)."""
        found = self.__dict__.get("_declared", False)
        if found is False:
            found = self.__dict__["_declared"] = frozenset(root_properties(self.item)) or None
        return found  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Shapes:
    """Property schemas by hint, and whether some object in the schema is open (no properties)."""

    by_hint: Mapping[str, Mapping[str, Any]]
    open: bool
    collection: Collection | None
    _values: dict[tuple[str, str], tuple[str, ...] | None] = field(
        default_factory=dict, compare=False, repr=False
    )

    def values(self, hint: str, key: str) -> tuple[str, ...] | None:
        """The string values an enum allows for property `key` of objects hinted `hint` (also
        under ``anyOf``/``oneOf``); None when any string will do (cached)."""
        found = self._values.get((hint, key), _UNSET)
        if found is _UNSET:
            found = self._values[(hint, key)] = allowed_values(self.prop(hint, key))
        return found  # type: ignore[no-any-return]

    def prop(self, hint: str, key: str) -> Mapping[str, Any]:
        """The schema of property `key` of an object hinted `hint` (empty: unknown)."""
        found = self.by_hint.get(hint)
        schema = found.get(key) if found is not None else None
        return schema if type(schema) is dict else _EMPTY

    def reach(self, targets: set[str]) -> frozenset[str]:
        """Hints of `targets` and of the objects they can be reached through (parents first)."""
        parents: dict[str, list[str]] = {}
        for hint, props in self.by_hint.items():
            for child in {singular(k) for k in props}:
                parents.setdefault(child, []).append(hint)
        reach = set(targets)
        todo = list(reach)
        while todo:
            for parent in parents.get(todo.pop(), ()):
                if parent not in reach:
                    reach.add(parent)
                    todo.append(parent)
        return frozenset(reach)

    def names(self) -> frozenset[str]:
        """Every property name of every object."""
        return frozenset(k for props in self.by_hint.values() for k in props)


_EMPTY: Mapping[str, Any] = types.MappingProxyType({})
_UNSET: Any = object()


def allowed_values(schema: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The string values an enum (or ``const``, also under ``anyOf``/``oneOf``) allows; None
    when any string will do."""
    found: list[str] = []
    _collect(schema, found, 0)
    return tuple(dict.fromkeys(found)) if found else None


def _collect(schema: Any, found: list[str], depth: int) -> None:
    if not isinstance(schema, Mapping) or depth > 4:
        return
    if isinstance(schema.get("enum"), list):
        found += [v for v in schema["enum"] if isinstance(v, str)]
    if isinstance(schema.get("const"), str):
        found.append(schema["const"])
    for word in ("anyOf", "oneOf", "allOf"):
        for part in schema.get(word, ()) if isinstance(schema.get(word), list) else ():
            _collect(part, found, depth + 1)


def read_shapes(returns: Any, kind: str) -> Shapes:
    """The shapes of a returns schema whose top objects are hinted `kind`."""
    by_hint: dict[str, dict[str, Any]] = {}
    collection = _collection(returns, kind)
    top_list = collection.key if collection else None
    opened = _scan(returns, returns, kind, by_hint, 0, frozenset(), top_list)
    return Shapes(by_hint, opened, collection)  # typed read-only; no proxy: one object less per tool


def _scan(
    schema: Any,
    root: Any,
    hint: str,
    out: dict[str, dict[str, Any]],
    depth: int,
    seen: frozenset[str],
    top_list: str | None = None,
) -> bool:
    """Record the properties of every object under `schema`; whether some object is open. The
    items of the top object's `top_list` (``results``, ``data``...) are hinted like the top."""
    if schema is True or schema == {}:
        return depth == 0  # an answer of any shape; a property of any shape is not an object's
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return False
    opened = False
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#") and ref not in seen:
        opened |= _scan(resolve_ref(root, ref), root, hint, out, depth + 1, seen | {ref}, top_list)
    props = schema.get("properties")
    if isinstance(props, dict):
        mine = out.setdefault(hint, {})
        for key, sub in props.items():
            if isinstance(key, str):
                plain = type(sub) is dict and _MERGED.isdisjoint(sub)  # its own resolved form
                if key not in mine:
                    mine[key] = sub if plain else _resolved(sub, root)
                if plain and sub and _leaf(sub):
                    continue  # a scalar's schema: no object under it, nothing open
                inner = hint if key == top_list else singular(key)
                opened |= _scan(sub, root, inner, out, depth + 1, seen)
    elif schema.get("type") == "object" and schema.get("additionalProperties") is not False:
        opened = True
    if not _UNNAMED.isdisjoint(schema):
        patterns = schema.get("patternProperties")
        named = patterns.values() if isinstance(patterns, dict) else ()
        extra = [schema.get("additionalProperties"), *named]
        if any(isinstance(sub, dict) and sub for sub in extra):
            opened = True  # objects under keys the schema does not name: the walks go everywhere
    if not _PARTS.isdisjoint(schema):
        for sub in _children(schema):
            if not _leaf(sub):
                opened |= _scan(sub, root, hint, out, depth + 1, seen, top_list)
    return opened


def _leaf(schema: Any) -> bool:
    """Whether `schema` is a scalar's (only `_LEAF` keywords, not an object's): no object under it,
    nothing open, so `_scan` need not look (an empty one below the top is not an object's either)."""
    return type(schema) is dict and _LEAF.issuperset(schema) and schema.get("type") != "object"


_LEAF = frozenset(
    {
        "type", "format", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "multipleOf", "minLength", "maxLength", "pattern", "title", "description", "default", "examples",
        "example", "deprecated", "readOnly", "writeOnly", "nullable", "contentEncoding", "contentMediaType",
    }
)  # fmt: skip
"""Keywords that never hold a subschema: a property schema with only these is a leaf to `_scan`."""
_MERGED = frozenset({"$ref", "allOf"})
"""Keywords `_resolved` reads: a schema with neither is its own resolved form."""
_UNNAMED = frozenset({"additionalProperties", "patternProperties"})
_PARTS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items", "then", "else"})
"""Keywords whose subschemas `_scan` reads with the same hint (`_children`)."""


def _children(schema: dict[str, Any]) -> Iterator[Any]:
    for word in ("allOf", "anyOf", "oneOf", "prefixItems"):
        parts = schema.get(word)
        if isinstance(parts, list):
            yield from parts
    for word in ("items", "then", "else"):
        if isinstance(schema.get(word), (dict, list)):
            part = schema[word]
            yield from part if isinstance(part, list) else [part]


def _resolved(schema: Any, root: Any) -> Any:
    """`schema` with a local ``$ref`` followed (one level) and ``allOf`` parts merged shallowly."""
    if isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#"):
        target = resolve_ref(root, schema["$ref"])
        schema = (
            {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
            if isinstance(target, dict)
            else schema
        )
    if isinstance(schema, dict) and isinstance(schema.get("allOf"), list):
        merged = dict(schema)
        for part in schema["allOf"]:
            if isinstance(part, dict):
                merged.update({k: v for k, v in part.items() if k not in merged})
        return merged
    return schema


def resolve_ref(root: Any, ref: str) -> Any:
    """The schema a local ``$ref`` (``#/$defs/User``) points at, or None."""
    node = root
    for part in ref[2:].split("/") if ref.startswith("#/") else []:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node.get(part) if isinstance(node, dict) else None
    return node if ref.startswith("#/") else (root if ref == "#" else None)


def _collection(returns: Any, kind: str) -> Collection | None:
    top = _resolved(returns, returns)
    if not isinstance(top, dict):
        return None
    if top.get("type") == "array" or ("items" in top and "properties" not in top):
        items = top.get("items")
        optional = optional_keys(items, returns)
        return Collection(None, _object_schema(items, returns), False, _max(top), optional)
    props = top.get("properties")
    if not isinstance(props, dict):
        return None
    arrays = [k for k, v in props.items() if _is_object_array(v, returns)]
    key = next((k for k in arrays if singular(k) == kind or singular(snake(k)) == kind), None)  # AWS: Things
    if key is None and not _single_entity(props, kind):
        key = next((k for k in _LIST_KEYS if k in arrays), None)
    if key is None and len(arrays) == 1 and not _single_entity(props, kind) and not _PAGED.isdisjoint(props):
        key = arrays[0]  # the one list beside a page's cursor (Slack's ``channels``)
    if key is None:
        key = next(
            (
                k
                for k, signs in _SIGNED_LIST_KEYS.items()
                if k in arrays and not props.keys().isdisjoint(signs)
            ),
            None,
        )
    if key is None or _lines(_resolved(props[key], returns).get("items"), returns):
        return None
    paged = not CURSOR_KEYS.isdisjoint(props)
    holder = _resolved(props[key], returns)
    items = holder.get("items")
    optional = optional_keys(items, returns)
    beside = {k: _with_props(_resolved(v, returns), returns) for k, v in props.items() if k != key}
    need = top.get("required")
    required = frozenset(k for k in need if type(k) is str) if isinstance(need, list) else frozenset()
    return Collection(key, _object_schema(items, returns), paged, _max(holder), optional, beside, required)


def _with_props(schema: Any, root: Any) -> Any:
    """`schema` with its properties' ``$ref`` followed (``meta: {total, next_cursor}``)."""
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict):
        return schema
    return {**schema, "properties": {k: _resolved(v, root) for k, v in props.items()}}


def _max(schema: Mapping[str, Any]) -> int | None:
    found = schema.get("maxItems")
    return found if type(found) is int else None


def _lines(items: Any, root: Any) -> bool:
    """Whether array items are an order's lines (a quantity and a price): a cart, not a page."""
    schema = _object_schema(items, root)
    props = schema.get("properties") if schema else None
    if not isinstance(props, Mapping):
        return False
    has = {snake(k) for k in props}
    return bool(has & {"quantity", "qty", "units"}) and bool(
        has & {"price", "unit_price", "unit_cost", "unit_amount"}
    )


def _single_entity(props: Mapping[str, Any], kind: str) -> bool:
    """Whether an object with these properties is itself an entity (an order with its items)."""
    return f"{kind}_id" in props or "id" in props


def object_schema(schema: Any, root: Any) -> Mapping[str, Any] | None:
    """The object schema `schema` describes (a local ``$ref`` followed), standing alone: the
    root's definitions carried along; None when it is not an object's."""
    return _object_schema(schema, root)


def _is_object_array(schema: Any, root: Any) -> bool:
    schema = _resolved(schema, root)
    return (
        isinstance(schema, dict)
        and (schema.get("type") == "array" or "items" in schema)
        and (_object_schema(schema.get("items"), root) is not None)
    )


def _object_schema(schema: Any, root: Any) -> Mapping[str, Any] | None:
    """An object schema that stands alone (the root's definitions carried along)."""
    schema = _resolved(schema, root)
    if not isinstance(schema, dict) or not (schema.get("type") == "object" or "properties" in schema):
        return None
    carried = {
        k: root[k] for k in ("$defs", "definitions", "$schema") if isinstance(root, dict) and k in root
    }
    return {**carried, **schema} if carried else schema


def property_names(schema: Any) -> set[str]:
    """Every property name anywhere in `schema` (not following references)."""
    found: set[Any] = set()
    stack = [schema]
    push = stack.append
    while stack:
        node = stack.pop()
        if type(node) is dict:
            props = node.get("properties")
            if type(props) is dict:
                found.update(props)
            node = node.values()
        elif type(node) is not list:
            continue
        for value in node:  # a plain loop: a comprehension per node costs a call each
            if type(value) is dict or type(value) is list:
                push(value)
    return {k for k in found if type(k) is str}


def root_properties(schema: Any, root: Any = None, depth: int = 0) -> list[str]:
    """Top-level property names, following local ``$ref``s and ``allOf``."""
    root = schema if root is None else root
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return []
    names = list(schema.get("properties", {})) if isinstance(schema.get("properties"), dict) else []
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        names += root_properties(resolve_ref(root, ref), root, depth + 1)
    for part in schema.get("allOf", []) if isinstance(schema.get("allOf"), list) else []:
        names += root_properties(part, root, depth + 1)
    return names


_SHAPING = frozenset({
    "minProperties", "dependentRequired", "dependencies", "dependentSchemas", "if", "allOf", "anyOf",
    "oneOf", "not", "$ref", "unevaluatedProperties", "propertyNames",
})  # fmt: skip
"""Keywords under which leaving out an optional key could break an object (then none is)."""


def optional_keys(schema: Any, root: Any = None) -> frozenset[str]:
    """The properties of the plain object `schema` that it does not require (none when another
    keyword could count or tie its keys). An ``allOf`` of plain objects (OpenAPI's ``Book: allOf:
    [NewBook, {id...}]``) and a local ``$ref`` to one are read as the object they make."""
    root = schema if root is None else root
    props: set[str] = set()
    required: set[str] = set()
    if not _plain_parts(schema, root, props, required, depth=0):
        return frozenset()
    return frozenset(props - required)


def _plain_parts(schema: Any, root: Any, props: set[str], required: set[str], *, depth: int) -> bool:
    """Adds the properties and required keys of plain object `schema` (its ``allOf`` parts and
    local ``$ref`` included); False when a keyword could count or tie its keys."""
    if (
        not isinstance(schema, Mapping)
        or depth > _MAX_DEPTH
        or schema.get("type", "object") != "object"
        or not _SHAPING.isdisjoint(k for k in schema if k not in ("allOf", "$ref"))
    ):
        return False
    own, needed = schema.get("properties", {}), schema.get("required", [])
    parts = schema.get("allOf", [])
    ref = schema.get("$ref")
    if not isinstance(own, Mapping) or not isinstance(needed, list) or not isinstance(parts, list):
        return False
    if ref is not None:
        if not (isinstance(ref, str) and ref.startswith("#")):
            return False
        parts = [*parts, resolve_ref(root, ref)]
    props.update(k for k in own if isinstance(k, str))
    required.update(k for k in needed if isinstance(k, str))
    return all(_plain_parts(part, root, props, required, depth=depth + 1) for part in parts)
