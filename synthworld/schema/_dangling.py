"""A ``$ref`` that resolves nowhere, wherever it stands in a schema, found when the schema is
compiled: the compiler reaches a subschema only when a value needs it, so an optional property
(or an unused ``$defs`` entry) whose ``$ref`` is broken was left out of every value in silence,
where a required one was refused naming the reference."""

from __future__ import annotations

import json
import re
from typing import Any

from jsonschema_specifications import REGISTRY as METASCHEMAS

from synthworld._json import local_ref_target
from synthworld.errors import SchemaError
from synthworld.schema._resolve import Loc, Resolver, enter, resolve_ref, scoped_below

__all__ = ["dangling_ref", "refuse_dangling_refs"]

_ONE = frozenset({
    "additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else",
    "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items",
})  # fmt: skip
_MANY = frozenset({"allOf", "anyOf", "oneOf", "prefixItems", "items"})
_NAMED = frozenset({"properties", "patternProperties", "dependentSchemas", "dependencies"})
"""The keywords whose values are a subschema, a list of them, or a map of names to them, that
apply to a value (the others hold data, words no validator reads as a schema, or ``$defs``)."""
_REF = re.compile(r'"\$ref"\s*:\s*("(?:[^"\\]|\\.)*")')
"""Each ``"$ref": "..."`` of a JSON text, its string as written (data too: a candidate only)."""


def _all_local_found(doc: Any, text: str, refs: list[str]) -> bool:
    """Whether every reference written in ``text`` (``refs``, as JSON strings) is a JSON pointer
    into ``doc`` that finds something, in a document opening no scope below its root: then none is
    broken, and no walk is needed (the usual document: a few distinct ``#/$defs/...``)."""
    if scoped_below(doc, text):
        return False  # an embedded resource: its references resolve in its own scope
    for written in set(refs):
        ref = written[1:-1] if "\\" not in written else json.loads(written)  # most escape nothing
        if not ref.startswith("#") or (ref != "#" and local_ref_target(doc, ref) is None):
            return False
    return True


def refuse_dangling_refs(root: Loc, text: str) -> None:
    """Raise the `SchemaError` of the first ``$ref`` of the document at ``root`` (whose JSON text
    is ``text``) that resolves nowhere, in document order: `resolve_ref`'s, which names the
    reference, the JSON path where it stands and how to fix it."""
    error = dangling_ref(root, text)
    if error is not None:
        raise error


def dangling_ref(root: Loc, text: str) -> SchemaError | None:
    """The `SchemaError` of the first ``$ref`` a value of the document at ``root`` may reach that
    resolves nowhere, or None. Each reference found is followed (once per target and scope) to
    walk its target; ``$defs`` and ``definitions`` are walked only so: an entry nothing reaches is
    left alone, as both validators leave it (nor are the official metaschemas walked). The walk
    makes a `Loc` only where a scope opens or a reference stands."""
    refs = _REF.findall(text)
    if not refs or _all_local_found(root.doc, text, refs):
        return None
    doc, walked, places = root.doc, set(), _Places(root.doc)
    stack: list[tuple[Any, str, Resolver, str, bool]] = [
        (root.schema, root.path, root.resolver, root.dialect, True)
    ]
    while stack:
        schema, path, resolver, dialect, scoped = stack.pop()  # scoped: the resolver is its scope's
        if not scoped and ("$schema" in schema or "$id" in schema or "id" in schema):
            entered = enter(schema, resolver, dialect, path, doc, None)
            resolver, dialect = entered.resolver, entered.dialect
        if (id(schema), resolver._base_uri) in walked:
            continue
        walked.add((id(schema), resolver._base_uri))
        below = [(sub, where, resolver, dialect, False) for sub, where in _subschemas(schema, path)]
        if isinstance(schema.get("$ref"), str):
            try:
                found = resolve_ref(Loc(schema, resolver, dialect, path, doc), "$ref")
            except SchemaError as err:
                return err
            if isinstance(found.schema, dict) and found.resolver._base_uri not in METASCHEMAS:
                below.append((found.schema, places.of(found), found.resolver, found.dialect, True))
        stack += reversed(below)
    return None


class _Places:
    """The JSON pointer of each object of the root document (by identity), made when first asked:
    where a reference's target stands, which names a broken reference inside it."""

    def __init__(self, doc: Any) -> None:
        self._doc = doc
        self._places: dict[int, str] | None = None

    def of(self, found: Loc) -> str:
        """Where ``found`` stands: its pointer in the root document, else the path it was reached by."""
        if found.doc is not self._doc:
            return found.path
        if self._places is None:
            self._places = _pointers(self._doc)
        return self._places.get(id(found.schema), found.path)


def _pointers(doc: Any) -> dict[int, str]:
    """The pointer of every object in ``doc`` (one met twice keeps its first place)."""
    out: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            out.setdefault(id(node), pointer)
            stack += [(v, f"{pointer}/{_escaped(k)}") for k, v in node.items() if isinstance(v, (dict, list))]
        elif isinstance(node, list):
            stack += [(v, f"{pointer}/{i}") for i, v in enumerate(node) if isinstance(v, (dict, list))]
    return out


def _subschemas(schema: dict[str, Any], path: str) -> list[tuple[dict[str, Any], str]]:
    """The subschemas (objects) directly below ``schema`` at ``path``, in document order."""
    out: list[tuple[dict[str, Any], str]] = []
    for key, value in schema.items():
        if isinstance(value, dict):
            if key in _ONE:
                out.append((value, f"{path}/{key}"))
            elif key in _NAMED:
                out += [
                    (sub, f"{path}/{key}/{_escaped(name)}")
                    for name, sub in value.items()
                    if isinstance(sub, dict)
                ]
        elif isinstance(value, list) and key in _MANY:
            out += [(sub, f"{path}/{key}/{i}") for i, sub in enumerate(value) if isinstance(sub, dict)]
    return out


def _escaped(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1") if "~" in name or "/" in name else name
