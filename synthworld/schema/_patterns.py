"""Pattern searches that cannot run for hours on a hostile text.

Python's ``re`` backtracks without limit: ``^(a+)+$`` against forty ``a``s and a ``!`` runs for
hours, in python-jsonschema's ``pattern`` keyword as anywhere else. jsonschema-rs's engines do
not (linear time, or backtracking with a step limit), and jsonschema-rs is the validator that
decides what is valid. So wherever jsonschema-rs reads a pattern, its answer comes first; Python's
``re`` runs only on a text it has let through, or on a pattern only Python reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import jsonschema
import jsonschema_rs
from jsonschema.protocols import Validator as PyValidator

__all__ = ["Gate", "bounded_class", "finds", "rs_pattern"]


@lru_cache(maxsize=1024)
def rs_pattern(pattern: str) -> Any:
    """jsonschema-rs's check of ``pattern`` alone, or None when it cannot read the pattern."""
    try:
        return jsonschema_rs.validator_for({"pattern": pattern})
    except (jsonschema_rs.ValidationError, ValueError):
        return None


def finds(pattern: str, text: str) -> bool:
    """Whether ``pattern`` finds a match in ``text``: jsonschema-rs's answer where it reads the
    pattern (bounded), Python's ``re`` only where it cannot."""
    check = rs_pattern(pattern)
    if check is not None:
        return bool(check.is_valid(text))
    return re.search(pattern, text) is not None


@dataclass(frozen=True)
class Gate:
    """A first, bounded check of a text against ``pattern`` (jsonschema-rs's), put before Python's
    readings of it: a text it rejects never reaches Python's backtracking, and it is rejected by
    jsonschema-rs's validation anyway. Lets everything through when jsonschema-rs cannot read it."""

    pattern: str
    """The pattern as the schema writes it."""
    check: Any = field(default=None, compare=False, repr=False)
    """jsonschema-rs's check of the pattern (None: it cannot read it)."""

    @classmethod
    def of(cls, pattern: str) -> Gate | None:
        """The gate of ``pattern``, or None when jsonschema-rs cannot read it."""
        check = rs_pattern(pattern)
        return None if check is None else cls(pattern, check)

    def search(self, text: str) -> bool:
        return bool(self.check.is_valid(text))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not finds(pattern, instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if finds(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _extras(instance: Any, schema: Any) -> set[str]:
    """The keys of ``instance`` neither ``properties`` nor a ``patternProperties`` key takes."""
    named, patterns = schema.get("properties", {}), list(schema.get("patternProperties", {}))
    return {k for k in instance if k not in named and not any(finds(p, k) for p in patterns)}


def _additional_properties(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    extras = _extras(instance, schema)
    if validator.is_type(extra, "object"):
        for key in extras:
            yield from validator.descend(instance[key], extra, path=key)
    elif not extra and extras:
        if "patternProperties" in schema:
            verb = "does" if len(extras) == 1 else "do"
            joined = ", ".join(repr(each) for each in sorted(extras))
            patterns = ", ".join(repr(each) for each in sorted(schema["patternProperties"]))
            yield jsonschema.ValidationError(f"{joined} {verb} not match any of the regexes: {patterns}")
        else:
            shown = ", ".join(repr(each) for each in sorted(extras))
            were = "was" if len(extras) == 1 else "were"
            message = f"Additional properties are not allowed ({shown} {were} unexpected)"
            yield jsonschema.ValidationError(message)


_BOUNDED = {
    "pattern": _pattern,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional_properties,
}


@cache
def bounded_class(cls: type[PyValidator]) -> type[PyValidator]:
    """python-jsonschema's validator class ``cls`` with ``pattern``, ``patternProperties`` and
    ``additionalProperties`` matched by `finds`: the same messages, no unbounded backtracking where
    jsonschema-rs reads the pattern."""
    keywords = {word: check for word, check in _BOUNDED.items() if word in cls.VALIDATORS}
    made: type[PyValidator] = jsonschema.validators.extend(cls, keywords)  # type: ignore[no-untyped-call]
    return made
