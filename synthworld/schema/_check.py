"""Validity checks: a fast compiled jsonschema-rs validator for whole values, python-jsonschema
(with format checking) for subschemas in their scope and for error messages."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, cast
from urllib.parse import quote

import jsonschema
import jsonschema_rs
import referencing
import referencing.exceptions
from jsonschema.protocols import Validator as PyValidator

from synthworld.errors import SchemaError, show_pointer
from synthworld.schema._bounded import forgets
from synthworld.schema._canonicalise import canonical_view, json_key
from synthworld.schema._patterns import bounded_class
from synthworld.schema._registry_rs import registry_retriever, registry_rs_validator
from synthworld.schema._resolve import Loc, resolve_ref, with_known_dialect
from synthworld.schema._rs import (
    UNRESOLVED,
    dangling_ref_at,
    refuse_fetch,
    shared_rs_validator,
)
from synthworld.schema._rs_formats import rs_formats
from synthworld.schema._validate import PYTHON_CLASSES, RS_CLASSES

__all__ = [
    "Check",
    "WholeCheck",
    "python_validator",
    "SubCheck",
    "sub_check",
    "unresolved_ref",
    "whole_check",
]

Check = Callable[[Any], bool]


def python_validator(loc: Loc) -> Any:
    """A python-jsonschema validator for ``loc`` in its own scope, format checking on, its patterns
    matched by jsonschema-rs where it reads them (`bounded_class`): a pattern only ECMA-262 reads
    (a named group ``(?<name>...)``) beside one only Python reads (``{{``, which keeps jsonschema-rs
    from compiling the document) is judged, not taken for a value that fails."""
    cls: Any = bounded_class(cast("type[PyValidator]", PYTHON_CLASSES[loc.dialect]))  # cached
    return cls(loc.schema, _resolver=loc.resolver, format_checker=cls.FORMAT_CHECKER)


def sub_check(loc: Loc) -> SubCheck:
    """``value -> bool``: does ``value`` satisfy the subschema at ``loc``? (See `SubCheck`.)"""
    types, tags = _shape(loc)
    rs = _rs_sub(loc)
    return SubCheck(types, tags, rs or _python_check(loc), compiled=rs is not None)


class SubCheck:
    """Whether a value satisfies one subschema: a cheap look at ``type`` and at ``const``/``enum``
    properties (the usual ``oneOf`` discriminators) answers most "no"s, then a validator:
    jsonschema-rs (``compiled``) where the subschema's place in its document is known, else
    python-jsonschema."""

    __slots__ = ("_full", "_tags", "_types", "compiled")

    def __init__(
        self, types: set[str] | None, tags: dict[str, set[str]], full: Check, *, compiled: bool
    ) -> None:
        self._types, self._tags, self._full = types, tags, full
        self.compiled = compiled
        """Whether jsonschema-rs answers (about a microsecond a value, whatever its depth)."""

    def __call__(self, value: Any) -> bool:
        types = self._types
        if types is not None and _type_of(value) not in types:
            return False
        if self._tags and isinstance(value, dict):
            for name, allowed in self._tags.items():
                if name in value and json_key(value[name]) not in allowed:
                    return False
        return self._full(value)


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
        _PLACES.clear()


def _rs_registry(doc: Any) -> Any:
    found = _REGISTRIES.get(id(doc))
    if found is None or found[0] is not doc:
        uri = _registered_uri(doc)
        known = with_known_dialect(doc)  # as read here: jsonschema-rs reads an unknown $schema its way
        found = (doc, jsonschema_rs.Registry([(uri, known)]))
        with _REGISTRIES_LOCK:
            _REGISTRIES.pop(id(doc), None)
            while len(_REGISTRIES) >= _REGISTRIES_SIZE:
                _REGISTRIES.popitem(last=False)
            _REGISTRIES[id(doc)] = found
    return found[1]


def _registered_uri(doc: Any) -> str:
    """The URI `_rs_registry` registers ``doc`` under: its ``$id`` when absolute, else `ROOT_URI`."""
    uri = doc.get("$id") if isinstance(doc, dict) else None
    return uri if isinstance(uri, str) and ":" in uri else ROOT_URI


def _rs_sub(loc: Loc) -> Check | None:
    """A jsonschema-rs check of a subschema, when its place in the document is known."""
    pointer = loc.pointer if loc.pointer is not None else _place_in_root(loc)
    if pointer is None or loc.doc is None:
        return None
    base = loc.resolver._base_uri or ROOT_URI
    if ":" not in base:
        return None
    try:
        rs = RS_CLASSES[loc.dialect](
            {"$ref": f"{base}#{quote(pointer, safe='/~')}"},
            registry=_rs_registry(loc.doc),
            validate_formats=True,
            formats=rs_formats({"$schema": loc.dialect}),
            retriever=refuse_fetch,
        )
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError):
        return None
    return lambda value: bool(rs.is_valid(value))


def _place_in_root(loc: Loc) -> str | None:
    """The JSON pointer of ``loc``'s subschema in its document, found by identity, for one the
    compiler reached through a schema of its own making (a ``oneOf`` branch's negation holds the
    branch's own subschemas): None unless ``loc`` is in the root resource's scope and its
    subschema sits in the document outside any embedded resource (``$id``)."""
    doc = loc.doc
    if not isinstance(doc, dict) or not isinstance(loc.schema, dict):
        return None
    base = loc.resolver._base_uri or ROOT_URI
    if base.rstrip("#") != _registered_uri(doc).rstrip("#"):
        return None
    with _REGISTRIES_LOCK:
        found = _PLACES.get(id(doc))
    if found is None or found[0] is not doc:
        found = (doc, _places(doc))
        with _REGISTRIES_LOCK:
            while len(_PLACES) >= _PLACES_SIZE:
                _PLACES.popitem(last=False)
            _PLACES[id(doc)] = found
    return found[1].get(id(loc.schema))


_JSON = (dict, list)


def _places(doc: dict[str, Any]) -> dict[int, str]:
    """The pointer of every object in ``doc`` (by identity; an object met twice keeps one of its
    places), leaving out embedded resources: an object declaring an ``$id`` (``id`` in draft 4) and all
    below it."""
    out: dict[int, str] = {}
    stack: list[tuple[Any, str]] = [(doc, "")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, dict):
            if id(node) in out or (node is not doc and _declares_id(node)):
                continue
            out[id(node)] = pointer
            for key, sub in node.items():
                if isinstance(sub, _JSON):
                    text = key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key
                    stack.append((sub, f"{pointer}/{text}"))
        else:
            stack.extend((item, f"{pointer}/{i}") for i, item in enumerate(node) if isinstance(item, _JSON))
    return out


def _declares_id(node: dict[str, Any]) -> bool:
    return isinstance(node.get("$id"), str) or isinstance(node.get("id"), str)


_PLACES: OrderedDict[int, tuple[Any, dict[int, str]]] = OrderedDict()
_PLACES_SIZE = 64
"""How many documents' `_places` are remembered (each pins its document; the oldest go first)."""


def _python_check(loc: Loc) -> Check:
    """python-jsonschema's check of ``loc`` (a pattern it cannot read: not valid)."""
    verdict = _python_verdict(loc)
    return lambda value: bool(verdict(value))


def _python_verdict(loc: Loc) -> Callable[[Any], bool | None]:
    """python-jsonschema's verdict on values for ``loc``: None where it cannot read a pattern (an
    ECMA-262 one Python's ``re`` does not know)."""
    validator = python_validator(loc)

    def check(value: Any) -> bool | None:
        try:
            return bool(validator.is_valid(value))
        except re.error:
            return None
        except (jsonschema.exceptions.SchemaError, RecursionError, ValueError, TypeError):
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
    built without our own care (fallback, compile-time probes). With references into a caller's
    registry, jsonschema-rs reads its documents (`registry_rs_validator`). Each check is built
    when first asked for (values built valid by construction need none); one slotted object, not
    closures, since every compiled generator keeps one alive.
    """

    __slots__ = ("_python", "_registry", "_root", "_rs", "_shared", "_text")

    def __init__(self, root: Loc, text: str, *, registry: referencing.Registry[Any] | None) -> None:
        self._root, self._text, self._registry = root, text, registry
        self._python: Callable[[Any], bool | None] | None = None
        self._rs: Any = _UNBUILT
        self._shared: Any = None

    @property
    def registry(self) -> referencing.Registry[Any] | None:
        """The caller's registry the document's references reach (None: none given)."""
        return self._registry

    def fast(self, value: Any) -> bool:
        """Whether `value` is valid (jsonschema-rs; python-jsonschema when it cannot compile)."""
        rs = self._validator()
        return bool(rs.is_valid(value)) if rs is not None else self._by_python(value)

    def strict(self, value: Any) -> bool:
        """Whether both validators find `value` valid (jsonschema-rs alone judges a pattern
        python-jsonschema cannot read, and a value of a document whose references reach the
        caller's registry: python-jsonschema reads a document reached by ``$ref`` with the
        referrer's rule of which keywords apply, a draft-07 ``$ref``'s siblings too)."""
        rs = self._validator()
        if rs is None:
            return self._by_python(value)
        if rs is not self._shared:
            return bool(rs.is_valid(value))
        return bool(rs.is_valid(value)) and self._by_python(value, unreadable=True)

    def python(self, value: Any) -> bool:
        """python-jsonschema's verdict (jsonschema-rs's where it cannot read a pattern)."""
        python = self._python
        if python is None:
            python = self._python = _python_verdict(self._root)
        found = python(value)
        return self.fast(value) if found is None else found

    def _validator(self) -> Any:
        """The shared jsonschema-rs validator, else, for a document that refers to another of the
        caller's registry, one reading that registry (`registry_rs_validator`: each document in
        its own dialect); None when neither compiles. A document whose references all stay inside
        it compiles the same with a registry or without: the registry plays no part, and
        python-jsonschema over a big ``oneOf`` costs 25 times as much (Figma's ``Node``: 1.7 s of
        CPU for the first value when an empty registry was given)."""
        rs = self._rs
        if rs is _UNBUILT:
            schema = with_known_dialect(self._root.schema)
            rs = self._shared = shared_rs_validator(self._text, schema)
            if rs is None and self._registry is not None:
                rs = registry_rs_validator(schema, self._registry)
            self._rs = rs
        return rs

    def _by_python(self, value: Any, *, unreadable: bool = False) -> bool:
        """python-jsonschema's verdict (``unreadable``: the answer where it cannot read a pattern)."""
        python = self._python
        if python is None:
            python = self._python = _python_verdict(self._root)
        found = python(value)
        return unreadable if found is None else found


_UNBUILT: Any = object()


def whole_check(root: Loc, text: str, *, registry: referencing.Registry[Any] | None) -> WholeCheck:
    """The `WholeCheck` of the document at ``root``, whose JSON text is ``text``, its references
    reaching ``registry`` (a caller's) or nothing beyond itself."""
    return WholeCheck(root, text, registry=registry)


def unresolved_ref(schema: Any, registry: referencing.Registry[Any] | None = None) -> SchemaError | None:
    """The error of a reference in `schema` that nothing resolves (no document is fetched; those
    of a caller's ``registry`` are read from it), as jsonschema-rs finds it compiling the whole
    document; None when every reference resolves."""
    retrieve = refuse_fetch if registry is None else registry_retriever(registry)
    try:
        jsonschema_rs.validator_for(with_known_dialect(schema), retriever=retrieve)
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
