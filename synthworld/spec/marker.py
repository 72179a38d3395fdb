"""`@synthworld.tool`: mark a stub as a tool without binding it to a world yet.

A module or class of marked stubs is registered in one call with ``world.add_tools(obj)``;
scenario files name such modules in their ``tools`` key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from synthworld.errors import ToolSpecError
from synthworld.spec.annotations import ToolAnnotations

__all__ = ["TOOL_MARK", "ToolOptions", "check_function", "tool"]

F = TypeVar("F", bound=Callable[..., Any])
TOOL_MARK = "__synthworld_tool__"


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
        return stub

    return mark(fn) if fn is not None else mark
