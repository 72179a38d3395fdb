"""SyntheticWorld: a registry of tool specs that answers every call from a backend."""

from __future__ import annotations

import asyncio
import threading
import types
from collections.abc import Callable, Mapping
from random import Random
from typing import Any, Literal, NoReturn, TypeVar, overload

from synthworld._json import canonical_json, json_copy, json_problems, owned_copy
from synthworld.backends import (
    Backend,
    BackendLike,
    CallContext,
    HandlerBackend,
    RandomBackend,
    as_backend,
    backend_name,
    unwrap,
)
from synthworld.errors import BackendError, SynthworldError, ToolError, ToolInputError, ToolSpecError
from synthworld.spec import TOOL_MARK, ToolAnnotations, ToolSpec
from synthworld.trace import Trace
from synthworld.world.clock import SimulatedClock
from synthworld.world.consistency import Settled, consistent, related_entities
from synthworld.world.consistency import remember as remember_entities
from synthworld.world.faults import Fault, FaultPlan, Hazards
from synthworld.world.interop import WorldInterop
from synthworld.world.latency import LatencyLike
from synthworld.world.recorder import TraceRecorder
from synthworld.world.registration import bind_stub, public_names, signature_only, spec_and_handler
from synthworld.world.registry import RegisteredTool, ToolRegistry
from synthworld.world.scripts import Script, ScriptBook, as_tool_error
from synthworld.world.seeds import derive_seed
from synthworld.world.state import WorldState

__all__ = ["SyntheticWorld"]

F = TypeVar("F", bound=Callable[..., Any])
Effect = Callable[[WorldState, dict[str, Any]], Any]
E = TypeVar("E", bound=Effect)
InvalidInputPolicy = Literal["raise", "return_error"]
_UNSET: Any = object()
_NOTHING: Mapping[str, Any] = types.MappingProxyType({})


