"""Compiled JSON Schema validators: jsonschema-rs for speed, python-jsonschema for messages.

Every value synthworld hands out is checked twice per call (input and output), so the hot path
uses a cached `jsonschema_rs` validator (about 1 µs for a small object). Only when a value is
invalid do we ask python-jsonschema for its errors, whose messages and paths read better.
Neither library fetches anything over the network: references resolve within the document and
to the official metaschemas shipped with `jsonschema-specifications`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema.protocols import Validator as PyValidator
from jsonschema_specifications import REGISTRY as METASCHEMAS

__all__ = ["CompiledValidator", "compile_validator", "json_problems", "schema_problems"]

_DEFAULT_DIALECT = jsonschema.Draft202012Validator


@lru_cache(maxsize=1)
def _rs_registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(uri, METASCHEMAS[uri].contents) for uri in METASCHEMAS])


def _py_validator_class(schema: Any) -> type[PyValidator]:
    cls: type[PyValidator] = jsonschema.validators.validator_for(schema, default=_DEFAULT_DIALECT)
    return cls


def _format_path(path: Any) -> str:
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in path]
    return "$" + "".join(parts)


@dataclass(frozen=True)
class CompiledValidator:
    """A schema compiled once: a fast `is_valid` and readable `problems`."""

    schema: Any
    """The JSON Schema this validator checks against."""
    _fast: Any
    _slow: PyValidator

    def is_valid(self, value: Any) -> bool:
        """True when `value` is JSON data that conforms to the schema (formats checked)."""
        try:
            return bool(self._fast.is_valid(value))
        except (ValueError, TypeError, OverflowError):  # not JSON data: a date, bytes, int keys...
            return False

    def problems(self, value: Any) -> list[str]:
        """Every violation as ``"$.path: message"``, sorted by path; empty when valid."""
        not_json = json_problems(value)
        if not_json:
            return not_json
        errors = sorted(self._slow.iter_errors(value), key=lambda e: (list(map(str, e.path)), e.message))
        if not errors and not self.is_valid(value):
            return self._fast_problems(value)
        return [f"{_format_path(e.absolute_path)}: {e.message}" for e in errors]

    def _fast_problems(self, value: Any) -> list[str]:
        return [f"{err.instance_path or '$'}: {err.message}" for err in self._fast.iter_errors(value)]


def json_problems(value: Any, path: str = "$") -> list[str]:
    """Where `value` is not JSON data (a date, bytes, a NaN, a non-string key...), and how to fix it."""
    if isinstance(value, dict):
        problems = [
            f"{path}: key {k!r} is not a string; JSON object keys are strings"
            for k in value
            if not isinstance(k, str)
        ]
        for key, item in value.items():
            problems += json_problems(item, f"{path}.{key}")
        return problems
    if isinstance(value, (list, tuple)):
        return [p for i, item in enumerate(value) for p in json_problems(item, f"{path}[{i}]")]
    if isinstance(value, float) and not math.isfinite(value):
        return [f"{path}: {value!r} is not a JSON number; use a finite number or null"]
    if value is None or isinstance(value, (str, int, float)):
        return []
    hint = "; pass value.isoformat()" if hasattr(value, "isoformat") else ""
    return [f"{path}: {value!r} ({type(value).__name__}) is not JSON data{hint}"]


def compile_validator(schema: Any) -> CompiledValidator:
    """Compile `schema` (cached by its canonical JSON). Raises `SchemaError` if it is invalid."""
    return _compile(json.dumps(schema, sort_keys=True, separators=(",", ":")))


@lru_cache(maxsize=4096)
def _compile(schema_json: str) -> CompiledValidator:
    from synthworld.errors import SchemaError

    schema = json.loads(schema_json)
    problems = schema_problems(schema)
    if problems:
        raise SchemaError("invalid JSON Schema: " + "; ".join(problems))
    try:
        fast = jsonschema_rs.validator_for(
            schema, validate_formats=True, registry=_rs_registry(), offline=True
        )
    except (jsonschema_rs.ValidationError, ValueError) as exc:
        raise SchemaError(f"cannot compile JSON Schema: {str(exc).splitlines()[0]}") from None
    cls = _py_validator_class(schema)
    slow = cls(schema, format_checker=cls.FORMAT_CHECKER)
    return CompiledValidator(schema, fast, slow)


def schema_problems(schema: Any) -> list[str]:
    """Why `schema` is not a valid JSON Schema of its dialect (empty when it is); cached."""
    if not isinstance(schema, (dict, bool)):
        return [f"a schema must be an object or a boolean, got {type(schema).__name__}"]
    try:
        key = json.dumps(schema, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return ["a schema must be JSON data (dicts, lists, strings, numbers, booleans, null)"]
    return list(_schema_problems(key))


@lru_cache(maxsize=4096)
def _schema_problems(schema_json: str) -> tuple[str, ...]:
    schema = json.loads(schema_json)
    cls = _py_validator_class(schema)
    meta = cls(cls.META_SCHEMA)
    errors = sorted(meta.iter_errors(schema), key=lambda e: list(map(str, e.path)))
    return tuple(f"{_format_path(e.absolute_path)}: {e.message}" for e in errors)
