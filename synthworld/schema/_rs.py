"""The fast validators: jsonschema-rs's, compiled once per schema text (python-jsonschema's where
only it reads a schema), and for a schema nothing can fail on, only when first used."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import unquote

import jsonschema
import jsonschema_rs
import referencing.exceptions
from jsonschema.protocols import Validator as PyValidator
from jsonschema_specifications import REGISTRY as METASCHEMAS

from synthworld.schema._bounded import Bounded
from synthworld.schema._patterns import bounded_class
from synthworld.schema._resolve import with_known_dialect
from synthworld.schema._rs_formats import rs_formats

__all__ = ["UNRESOLVED", "fast_validator", "py_validator_class", "refuse_fetch", "shared_rs_validator"]

_DEFAULT_DIALECT = jsonschema.Draft202012Validator


def fast_validator(schema_json: str, key: str, schema: Any) -> Any:
    """The validator of `schema` (written as canonical JSON `schema_json`, shared by its JSON
    text `key`) with ``is_valid`` and ``iter_errors``; `SchemaError` when no one can compile it.
    A schema without references whose patterns Python reads is compiled when first used: `_now`
    fails only on a reference that resolves nowhere or a pattern no one reads, so it cannot fail
    later on a schema it would have taken now."""
    if REFERENCE.search(key) is None and ('"pattern' not in key or _patterns_read(key, schema)):
        return _LaterRs(schema_json, key, schema)
    return _now(schema_json, key, schema)


_PATTERN = re.compile(r'"pattern"\s*:\s*("(?:[^"\\]|\\.)*")')
"""A ``"pattern": "..."`` in a JSON text, its string as written (data holding such a pair is read
as a pattern too: that only errs on the side of compiling now)."""


def _patterns_read(text: str, schema: Any) -> bool:
    """`_python_reads_patterns`, read off the JSON text when it has no ``patternProperties`` (the
    walk of every node costs more than the compile it would spare)."""
    if '"patternProperties"' in text:
        return _python_reads_patterns(schema)
    return all(_python_reads(json.loads(found)) for found in _PATTERN.findall(text))


@lru_cache(maxsize=1)
def rs_registry() -> jsonschema_rs.Registry:
    """A jsonschema-rs registry of the official metaschemas (read offline)."""
    return jsonschema_rs.Registry([(uri, METASCHEMAS[uri].contents) for uri in METASCHEMAS])


def py_validator_class(schema: Any) -> type[PyValidator]:
    """python-jsonschema's validator class for `schema`'s dialect, its patterns matched by
    jsonschema-rs where it reads them (no unbounded backtracking on a hostile text)."""
    cls: type[PyValidator] = jsonschema.validators.validator_for(schema, default=_DEFAULT_DIALECT)
    return bounded_class(cls)


def refuse_fetch(uri: str) -> Any:
    """The retriever of every jsonschema-rs validator: synthworld never fetches a document."""
    raise ValueError(f"synthworld never fetches {uri!r}")


_RS: Bounded[str, Any] = Bounded(1024)
"""The jsonschema-rs validators `shared_rs_validator` compiled, by JSON text (least recently used
go first)."""


def shared_rs_validator(text: str, schema: Any) -> Any:
    """The jsonschema-rs validator of `schema`, whose JSON text is `text` (formats checked, no
    document fetched), or None when jsonschema-rs cannot compile it; one per text, so a tool's
    returns validator and its generator's whole-value check are the same compiled validator."""

    def make() -> Any:
        try:
            return jsonschema_rs.validator_for(
                schema, validate_formats=True, formats=rs_formats(schema), retriever=refuse_fetch
            )
        except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError):
            return None

    return _RS.made(text, make, len(text))


REFERENCE = re.compile(r'"\$ref"|Ref"')
"""A ``$ref``, ``$dynamicRef`` or ``$recursiveRef`` in a schema's JSON text."""


class _LaterRs:
    """The fast validator of a schema `_now` cannot fail on, compiled when first used: a world
    registering hundreds of tools compiles the validators of the calls it makes, not all."""

    __slots__ = ("_args", "_built")

    def __init__(self, schema_json: str, key: str, schema: Any) -> None:
        self._args: tuple[str, str, Any] | None = (schema_json, key, schema)
        self._built: Any = None

    def _validator(self) -> Any:
        built = self._built
        if built is None:
            assert self._args is not None
            built = self._built = _now(*self._args)
            self._args = None
        return built

    def is_valid(self, value: Any) -> bool:
        return bool(self._validator().is_valid(value))

    def iter_errors(self, value: Any) -> Any:
        return self._validator().iter_errors(value)


