"""A typed answer as JSON: what a real tool function returns (a pydantic model, a dataclass, a
``datetime``, ``bytes``...) as the JSON its schema describes.

pydantic dumps it (models and dataclasses by alias, datetimes as ISO text, enums as their
values), except ``bytes`` and ``bytearray`` outside pydantic models: their schema (see
`synthworld.spec.type_schema`) is standard, padded base64 text, which pydantic writes neither by
default (UTF-8 text) nor in its ``base64`` mode (the URL-safe alphabet), so they are encoded here
first. A pydantic model's own ``bytes`` keep the model's serialization, as its schema does.
"""

from __future__ import annotations

import base64
import dataclasses
from typing import Any

__all__ = ["typed_json"]


def typed_json(value: Any) -> Any:
    """``value``'s JSON as pydantic dumps it, bytes as base64 text; raises `ValueError` for what
    pydantic cannot dump either."""
    import pydantic_core

    try:
        return pydantic_core.to_jsonable_python(_binary_as_base64(value), by_alias=True)
    except pydantic_core.PydanticSerializationError as exc:
        raise ValueError(str(exc)) from None


def _binary_as_base64(value: Any) -> Any:
    """`value` with every ``bytes``/``bytearray`` in plain containers and standard dataclasses
    as base64 text (tuples, NamedTuples included, as lists: their JSON)."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {key: _binary_as_base64(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_binary_as_base64(item) for item in value]
    if _plain_dataclass(value):
        return {
            field.name: _binary_as_base64(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
    return value


def _plain_dataclass(value: Any) -> bool:
    """A standard dataclass instance (a pydantic dataclass dumps by its own rules: aliases...)."""
    return (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and not hasattr(type(value), "__pydantic_fields__")
    )
