"""Inheritance by ``discriminator``: the subtypes a base schema names, so a reference to the base
can answer (and take) any of them, each with its discriminator value.

A base is a schema with a ``discriminator`` and no ``oneOf``/``anyOf`` of its own (the Swagger 2.0
form, and OpenAPI 3's ``allOf`` inheritance): its subtypes are the targets of the discriminator's
``mapping`` and the schemas of the same components whose ``allOf`` refers to it (their value
is their name, or their ``x-ms-discriminator-value``, as is the base's own when there is no
mapping).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.errors import SourceError
from synthworld.sources.openapi.document import Document, escape

__all__ = ["Subtypes", "names_its_base"]

_CONTAINERS = ("/components/schemas", "/definitions")


class Subtypes:
    """The subtypes of the base schemas of one document, found once."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self._children: dict[str, list[str]] | None = None
        self._found: dict[str, tuple[str, list[tuple[str, str]]] | None] = {}

    def of(self, pointer: str) -> tuple[str, list[tuple[str, str]]] | None:
        """The discriminator property of the base schema at `pointer` and its subtypes as
        ``(value, pointer)`` pairs in document order; None when it is no base."""
        if pointer not in self._found:
            self._found[pointer] = self._find(pointer)
        return self._found[pointer]

    def _find(self, pointer: str) -> tuple[str, list[tuple[str, str]]] | None:
        found = self._discriminator(pointer, depth=8)
        if found is None:
            return None
        prop, mapping, own = found
        members = {pointer: self._value(pointer)} if not own or not mapping else {}
        for child in self._descendants(pointer):
            members[child] = self._value(child)
        named = {where: value for value, where in mapping}
        kinds = {where: named.get(where, value) for where, value in members.items()}
        for value, where in mapping if own else ():
            kinds.setdefault(where, value)
        if own and len(kinds) == 1 and pointer in kinds and not mapping:
            return None  # a base nothing inherits: nothing to choose
        return prop, [(value, where) for where, value in kinds.items()]

    def _discriminator(self, pointer: str, *, depth: int) -> tuple[str, list[tuple[str, str]], bool] | None:
        """The discriminator property and mapping (``(value, pointer)`` pairs) of the schema at
        `pointer`, its own (True) or its nearest base's through ``allOf`` (False)."""
        try:
            node = self.doc.node_at(pointer, at=pointer)
        except SourceError:
            return None
        if not isinstance(node, Mapping) or "oneOf" in node or "anyOf" in node:
            return None
        disc = node.get("discriminator")
        prop = disc.get("propertyName") if isinstance(disc, Mapping) else disc
        if isinstance(prop, str):
            raw = disc.get("mapping") if isinstance(disc, Mapping) else None
            pairs = (
                [(str(v), self._target(pointer, t)) for v, t in raw.items()]
                if isinstance(raw, Mapping)
                else []
            )
            return prop, [(value, where) for value, where in pairs if where is not None], True
        parts = node.get("allOf") if depth > 0 else None
        for part in parts if isinstance(parts, list) else ():
            ref = part.get("$ref") if isinstance(part, Mapping) else None
            if isinstance(ref, str) and ref.startswith("#"):
                inherited = self._discriminator(ref[1:], depth=depth - 1)
                if inherited is not None:
                    return inherited[0], inherited[1], False
        return None

    def _value(self, pointer: str) -> str:
        """A subtype's discriminator value: its name, or Azure's (AutoRest's)
        ``x-ms-discriminator-value`` where it gives one (``ExternalStore`` for
        ``ExternalStoreProvisionApplicationTypeDescription``)."""
        try:
            node = self.doc.node_at(pointer, at=pointer)
        except SourceError:
            return _name(pointer)
        given = node.get("x-ms-discriminator-value") if isinstance(node, Mapping) else None
        return given if isinstance(given, str) else _name(pointer)

    def _descendants(self, pointer: str) -> list[str]:
        """The schemas that inherit `pointer` through ``allOf``, directly or not, nearest first."""
        index, seen = self._index(), {pointer}
        order = [pointer]
        for current in order:
            for child in index.get(current, []):
                if child not in seen:
                    seen.add(child)
                    order.append(child)
        return order[1:]

    def _target(self, base: str, target: Any) -> str | None:
        """The pointer a mapping value names (``#/components/schemas/Cat`` or a bare ``Cat``);
        None for one in another file or pointing at nothing."""
        if not isinstance(target, str):
            return None
        if target.startswith("#"):
            where = target[1:]
        elif "/" not in target and "#" not in target:
            where = f"{base.rsplit('/', 1)[0]}/{escape(target)}"
        else:
            return None
        try:
            self.doc.node_at(where, at=where)
        except SourceError:
            return None
        return where

    def _index(self) -> dict[str, list[str]]:
        """Each schema's pointer to the pointers of the schemas whose ``allOf`` refers to it."""
        if self._children is None:
            self._children = {}
            for container in _CONTAINERS:
                try:
                    schemas = self.doc.node_at(container, at=container)
                except SourceError:
                    continue
                for name, schema in schemas.items() if isinstance(schemas, Mapping) else ():
                    parts = schema.get("allOf") if isinstance(schema, Mapping) else None
                    for part in parts if isinstance(parts, list) else ():
                        ref = part.get("$ref") if isinstance(part, Mapping) else None
                        if isinstance(ref, str) and ref.startswith("#"):
                            self._children.setdefault(ref[1:], []).append(f"{container}/{escape(str(name))}")
        return self._children


def _name(pointer: str) -> str:
    """A schema's name: the last token of its pointer."""
    return pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")


def names_its_base(at: str, pointer: str, kinds: list[tuple[str, str]]) -> bool:
    """Whether the reference to base `pointer` written at `at` is a subtype's ``allOf`` naming
    its base (the base itself there, not any of its subtypes)."""
    owner, allof, _ = at.rpartition("/allOf/")
    return bool(allof) and _.isdigit() and (owner == pointer or any(owner == where for _, where in kinds))
