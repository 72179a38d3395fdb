"""`@synthworld.tool`: mark a stub as a tool without binding it to a world yet.

A module or class of marked stubs is registered in one call with ``world.add_tools(obj)``;
scenario files name such modules in their ``tools`` key. A marked stub whose body does nothing
(a docstring, ``...`` or ``pass``) called directly raises `ToolSpecError` saying how to call it
through a world, instead of returning None; a stub with a body of its own stays as written.
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast, overload

from synthworld.errors import ToolSpecError
from synthworld.spec.annotations import ToolAnnotations

__all__ = ["TOOL_MARK", "ToolOptions", "check_function", "stub_body", "tool"]

F = TypeVar("F", bound=Callable[..., Any])
TOOL_MARK = "__synthworld_tool__"
_BODY = "__synthworld_body__"
"""Where a guarded stub keeps the function as written (`stub_body`)."""


@dataclass(frozen=True)
class ToolOptions:
    """The options given to ``@synthworld.tool(...)``."""

    name: str | None = None
    description: str | None = None
    idempotent: bool | None = None
    annotations: ToolAnnotations | None = None
    effect: bool = False


def check_function(fn: Any, taker: str) -> None:
    """Refuse a non-function given to `taker` (``@world.tool``...), saying what to write instead."""
    if callable(fn):
        return
    hint = f"; to name the tool, write {taker}(name={fn!r})" if isinstance(fn, str) and "@" in taker else ""
    if isinstance(fn, classmethod):
        hint = f"; write @classmethod above {taker}, not below it"
    raise ToolSpecError(f"{taker} takes a function, got {type(fn).__name__} {fn!r}{hint}")


@overload
def tool(fn: F, /) -> F: ...
@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    idempotent: bool | None = None,
    annotations: ToolAnnotations | None = None,
    effect: bool = False,
) -> Callable[[F], F]: ...
def tool(
    fn: F | None = None,
    /,
    *,
    name: str | None = None,
    description: str | None = None,
    idempotent: bool | None = None,
    annotations: ToolAnnotations | None = None,
    effect: bool = False,
) -> F | Callable[[F], F]:
    """Mark `fn` as a tool stub (unchanged otherwise); ``world.add_tools`` registers it.

    The options are those of ``@world.tool``; ``effect=True`` runs the body on each call.
    """
    if fn is not None:
        check_function(fn, "@synthworld.tool")
    options = ToolOptions(
        name=name, description=description, idempotent=idempotent, annotations=annotations, effect=effect
    )

    def mark(stub: F) -> F:
        setattr(stub, TOOL_MARK, options)
        return _guarded(stub) if _does_nothing(stub) else stub

    return mark(fn) if fn is not None else mark


def _empty() -> None:
    pass


def _empty_documented() -> None:
    """A docstring alone."""


async def _async_empty() -> None:
    pass


async def _async_empty_documented() -> None:
    """A docstring alone."""


_NOTHING = frozenset(
    f.__code__.co_code for f in (_empty, _empty_documented, _async_empty, _async_empty_documented)
)
"""The bytecode of a body that does nothing (``...`` compiles as ``pass`` does), with and without
a docstring (which moves the None constant), in this interpreter."""


def _does_nothing(fn: Any) -> bool:
    """Whether calling `fn` can only return None: a stub's empty body."""
    code = getattr(fn, "__code__", None)
    return isinstance(code, types.CodeType) and code.co_code in _NOTHING


def _guarded(stub: F) -> F:
    """`stub` refusing to be called without a world (a world registers `stub_body` of it)."""

    name = getattr(stub, "__name__", "the stub")
    why = (
        f"{name}() is a @synthworld.tool stub, answered by a world, not by its body: register "
        f"it (world.add_tools(module), or a scenario's tools:), then call the world "
        f"(world.call({name!r}, {{...}}) or world.stub({name!r})(...)); or decorate it with "
        "@world.tool to call it directly"
    )

    def unbound(*args: Any, **kwargs: Any) -> Any:
        raise ToolSpecError(why)

    async def unbound_async(*args: Any, **kwargs: Any) -> Any:  # still a coroutine function
        raise ToolSpecError(why)

    guard = functools.wraps(stub)(unbound_async if inspect.iscoroutinefunction(stub) else unbound)
    setattr(guard, _BODY, stub)
    return cast(F, guard)


def stub_body(fn: Any) -> Any:
    """The function as written behind a guarded marked stub (a method stays bound); else `fn`."""
    if isinstance(fn, types.MethodType):
        body = getattr(fn.__func__, _BODY, None)
        return types.MethodType(body, fn.__self__) if body is not None else fn
    return getattr(fn, _BODY, fn)
