"""Registration helpers of SyntheticWorld: stub wrappers, marked-stub discovery, tool objects."""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from synthworld.errors import ToolSpecError
from synthworld.spec import ToolSpec

__all__ = ["bind_stub", "public_names", "signature_only", "spec_and_handler"]

F = TypeVar("F", bound=Callable[..., Any])


class Caller(Protocol):
    """What a stub calls: a world's `call` and `acall`."""

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...


def bind_stub(world: Caller, stub: F, spec: ToolSpec) -> F:
    """A wrapper of `stub` that calls `world` (async stubs: `acall`), with ``.spec`` and ``.world``."""
    if inspect.iscoroutinefunction(stub):

        @functools.wraps(stub)
        async def acall_stub(*args: Any, **kwargs: Any) -> Any:
            return await world.acall(spec.name, spec.build_input(*args, **kwargs))

        wrapper: Any = acall_stub
    else:

        @functools.wraps(stub)
        def call_stub(*args: Any, **kwargs: Any) -> Any:
            return world.call(spec.name, spec.build_input(*args, **kwargs))

        wrapper = call_stub
    wrapper.spec = spec
    wrapper.world = world
    return wrapper  # type: ignore[no-any-return]


def spec_and_handler(tool: Any, handler: Callable[..., Any] | None) -> tuple[ToolSpec, Any]:
    """``(spec, handler)`` for a ToolSpec, or for a class-based tool (its ``spec``; itself)."""
    if isinstance(tool, ToolSpec):
        return tool, handler
    if isinstance(getattr(tool, "spec", None), ToolSpec) and callable(tool):
        instance = tool() if isinstance(tool, type) else tool
        return instance.spec, handler or instance
    raise ToolSpecError(
        f"register_tool() takes a ToolSpec or a tool object with a `spec` and `__call__`, got "
        f"{type(tool).__name__}; use @world.tool for functions"
    )


def public_names(source: object) -> list[str]:
    """Public attribute names of a module, or of an instance and its classes, in definition order."""
    names = [n for n in vars(source) if not n.startswith("_")] if hasattr(source, "__dict__") else []
    if not isinstance(source, types.ModuleType):  # an instance: its class's methods, in order
        names += [n for klass in reversed(type(source).__mro__) for n in vars(klass) if not n.startswith("_")]
    return list(dict.fromkeys(names))


def signature_only(spec: ToolSpec) -> Callable[..., Any]:
    """A do-nothing function named after `spec`, for `world.stub`."""

    def stub(*args: Any, **kwargs: Any) -> Any:
        """A stand-in body; calls go to the world."""

    stub.__name__ = stub.__qualname__ = spec.name
    stub.__doc__ = spec.description
    return stub
