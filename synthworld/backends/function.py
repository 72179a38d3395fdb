"""FunctionBackend: answers written by hand, as a function of the call."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from synthworld.backends.awaiting import settled
from synthworld.backends.base import CallContext

__all__ = ["FunctionBackend"]

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


class FunctionBackend:
    """Answer every call with ``fn(ctx)``, or ``fn(tool_name, input)`` for a function with two
    required positional parameters (an ``async def`` one is awaited). Parameters with defaults,
    ``*args``, ``**kwargs`` and keyword-only ones do not count: ``lambda ctx, verbose=False: ...``
    gets ``ctx``.

    Handy for tests that need a fixed, readable answer::

        world = SyntheticWorld(backend=FunctionBackend(lambda tool, args: {"ok": True}))
    """

    name = "function"

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self._two_args = _required_positional(fn) == 2

    def respond(self, ctx: CallContext) -> Any:
        if self._two_args:
            return settled(self.fn(ctx.spec.name, dict(ctx.input)))
        return settled(self.fn(ctx))

    def __repr__(self) -> str:
        return f"FunctionBackend({self.fn!r})"


def _required_positional(fn: Callable[..., Any]) -> int:
    """How many positional arguments `fn` needs (1 or 2); `TypeError` saying how to write it when
    it is not callable, needs more, needs a keyword-only argument, or takes no argument at all."""
    if not callable(fn):
        raise TypeError(f"FunctionBackend(fn={fn!r}): fn must be callable: {_SHAPES}")
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # a builtin or C callable without a signature: give it ctx
        return 1
    required = [p.name for p in params if p.kind in _POSITIONAL and p.default is p.empty]
    takes_one = bool(required) or any(p.kind in _POSITIONAL or p.kind is p.VAR_POSITIONAL for p in params)
    keyword_only = [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    if len(required) > 2 or keyword_only or not takes_one:
        needs = f"required parameters {required + keyword_only}" if takes_one else "no argument"
        raise TypeError(f"FunctionBackend(fn={fn!r}): fn takes {needs}; {_SHAPES}")
    return max(len(required), 1)


_SHAPES = (
    "write it as fn(ctx) (a CallContext) or fn(tool_name, input), giving any other parameter a "
    "default, e.g. lambda ctx, verbose=False: {...}"
)
