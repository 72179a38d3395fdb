"""FunctionBackend: answers written by hand, as a function of the call."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from synthworld.backends.awaiting import settled
from synthworld.backends.base import CallContext

__all__ = ["FunctionBackend"]


class FunctionBackend:
    """Answer every call with ``fn(ctx)``, or ``fn(tool_name, input)`` for a two-argument function
    (an ``async def`` one is awaited).

    Handy for tests that need a fixed, readable answer::

        world = SyntheticWorld(backend=FunctionBackend(lambda tool, args: {"ok": True}))
    """

    name = "function"

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self._two_args = _positional_arity(fn) >= 2

    def respond(self, ctx: CallContext) -> Any:
        if self._two_args:
            return settled(self.fn(ctx.spec.name, dict(ctx.input)))
        return settled(self.fn(ctx))

    def __repr__(self) -> str:
        return f"FunctionBackend({self.fn!r})"


def _positional_arity(fn: Callable[..., Any]) -> int:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in params if p.kind in kinds)
