"""Whether a value given by hand fits a schema: a scripted answer, or a seeded entity, either whole
or (partial) laid over a generated value, as the world lays it over answers."""

from __future__ import annotations

from typing import Any

from synthworld._json import json_problems
from synthworld.schema import CompiledValidator, generate
from synthworld.world.recall import overlay

__all__ = ["base_value", "fit_problems"]


_GENERATED = object()
"""`fit_problems`' default ``base``: a value generated from the schema."""


def fit_problems(
    schema: Any, validator: CompiledValidator, value: Any, *, partial: bool, base: Any = _GENERATED
) -> list[str]:
    """What `value` breaks in `schema` (``"$.path: message"``, as `CompiledValidator.problems`
    words it): as a whole value, or with `partial`, laid over ``base``, by default a value
    generated from `schema` (so the fields it leaves out are no problem); a caller fitting many
    values to one schema passes `base_value` once made. Where it is not JSON data, that alone."""
    problems = json_problems(value)
    if problems:
        return problems
    if partial:
        value = overlay(base_value(schema) if base is _GENERATED else base, value)
    return validator.problems(value)


def base_value(schema: Any) -> Any:
    """The value a partial value is laid over (`overlay` copies what it changes: it may be shared)."""
    return generate(schema, seed=0)
