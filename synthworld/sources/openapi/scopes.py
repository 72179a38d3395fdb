"""OpenAPI 3.1 schemas as JSON Schema 2020-12 resources: their ``$id`` scopes and ``$anchor``s.

`referencing` (the library python-jsonschema resolves with) crawls the document and follows each
reference, so ``$ref: "#pet"`` (an ``$anchor``) and a ``$ref`` relative to an enclosing ``$id``
resolve as 2020-12 says; what it finds is mapped back to its JSON pointer in the document, the
name the translator keeps every schema under. Nothing is fetched.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import attrs
import referencing
import referencing.exceptions
from referencing.jsonschema import DRAFT202012

from synthworld.sources.openapi.cycles import NAME_MAPS, NOT_SCHEMAS

__all__ = ["Scopes", "scopes_of"]

_SCOPE_KEYS = ("$id", "$anchor", "$dynamicAnchor")
_DICT_BASE = "https://openapi.invalid/document"
"""The base URI of a document passed as a dict (it has no address of its own)."""


class Scopes:
    """Where each ``$id`` and ``$anchor`` of one document is, and what a reference resolves to."""

    def __init__(self, data: Mapping[str, Any], base: str, pointers: dict[int, str]) -> None:
        self._pointers = pointers
        # 2020-12, but crawling the document to the schemas in it (mypy sees no attrs class here)
        spec = attrs.evolve(  # type: ignore[misc]
            DRAFT202012,
            name="openapi-3.1",
            id_of=lambda contents: None if contents is data else DRAFT202012.id_of(contents),
            subresources_of=lambda contents: (
                _scoped_schemas(contents) if contents is data else DRAFT202012.subresources_of(contents)
            ),
        )
        root = spec.create_resource(data)
        self._registry = referencing.Registry().with_resource(base, root).crawl()
        self._base = base
        self._bases = {
            pointers[id(resource.contents)]: uri
            for uri, resource in self._registry.items()
            if id(resource.contents) in pointers and resource.contents is not data
        }

    def scoped(self, at: str) -> bool:
        """Whether pointer `at` lies inside a schema with an ``$id``."""
        return any(_within(at, pointer) for pointer in self._bases)

    def resolve(self, ref: str, at: str) -> str | None:
        """The pointer `ref` (written at pointer `at`) names, or None when nothing in the
        document answers to it."""
        enclosing = [pointer for pointer in self._bases if _within(at, pointer)]
        base = self._bases[max(enclosing, key=len)] if enclosing else self._base
        try:
            resolved = self._registry.resolver(base).lookup(ref)
        except referencing.exceptions.Unresolvable:
            return None
        return self._pointers.get(id(resolved.contents))


def scopes_of(data: Mapping[str, Any], source: str) -> Scopes | None:
    """The scopes of an OpenAPI 3.1 document, or None when it declares no ``$id`` nor anchor
    (every reference is then a plain JSON pointer)."""
    pointers: dict[int, str] = {}
    found = False
    for node, pointer in _nodes(data):
        pointers.setdefault(id(node), pointer)
        found = found or any(isinstance(node.get(key), str) for key in _SCOPE_KEYS)
    if not found:
        return None
    base = _DICT_BASE if source == "<dict>" else Path(source).absolute().as_uri()
    if isinstance(data.get("$self"), str):  # OpenAPI 3.2: the document's own URI
        base = urljoin(base, data["$self"])
    return Scopes(data, base, pointers)


def _token(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _within(at: str, pointer: str) -> bool:
    return at == pointer or at.startswith(pointer + "/")


def _nodes(data: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], str]]:
    """Every object of the document that may be a schema, with its pointer (not looking inside
    examples, enums or ``x-`` extensions)."""
    stack: list[tuple[Any, str, bool]] = [(data, "", False)]
    while stack:
        item, pointer, names = stack.pop()
        if isinstance(item, Mapping):
            if not names:
                yield item, pointer
            for key, value in item.items():
                if names or (key not in NOT_SCHEMAS and not str(key).startswith("x-")):
                    stack.append((value, f"{pointer}/{_token(key)}", not names and key in NAME_MAPS))
        elif isinstance(item, list):
            stack.extend((value, f"{pointer}/{i}", False) for i, value in enumerate(item))


def _scoped_schemas(data: Mapping[str, Any]) -> Iterator[Any]:
    """The outermost objects of the document declaring an ``$id`` or an anchor (what is inside
    them, 2020-12's own crawl finds)."""
    inside: list[str] = []
    for node, pointer in sorted(_nodes(data), key=lambda found: found[1]):
        scoping = pointer and any(isinstance(node.get(key), str) for key in _SCOPE_KEYS)
        if scoping and not any(_within(pointer, outer) for outer in inside):
            inside.append(pointer)
            yield node
