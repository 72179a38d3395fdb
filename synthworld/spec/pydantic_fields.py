"""The fields of a pydantic model whose type only pydantic describes, checked as such a type is
checked alone (`pydantic_type_schema`): pydantic-extra-types' ``Color``, ``CountryAlpha2``,
``MacAddress``, ``ISBN``... are refused as a tool's return type, since their schema (``{"type":
"string"}``, ``format: color``) admits text they refuse; as a model's field they were taken with the
model's schema, so the tool registered and every answer then failed its return type."""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterator
from typing import Any

from synthworld.spec.pydantic_types import pydantic_type_schema

__all__ = ["refused_field"]


def refused_field(cls: Any) -> str:
    """Why `cls` (a pydantic model) cannot be answered, naming the first field (a dotted path
    through nested models) whose type only pydantic describes and whose schema admits values the
    type refuses; "" when none."""
    for path, tp in _custom_types(cls, (), set()):
        why = _refusal(tp)
        if why:
            name = getattr(tp, "__qualname__", repr(tp))
            return (
                f"its field {'.'.join(path)!r} has type {name!r}: {why}; fix: give the field a type "
                "whose schema says what it accepts (str with a pattern, a Literal, an Enum) or answer "
                "the tool with a handler"
            )
    return ""


@functools.cache
def _refusal(tp: Any) -> str:
    try:
        schema, why = pydantic_type_schema(tp, answers=True)
    except Exception:  # a type pydantic cannot adapt alone: the model's own schema stands
        return ""
    return why if schema is None else ""


def _custom_types(tp: Any, path: tuple[str, ...], seen: set[Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each type under `tp` (through ``Optional``, containers, ``Annotated`` and nested models)
    that describes itself to pydantic (``__get_pydantic_core_schema__``), with its field path."""
    import pydantic

    args = typing.get_args(tp)
    if typing.get_origin(tp) is not None:
        for arg in args:
            yield from _custom_types(arg, path, seen)
        return
    if not isinstance(tp, type) or tp in seen:
        return
    seen.add(tp)
    if issubclass(tp, pydantic.BaseModel):
        for name, field in tp.model_fields.items():
            yield from _custom_types(field.annotation, (*path, name), seen)
    elif hasattr(tp, "__get_pydantic_core_schema__") and tp.__module__.split(".")[0] != "pydantic":
        yield path, tp
