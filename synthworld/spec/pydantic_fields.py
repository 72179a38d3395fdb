"""The fields of a pydantic model that no answer can fill, found at registration.

- A field whose type only pydantic describes, checked as such a type is checked alone
  (`pydantic_type_schema`): pydantic-extra-types' ``Color``, ``CountryAlpha2``, ``MacAddress``,
  ``ISBN``... are refused as a tool's return type, since their schema (``{"type": "string"}``,
  ``format: color``) admits text they refuse; as a model's field they were taken with the model's
  schema, so the tool registered and every answer then failed its return type.
- A field holding a class (``type[BaseModel]``: AWS Lambda Powertools' ``body``, openapi-pydantic's
  ``schema_class``): pydantic writes ``{}`` for it but cannot check a class from JSON ("Cannot check
  `issubclass` when validating from json"), so every answer taking that branch failed.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections import deque
from collections.abc import Iterator
from typing import Any

import typing_extensions

from synthworld.spec.pydantic_types import pydantic_type_schema

__all__ = ["field_keys", "refused_field", "structure_routes"]


def refused_field(cls: Any) -> str:
    """Why `cls` (a pydantic model) cannot be answered, naming the first field (a dotted path
    through nested models) whose type is a class (``type[X]``) or only pydantic describes and its
    schema admits values the type refuses; "" when none."""
    for path, tp in _leaf_types(cls, (), set()):
        where = f"its field {'.'.join(path)!r}"
        if _is_class_type(tp):
            return f"{where} has type {_type_name(tp)!r}: {_CLASS_WHY}; fix: {_class_fix(tp)}"
        why = _refusal(tp)
        if why:
            name = getattr(tp, "__qualname__", repr(tp))
            return (
                f"{where} has type {name!r}: {why}; fix: give the field a type whose schema says what "
                "it accepts (str with a pattern, a Literal, an Enum) or answer the tool with a handler"
            )
    return ""


_CLASS_WHY = (
    "a class, which pydantic writes as any value ({}) but cannot check from JSON "
    '("Cannot check `issubclass` when validating from json"), so every answer holding it would fail'
)


def _class_fix(tp: Any) -> str:
    """How to annotate a ``type[X]`` field so an answer can fill it."""
    args = typing.get_args(tp)
    concrete = args[0] if args and isinstance(args[0], type) else None
    model = getattr(concrete, "__name__", "")
    if model in ("", "BaseModel", "object"):
        model = "YourModel"
    return (
        f"annotate the field as the data it holds: dict[str, Any], or the concrete model ({model}), "
        "or answer the tool with a handler"
    )


def _is_class_type(tp: Any) -> bool:
    return tp is type or typing.get_origin(tp) is type


def _type_name(tp: Any) -> str:
    args = typing.get_args(tp)
    if not args:
        return "type"
    arg = args[0]
    return f"type[{getattr(arg, '__qualname__', None) or getattr(arg, '__name__', None) or repr(arg)}]"


@functools.cache
def _refusal(tp: Any) -> str:
    try:
        schema, why = pydantic_type_schema(tp, answers=True)
    except Exception:  # a type pydantic cannot adapt alone: the model's own schema stands
        return ""
    return why if schema is None else ""


def _leaf_types(tp: Any, path: tuple[str, ...], seen: set[Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each type under `tp` (through ``Optional``, containers, ``Annotated`` and nested models,
    dataclasses and TypedDicts) that is a class (``type[X]``) or describes itself to pydantic
    (``__get_pydantic_core_schema__``), with its field path."""
    if _is_class_type(tp):
        yield path, tp
        return
    if typing.get_origin(tp) is not None:
        for arg in typing.get_args(tp):
            yield from _leaf_types(arg, path, seen)
        return
    if not isinstance(tp, type) or tp in seen:
        return
    seen.add(tp)
    fields = field_keys(tp)
    if fields:
        for name, (annotation, _) in fields.items():
            yield from _leaf_types(annotation, (*path, name), seen)
    elif hasattr(tp, "__get_pydantic_core_schema__") and tp.__module__.split(".")[0] != "pydantic":
        yield path, tp


def field_keys(tp: Any) -> dict[str, tuple[Any, tuple[str, ...]]]:
    """The fields of a structure (a pydantic model or dataclass, a dataclass, a TypedDict): each
    name's annotation and the keys JSON may hold it under (its name and aliases); {} for others."""
    if not isinstance(tp, type):
        return {}
    infos = getattr(tp, "__pydantic_fields__", None)
    if isinstance(infos, dict):
        return {name: (info.annotation, _keys(name, info)) for name, info in infos.items()}
    if dataclasses.is_dataclass(tp) or typing_extensions.is_typeddict(tp):
        try:
            hints = typing.get_type_hints(tp)
        except Exception:  # an unresolved forward reference: nothing to walk
            return {}
        return {name: (hint, (name,)) for name, hint in hints.items()}
    return {}


def _keys(name: str, info: Any) -> tuple[str, ...]:
    aliases = (getattr(info, "alias", None), getattr(info, "validation_alias", None))
    return (name, *(a for a in aliases if isinstance(a, str) and a != name))


def structure_routes(cls: Any) -> dict[type, tuple[str, ...]]:
    """Each structure reachable from `cls` through its fields (``cls`` itself at ``()``), with the
    shortest field path that reaches it (the first field in order among equals)."""
    routes: dict[type, tuple[str, ...]] = {cls: ()}
    queue: deque[type] = deque([cls])
    while queue:
        current = queue.popleft()
        for name, (annotation, _) in field_keys(current).items():
            for found in _structures_in(annotation):
                if found not in routes:
                    routes[found] = (*routes[current], name)
                    queue.append(found)
    return routes


def _structures_in(tp: Any) -> Iterator[type]:
    if typing.get_origin(tp) is not None and not _is_class_type(tp):
        for arg in typing.get_args(tp):
            yield from _structures_in(arg)
    elif isinstance(tp, type) and field_keys(tp):
        yield tp
