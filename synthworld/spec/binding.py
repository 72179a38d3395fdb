"""Bound parameters: hidden from the agent, filled from the world's state or a default.

Binding a parameter moves its schema out of ``spec.parameters`` into a `Binding`, so every
agent-facing view (validation, OpenAI/Anthropic/MCP exports, prompts) never shows it, and
unbinding puts it back exactly where it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from synthworld._redact import MASK, get_redactor
from synthworld.errors import ToolSpecError

__all__ = ["UNSET", "Binding", "lookup_state"]


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""No default given."""


@dataclass(frozen=True)
class Binding:
    """One bound parameter and where its value comes from."""

    param: str
    """The parameter name."""
    schema: Any
    """Its JSON Schema, taken out of the agent-facing parameters."""
    required: bool
    """Whether it was required before binding (restored by unbind)."""
    position: int | None
    """Its index in ``param_names`` before binding (restored by unbind)."""
    state_key: str | None = None
    """Dot path into the world's state, e.g. ``config.api.key``."""
    default: Any = UNSET
    """Used when the state has no value at `state_key` (or there is no state key)."""
    secret: bool | None = None
    """Masked in traces and cassettes; None decides by the name (api_key, token, password...)."""

    @property
    def is_secret(self) -> bool:
        """True when the bound value must never be recorded."""
        return self.secret if self.secret is not None else get_redactor().is_secret(self.param)

    def value(self, state: Mapping[str, Any], *, tool: str) -> Any:
        """The value to pass: from the state at `state_key`, else the default."""
        if self.state_key is not None:
            found = lookup_state(state, self.state_key)
            if found is not UNSET:
                return found
        if self.default is not UNSET:
            return self.default
        raise ToolSpecError(
            f"tool {tool!r}: bound parameter {self.param!r} has no value: the world's state has no "
            f"{self.state_key!r} and the binding has no default; set world.state or bind a default"
        )

    def recorded(self, value: Any) -> Any:
        """What traces and cassettes keep of `value`."""
        return MASK if self.is_secret else value

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the default only when there is one)."""
        data: dict[str, Any] = {
            "param": self.param,
            "schema": self.schema,
            "required": self.required,
            "position": self.position,
            "state_key": self.state_key,
            "secret": self.secret,
        }
        if self.default is not UNSET:
            data["default"] = self.default
        return data

    @staticmethod
    def dict_problems(data: Any, *, where: str = "binding") -> list[str]:
        """Why `data` is not the `to_dict` form of a binding (empty when it is)."""
        if not isinstance(data, Mapping):
            return [f"{where} must be an object, got {type(data).__name__}"]
        problems = [f"{where} needs {key!r}" for key in ("param", "schema", "required") if key not in data]
        known = {"param", "schema", "required", "position", "state_key", "default", "secret"}
        problems += [f"{where} has an unknown key {str(key)!r}" for key in data if key not in known]
        kinds = {"param": (str,), "required": (bool,), "position": (int, type(None))}
        kinds |= {"state_key": (str, type(None)), "secret": (bool, type(None))}
        for key, wanted in kinds.items():
            if key in data and not isinstance(data[key], wanted):
                problems.append(f"{where}.{key} has the wrong type ({type(data[key]).__name__})")
        return problems

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Binding:
        """Rebuild a binding from `to_dict` output."""
        return cls(
            param=data["param"],
            schema=data["schema"],
            required=data["required"],
            position=data.get("position"),
            state_key=data.get("state_key"),
            default=data.get("default", UNSET),
            secret=data.get("secret"),
        )


def lookup_state(state: Mapping[str, Any], path: str) -> Any:
    """The value at dot path `path` in nested mappings, or `UNSET`."""
    node: Any = state
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return UNSET
        node = node[part]
    return node