class SyntheticWorld(WorldInterop):
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
        faults: Any = None,
        latency: LatencyLike | None = None,
        realtime: bool = False,
        remember: bool = True,
    ) -> None:
        """`faults`, `latency`: see `add_faults`, `set_latency`; ``remember=False``: no echo or recall."""
        if on_invalid_input not in ("raise", "return_error"):
            raise ValueError(f"on_invalid_input={on_invalid_input!r}; choose 'raise' or 'return_error'")
        self._seed = seed
        self._backend = as_backend(backend) if backend is not None else RandomBackend()
        self.on_invalid_input: InvalidInputPolicy = on_invalid_input
        self.context = context
        self.clock = clock or SimulatedClock()
        self._initial_state = json_copy(dict(state or {}))
        self.state = WorldState(json_copy(self._initial_state))
        self.realtime, self.remember = realtime, remember
        self._tools = ToolRegistry()
        self._scripts = ScriptBook()
        self._hazards = Hazards(faults, latency=latency)
        self._effects: dict[str, Effect] = {}
        self._occurrences: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()
        self._state_lock = threading.RLock()
        self._recorder = TraceRecorder(Trace())

    # -- configuration ----------------------------------------------------------------------

    @property
    def seed(self) -> int | str:
        """The world seed: with the tool name and input, it fixes every answer."""
        return self._seed

    @property
    def trace(self) -> Trace:
        """Every call this world answered, in order (see `synthworld.Trace`)."""
        return self._recorder.trace

    @property
    def backend(self) -> Backend:
        """The backend that answers tools registered without one of their own."""
        return self._backend

    @property
    def tools(self) -> Mapping[str, ToolSpec]:
        """The registered tools by name, in registration order (read-only)."""
        return self._tools.specs()

    @property
    def faults(self) -> FaultPlan:
        """The fault plan: which calls fail and how (see `add_faults`)."""
        return self._hazards.plan

    def reset(self, seed: int | str | None = None) -> None:
        """Restore the initial state and clock; clear trace, call counts, script use; maybe reseed."""
        if seed is not None:
            self._seed = seed
        with self._lock, self._state_lock:
            self._occurrences.clear()
            self._hazards.reset()
            self.trace.clear()
            self.state.restore(self._initial_state)
            self._scripts.rewind()
            self.clock.reset()
        for backend in self._backends():
            rewind = getattr(backend, "rewind", None)
            if callable(rewind):
                rewind()

    def add_faults(self, faults: Any) -> FaultPlan:
        """Append faults to the plan and return it: `Fault`s or dicts such as ``{"tool": "get_order",
        "on_call": 4, "error": "rate_limit", "retry_after": 2}`` (keys in `synthworld.world.faults`).
        Raises `FaultConfigError` (a ValueError) naming the entry and key."""
        return self._hazards.add(faults, tools=self._tools)

    def set_latency(self, tool: str, latency: LatencyLike | None, *, deadline: float | None = None) -> None:
        """Give `tool` (``"*"``: every tool) a latency: seconds or ``{"distribution": "uniform"|
        "normal"|"lognormal", ...}`` (see `synthworld.world.latency`), which advances `world.clock`.
        A call slower than `deadline` fails with a ``timeout`` `ToolError`."""
        name = tool if tool == "*" else self._tools.get(tool).spec.name
        self._hazards.latency.set(name, latency, deadline=deadline)

    @overload
    def effect(self, tool: str, /) -> Callable[[E], E]: ...
    @overload
    def effect(self, tool: str, fn: E, /) -> E: ...
    def effect(self, tool: str, fn: E | None = None, /) -> E | Callable[[E], E]:
        """Give `tool` an effect ``fn(state, input)`` (``@world.effect("tool")``): run before the backend
        on calls no fault or script answers, it may change `world.state`, raise `ToolError` or return
        a partial output that the backend completes."""
        name = self._tools.get(tool).spec.name
        if fn is None:
            return lambda effect: self.effect(name, effect)
        self._effects[name] = fn
        return fn

    # -- registration -----------------------------------------------------------------------

    @overload
    def tool(self, fn: F, /) -> F: ...
    @overload
    def tool(
        self,
        fn: None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        idempotent: bool | None = None,
        annotations: ToolAnnotations | None = None,
        backend: BackendLike | None = None,
        effect: bool = False,
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
        effect: bool = False,
    ) -> F | Callable[[F], F]:
        """Register a typed stub as a tool; calling the stub then calls the world.

        Use bare (``@world.tool``) or with options (``@world.tool(name=..., idempotent=False)``).
        ``effect=True`` runs the stub's body on each call with the input as keyword arguments:
        it may change `world.state` and return a partial output the backend completes.
        """

        def decorate(stub: F) -> F:
            notes = annotations or ToolAnnotations()
            if idempotent is not None:
                notes = ToolAnnotations(**{**notes.__dict__, "idempotent": idempotent})
            spec = ToolSpec.from_function(stub, name=name, description=description, annotations=notes)
            self.register_tool(spec, backend=backend)
            if effect:
                self._effects[spec.name] = lambda state, args: stub(**args)
            return bind_stub(self, stub, spec)

        return decorate(fn) if fn is not None else decorate

    def add_tools(self, source: object) -> list[ToolSpec]:
        """Register every ``@synthworld.tool``-marked stub of a module, class instance or class.

        Methods are bound (``self`` is the instance), so an object's tools share its state.
        Returns the registered specs in definition order.
        """
        specs = []
        for attr in public_names(source):
            member = getattr(source, attr)
            options = getattr(member, TOOL_MARK, None)
            if options is None or not callable(member):
                continue
            stub = self.tool(
                name=options.name,
                description=options.description,
                idempotent=options.idempotent,
                annotations=options.annotations,
                effect=options.effect,
            )(member)
            specs.append(stub.spec)
        if not specs:
            raise ToolSpecError(
                f"{source!r} has no @synthworld.tool-marked stubs; mark functions with @synthworld.tool"
            )
        return specs

    def stub(self, name: str) -> Callable[..., Any]:
        """A callable for tool `name`: ``world.stub("get_user")("u1")`` calls the world."""
        spec = self._tools.get(name).spec
        return bind_stub(self, signature_only(spec), spec)

    def register_tool(
        self,
        spec: ToolSpec | Any,
        *,
        backend: BackendLike | None = None,
        handler: Callable[..., Any] | None = None,
    ) -> ToolSpec:
        """Register a spec built by hand (or replace one of the same name); return it.

        `handler` makes a real function answer this tool (``handler(**input)``, traced as
        backend ``handler``). A class-based tool (an object or class with a ``spec`` attribute
        and ``__call__``) registers its spec with itself as the handler. The spec is validated
        and the backend prepared now, so a broken schema fails here, not at the first call.
        """
        spec, handler = spec_and_handler(spec, handler)
        if handler is not None:
            backend = HandlerBackend(handler)
        spec.validate()
        _ = spec.parameters_validator, spec.returns_validator
        own = as_backend(backend) if backend is not None else None
        prepare = getattr(own or self._backend, "prepare", None)
        if callable(prepare):
            prepare(spec)
        self._tools.add(spec, own)
        return spec

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
        spec = self._tools.get(tool).spec
        if (output is _UNSET) == (error is None):
            raise ValueError(f"script({tool!r}): give exactly one of output=... or error=...")
        if times is not None and times < 1:
            raise ValueError(f"script({tool!r}): times={times!r} must be a positive number or None")
        if output is not _UNSET and (json_problems(output) or not spec.returns_validator.is_valid(output)):
            problems = "; ".join(spec.returns_validator.problems(output))
            raise ValueError(f"script({tool!r}): output does not match the tool's returns schema: {problems}")
        failure = as_tool_error(error) if error is not None else None
        answer = json_copy(output) if failure is None else None
        self._scripts.add(Script(tool, output=answer, error=failure, when=dict(when or {}), times=times))

    # -- calling ----------------------------------------------------------------------------

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any:
        """Call tool `name` with `input` and return its synthetic answer.

        Raises `UnknownToolError`, `ToolInputError` (unless ``on_invalid_input="return_error"``),
        the simulated `ToolError`, or `BackendError` when a backend breaks the returns schema.
        """
        tool = self._tools.get(name)
        try:
            args = tool.spec.check_inputs({} if input is None else input)
        except ToolInputError as exc:
            return self._invalid_input(name, input, exc)
        bound: dict[str, Any] = {}
        if tool.spec.bindings:
            real, args = tool.spec.bound_input(args, self.state)
            bound = {b.param: real[b.param] for b in tool.spec.bindings}
        canonical = canonical_json(args)
        with self._lock:
            key = (name, canonical)
            occurrence = self._occurrences.get(key, 0)
            self._occurrences[key] = occurrence + 1
        seed = derive_seed(self._seed, name, canonical, 0 if tool.spec.idempotent else occurrence)
        ctx = CallContext(
            spec=tool.spec,
            input=args,
            seed=seed,
            rng=Random(seed),
            occurrence=occurrence,
            state=types.MappingProxyType(self.state),
            trace=self.trace,
            now=self.clock.now(),
            context=self.context,
            bound=bound,
            related=related_entities(tool.plan, args, self.state) if tool.plan.id_params else _NOTHING,
        )
        fault, seconds = self._hazards.judge(name, args, seed=seed, occurrence=occurrence)
        try:
            return self._answer(tool, ctx, fault, seconds)
        finally:
            self._hazards.elapse(seconds, self.clock, realtime=self.realtime)

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any:
        """`call` for asyncio code: runs the call in a worker thread and awaits it."""
        return await asyncio.to_thread(self.call, name, input)

    def _answer(self, tool: RegisteredTool, ctx: CallContext, fault: Fault | None, seconds: float) -> Any:
        if fault is not None and fault.error is not None:
            error = fault.to_error(seconds=seconds)
            self._recorder.answered(ctx, None, {**error.to_dict(), "fault": True}, "fault", duration=seconds)
            raise error
        source, usage, (value, found, checked) = self._respond(tool, ctx, seconds)
        if fault is not None and fault.malformed is not None:
            value = fault.broken(value, ctx.spec.returns, seed=ctx.seed, occurrence=ctx.occurrence)
            self._recorder.answered(ctx, value, None, "fault:malformed", usage, seconds)
            return json_copy(value)
        if not checked and not ctx.spec.returns_validator.is_valid(value):
            self._reject(ctx, value, source, seconds)
        if self.remember and tool.plan.has_ids:
            with self._state_lock:
                remember_entities(tool.plan, value, self.state, found)
        self._recorder.answered(ctx, value, None, source, usage, seconds)
        return owned_copy(value)  # the trace keeps `value`; the caller may change its own copy

    def _respond(self, tool: RegisteredTool, ctx: CallContext, seconds: float) -> tuple[str, Any, Settled]:
        """``(source, usage, settled)``: the answer of a script, or of the effect and backend made
        consistent."""
        backend = tool.backend or self._backend
        script = self._scripts.take(ctx.spec.name, ctx.input)
        effect = None if script else self._effects.get(ctx.spec.name)
        source, suffix = ("script" if script else backend_name(backend)), ("+effect" if effect else "")
        try:
            if script is not None:
                return source, None, Settled(script.answer(), None, False)
            partial = None
            if effect is not None:
                with self._state_lock:
                    partial = json_copy(effect(self.state, dict(ctx.input)))
            value, source, usage = unwrap(backend.respond(ctx), backend)
        except Exception as err:
            self._fail(ctx, err, source + suffix, seconds)
        if not getattr(backend, "fresh_values", False):
            try:
                value = json_copy(value)  # from here on the world owns the value (the trace keeps it)
            except TypeError:
                problems = "; ".join(json_problems(value))
                self._fail(
                    ctx,
                    BackendError(f"backend {source!r} answered with non-JSON data: {problems}"),
                    source,
                    seconds,
                )
        with self._state_lock:
            valid, recall = ctx.spec.returns_validator.is_valid, self.remember
            settled = consistent(
                tool.plan, ctx.input, value, self.state, valid, partial=partial, recall=recall, owned=True
            )
        return source + suffix, usage, settled

    def _fail(self, ctx: CallContext, err: Exception, source: str, seconds: float) -> NoReturn:
        message = f"backend {source!r} failed on tool {ctx.spec.name!r}: {err!r}"
        exc = err if isinstance(err, SynthworldError) else BackendError(message)
        info = err.to_dict() if isinstance(err, ToolError) else {"code": "backend_error", "message": str(exc)}
        self._recorder.answered(ctx, None, info, source, duration=seconds)
        exc.__cause__ = exc.__cause__ if exc is err else err  # chain a wrapped unexpected error
        raise exc

    def _reject(self, ctx: CallContext, value: Any, source: str, seconds: float) -> None:
        problems = ctx.spec.returns_validator.problems(value)
        message = (
            f"backend {source!r} answered tool {ctx.spec.name!r} with a value that breaks its returns "
            f"schema: {'; '.join(problems)}. The value was not passed on; fix the backend or the schema."
        )
        self._fail(ctx, BackendError(message), source, seconds)

    def _invalid_input(self, name: str, raw: Any, exc: ToolInputError) -> Any:
        error = exc.to_dict()["error"]
        self._recorder.rejected(name, raw, error, now=self.clock.now())
        if self.on_invalid_input == "return_error":
            return {"error": error}
        raise exc

    # -- lifecycle --------------------------------------------------------------------------

    def close(self) -> None:
        """Close every backend that has a ``close()`` (e.g. a fixture backend finishing its cassette)."""
        for backend in self._backends():
            closer = getattr(backend, "close", None)
            if callable(closer):
                closer()

    def _backends(self) -> list[Backend]:
        """The world's backend and every tool's own, each once."""
        found = {id(b): b for b in [self._backend, *self._tools.backends()]}
        return list(found.values())

    def __enter__(self) -> SyntheticWorld:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        backend = backend_name(self._backend)
        return f"SyntheticWorld(seed={self._seed!r}, tools={list(self._tools)}, backend={backend})"
