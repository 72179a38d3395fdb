"""Whether a value given by hand fits a schema: a scripted answer, or a seeded entity, either whole
or (partial) laid over a generated value, as the world lays it over answers."""

from __future__ import annotations

from typing import Any

from synthworld._json import json_problems
from synthworld.schema import CompiledValidator, generate
from synthworld.world.recall import overlay

__all__ = ["fit_problems"]


def fit_problems(schema: Any, validator: CompiledValidator, value: Any, *, partial: bool) -> list[str]:
    """What `value` breaks in `schema` (``"$.path: message"``, as `CompiledValidator.problems`
    words it): as a whole value, or with `partial`, laid over a value generated from `schema` (so
    the fields it leaves out are no problem). Where it is not JSON data, that alone."""
    problems = json_problems(value)
    if problems:
        return problems
    if partial:
        value = overlay(generate(schema, seed=0), value)
    return validator.problems(value)
