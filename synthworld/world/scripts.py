"""Scripted answers: fixed outputs or errors for matching calls, consulted before any backend."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from synthworld._json import json_copy
from synthworld.errors import ToolError

__all__ = ["Script", "ScriptBook", "as_tool_error"]


@dataclass
class Script:
    """One scripted answer: an output or an error, for calls whose input contains `when`."""

    tool: str
    output: Any = None
    error: ToolError | None = None
    when: Mapping[str, Any] = field(default_factory=dict)
    times: int | None = None
    """How many calls it answers (None: every matching call)."""
    partial: bool = False
    """`output` is laid over the backend's answer (the rest is generated) instead of replacing it."""
    used: int = 0

    def matches(self, tool: str, args: Mapping[str, Any]) -> bool:
        if tool != self.tool or (self.times is not None and self.used >= self.times):
            return False
        return all(k in args and args[k] == v for k, v in self.when.items())

    def answer(self) -> Any:
        if self.error is not None:
            raise ToolError(
                self.error.code,
                self.error.message,
                retry_after=self.error.retry_after,
                details=self.error.details,
            )
        return json_copy(self.output)


class ScriptBook:
    """Scripts in the order they were added; the first one that matches answers."""

    def __init__(self) -> None:
        self._scripts: list[Script] = []
        self._lock = threading.Lock()

    def add(self, script: Script) -> None:
        with self._lock:
            self._scripts.append(script)

    def take(self, tool: str, args: Mapping[str, Any]) -> Script | None:
        """The first matching script, counted as used; None when no script matches."""
        with self._lock:
            for script in self._scripts:
                if script.matches(tool, args):
                    script.used += 1
                    return script
        return None

    def has(self, tool: str) -> bool:
        return any(s.tool == tool for s in self._scripts)

    def rewind(self) -> None:
        """Forget how often each script was used (the world was reset)."""
        with self._lock:
            for script in self._scripts:
                script.used = 0

    def __len__(self) -> int:
        return len(self._scripts)


def as_tool_error(error: str | Mapping[str, Any] | ToolError) -> ToolError:
    """A `ToolError` from a code string, a ``{code, message, ...}`` mapping, or an error."""
    if isinstance(error, ToolError):
        return error
    if isinstance(error, str):
        return ToolError(error)
    if isinstance(error, Mapping) and "code" in error:
        return ToolError.from_dict(dict(error))
    raise TypeError(
        f"error={error!r} must be a code string, a {{'code': ..., 'message': ...}} dict or a ToolError"
    )
