"""A pydantic model whose schema breaks JSON Schema's metaschema, refused naming the field that
wrote the bad part: OME's models (ome-types puts xsdata's ``"type": "Attribute"`` into each field's
schema), LangChain's ``RunnableConfigurableAlternatives`` (``dict[str, Runnable | Callable]``:
``anyOf: []``). The metaschema's words name a JSON pointer (``$defs/Pixels/properties/size_x/type``);
here the pointer is read back to the model, the field and the path from the root model."""

from __future__ import annotations

import re
from typing import Any

from synthworld.schema import schema_problem_paths
from synthworld.spec.pydantic_fields import field_keys, structure_routes

__all__ = ["invalid_field"]

_SHOWN = 3
"""How many breaches a refusal names (an OME model breaks the metaschema once per field)."""

_FIX = (
    "fix: give the field a type pydantic writes a valid schema for, or correct what it adds to its "
    "schema (Field(json_schema_extra=...), Field's extra keywords, WithJsonSchema), or answer the tool "
    "with a handler"
)


def invalid_field(cls: Any, schema: dict[str, Any]) -> str:
    """Why pydantic's `schema` of `cls` (its ``$defs`` still in) is no valid JSON Schema, each
    breach at the field that wrote it; "" when it is valid."""
    problems = schema_problem_paths(schema)
    if not problems:
        return ""
    routes = structure_routes(cls)
    said = list(dict.fromkeys(_where(cls, schema, routes, path) + f": {words}" for path, words in problems))
    more = f"; and {len(said) - _SHOWN} more breaches" if len(said) > _SHOWN else ""
    return "; ".join(said[:_SHOWN]) + more + "; " + _FIX


def _where(
    cls: Any, schema: dict[str, Any], routes: dict[type, tuple[str, ...]], path: tuple[Any, ...]
) -> str:
    """The place `path` (in `schema`) points to, in the model's words."""
    owner: Any = cls
    rest = path
    if path[:1] == ("$defs",) and len(path) >= 2:
        owner = _defined(str(path[1]), schema["$defs"].get(path[1]), routes)
        rest = path[2:]
        if owner is None:
            return f"its definition {path[1]!r}, at {_pointer(rest)}"
    name = getattr(owner, "__qualname__", str(owner))
    keyword = f"{_pointer(rest[2:])} of its schema" if len(rest) > 2 else "its schema"
    if rest[:1] == ("properties",) and len(rest) >= 2:
        field = _field_named(owner, str(rest[1]))
        route = ".".join((*routes.get(owner, ()), field))
        return f"its field {route!r} ({name}.{field}), at {keyword}"
    if owner is cls:
        return f"its own schema, at {_pointer(rest)}"
    route = ".".join(routes.get(owner, ()))
    return f"its field {route!r} (the model {name}'s own schema, at {_pointer(rest)})"


def _defined(def_name: str, definition: Any, routes: dict[type, tuple[str, ...]]) -> Any:
    """The structure pydantic wrote as ``$defs/<def_name>``: by its name (``Box[int]`` as
    ``Box_int_``, a clash as ``module__Name``), else by its title; None when none is."""
    for tp in routes:
        written = re.sub(r"[^a-zA-Z0-9.\-_]", "_", tp.__name__)
        if def_name == written or def_name.endswith(f"__{written}"):
            return tp
    title = definition.get("title") if isinstance(definition, dict) else None
    for tp in routes:
        config = getattr(tp, "model_config", {})
        if title is not None and title in (tp.__name__, config.get("title")):
            return tp
    return None


def _field_named(owner: Any, key: str) -> str:
    """The field of `owner` pydantic wrote under JSON key `key` (its alias, or its name)."""
    for name, (_, keys) in field_keys(owner).items():
        if key in keys:
            return name
    return key


def _pointer(path: tuple[Any, ...]) -> str:
    return "/" + "/".join(str(p) for p in path) if path else "its root"
