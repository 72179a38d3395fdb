"""Binding a parameter: hiding it from the agent (its value filled at call time) and giving it back,
each parameter at the position it had."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from synthworld.errors import ToolSpecError
from synthworld.spec.binding import UNSET, Binding

if TYPE_CHECKING:
    from synthworld.spec.toolspec import ToolSpec

__all__ = ["bind_param", "full_order", "unbind_param"]


def bind_param(
    spec: ToolSpec, param: str, *, state_key: str | None, default: Any, secret: bool | None
) -> ToolSpec:
    """`ToolSpec.bind`: a copy of `spec` with `param` hidden from the agent and filled at call time."""
    properties = spec.parameters.get("properties", {})
    if param not in properties:
        raise ToolSpecError(f"bind({param!r}): tool {spec.name!r} has no parameter {param!r}")
    if state_key is None and default is UNSET:
        raise ToolSpecError(f"bind({param!r}): give state_key=... or default=... (or both)")
    full = full_order(spec)
    binding = Binding(
        param=param,
        schema=properties[param],
        required=param in spec.required,
        position=full.index(param) if spec.param_names is not None else None,
        state_key=state_key,
        default=default,
        secret=secret,
    )
    names = spec.ordered_params
    parameters = copy.deepcopy(spec.parameters)
    del parameters["properties"][param]
    if binding.required:
        parameters["required"] = [r for r in spec.required if r != param]
    param_names = [n for n in names if n != param] if spec.param_names is not None else None
    return spec.clone(parameters=parameters, param_names=param_names, bindings=(*spec.bindings, binding))


def unbind_param(spec: ToolSpec, param: str) -> ToolSpec:
    """`ToolSpec.unbind`: a copy of `spec` with bound `param` back among the agent's parameters."""
    found = [b for b in spec.bindings if b.param == param]
    if not found:
        bound = ", ".join(b.param for b in spec.bindings) or "none"
        raise ToolSpecError(f"unbind({param!r}): not bound in tool {spec.name!r} (bound: {bound})")
    binding = found[0]
    bindings = tuple(b for b in spec.bindings if b.param != param)
    still_bound = {b.param for b in bindings}
    order = [n for n in full_order(spec) if n not in still_bound]
    properties = {**spec.parameters.get("properties", {}), param: binding.schema}
    parameters = copy.deepcopy(spec.parameters)
    parameters["properties"] = {n: properties[n] for n in sorted(properties, key=_index_in(order))}
    if binding.required:
        parameters["required"] = sorted([*spec.required, param], key=_index_in(order))
    param_names = order if spec.param_names is not None else None
    return spec.clone(parameters=parameters, param_names=param_names, bindings=bindings)


def full_order(spec: ToolSpec) -> list[str]:
    """Every parameter name, bound ones back at the positions they had."""
    names = spec.ordered_params
    placed = [b for b in spec.bindings if b.position is not None]
    for binding in sorted(placed, key=lambda b: b.position or 0):
        names.insert(binding.position or 0, binding.param)
    names += [b.param for b in spec.bindings if b.position is None]
    return names


def _index_in(order: list[str]) -> Callable[[str], int]:
    return lambda name: order.index(name) if name in order else len(order)
