"""Where a string field sits: its name, its parent's names (property, ``$defs`` name, title), its
description and its example values (its own, and its parent's ``example`` object's)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import quote

from synthworld.schema._parts import Part
from synthworld.schema._plurals import singular
from synthworld.schema._realistic import snake
from synthworld.schema._vocab import BIRTH

__all__ = ["NAME_LIKE", "Place", "name_and_nouns", "place_of", "route_of"]

_SKIP = frozenset({"$ref", "$dynamicRef", "$recursiveRef", "then", "else", "not", "contains",
                   "additionalItems", "unevaluatedItems"})  # fmt: skip
_INDEXED = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
_DEFS = frozenset({"$defs", "definitions", "schemas"})
_GENERIC = frozenset({
    "object", "simplified", "full", "response", "schema", "data", "result", "results", "detail",
    "details", "info", "base", "public", "private", "model", "resource", "entity", "record", "dto",
    "list", "paged", "paging", "saved", "the", "named", "api", "v1", "v2", "summary", "compact",
    "basic", "extended", "get", "create", "update", "request", "payload", "body", "output", "input",
    "item", "items", "value", "values", "node", "nodes", "edge", "edges", "entry", "entries",
})  # fmt: skip


_NOT_WORD = re.compile(r"[^a-z0-9]+")


class Place(NamedTuple):
    """A string field in its context (names in snake_case, parents nearest first); a tuple, as it is
    made for every string field and is the key of the fills' cache."""

    name: str
    parents: tuple[str, ...]
    description: str
    examples: tuple[str, ...]
    siblings: frozenset[str] = frozenset()
    """The names of the properties of the object holding the field (snake_case), read for a
    name-like field at the top of an answer only (`NAME_LIKE`); empty elsewhere."""
    kind: str = ""
    """What the tool answering the schema says it is about (`_tool_kind`: ``getPetById``, a pet),
    for a name-like field or a date of birth whose parents give no noun; empty elsewhere."""


def _segments(pointer: str) -> list[str]:
    segs = pointer.split("/")[1:] if pointer else []
    return [s.replace("~1", "/").replace("~0", "~") for s in segs] if "~" in pointer else segs


@lru_cache(maxsize=4096)
def _snake(name: str) -> str:
    return snake(name).replace(".", "_")


def _strip(segs: list[str], i: int) -> tuple[int, bool]:
    """Skip structural segments ending at ``i``; whether an array's ``items`` was among them."""
    items = False
    while i > 0:
        seg = segs[i - 1]
        if seg in _SKIP:
            i -= 1
        elif seg == "items" or seg == "additionalProperties":
            items, i = items or seg == "items", i - 1
        elif i >= 2 and segs[i - 2] in _INDEXED and seg.isdigit():
            items, i = items or segs[i - 2] == "prefixItems", i - 2
        else:
            break
    return i, items


@lru_cache(maxsize=4096)
def _nouns(name: str) -> tuple[str, ...]:
    """A parent's name as candidate nouns: whole, then its meaningful words, last first."""
    snake = _snake(name)
    words = [singular(w) for w in _NOT_WORD.split(snake) if w and w not in _GENERIC]
    whole = "_".join(words)
    return tuple(dict.fromkeys([whole, *reversed(words)])) if words else ()


@lru_cache(maxsize=4096)
def _all_nouns(names: tuple[str, ...]) -> tuple[str, ...]:
    """The candidate nouns of a field's parents' names, nearest first, each once."""
    return tuple(dict.fromkeys(n for raw in names for n in _nouns(raw)))


@lru_cache(maxsize=4096)
def _walk_path(pointer: str) -> tuple[str, tuple[str, ...], int]:
    """`_walk` of a JSON pointer (the same paths come back in every schema of a kind)."""
    return _walked(pointer)[0]


@lru_cache(maxsize=8192)
def route_of(path: str) -> tuple[str, ...]:
    """The segments at the end of ``path`` that the `Place` of its subschema, and of everything
    below it, is read from (its name, its parent's: `_walk` reads nothing before them). A node
    compiled at one path is the node of every path with the same route: a definition reached
    under ``author`` and under ``album`` is compiled once for each, whichever comes first."""
    return _walked(path)[1]


@lru_cache(maxsize=1024)
def _walked(path: str) -> tuple[tuple[str, tuple[str, ...], int], tuple[str, ...]]:
    """`_walk_path` and `route_of` of ``path``, from one walk: a field's path is asked for its
    route when its node is looked up, then for its place when its string node is made (each
    keeps its own cache: a hit there is one call)."""
    segs = _segments(path)
    name, parents, end, start = _walk(segs)
    return (name, tuple(parents), end), tuple(segs[max(0, start - 2) :])


