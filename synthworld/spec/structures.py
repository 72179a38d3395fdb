"""Named structures -> JSON Schema: which builder a class takes (an enum, a TypedDict, a dataclass,
a NamedTuple or a pydantic model) and the builders, each reading the class through `SchemaBuilder`."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import typing_extensions

if TYPE_CHECKING:
    from synthworld.spec.type_schema import SchemaBuilder

__all__ = [
    "build_dataclass",
    "build_enum",
    "build_namedtuple",
    "build_pydantic",
    "build_typeddict",
    "structure_builder",
]

JSON = dict[str, Any]


_MAX_FLAG_MEMBERS = 8
"""A `enum.Flag` with at most this many members lists each combination (256); one with more, its
members alone."""


def build_enum(builder: SchemaBuilder, cls: type) -> JSON:
    values = [m.value for m in cls]  # type: ignore[attr-defined]
    if (
        issubclass(cls, enum.Flag)
        and all(type(v) is int for v in values)
        and len(values) <= _MAX_FLAG_MEMBERS
    ):
        values = _flag_values(values)  # Flag.A | Flag.B is a value of the type too
    choices = builder.choices(values, f"enum {cls.__qualname__}")
    return {"title": cls.__name__, **choices} if choices else choices


def _flag_values(members: list[int]) -> list[int]:
    """Every value a combination of a Flag's `members` makes (none of them: 0), ascending."""
    found = {0}
    for member in members:
        found |= {value | member for value in found}
    return sorted(found)


def build_typeddict(builder: SchemaBuilder, cls: type) -> JSON:
    hints = builder.hints(cls)
    required_keys = getattr(cls, "__required_keys__", frozenset(hints))
    required = [k for k, tp in hints.items() if _is_required(tp, default=k in required_keys)]
    return builder.object_schema(cls, hints, required)


def _is_required(tp: Any, *, default: bool) -> bool:
    """Required[...] / NotRequired[...] decide; stringified annotations hide them from the class."""
    origin = typing_extensions.get_origin(tp)
    if origin is typing_extensions.Required:
        return True
    if origin is typing_extensions.NotRequired:
        return False
    if origin is typing_extensions.ReadOnly:
        return _is_required(typing_extensions.get_args(tp)[0], default=default)
    return default


def build_dataclass(builder: SchemaBuilder, cls: type) -> JSON:
    hints = builder.hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    required = [f.name for f in fields if _no_default(f)]
    return builder.object_schema(cls, {f.name: hints.get(f.name, Any) for f in fields}, required)


def build_namedtuple(builder: SchemaBuilder, cls: type) -> JSON:
    hints = builder.hints(cls)
    items = [builder.schema(hints.get(name, Any)) for name in cls._fields]  # type: ignore[attr-defined]
    n_required = len(items) - len(getattr(cls, "_field_defaults", {}))
    schema: JSON = {"type": "array", "title": cls.__name__, "prefixItems": items, "items": False}
    return {**schema, "minItems": n_required, "maxItems": len(items)}


def build_pydantic(builder: SchemaBuilder, cls: type) -> JSON:
    """A pydantic model, or a ``pydantic.dataclasses.dataclass``, as pydantic validates it (a
    dataclass's ``Field(ge=5)`` default is a constraint, not a default value)."""
    return builder.pydantic_class(cls)


def _no_default(field: dataclasses.Field[Any]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def structure_builder(cls: type) -> Callable[[SchemaBuilder, type], JSON] | None:
    if issubclass(cls, enum.Enum):
        return build_enum
    if typing_extensions.is_typeddict(cls):
        return build_typeddict
    if dataclasses.is_dataclass(cls) and hasattr(cls, "__pydantic_validator__"):
        return build_pydantic
    if dataclasses.is_dataclass(cls):
        return build_dataclass
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return build_namedtuple
    if hasattr(cls, "model_json_schema") and hasattr(cls, "model_fields"):
        return build_pydantic
    return None
