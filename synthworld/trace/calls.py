"""ToolCall: the record of one call a world answered."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any

from synthworld._json import short_repr
from synthworld._redact import get_redactor

__all__ = ["ToolCall", "recordable_input", "redacted_calls"]


@dataclass(frozen=True, repr=False)
class ToolCall:
    """One answered call (its repr masks secrets, as every rendering does)."""

    index: int
    """Position in the trace, from 0."""
    tool: str
    """Tool name."""
    input: dict[str, Any]
    """The input as the agent gave it (after validation)."""
    output: Any = None
    """The value returned to the agent (None when the call failed)."""
    error: dict[str, Any] | None = None
    """``{"code", "message", ...}`` when the call failed (simulated `ToolError` or invalid input)."""
    seed: int = 0
    """The call seed the backend was given."""
    backend: str = ""
    """What answered: ``random``, ``fixtures``, ``llm``, ``script``, ``function``, ``replay`` (the
    first answer under a reused idempotency key), ..."""
    occurrence: int = 0
    """How many identical calls came before this one."""
    started_at: str | None = None
    """Simulated start time (ISO 8601)."""
    duration: float = 0.0
    """Simulated duration in seconds."""
    usage: dict[str, int] | None = None
    """Token usage when an LLM answered."""
    rules: tuple[str, ...] = ()
    """The world's rules that shaped the answer, in order (``echo``, ``recall``, ``create``,
    ``transition``, ``delete``, ``collection``, ``persona``, ``totals``, ``not_found``...); empty
    when the backend's answer went out as it was."""
    hazard: str | None = None
    """The hazard that shaped the answer (``prompt_injection``, ``edge_values``, ``empty``,
    ``drift``: an ``inject`` fault), None for an answer as the world made it."""

    def __repr__(self) -> str:
        shown = self.redacted()
        return "ToolCall(" + ", ".join(f"{f.name}={getattr(shown, f.name)!r}" for f in fields(self)) + ")"

    @property
    def answered_by(self) -> str:
        """What answered, as traces show it: the backend, and the hazard that shaped the answer
        (``random !prompt_injection``)."""
        return f"{self.backend} !{self.hazard}" if self.hazard else self.backend

    @property
    def ok(self) -> bool:
        """True when the call returned a value rather than an error."""
        return self.error is None

    def redacted(self, policy: Callable[[Any], Any] | None = None) -> ToolCall:
        """A copy with secrets masked by `policy` (default: the process policy): what files and
        renderings show.

        By default the values the input holds under secret keys are masked wherever else they
        appear too (an output that repeats the password); `redacted_calls` masks those of every
        call of a trace in each. (The call itself keeps the real values, for assertions.)"""
        if policy is None:
            policy = get_redactor().for_call(self.input)
        return dataclasses.replace(self, **{name: policy(getattr(self, name)) for name in _FREE_FORM})

    def to_dict(self, *, redact: bool = True) -> dict[str, Any]:
        """A JSON-ready dict (drops fields that are at their defaults, except the essentials);
        secrets masked with the process policy unless `redact` is False."""
        data = asdict(self.redacted() if redact else self)
        for optional in ("error", "started_at", "usage", "hazard"):
            if data[optional] is None:
                del data[optional]
        if self.rules:
            data["rules"] = list(self.rules)
        else:
            del data["rules"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolCall:
        """Rebuild a call saved with `to_dict`."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown ToolCall field(s) {unknown}; expected some of {sorted(known)}")
        if "rules" in data:
            data = {**data, "rules": tuple(data["rules"] or ())}
        return cls(**data)


_FREE_FORM = ("tool", "input", "output", "error", "backend", "started_at")
"""The fields that may hold what the agent or a backend wrote (the rest are numbers and names)."""

_LONE_SURROGATE_ESCAPE = re.compile(
    r"(?<!\\)\\(ud[89ab][0-9a-f]{2})(?!\\ud[c-f][0-9a-f]{2})|(?<!\\ud[89ab][0-9a-f]{2})\\(ud[c-f][0-9a-f]{2})"
)


def recordable_input(raw: Any) -> dict[str, Any]:
    """Invalid input as the trace keeps it: JSON that can be written (non-JSON values as their short
    repr, lone surrogates as the text ``\\udXXX``); input that cannot be walked becomes
    ``{"$input": repr}``."""
    try:
        text = json.dumps(raw, default=short_repr, allow_nan=True, ensure_ascii=True)
        recorded = json.loads(_LONE_SURROGATE_ESCAPE.sub(lambda m: "\\\\" + (m[1] or m[2]), text))
    except Exception:  # tuple keys, huge ints, deep nesting, a container that fails when read
        recorded = None
    return recorded if isinstance(recorded, dict) else {"$input": short_repr(raw)}


def redacted_calls(calls: Iterable[ToolCall]) -> list[ToolCall]:
    """Copies of `calls` masked by one policy: the process policy, also masking what any of them
    held under a secret key wherever any of them repeats it (the password given to ``login``
    that a later call's answer says again)."""
    calls = list(calls)
    policy = get_redactor().for_calls(call.input for call in calls)
    return [call.redacted(policy) for call in calls]