def _walk(segs: list[str]) -> tuple[str, list[str], int, int]:
    """The field's own name, its parents' names, where the parent object's pointer ends, and
    how far back the walk read (it read no segment before the one before that index)."""
    i, items = _strip(segs, len(segs))
    name, parents, end = "", [], -1
    if items and i >= 2 and segs[i - 2] == "properties":  # an item of an array property: its name
        name = singular(segs[i - 1])
        i -= 2
        i, _ = _strip(segs, i)
    elif i >= 2 and segs[i - 2] == "properties":
        name, i = segs[i - 1], i - 2
        end = i
        i, _ = _strip(segs, i)
    if i >= 2 and (segs[i - 2] == "properties" or segs[i - 2] in _DEFS):
        parents.append(segs[i - 1])
    return name, parents, end, i


def place_of(parts: list[Part], kind: str = "") -> Place:
    """The :class:`Place` of the string field whose conjuncts are ``parts`` (``kind``: what the
    answer is about, `Place.kind`)."""
    if not parts:
        return Place("", (), "", ())
    name, nouns, parent = _named(parts)
    examples: list[str] = []
    description = ""
    for part in parts:
        schema = part.loc.schema
        if not isinstance(schema, dict):
            continue
        if "examples" in schema:
            examples += _strings(schema["examples"])
        for key in ("example", "default"):
            value = schema.get(key)
            if isinstance(value, str) and value.strip():
                examples.append(value)
        if not description and isinstance(schema.get("description"), str):
            description = schema["description"]
    if isinstance(parent, dict) and name:
        sample = parent.get("example")
        if isinstance(sample, dict):
            examples += _strings([sample.get(name)])
    name = _snake(name)
    siblings = _siblings(parent) if not nouns and name in NAME_LIKE else _NO_SIBLINGS
    kind = kind if kind and not nouns and (name in NAME_LIKE or BIRTH.search(name)) else ""
    return Place(name, nouns, description, tuple(examples), siblings, kind)


def name_and_nouns(parts: list[Part]) -> tuple[str, tuple[str, ...]]:
    """`place_of`'s ``name`` and ``parents`` alone (a number reads no description or example)."""
    if not parts:
        return "", ()
    name, nouns, _ = _named(parts)
    return _snake(name), nouns


def _named(parts: list[Part]) -> tuple[str, tuple[str, ...], Any]:
    """The field's name (as its path or pointer spells it), its parents' nouns, and the object
    schema holding it (or None)."""
    first = parts[0].loc
    walked = _walk_path(first.path)
    name, parents, _ = walked
    pointer = first.pointer
    for part in parts:  # the first known pointer
        if part.loc.pointer:
            pointer = part.loc.pointer
            break
    pointer = pointer or ""
    by_pointer, more, end = walked if pointer == first.path else _walk_path(pointer)
    parent = _parent_schema(parts[0], pointer, end)
    title = parent.get("title") if isinstance(parent, dict) else None
    nouns = _all_nouns((*parents, *more, *([title] if isinstance(title, str) else [])))
    return name or by_pointer, nouns, parent


NAME_LIKE = frozenset({"name", "title", "display_name", "label", "caption", "heading", "headline"})
"""The names of a thing's name (a book's ``title``): only these, at the top of an answer (no parent
to say what the thing is), read their `Place`'s ``siblings`` (`_context`); others keep none, and
their places stay one cache key across the objects that hold them."""
_NO_SIBLINGS: frozenset[str] = frozenset()


def _siblings(parent: Any) -> frozenset[str]:
    props = parent.get("properties") if isinstance(parent, dict) else None
    return frozenset(_snake(key) for key in props) if isinstance(props, dict) else frozenset()


def _at(doc: Any, segs: list[str]) -> Any:
    """The value at the JSON pointer segments ``segs`` of ``doc`` (None: there is none)."""
    for seg in segs:
        key = seg.replace("~1", "/").replace("~0", "~") if "~" in seg else seg
        if isinstance(doc, dict):
            doc = doc.get(key)
        elif isinstance(doc, list) and key.isdigit() and int(key) < len(doc):
            doc = doc[int(key)]
        else:
            return None
    return doc


def _strings(values: Any) -> list[str]:
    return [v for v in values if isinstance(v, str) and v.strip()] if isinstance(values, list) else []


def _parent_schema(part: Part, pointer: str, end: int) -> Any:
    """The object schema holding the field (found once, at compile time), or ``None``."""
    if end < 0 or not pointer:
        return None
    segs = pointer.split("/")[1:]
    parent = _at(part.loc.doc, segs[:end])
    if _at(parent, segs[end:]) is part.loc.schema:  # the pointer is into the root document
        return parent
    target = "/" + "/".join(segs[:end]) if end else ""
    try:
        return part.loc.resolver.lookup("#" + quote(target, safe="/~$")).contents
    except Exception:  # a context hint only: no parent is a fine answer
        return None