def _now(schema_json: str, key: str, schema: Any) -> Any:
    """jsonschema-rs's validator of `schema` (shared by JSON text `key`), else python-jsonschema's
    where only it compiles the schema; `SchemaError` when no one can."""
    from synthworld.errors import SchemaError

    shared = shared_rs_validator(key, schema)
    if shared is not None:
        return shared
    fast: Any
    try:  # jsonschema-rs refused it: this compile (of the keys sorted) says why
        known = with_known_dialect(json.loads(schema_json))
        fast = jsonschema_rs.validator_for(
            known,
            validate_formats=True,
            formats=rs_formats(known),
            registry=rs_registry(),
            offline=True,
        )
    except (jsonschema_rs.ValidationError, ValueError) as exc:
        why = str(exc).splitlines()[0]
        if UNRESOLVED.search(why):
            raise SchemaError(
                f"cannot compile JSON Schema: {why}{dangling_ref_at(schema, why)}; fix: define the "
                "target in the document (synthworld never fetches URLs)"
            ) from None
        if not _python_reads_patterns(schema):
            raise SchemaError(f"cannot compile JSON Schema: {why}") from None
        fast = _PythonFast(py_validator_class(schema), schema)  # a $ref or pattern only it reads
    return fast


UNRESOLVED = re.compile(r"is not present in a registry|Pointer '[^']*' does not exist|No base URI")
"""What jsonschema-rs says of a reference that nothing resolves (no document is fetched)."""
_MISSING = re.compile(r"Pointer '([^']*)' does not exist|'([^']*)' is not present in a registry")


def dangling_ref_at(schema: Any, why: str) -> str:
    """Where `schema` holds the reference jsonschema-rs's message `why` says nothing resolves:
    ``" (the $ref '#/$defs/x' at '/properties/a')"``, or "" when it cannot tell."""
    found = _MISSING.search(why)
    if found is None:
        return ""
    target = found.group(1) if found.group(1) is not None else found.group(2)
    stack: list[tuple[str, Any]] = [("", schema)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and _names(ref, target):
                return f" (the $ref {ref!r} at {path or '/'!r})"
            stack += [(f"{path}/{_segment(k)}", v) for k, v in node.items() if k not in _DATA]
        elif isinstance(node, list):
            stack += [(f"{path}/{i}", v) for i, v in enumerate(node)]
    return ""


_DATA = frozenset({"const", "enum", "default", "examples"})


def _names(ref: str, target: str) -> bool:
    """Whether `ref` is the reference jsonschema-rs calls `target` (a pointer or a document URI)."""
    document, _, fragment = ref.partition("#")
    if target in (ref, unquote(fragment)):
        return True
    return document != "" and (target + "/").endswith("/" + document + "/")


def _segment(key: Any) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _python_reads_patterns(schema: Any) -> bool:
    """Whether Python's ``re`` reads every ``pattern`` and ``patternProperties`` key of `schema`."""
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            patterns = node.get("patternProperties")
            found = [node.get("pattern"), *(patterns if isinstance(patterns, dict) else ())]
            if not all(_python_reads(p) for p in found if isinstance(p, str)):
                return False
            stack.extend(node.values())
    return True


def _python_reads(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


class _PythonFast:
    """python-jsonschema (formats checked) in place of jsonschema-rs for a schema only it compiles:
    a ``$ref`` that is no URI reference (vega-lite's ``#/definitions/MarkPropDef<(Gradient|null)>``),
    a pattern the ``regex`` format refuses but Python reads (``^\\${.*}$``)."""

    __slots__ = ("_validator",)

    def __init__(self, cls: type[PyValidator], schema: Any) -> None:
        self._validator = cls(schema, format_checker=cls.FORMAT_CHECKER)

    def is_valid(self, value: Any) -> bool:
        try:
            return bool(self._validator.is_valid(value))
        except (re.error, RecursionError, referencing.exceptions.Unresolvable):  # read by no one
            return False

    def iter_errors(self, value: Any) -> list[Any]:
        return [_Problem(list(e.absolute_path), e.message) for e in self._validator.iter_errors(value)]


class _Problem(NamedTuple):
    """An error as jsonschema-rs gives it: the path (keys and indexes) and the message."""

    instance_path: list[str | int]
    message: str
