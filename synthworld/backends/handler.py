"""HandlerBackend: a real function answers a tool, so a world can mix real and synthetic tools."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

from synthworld._json import json_copy
from synthworld.backends.awaiting import settled
from synthworld.backends.base import CallContext

__all__ = ["HandlerBackend", "collect"]


class HandlerBackend:
    """Answer with ``fn(**input)``: the real tool, called with the validated input.

    Bound parameters arrive with their real values (secrets included; traces keep them
    masked). An ``async def`` tool is awaited. A generator's chunks (an async generator's
    too) are collected: joined when they are all strings, else a list. A result with an
    ``observation`` attribute (a ``ToolResponse`` of class-based tools) answers with that
    observation.
    """

    name = "handler"

    def __init__(self, fn: Callable[..., Any]) -> None:
        if not callable(fn):
            raise TypeError(f"handler={fn!r} must be callable, e.g. a function taking the tool's parameters")
        self.fn = fn

    def respond(self, ctx: CallContext) -> Any:
        result = settled(self.fn(**{**json_copy(dict(ctx.input)), **ctx.bound}))  # the tool's own copy
        if hasattr(result, "observation") and not isinstance(result, dict):
            result = result.observation
        return collect(result)

    def __repr__(self) -> str:
        return f"HandlerBackend({self.fn!r})"


def collect(result: Any) -> Any:
    """A streamed result (generator or iterator, not a list) gathered into one value."""
    if inspect.isgenerator(result) or isinstance(result, Iterator):
        chunks = list(result)
        if chunks and all(isinstance(c, str) for c in chunks):
            return "".join(chunks)
        return chunks
    return result
