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
    """The `ToolSpec` constructor's keyword arguments for `spec_to_dict` output; unknown or missing
    keys raise `ToolSpecError` naming them."""
    if not isinstance(data, Mapping):
        raise ToolSpecError(f"a ToolSpec dict must be a mapping, got {type(data).__name__}")
    missing = [k for k in _REQUIRED if k not in data]
    unknown = sorted(set(data) - set(_REQUIRED) - set(_OPTIONAL))
    if missing or unknown:
        raise ToolSpecError(
            f"cannot read a ToolSpec: missing {missing}, unknown {unknown}; "
            f"valid keys: {', '.join((*_REQUIRED, *_OPTIONAL))}"
        )
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
