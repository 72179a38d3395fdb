"""ToolSpec <-> JSON-compatible dict, losslessly (every field, bindings included)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from synthworld.errors import ToolSpecError
from synthworld.spec.annotations import ToolAnnotations
from synthworld.spec.binding import Binding

if TYPE_CHECKING:
    from synthworld.spec.toolspec import ToolSpec

__all__ = ["spec_fields", "spec_to_dict"]

_REQUIRED = ("name", "description", "parameters", "returns")
_OPTIONAL = (
    "param_names",
    "annotations",
    "when_to_use",
    "examples",
    "metadata",
    "output_limit",
    "defaults",
    "bindings",
)


def spec_to_dict(spec: ToolSpec) -> dict[str, Any]:
    """Every field of `spec`; empty optional fields are left out."""
    data: dict[str, Any] = {key: getattr(spec, key) for key in _REQUIRED}
    optional = {
        "param_names": spec.param_names,
        "annotations": {k: v for k, v in dataclasses.asdict(spec.annotations).items() if v is not None},
        "when_to_use": spec.when_to_use,
        "examples": spec.examples,
        "metadata": spec.metadata,
        "output_limit": spec.output_limit,
        "defaults": spec.defaults,
        "bindings": [b.to_dict() for b in spec.bindings],
    }
    data.update({k: v for k, v in optional.items() if v not in (None, [], {})})
    return copy.deepcopy(data)


def spec_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The `ToolSpec` constructor's keyword arguments for `spec_to_dict` output; unknown, missing or
    mistyped keys raise `ToolSpecError` naming them."""
    if not isinstance(data, Mapping):
        raise ToolSpecError(f"a ToolSpec dict must be a mapping, got {type(data).__name__}")
    missing = [k for k in _REQUIRED if k not in data]
    unknown = sorted((str(k) for k in set(data) - set(_REQUIRED) - set(_OPTIONAL)), key=str)
    if missing or unknown:
        raise ToolSpecError(
            f"cannot read a ToolSpec: missing {missing}, unknown {unknown}; "
            f"valid keys: {', '.join((*_REQUIRED, *_OPTIONAL))}"
        )
    problems = [p for key in _OPTIONAL if key in data for p in _type_problems(key, data[key])]
    if problems:
        raise ToolSpecError("cannot read a ToolSpec: " + "; ".join(problems), problems=problems)
    extras = {
        k: data[k] for k in _OPTIONAL if k in data and k not in ("annotations", "bindings", "param_names")
    }
    return {
        **{key: data[key] for key in _REQUIRED},
        "param_names": data.get("param_names"),
        "annotations": ToolAnnotations(**data.get("annotations", {})),
        "bindings": tuple(Binding.from_dict(b) for b in data.get("bindings", [])),
        **extras,
    }


_TYPES: dict[str, tuple[type, ...]] = {
    "param_names": (list, type(None)),
    "annotations": (dict,),
    "when_to_use": (str, type(None)),
    "examples": (list,),
    "metadata": (dict,),
    "output_limit": (int, type(None)),
    "defaults": (dict,),
    "bindings": (list,),
}
_ANNOTATIONS = {"read_only": bool, "destructive": bool, "idempotent": bool, "open_world": bool, "title": str}


def _type_problems(key: str, value: Any) -> list[str]:
    if _mistyped(key, value):
        wanted = " or ".join("null" if t is type(None) else t.__name__ for t in _TYPES[key])
        return [f"{key} must be {wanted}, got {type(value).__name__}"]
    if key == "annotations":
        return [p for name, hint in _items(value) for p in _annotation_problems(name, hint)]
    if key == "bindings":
        return [p for i, b in enumerate(value) for p in Binding.dict_problems(b, where=f"bindings[{i}]")]
    return []


def _mistyped(key: str, value: Any) -> bool:
    return not isinstance(value, _TYPES[key]) or (isinstance(value, bool) and key == "output_limit")


def _items(value: Any) -> list[tuple[Any, Any]]:
    return list(value.items())


def _annotation_problems(name: Any, value: Any) -> list[str]:
    kind = _ANNOTATIONS.get(name) if isinstance(name, str) else None
    if kind is None:
        return [f"annotations has no field {name!r}; valid fields: {', '.join(_ANNOTATIONS)}"]
    if value is not None and not isinstance(value, kind):
        return [f"annotations.{name} must be {kind.__name__} or null, got {type(value).__name__}"]
    return []
