"""SyntheticWorld: a registry of tool specs that answers every call from a backend."""

from __future__ import annotations

import asyncio
import difflib
import functools
import inspect
import threading
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Literal, TypeVar, overload

from synthworld._script import Script, ScriptBook, as_tool_error
from synthworld._seed import canonical_json, derive_seed, json_copy
from synthworld.backends.base import Answer, Backend, BackendLike, CallContext, as_backend, backend_name
from synthworld.clock import SimulatedClock
from synthworld.errors import (
    BackendError,
    SynthworldError,
    ToolError,
    ToolInputError,
    ToolSpecError,
    UnknownToolError,
)
from synthworld.spec import ToolAnnotations, ToolSpec
from synthworld.trace import ToolCall, Trace

__all__ = ["SyntheticWorld"]

F = TypeVar("F", bound=Callable[..., Any])
InvalidInputPolicy = Literal["raise", "return_error"]
_UNSET: Any = object()


@dataclass(frozen=True)
class _Tool:
    spec: ToolSpec
    backend: Backend | None  # None: the world's backend


class SyntheticWorld:
    """A world of synthetic tools: every call is answered by a backend, reproducibly.

    >>> world = SyntheticWorld(seed=7)
    >>> @world.tool
    ... def get_user(user_id: str, include_email: bool = False) -> dict:
    ...     '''Fetch a user by ID.'''
    >>> isinstance(get_user("u1"), dict)
    True
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        backend: BackendLike | None = None,
        on_invalid_input: InvalidInputPolicy = "raise",
        context: str | None = None,
        clock: SimulatedClock | None = None,
        state: Mapping[str, Any] | None = None,
    ) -> None:
        if on_invalid_input not in ("raise", "return_error"):
            raise ValueError(f"on_invalid_input={on_invalid_input!r}; choose 'raise' or 'return_error'")
        self._seed = seed
        self._backend = as_backend(backend) if backend is not None else _default_backend()
        self.on_invalid_input: InvalidInputPolicy = on_invalid_input
        self.context = context
        self.clock = clock or SimulatedClock()
        self._initial_state = json_copy(dict(state or {}))
        self.state: dict[str, Any] = json_copy(self._initial_state)
        self._tools: dict[str, _Tool] = {}
        self._scripts = ScriptBook()
        self._occurrences: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()
        self.trace = Trace()

    # -- configuration ----------------------------------------------------------------------

    @property
    def seed(self) -> int | str:
        """The world seed: with the tool name and input, it fixes every answer."""
        return self._seed

    @property
    def backend(self) -> Backend:
        """The backend that answers tools registered without one of their own."""
        return self._backend

    @property
    def tools(self) -> Mapping[str, ToolSpec]:
        """The registered tools by name, in registration order (read-only)."""
        return types.MappingProxyType({name: tool.spec for name, tool in self._tools.items()})

    def reset(self, seed: int | str | None = None) -> None:
        """Clear trace, state, call counts and script usage; optionally change the seed."""
        if seed is not None:
            self._seed = seed
        with self._lock:
            self._occurrences.clear()
            self.trace._clear()
            self.state = json_copy(self._initial_state)
            self._scripts.rewind()
            self.clock.reset()

    # -- registration -----------------------------------------------------------------------

    @overload
    def tool(self, fn: F, /) -> F: ...
    @overload
    def tool(
        self,
        *,
        name: str | None = None,
        description: str | None = None,
        idempotent: bool | None = None,
        annotations: ToolAnnotations | None = None,
        backend: BackendLike | None = None,
    ) -> Callable[[F], F]: ...
    def tool(
        self,
        fn: F | None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        idempotent: bool | None = None,
        annotations: ToolAnnotations | None = None,
        backend: BackendLike | None = None,
    ) -> F | Callable[[F], F]:
        """Register a typed stub as a tool; calling the stub then calls the world.

        Use bare (``@world.tool``) or with options (``@world.tool(name=..., idempotent=False)``).
        """

        def decorate(stub: F) -> F:
            notes = annotations or ToolAnnotations()
            if idempotent is not None:
                notes = ToolAnnotations(**{**notes.__dict__, "idempotent": idempotent})
            spec = ToolSpec.from_function(stub, name=name, description=description, annotations=notes)
            self.register_tool(spec, backend=backend)
            return self._bind_stub(stub, spec)

        return decorate(fn) if fn is not None else decorate

    def add_tools(self, source: object) -> list[ToolSpec]:
        """Register every ``@synthworld.tool``-marked stub of a module, class instance or class.

        Methods are bound (``self`` is the instance), so an object's tools share its state.
        Returns the registered specs in definition order.
        """
        from synthworld._marker import TOOL_MARK

        specs = []
        for attr in _public_names(source):
            member = getattr(source, attr)
            options = getattr(member, TOOL_MARK, None)
            if options is None or not callable(member):
                continue
            stub = self.tool(
                name=options.name, description=options.description,
                idempotent=options.idempotent, annotations=options.annotations,
            )(member)
            specs.append(stub.spec)
        if not specs:
            raise ToolSpecError(
                f"{source!r} has no @synthworld.tool-marked stubs; mark functions with @synthworld.tool"
            )
        return specs

    def stub(self, name: str) -> Callable[..., Any]:
        """A callable for tool `name`: ``world.stub("get_user")("u1")`` calls the world."""
        spec = self._lookup(name).spec
        return self._bind_stub(_signature_only(spec), spec)

    def register_tool(self, spec: ToolSpec, *, backend: BackendLike | None = None) -> ToolSpec:
        """Register a spec built by hand (or replace one of the same name); return it.

        The spec is validated and the backend prepared now, so a broken schema fails here,
        not at the agent's first call.
        """
        if not isinstance(spec, ToolSpec):
            raise ToolSpecError(
                f"register_tool() takes a ToolSpec, got {type(spec).__name__}; "
                "use @world.tool for functions"
            )
        spec.validate()
        _ = spec.parameters_validator, spec.returns_validator
        own = as_backend(backend) if backend is not None else None
        prepare = getattr(own or self._backend, "prepare", None)
        if callable(prepare):
            prepare(spec)
        with self._lock:
            self._tools[spec.name] = _Tool(spec, own)
        return spec

    def _bind_stub(self, stub: F, spec: ToolSpec) -> F:
        if inspect.iscoroutinefunction(stub):

            @functools.wraps(stub)
            async def acall_stub(*args: Any, **kwargs: Any) -> Any:
                return await self.acall(spec.name, spec.build_input(*args, **kwargs))

            wrapper: Any = acall_stub
        else:

            @functools.wraps(stub)
            def call_stub(*args: Any, **kwargs: Any) -> Any:
                return self.call(spec.name, spec.build_input(*args, **kwargs))

            wrapper = call_stub
        wrapper.spec = spec
        wrapper.world = self
        return wrapper  # type: ignore[no-any-return]

    def script(
        self,
        tool: str,
        *,
        output: Any = _UNSET,
        error: str | Mapping[str, Any] | ToolError | None = None,
        when: Mapping[str, Any] | None = None,
        times: int | None = None,
    ) -> None:
        """Answer calls to `tool` whose input contains `when` with `output` or `error`.

        Scripts are consulted before any backend, first added first; `times` limits how many
        calls a script answers. `error` raises the simulated `ToolError` with its code.
        """
        spec = self._lookup(tool).spec
        if (output is _UNSET) == (error is None):
            raise ValueError(f"script({tool!r}): give exactly one of output=... or error=...")
        if times is not None and times < 1:
            raise ValueError(f"script({tool!r}): times={times!r} must be a positive number or None")
        if output is not _UNSET and not spec.returns_validator.is_valid(output):
            problems = "; ".join(spec.returns_validator.problems(output))
            raise ValueError(f"script({tool!r}): output does not match the tool's returns schema: {problems}")
        failure = as_tool_error(error) if error is not None else None
        self._scripts.add(Script(tool, json_copy(output) if failure is None else None, failure, dict(when or {}), times))

    # -- calling ----------------------------------------------------------------------------

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any:
        """Call tool `name` with `input` and return its synthetic answer.

        Raises `UnknownToolError`, `ToolInputError` (unless ``on_invalid_input="return_error"``),
        the simulated `ToolError`, or `BackendError` when a backend breaks the returns schema.
        """
        tool = self._lookup(name)
        try:
            args = tool.spec.check_inputs({} if input is None else input)
        except ToolInputError as exc:
            return self._invalid_input(name, input, exc)
        canonical = canonical_json(args)
        with self._lock:
            key = (name, canonical)
            occurrence = self._occurrences.get(key, 0)
            self._occurrences[key] = occurrence + 1
        seed = derive_seed(self._seed, name, canonical, 0 if tool.spec.idempotent else occurrence)
        ctx = CallContext(
            tool.spec, args, seed, Random(seed), occurrence, types.MappingProxyType(self.state),
            self.trace, self.clock.now(), self.context,
        )
        return self._answer(tool, ctx)

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any:
        """`call` for asyncio code: runs the call in a worker thread and awaits it."""
        return await asyncio.to_thread(self.call, name, input)

    def _answer(self, tool: _Tool, ctx: CallContext) -> Any:
        backend = tool.backend or self._backend
        script = self._scripts.take(ctx.spec.name, ctx.input)
        source, usage = ("script" if script else backend_name(backend)), None
        try:
            if script is not None:
                value = script.answer()
            else:
                value, source, usage = _unwrap(backend.respond(ctx), backend)
        except ToolError as err:
            self._record(ctx, None, err.to_dict(), source)
            raise
        except SynthworldError as err:
            self._record(ctx, None, {"code": "backend_error", "message": str(err)}, source)
            raise
        except Exception as err:
            message = f"backend {source!r} failed on tool {ctx.spec.name!r}: {err!r}"
            self._record(ctx, None, {"code": "backend_error", "message": message}, source)
            raise BackendError(message) from err
        if not ctx.spec.returns_validator.is_valid(value):
            self._reject(ctx, value, source)
        self._record(ctx, value, None, source, usage)
        return json_copy(value)

    def _reject(self, ctx: CallContext, value: Any, source: str) -> None:
        problems = ctx.spec.returns_validator.problems(value)
        message = (
            f"backend {source!r} answered tool {ctx.spec.name!r} with a value that breaks its returns "
            f"schema: {'; '.join(problems)}. The value was not passed on; fix the backend or the schema."
        )
        self._record(ctx, None, {"code": "backend_error", "message": message}, source)
        raise BackendError(message)

    def _invalid_input(self, name: str, raw: Any, exc: ToolInputError) -> Any:
        recorded = json_copy(dict(raw)) if isinstance(raw, Mapping) else {"$input": repr(raw)}
        error = exc.to_dict()["error"]
        with self._lock:
            index = len(self.trace)
            self.trace._append(ToolCall(index, name, recorded, None, error, 0, "validation", 0, self.clock.now().isoformat()))
        if self.on_invalid_input == "return_error":
            return {"error": error}
        raise exc

    def _record(
        self, ctx: CallContext, output: Any, error: dict[str, Any] | None, source: str,
        usage: Mapping[str, int] | None = None,
    ) -> None:
        with self._lock:
            call = ToolCall(
                len(self.trace), ctx.spec.name, json_copy(dict(ctx.input)), json_copy(output), error,
                ctx.seed, source, ctx.occurrence, ctx.now.isoformat(), 0.0, dict(usage) if usage else None,
            )
            self.trace._append(call)

    def _lookup(self, name: str) -> _Tool:
        tool = self._tools.get(name)
        if tool is None:
            known = list(self._tools)
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            raise UnknownToolError(
                f"no tool named {name!r} in this world.{hint} Registered tools: {', '.join(known) or 'none'}."
            )
        return tool

    # -- provider formats and dispatch (implemented in synthworld.formats) --------------------

    def to_openai(self, *, api: str = "chat", strict: bool | None = None) -> list[dict[str, Any]]:
        """Every tool as an OpenAI tool definition, for ``tools=`` in a request."""
        return [spec.to_openai(api=api, strict=strict) for spec in self.tools.values()]

    def to_anthropic(self) -> list[dict[str, Any]]:
        """Every tool as an Anthropic tool definition."""
        return [spec.to_anthropic() for spec in self.tools.values()]

    def to_mcp(self) -> list[Any]:
        """Every tool as an ``mcp.types.Tool``."""
        return [spec.to_mcp() for spec in self.tools.values()]

    def to_prompt(self) -> str:
        """Every tool described for a prompt-based agent."""
        return "\n\n".join(spec.to_prompt() for spec in self.tools.values())

    def handle_openai(self, message_or_tool_calls: Any) -> list[dict[str, Any]]:
        """Answer an assistant message's tool calls: one ``role: tool`` message per call, in order."""
        from synthworld import formats

        return formats.handle_openai(self, message_or_tool_calls)

    def handle_anthropic(self, content_blocks: Any) -> list[dict[str, Any]]:
        """Answer ``tool_use`` blocks with ``tool_result`` blocks (``is_error`` on failures)."""
        from synthworld import formats

        return formats.handle_anthropic(self, content_blocks)

    def serve_mcp(self, *, transport: str = "stdio", host: str = "127.0.0.1", port: int = 8000) -> None:
        """Serve this world's tools over MCP until the client disconnects (or Ctrl-C)."""
        from synthworld import mcp_server

        mcp_server.serve(self, transport=transport, host=host, port=port)

    # -- lifecycle --------------------------------------------------------------------------

    def close(self) -> None:
        """Close every backend that has a ``close()`` (e.g. a fixture backend finishing its cassette)."""
        backends = {id(b): b for b in [self._backend, *(t.backend for t in self._tools.values())] if b}
        for backend in backends.values():
            closer = getattr(backend, "close", None)
            if callable(closer):
                closer()

    def __enter__(self) -> SyntheticWorld:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SyntheticWorld(seed={self._seed!r}, tools={list(self._tools)}, backend={backend_name(self._backend)})"


def _public_names(source: object) -> list[str]:
    names = [n for n in vars(source) if not n.startswith("_")] if hasattr(source, "__dict__") else []
    if not isinstance(source, types.ModuleType):  # an instance: its class's methods, in order
        names += [n for klass in reversed(type(source).__mro__) for n in vars(klass) if not n.startswith("_")]
    return list(dict.fromkeys(names))


def _signature_only(spec: ToolSpec) -> Callable[..., Any]:
    def stub(*args: Any, **kwargs: Any) -> Any:
        """A stand-in body; calls go to the world."""

    stub.__name__ = stub.__qualname__ = spec.name
    stub.__doc__ = spec.description
    return stub


def _unwrap(result: Any, backend: Backend) -> tuple[Any, str, Mapping[str, int] | None]:
    if isinstance(result, Answer):
        return result.value, result.source or backend_name(backend), result.usage
    return result, backend_name(backend), None


def _default_backend() -> Backend:
    from synthworld.backends.random import RandomBackend

    return RandomBackend()
