"""Replaying a recorded output whose redacted values its schema rejects.

Redaction writes ``"[REDACTED]"`` in place of a secret key's value, whatever the value was: the
``token_count: 47`` of an output becomes a string an integer field rejects, and a ``session_id``
with ``format: uuid`` holds a string that is no UUID. Such a recording cannot be replayed as it
is, and recording it again writes the same mask. `fill_masked` puts a stand-in drawn from the
rejected value's own schema (seeded by the call) where a masked value breaks the schema, and
leaves every other value, masked or not, as recorded.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from random import Random
from typing import Any

import jsonschema

from synthworld.errors import SynthworldError
from synthworld.schema import CompiledValidator, compile_generator

__all__ = ["fill_masked"]

_ROUNDS = 8
"""Passes over the errors: a stand-in inside an ``anyOf`` may uncover another masked value."""


def fill_masked(
    value: Any, validator: CompiledValidator, *, masks: Iterable[str], seed: int
) -> tuple[bool, Any]:
    """``(True, value)`` with each masked string the schema rejects replaced by a value its
    subschema takes, or ``(False, None)`` when that does not make it valid (a value no mask
    explains is wrong)."""
    marks = tuple(m for m in masks if m)
    schema = validator.schema
    cls = jsonschema.validators.validator_for(schema)
    checker = cls(schema, format_checker=cls.FORMAT_CHECKER)
    for _ in range(_ROUNDS):
        if validator.is_valid(value):
            return True, value
        fixes = _fixes(checker.iter_errors(value), marks)
        if not fixes:
            return False, None
        for path, subschema in fixes.items():
            stand_in = _stand_in(subschema, schema, seed, path)
            if stand_in is _NONE:
                return False, None
            value = _replaced(value, path, stand_in)
    return (True, value) if validator.is_valid(value) else (False, None)


def _fixes(errors: Iterable[Any], marks: tuple[str, ...]) -> dict[tuple[Any, ...], Any]:
    """The path of each masked value an error is about, with the subschema that rejected it."""
    found: dict[tuple[Any, ...], Any] = {}
    for error in errors:
        instance = error.instance
        if isinstance(instance, str) and any(mark in instance for mark in marks):
            found.setdefault(tuple(error.absolute_path), error.schema)
        elif error.context:
            for path, subschema in _fixes(error.context, marks).items():
                found.setdefault(path, subschema)
    return found


_NONE = object()


def _stand_in(subschema: Any, root: Any, seed: int, path: tuple[Any, ...]) -> Any:
    """A value of `subschema` (with the root's definitions, which its ``$ref``s may name)."""
    if isinstance(subschema, dict) and isinstance(root, dict):
        shared = {k: root[k] for k in ("$defs", "definitions") if k in root and k not in subschema}
        subschema = {**subschema, **shared}
    digest = hashlib.sha256(f"{seed}:{list(map(str, path))}".encode()).digest()
    try:
        return compile_generator(subschema).generate(Random(int.from_bytes(digest[:8], "big")))
    except (SynthworldError, ValueError, TypeError, RecursionError):
        return _NONE


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of `value` with `new` at `path` (the containers on the way copied, the rest shared)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replaced(copy[head], rest, new)
    return copy
