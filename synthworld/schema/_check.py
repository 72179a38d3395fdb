"""Validity checks: a fast compiled jsonschema-rs validator for whole values, python-jsonschema
(with format checking) for subschemas in their scope and for error messages."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import jsonschema
import jsonschema_rs
import referencing.exceptions

from synthworld.errors import SchemaError, show_pointer
from synthworld.schema._bounded import forgets
from synthworld.schema._canonicalise import canonical_view, json_key
from synthworld.schema._duration import duration_formats
from synthworld.schema._resolve import Loc, resolve_ref, with_known_dialect
from synthworld.schema._rs import (
    UNRESOLVED,
    dangling_ref_at,
    refuse_fetch,
    shared_rs_validator,
)
from synthworld.schema._validate import PYTHON_CLASSES, RS_CLASSES

__all__ = [
    "Check",
    "WholeCheck",
    "python_validator",
    "sub_check",
    "unresolved_ref",
    "whole_check",
]

Check = Callable[[Any], bool]


def python_validator(loc: Loc) -> Any:
    """A python-jsonschema validator for ``loc`` in its own scope, format checking on."""
    cls = PYTHON_CLASSES[loc.dialect]
    return cls(loc.schema, _resolver=loc.resolver, format_checker=cls.FORMAT_CHECKER)


def sub_check(loc: Loc) -> Callable[[Any], bool]:
    """``value -> bool``: does ``value`` satisfy the subschema at ``loc``?

    A cheap look at ``type`` and at ``const``/``enum`` properties (the usual ``oneOf``
    discriminators) answers most "no"s before python-jsonschema is asked.
    """
    types, tags = _shape(loc)
    full = _rs_sub(loc) or _python_check(loc)

    def check(value: Any) -> bool:
        if types is not None and _type_of(value) not in types:
            return False
        if tags and isinstance(value, dict):
            for name, allowed in tags.items():
                if name in value and json_key(value[name]) not in allowed:
                    return False
        return full(value)

    return check


ROOT_URI = "urn:synthworld:root"
_REGISTRIES: OrderedDict[int, tuple[Any, Any]] = OrderedDict()
_REGISTRIES_SIZE = 512
"""How many documents' jsonschema-rs registries are remembered (each pins its document); as many
as `compile_generator` keeps generators, the oldest going first."""
_REGISTRIES_LOCK = threading.Lock()


@forgets
def _forget_registries() -> None:
    with _REGISTRIES_LOCK:
        _REGISTRIES.clear()


def _rs_registry(doc: Any) -> Any:
    found = _REGISTRIES.get(id(doc))
    if found is None or found[0] is not doc:
        uri = doc.get("$id") if isinstance(doc, dict) else None
        uri = uri if isinstance(uri, str) and ":" in uri else ROOT_URI
        known = with_known_dialect(doc)  # as read here: jsonschema-rs reads an unknown $schema its way
        found = (doc, jsonschema_rs.Registry([(uri, known)]))
        with _REGISTRIES_LOCK:
            _REGISTRIES.pop(id(doc), None)
            while len(_REGISTRIES) >= _REGISTRIES_SIZE:
                _REGISTRIES.popitem(last=False)
            _REGISTRIES[id(doc)] = found
    return found[1]


def _rs_sub(loc: Loc) -> Check | None:
    """A jsonschema-rs check of a subschema, when its place in the document is known."""
    if loc.pointer is None or loc.doc is None:
        return None
    base = loc.resolver._base_uri or ROOT_URI
    if ":" not in base:
        return None
    try:
        rs = RS_CLASSES[loc.dialect](
            {"$ref": f"{base}#{quote(loc.pointer, safe='/~')}"},
            registry=_rs_registry(loc.doc),
            validate_formats=True,
            formats=duration_formats({"$schema": loc.dialect}),
            retriever=refuse_fetch,
        )
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError):
        return None
    return lambda value: bool(rs.is_valid(value))


def _python_check(loc: Loc) -> Check:
    validator = python_validator(loc)

    def check(value: Any) -> bool:
        try:
            return bool(validator.is_valid(value))
        except (jsonschema.exceptions.SchemaError, RecursionError, ValueError, TypeError, re.error):
            return False
        except referencing.exceptions.Unresolvable as err:  # met only now: no value can be judged
            raise SchemaError(
                f"cannot resolve $ref={err.ref!r} under {show_pointer(loc.path)}; fix: define the target "
                "in the document or pass a referencing registry holding it (synthworld never fetches URLs)",
                path=loc.path,
            ) from None

    return check


def _shape(loc: Loc) -> tuple[set[str] | None, dict[str, set[str]]]:
    """The JSON types ``loc`` allows (``None``: any) and its properties limited to an enum."""
    node = canonical_view(loc.schema, loc.dialect)
    for _ in range(8):  # follow a plain reference chain
        if set(node) - {"$ref", "$comment", "description", "title"} or "$ref" not in node:
            break
        try:
            loc = resolve_ref(loc, "$ref")
        except SchemaError:
            return None, {}
        node = canonical_view(loc.schema, loc.dialect)
    types = (
        set(node["type"]) | ({"integer"} if "number" in node["type"] else set()) if "type" in node else None
    )
    tags: dict[str, set[str]] = {}
    for name, sub in node.get("properties", {}).items():
        if isinstance(sub, dict):
            enum = canonical_view(sub, loc.dialect).get("enum")
            if isinstance(enum, list):
                tags[name] = {json_key(v) for v in enum}
    return types, tags


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


class WholeCheck:
    """``fast`` and ``strict`` checks of whole values against a document, whose JSON text is ``text``.

    ``fast`` is the text's compiled jsonschema-rs validator (shared with `compile_validator`);
    ``strict`` also asks python-jsonschema (the two differ on some formats and regexes), for values
    built without our own care (fallback, compile-time probes). With ``external`` references only
    python-jsonschema knows the registry. Each check is built when first asked for (values built
    valid by construction need none); one slotted object, not closures, since every compiled
    generator keeps one alive.
    """

    __slots__ = ("_external", "_python", "_root", "_rs", "_text")

    def __init__(self, root: Loc, text: str, *, external: bool) -> None:
        self._root, self._text, self._external = root, text, external
        self._python: Check | None = None
        self._rs: Any = _UNBUILT

    @property
    def external(self) -> bool:
        """Whether the document's references reach a caller's registry."""
        return self._external

    def fast(self, value: Any) -> bool:
        """Whether `value` is valid (jsonschema-rs; python-jsonschema when it cannot compile)."""
        rs = self._validator()
        return bool(rs.is_valid(value)) if rs is not None else self._by_python(value)

    def strict(self, value: Any) -> bool:
        """Whether both validators find `value` valid."""
        rs = self._validator()
        return (rs is None or bool(rs.is_valid(value))) and self._by_python(value)

    def _validator(self) -> Any:
        """The shared jsonschema-rs validator (None: external references, or it cannot compile)."""
        rs = self._rs
        if rs is _UNBUILT:
            external = self._external
            rs = None if external else shared_rs_validator(self._text, with_known_dialect(self._root.schema))
            self._rs = rs
        return rs

    def _by_python(self, value: Any) -> bool:
        python = self._python
        if python is None:
            python = self._python = sub_check(self._root)
        return python(value)


_UNBUILT: Any = object()


def whole_check(root: Loc, text: str, *, external: bool) -> WholeCheck:
    """The `WholeCheck` of the document at ``root``, whose JSON text is ``text``."""
    return WholeCheck(root, text, external=external)


def unresolved_ref(schema: Any) -> SchemaError | None:
    """The error of a reference in `schema` that nothing resolves (no document is fetched), as
    jsonschema-rs finds it compiling the whole document; None when every reference resolves."""
    try:
        jsonschema_rs.validator_for(with_known_dialect(schema), retriever=refuse_fetch)
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError) as err:
        found = str(err).splitlines()[0]
        if UNRESOLVED.search(found):
            return SchemaError(
                f"cannot resolve a $ref in the schema: {found[:300]}{dangling_ref_at(schema, found)}; "
                "fix: define the target in the document or pass a referencing registry holding it "
                "(synthworld never fetches URLs)",
                path="",
            )
    return None
