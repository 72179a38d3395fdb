"""What a union's schema says about its branches beyond JSON Schema, as the tools that write such
schemas read it: OpenAPI's ``discriminator`` and pydantic's ``Decimal`` (a number or its text)."""

from __future__ import annotations

from typing import Any

__all__ = ["DECIMAL_TEXT", "discriminator", "number_as_text"]

DECIMAL_TEXT = r"^-?[0-9]+(\.[0-9]+)?$"
"""The text of a decimal number (what the string branch of pydantic's ``Decimal`` holds)."""
_ANNOTATIONS = frozenset({"title", "description", "$comment", "deprecated", "readOnly", "writeOnly"})


def number_as_text(branches: Any) -> int | None:
    """The index of the free-form string after a number in ``anyOf: [number, string]``, pydantic's
    ``Decimal`` (any text fits the schema, but only a number's text the model): None for others,
    also for ``[string, number]``, pydantic's ``str | float``, whose text is words."""
    if not isinstance(branches, list) or len(branches) != 2 or not all(isinstance(b, dict) for b in branches):
        return None
    if [b.get("type") for b in branches] != ["number", "string"]:
        return None
    return 1 if set(branches[1]) <= _ANNOTATIONS | {"type"} else None


def discriminator(schema: Any) -> str | None:
    """The property an OpenAPI ``discriminator`` beside ``oneOf``/``anyOf`` names (pydantic writes
    one for each discriminated union), or None. JSON Schema ignores the word, but the readers of
    such schemas (pydantic, OpenAPI clients) find the branch by that property and refuse a value
    without it; OpenAPI leaves its absence undefined. So a branch that holds the property to
    constants always carries it (`_compile.Compiler._branch`): valid either way, and readable by them too."""
    found = schema.get("discriminator") if isinstance(schema, dict) else None
    name = found.get("propertyName") if isinstance(found, dict) else None
    return name if isinstance(name, str) else None
