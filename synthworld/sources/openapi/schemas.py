"""OpenAPI schema objects (2.0, 3.0, 3.1) to JSON Schema 2020-12.

Translated: ``nullable`` (and ``x-nullable``) to a ``null`` type, boolean ``exclusiveMinimum``/
``exclusiveMaximum`` to numbers, ``example`` to ``examples``, 2.0 ``type: file`` to a binary string,
a ``discriminator`` over ``oneOf``/``anyOf`` to a ``const`` in each branch, ``readOnly``
properties forbidden in inputs and ``writeOnly`` ones in outputs (`hidden`); ``xml``
and ``externalDocs`` dropped, ``x-`` keys kept (JSON Schema ignores unknown keywords; they and
examples as JSON data: a YAML key read as a number becomes its text, an ``.inf`` example is set
aside). Internal
``$ref``s (in 3.1 also an ``$anchor`` or a reference relative to an ``$id``, resolved as JSON Schema
2020-12 does) are inlined, except those on a cycle or bigger than `INLINE_LIMIT` nodes, which become
``$defs`` at the root of the tool's schema (each shared schema written once per tool).

This module walks a schema and places its references; the translations of one schema object's
keywords are in `keywords`, a ``discriminator``'s tags in `discriminator`, inheritance by
``discriminator`` in `inheritance`, and the reference cycles in `cycles`.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any, Literal

from synthworld.errors import SourceError
from synthworld.sources.openapi.cycles import cyclic_pointers, refs_in
from synthworld.sources.openapi.discriminator import discriminate, tagged
from synthworld.sources.openapi.document import Document, escape
from synthworld.sources.openapi.hidden import hidden_names, is_hidden, relax
from synthworld.sources.openapi.inheritance import Subtypes, names_its_base
from synthworld.sources.openapi.keywords import translate_keywords
from synthworld.sources.openapi.relaxed import NOT_JSON, Relaxed, as_json

__all__ = ["INLINE_LIMIT", "Mode", "Translated", "Translator"]

Mode = Literal["input", "output"]
"""Inputs forbid ``readOnly`` properties; outputs forbid ``writeOnly`` ones."""
_FLAGS: dict[Mode, str] = {"input": "readOnly", "output": "writeOnly"}
"""The flag of the properties each mode hides."""
INLINE_LIMIT = 20
"""A referenced schema bigger than this many schema nodes stays a ``$defs`` entry, not inlined."""

_DROP = frozenset(
    {"nullable", "x-nullable", "discriminator", "example", "xml", "externalDocs", "$id", "$anchor"}
)
"""Dropped: OpenAPI-only keywords, and the scopes every reference was resolved in (``$id``,
``$anchor``: a tool's references are rewritten to its own ``#/$defs``)."""
_MAP_KEYS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_ONE_KEYS = (
    "additionalProperties",
    "not",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "unevaluatedProperties",
    "unevaluatedItems",
    "additionalItems",
)
_LIST_KEYS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")

Translated = tuple[Any, frozenset[str], int]
"""A translated schema, the pointers of the ``$defs`` it needs, and its size in schema nodes."""


class Translator:
    """Translates the schemas of one document, caching each referenced schema per mode."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self._done: dict[tuple[str, Mode], Translated] = {}
        self._busy: set[tuple[str, Mode]] = set()
        self._cyclic: set[str] | None = None
        self._names: dict[str, str] = {}
        self._taken: set[str] = set()
        self._pointers: dict[str, str] = {}
        self.subtypes = Subtypes(doc)
        """The subtypes of each base schema (inheritance by ``discriminator``)."""
        self.relaxed = Relaxed(doc.source)
        """The keywords set aside as not valid JSON Schema (see `Relaxed.warn`)."""

    # -- the public face ----------------------------------------------------------------------

    def schema(self, node: Any, at: str, mode: Mode) -> Translated:
        """`node` (written at pointer `at`) translated; `$defs` it needs are listed, not attached."""
        return self._walk(node, at, mode)

    def defs(self, needs: frozenset[str], mode: Mode) -> dict[str, Any]:
        """The ``$defs`` for `needs` and everything they need in turn, by name."""
        out: dict[str, Any] = {}
        todo, seen = sorted(needs), set(needs)
        while todo:
            pointer = todo.pop()
            body, more, _ = self._target(pointer, mode)
            out[self._name(pointer)] = body
            for extra in sorted(more - seen):
                seen.add(extra)
                todo.append(extra)
        return dict(sorted(out.items()))

    def def_body(self, schema: Any, mode: Mode) -> Any:
        """The translated schema a ``{"$ref": "#/$defs/name"}`` stands for (else `schema`)."""
        ref = schema.get("$ref") if isinstance(schema, dict) and len(schema) == 1 else None
        pointer = self._pointers.get(ref[len("#/$defs/") :]) if isinstance(ref, str) else None
        return schema if pointer is None else self._target(pointer, mode)[0]

    def _hiding(self, out: Any, node: Any, at: str, mode: Mode) -> Any:
        """`out`, translated from `node` (at `at`), requiring none of the properties the mode
        hides: read-only ones in a request, write-only ones in an answer (see hidden.py)."""
        names = hidden_names(self.doc, node, at, _FLAGS[mode])
        return relax(out, names, lambda schema: self.def_body(schema, mode))

    # -- walking ------------------------------------------------------------------------------

    def _walk(self, node: Any, at: str, mode: Mode) -> Translated:
        if isinstance(node, bool):
            return node, frozenset(), 1
        if not isinstance(node, Mapping):
            raise self.doc.error(f"a schema must be an object, got {type(node).__name__} {node!r}", at)
        if isinstance(node.get("$ref"), str):
            return self._ref(node, at, mode)
        out: dict[str, Any] = {}
        needs: set[str] = set()
        branches: list[frozenset[str]] = []  # what each anyOf branch needs
        size = 1
        for key, value in node.items():
            if key in _DROP:
                continue
            child = f"{at}/{escape(str(key))}"
            if key in _MAP_KEYS and isinstance(value, Mapping):
                out[key] = {}
                for name, sub in value.items():
                    if key == "properties" and is_hidden(
                        self.doc, sub, _FLAGS[mode], f"{child}/{escape(str(name))}"
                    ):
                        out[key][name] = False  # never sent, never in an answer (see hidden.py)
                        continue
                    out[key][name], more, n = self._walk(sub, f"{child}/{escape(str(name))}", mode)
                    needs |= more
                    size += n
            elif key in _ONE_KEYS and isinstance(value, (Mapping, bool)):
                out[key], more, n = self._walk(value, child, mode)
                needs |= more
                size += n
            elif key in _LIST_KEYS and isinstance(value, list):
                out[key] = []
                for i, sub in enumerate(value):
                    translated, more, n = self._walk(sub, f"{child}/{i}", mode)
                    out[key].append(translated)
                    if key == "anyOf":
                        branches.append(more)
                    else:
                        needs |= more
                    size += n
            elif str(key).startswith("x-") and refs_in(value):
                continue  # an extension pointing at schemas (Stripe's x-expansionResources)
            elif key == "examples" or str(key).startswith("x-"):
                if (kept := as_json(value)) is NOT_JSON:
                    self.relaxed.add(child, "annotation", value)
                else:
                    out[key] = kept
            elif key == "items":
                out_key = "prefixItems" if isinstance(value, list) else "items"
                subs = value if isinstance(value, list) else [value]
                done = []
                for i, sub in enumerate(subs):
                    translated, more, n = self._walk(
                        sub, f"{child}/{i}" if out_key != "items" else child, mode
                    )
                    done.append(translated)
                    needs |= more
                    size += n
                out[out_key] = done if out_key == "prefixItems" else done[0]
            else:
                out[key] = copy.deepcopy(value) if isinstance(value, (dict, list)) else value  # ours alone
        if mode == "output" and "x-expansionResources" in node and isinstance(out.get("anyOf"), list):
            branches = _unexpanded(out, node["anyOf"], branches)
        needs.update(*branches)
        for keyword in translate_keywords(out, node, self.doc.version):
            self.relaxed.add(f"{at}/{escape(keyword)}", keyword, node.get(keyword))
        if "discriminator" in node:
            discriminate(self.doc, out, node)
        return self._hiding(out, node, at, mode), frozenset(needs), size

    def _ref(self, node: Mapping[str, Any], at: str, mode: Mode) -> Translated:
        _, pointer = self.doc.lookup(node["$ref"], at=f"{at}/$ref")
        base = self.subtypes.of(pointer)
        if base is not None and not names_its_base(at, pointer, base[1]):
            body, needs, size = self._any_subtype(pointer, *base, mode)
        else:
            body, needs, size = self._plain(pointer, mode)
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if not siblings:
            return body, needs, size
        if self.doc.version == "3.1" and set(siblings) - {"description", "summary"}:
            rest, more, n = self._walk(siblings, at, mode)
            return self._hiding({"allOf": [body, rest]}, node, at, mode), needs | more, size + n
        if isinstance(body, dict) and "description" in siblings:
            body = {**body, "description": siblings["description"]}
        if siblings.get("nullable") is True or siblings.get("x-nullable") is True:
            body = {"anyOf": [body, {"type": "null"}]}
        return body, needs, size

    def _plain(self, pointer: str, mode: Mode) -> Translated:
        """The schema at `pointer` as a ``$defs`` reference (cyclic or big) or inlined."""
        if pointer in self._cyclic_set() or self._too_big(pointer, mode):
            return {"$ref": f"#/$defs/{self._name(pointer)}"}, frozenset({pointer}), 1
        return self._target(pointer, mode)

    def _any_subtype(self, pointer: str, prop: str, kinds: list[tuple[str, str]], mode: Mode) -> Translated:
        """A schema of a ``discriminator`` hierarchy where it is used: ``oneOf`` it and the schemas
        inheriting it, each with its discriminator value (see `Subtypes`)."""
        branches: list[Any] = []
        needs: set[str] = set()
        size = 1
        for value, where in kinds:  # every descendant is listed: each branch is the plain schema
            body, more, n = self._plain(where, mode)
            branches.append(tagged(body, prop, value))
            needs |= more
            size += n
        return {"oneOf": branches} if len(branches) > 1 else branches[0], frozenset(needs), size

    def _target(self, pointer: str, mode: Mode) -> Translated:
        key = (pointer, mode)
        if key not in self._done:
            if key in self._busy:  # only reached through a cycle the first pass missed
                return {"$ref": f"#/$defs/{self._name(pointer)}"}, frozenset({pointer}), 1
            self._busy.add(key)
            try:
                target = self.doc.node_at(pointer, at=pointer)
                self._done[key] = self._walk(target, pointer, mode)
            finally:
                self._busy.discard(key)
        return self._done[key]

    def _too_big(self, pointer: str, mode: Mode) -> bool:
        return self._target(pointer, mode)[2] > INLINE_LIMIT

    def _cyclic_set(self) -> set[str]:
        if self._cyclic is None:
            starts = {self._pointer_of(ref, "") for ref in refs_in(self.doc.data)} - {None}
            self._cyclic = cyclic_pointers(sorted(p for p in starts if p is not None), self._edges)
        return self._cyclic

    def _edges(self, pointer: str) -> list[str]:
        try:
            target = self.doc.node_at(pointer, at=pointer)
        except Exception:  # a dangling or external ref: reported when it is translated
            return []
        found = {self._pointer_of(ref, pointer) for ref in refs_in(target)}
        return sorted(p for p in found if p is not None)

    def _pointer_of(self, ref: str, at: str) -> str | None:
        """The pointer `ref` (written in the schema at `at`) names; None for one that names nothing."""
        if self.doc.scopes is None:  # every reference is a plain JSON pointer
            return ref[1:] if ref.startswith("#") else None
        try:
            return self.doc.lookup(ref, at=at)[1]
        except SourceError:
            return None

    def _name(self, pointer: str) -> str:
        if pointer not in self._names:
            last = pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
            base = _SAFE_NAME.sub("_", last) or "schema"
            name, n = base, 1
            while name in self._taken:
                n += 1
                name = f"{base}_{n}"
            self._taken.add(name)
            self._names[pointer] = name
            self._pointers[name] = pointer
        return self._names[pointer]


def _unexpanded(out: dict[str, Any], raw: list[Any], needs: list[frozenset[str]]) -> list[frozenset[str]]:
    """An expandable field (Stripe's ``x-expansionResources``) answers with its id, as the API does
    unless the request asks to expand it: keep the ``anyOf`` branches that refer to nothing (and
    return what the kept ones need of the branches' `needs`)."""
    keep = [not refs_in(source) for source in raw]
    if not any(keep) or len(keep) != len(out["anyOf"]):
        return needs
    out["anyOf"] = [branch for branch, kept in zip(out["anyOf"], keep, strict=True) if kept]
    return [more for more, kept in zip(needs, keep, strict=True) if kept]
