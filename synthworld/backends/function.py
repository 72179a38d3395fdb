"""FunctionBackend: answers written by hand, as a function of the call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from synthworld.backends.awaiting import settled
from synthworld.backends.base import FUNCTION_SHAPES, CallContext, function_arity, own_input

__all__ = ["FunctionBackend"]


class FunctionBackend:
    """Answer every call with ``fn(ctx)``, or ``fn(tool_name, input)`` for a function with two
    required positional parameters (an ``async def`` one is awaited). Parameters with defaults,
    ``*args``, ``**kwargs`` and keyword-only ones do not count: ``lambda ctx, verbose=False: ...``
    gets ``ctx``. A function it cannot call so is refused here, with how to write it.

    Handy for tests that need a fixed, readable answer::

        world = SyntheticWorld(backend=FunctionBackend(lambda tool, args: {"ok": True}))
    """

    name = "function"

    def __init__(self, fn: Callable[..., Any]) -> None:
        shown = f"FunctionBackend(fn={fn!r})"
        if not callable(fn):
            raise TypeError(f"{shown}: fn must be callable: {FUNCTION_SHAPES}")
        self.fn = fn
        self._two_args = function_arity(fn, shown=shown) == 2

    def respond(self, ctx: CallContext) -> Any:
        ctx = own_input(ctx)
        if self._two_args:
            return settled(self.fn(ctx.spec.name, ctx.input))
        return settled(self.fn(ctx))

    def __repr__(self) -> str:
        return f"FunctionBackend({self.fn!r})"
