"""Adding tools to a world: stubs, specs, marked modules and tool objects, scripts and effects (a
mixin of `SyntheticWorld`), and the stub wrappers that call the world."""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, ParamSpec, Protocol, TypeVar, overload

from synthworld._json import json_copy, json_problems
from synthworld.backends import BackendLike, HandlerBackend, as_backend
from synthworld.errors import (
    MissingReturnTypeWarning,
    SchemaError,
    ToolError,
    ToolInputError,
    ToolSpecError,
    warn_user,
)
from synthworld.frameworks.failures import as_framework_failure
from synthworld.schema import shared_texts
from synthworld.spec import TOOL_MARK, ToolAnnotations, ToolSpec, stub_body
from synthworld.spec.arguments import argument_converter, none_left_out
from synthworld.spec.checks import keyword_typos
from synthworld.spec.marker import check_function
from synthworld.spec.returns import return_converter
from synthworld.spec.signature import StubSignature, stub_signature
from synthworld.spec.text import render_docstring
from synthworld.world.base import Effect
from synthworld.world.calls import CallPath
from synthworld.world.fitting import fit_problems
from synthworld.world.scripts import Script, as_tool_error
from synthworld.world.sources import marked_stubs
from synthworld.world.stubs import ToolStub
from synthworld.world.triggers import when_problems
from synthworld.world.typos import field_typos

__all__ = ["Caller", "Registration", "bind_stub", "public_names", "signature_only", "spec_and_handler"]

P = ParamSpec("P")
R = TypeVar("R")
E = TypeVar("E", bound=Effect)
_UNSET: Any = object()


class Caller(Protocol):
    """What a stub calls: a world's `call` and `acall`."""

    def call(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...

    async def acall(self, name: str, input: Mapping[str, Any] | None = None, /) -> Any: ...


class Registration(CallPath):
    """Tools, scripted answers and effects: everything that is added to a world before its calls."""

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

    @overload
    def tool(self, fn: Callable[P, R], /) -> ToolStub[P, R]: ...
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
    ) -> Callable[[Callable[P, R]], ToolStub[P, R]]: ...
    def tool(
        self,
        fn: Callable[P, R] | None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        idempotent: bool | None = None,
        annotations: ToolAnnotations | None = None,
        backend: BackendLike | None = None,
        effect: bool = False,
    ) -> ToolStub[P, R] | Callable[[Callable[P, R]], ToolStub[P, R]]:
        """Register a typed stub as a tool; calling the stub then calls the world.

        Use bare (``@world.tool``) or with options (``@world.tool(name=..., idempotent=False)``).
        `name` and `description` default to the function's name and docstring; `idempotent`,
        `annotations` (a `ToolAnnotations`) hint how the tool behaves, and ``idempotent=False``
        gives a repeated identical call a new answer; `backend` answers this tool instead of the
        world's. ``effect=True`` runs the stub's body on each call with the input as keyword
        arguments: it may change `world.state` and return a partial output the backend completes.
        The stub keeps its parameters and return type for type checkers (a `ToolStub`, with
        ``.spec`` and ``.world``).
        """

        def decorate(stub: Callable[P, R]) -> ToolStub[P, R]:
            stub = stub_body(stub)  # a @synthworld.tool stub as written
            notes = annotations or ToolAnnotations()
            if idempotent is not None:
                notes = ToolAnnotations(**{**notes.__dict__, "idempotent": idempotent})
            spec = ToolSpec.from_function(stub, name=name, description=description, annotations=notes)
            self.register_tool(spec, backend=backend)
            _warn_without_return_type(stub, spec)
            if effect:
                body: Callable[..., Any] = stub  # called with the input as keyword arguments
                self._effects[spec.name] = lambda state, args: body(**args)
            return bind_stub(self, stub, spec)

        if fn is not None:
            check_function(fn, "@world.tool")
        return decorate(fn) if fn is not None else decorate

    def add_tools(self, source: object) -> list[ToolSpec]:
        """Register ``@synthworld.tool``-marked stubs: one marked function, or every marked stub of a
        module, an object, or a class (made with no arguments), or a `ToolSpec` (``mcp_tools(...)``,
        ``ToolSpec.from_openai``), or of each entry of a list of these (or a view, a generator, a
        world's ``tools``; an entry with none is named, and nothing is registered).

        Methods are bound (``self`` is the instance), so an object's tools share its state.
        Returns the registered specs in definition order.
        """
        specs = []
        for member in marked_stubs(source, public_names):
            if isinstance(member, ToolSpec):
                specs.append(self.register_tool(member))
                continue
            options = getattr(member, TOOL_MARK)
            stub: Any = self.tool(
                name=options.name,
                description=options.description,
                idempotent=options.idempotent,
                annotations=options.annotations,
                effect=options.effect,
            )(member)
            specs.append(stub.spec)
        return specs

    def stub(self, name: str) -> ToolStub[..., Any]:
        """A callable for tool `name`: ``world.stub("get_user")("u1")`` calls the world.

        It has a real signature built from the spec (required parameters first, JSON types as
        annotations, the Google-style docstring of `ToolSpec.docstring` with each parameter under
        its Python name), so frameworks that read signatures and docstrings (``Agent(tools=[stub])``,
        ``tool(stub)``, ``function_tool(stub)``, smolagents' ``tool``) see the parameters.
        An optional parameter without a default is None in the signature and left out when None.
        """
        spec = self._tools.get(name).spec
        shape = stub_signature(spec)
        return bind_stub(self, signature_only(spec, shape), spec, arguments=shape.input)

    def astub(self, name: str) -> ToolStub[..., Coroutine[Any, Any, Any]]:
        """`stub` as a coroutine function that awaits ``world.acall``:
        ``await world.astub("get_user")("u1")``."""
        spec = self._tools.get(name).spec
        shape = stub_signature(spec)
        return bind_stub(self, signature_only(spec, shape, asynchronous=True), spec, arguments=shape.input)

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
        with shared_texts():  # each schema encoded once for the checks, validators and generator
            spec.validate()
            _warn_of_keyword_typos(spec)
            _ = spec.parameters_validator, spec.returns_validator
            own = as_backend(backend) if backend is not None else None
            prepare = getattr(own or self._backend, "prepare", None)
            if callable(prepare):
                try:
                    prepare(spec)
                except SchemaError as exc:  # say which tool: a world may register hundreds
                    raise type(exc)(f"tool {spec.name!r}: returns: {exc}", path=exc.path) from None
            self._tools.add(spec, own)
        self._recorder.coverage.declare(tools=(spec.name,))
        return spec

    def script(
        self,
        tool: str,
        *,
        output: Any = _UNSET,
        error: str | Mapping[str, Any] | ToolError | None = None,
        when: Mapping[str, Any] | None = None,
        times: int | None = None,
        partial: bool = False,
    ) -> None:
        """Answer calls to `tool` whose input contains `when` with `output` or `error`.

        Scripts are consulted before any backend, first added first; `times` limits how many
        calls a script answers. `error` raises the simulated `ToolError` with its code.
        ``partial=True`` lays `output` over the backend's answer, so a script may fix a few fields
        and let the rest be generated (objects merge key by key) and fitted to them: the rules
        leave the scripted fields alone and make the rest agree (a scripted total, lines that add
        up to it).
        """
        spec = self._tools.get(tool).spec
        if (output is _UNSET) == (error is None):
            raise ValueError(f"script({tool!r}): give exactly one of output=... or error=...")
        if times is not None and times < 1:
            raise ValueError(f"script({tool!r}): times={times!r} must be a positive number or None")
        never = when_problems(spec, when or {})
        if never:
            raise ValueError(f"script({tool!r}): when {'; when '.join(never)}")
        if output is not _UNSET:
            check_scripted_output(spec, output, partial=partial)
        failure = as_tool_error(error) if error is not None else None
        answer = json_copy(output) if failure is None else None
        script = Script(
            tool, output=answer, error=failure, when=dict(when or {}), times=times, partial=partial
        )
        self._scripts.add(script)


def _warn_of_keyword_typos(spec: ToolSpec) -> None:
    typos = keyword_typos(spec.parameters, "parameters") + keyword_typos(spec.returns, "returns")
    if typos:
        warn_user(f"tool {spec.name!r}: " + "; ".join(typos))


def _warn_without_return_type(stub: Callable[..., Any], spec: ToolSpec) -> None:
    if inspect.signature(stub).return_annotation is inspect.Signature.empty:
        warn_user(
            f"stub {spec.name}() has no return annotation, so the tool may answer with any JSON value "
            f"(a number, a string, false...); annotate it, e.g. `def {spec.name}(...) -> dict:`, or a "
            "TypedDict, dataclass or pydantic model for realistic answers",
            MissingReturnTypeWarning,
        )


def check_scripted_output(spec: ToolSpec, output: Any, *, partial: bool) -> None:
    """Raise `ValueError` when `output` cannot answer `spec` (``partial``: when laid over a
    generated answer)."""
    not_json = json_problems(output)
    typos = [] if not_json else field_typos(output, spec.returns)
    if typos:
        raise ValueError(
            f"script({spec.name!r}): {'; '.join(typos)} (the answer would carry the key as written, "
            "and the property meant would be generated)"
        )
    problems = fit_problems(spec.returns, spec.returns_validator, output, partial=partial)
    if problems:
        what = "laid over a generated answer, the output breaks" if partial else "output does not match"
        hint = "" if partial else " (pass partial=True to fix only some fields)"
        if not_json:  # a model or a dataclass: its JSON, not the object, is what a tool answers
            hint = " (pass JSON data, e.g. model.model_dump(mode='json') or dataclasses.asdict(obj))"
        hint = _wrapper_hint(spec, output, partial=partial) or hint
        raise ValueError(
            f"script({spec.name!r}): {what} the tool's returns schema: {'; '.join(problems)}{hint}"
        )


def _wrapper_hint(spec: ToolSpec, output: Any, *, partial: bool) -> str:
    """How to write `output` when the tool answers it wrapped in an object of one property (an
    MCP server's ``{"result": [...]}`` around a list), and it fits there; else nothing."""
    props = spec.returns.get("properties") if isinstance(spec.returns, Mapping) else None
    if type(output) is dict or not isinstance(props, Mapping) or len(props) != 1:
        return ""
    [key] = props
    if fit_problems(spec.returns, spec.returns_validator, {key: output}, partial=partial):
        return ""
    return (
        " (the tool answers it wrapped in an object, as MCP servers wrap a value that is not one: "
        f"write {{{key!r}: ...}})"
    )


def bind_stub(
    world: Caller,
    stub: Callable[P, R],
    spec: ToolSpec,
    *,
    arguments: Callable[[tuple[Any, ...], Mapping[str, Any]], dict[str, Any]] | None = None,
) -> ToolStub[P, R]:
    """A wrapper of `stub` that calls `world` (async stubs: `acall`), with ``.spec`` and ``.world``.

    `arguments` reads a call's arguments into a partial input (default: by `spec`'s parameter
    order). The answer is made into the stub's return type when that builds objects
    (a pydantic model, dataclass or NamedTuple, also inside lists and optionals; see
    `synthworld.spec.returns`); `world.call` keeps returning JSON. Arguments of such types (a
    model, a ``datetime``...) are sent as their JSON (see `synthworld.spec.arguments`).
    """
    convert = return_converter(stub, tool=spec.name)
    # typed values (a datetime, a model, a bounded Decimal...) sent as JSON
    to_json = argument_converter(stub, tool=spec.name, parameters=spec.parameters)

    limit = _positional_limit(stub) if arguments is None else None
    unset = none_left_out(spec.parameters, spec.defaults)  # `x: date = None`: None is "not given"

    def bind(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        if arguments is None:
            if limit is not None and len(args) > limit[0]:
                raise _keyword_only_error(spec.name, limit, len(args))
            built = spec.bind_arguments(args, kwargs)
        else:
            built = spec.bind_arguments((), arguments(args, kwargs))
        return to_json({k: v for k, v in built.items() if v is not None or k not in unset})

    if inspect.iscoroutinefunction(stub):

        @functools.wraps(stub)
        async def acall_stub(*args: Any, **kwargs: Any) -> Any:
            try:
                return convert(await world.acall(spec.name, bind(args, kwargs)))
            except (ToolError, ToolInputError) as exc:
                as_framework_failure(exc)  # shown to a framework's model, not a crash of its run
                raise

        wrapper: Any = acall_stub
    else:

        @functools.wraps(stub)
        def call_stub(*args: Any, **kwargs: Any) -> Any:
            try:
                return convert(world.call(spec.name, bind(args, kwargs)))
            except (ToolError, ToolInputError) as exc:
                as_framework_failure(exc)  # shown to a framework's model, not a crash of its run
                raise

        wrapper = call_stub
    if _defined_as_method(stub):
        wrapper = MethodStub(wrapper)
    wrapper.spec = spec
    wrapper.world = world
    return wrapper  # type: ignore[no-any-return]


class MethodStub:
    """A stub written as a method (``def get(self, id: str)`` under ``@world.tool`` in a class body):
    it calls the world whether it is called on the class or on an instance (no ``self`` is passed)."""

    def __init__(self, call: Callable[..., Any]) -> None:
        functools.update_wrapper(self, call)
        self._call = call

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if args and isinstance(args[0], type):  # under @classmethod from Python 3.13, which passes
            args = args[1:]  # the class itself (it no longer asks `__get__`); no argument is a class
        return self._call(*args, **kwargs)

    def __get__(self, instance: object, owner: type | None = None) -> MethodStub:
        return self


def _positional_limit(stub: Callable[..., Any]) -> tuple[int, list[str], list[str]] | None:
    """``(how many, their names, the keyword-only names)`` of a stub with keyword-only
    parameters (``def f(city, *, kind)``): passing those by position is the mistake Python
    refuses (`bind_arguments` knows only the spec's order). None: no such parameter."""
    try:
        params = list(inspect.signature(stub).parameters.values())
    except (TypeError, ValueError):  # a callable without a signature to read
        return None
    if _defined_as_method(stub) and not isinstance(stub, staticmethod) and params:
        params = params[1:]  # self or cls: never passed to a stub
    kinds = {p.kind for p in params}
    keyword_only = [p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    if not keyword_only or inspect.Parameter.VAR_POSITIONAL in kinds:
        return None
    positional = [p.name for p in params if p.kind in _POSITIONAL]
    return len(positional), positional, keyword_only


_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _keyword_only_error(tool: str, limit: tuple[int, list[str], list[str]], given: int) -> ToolInputError:
    count, positional, keyword_only = limit
    named = ", ".join(f"{name}=..." for name in keyword_only)
    message = (
        f"{tool}() takes {count} positional argument(s) ({', '.join(positional) or 'none'}) but {given} "
        f"were given; pass the keyword-only ones by name: {named}"
    )
    return ToolInputError(message, tool=tool, problems=[message])


def _defined_as_method(stub: Callable[..., Any]) -> bool:
    """A plain function whose first parameter is an unannotated ``self`` or ``cls``, or a
    ``staticmethod`` (under ``@world.tool`` in a class body: the wrapper must not bind either)."""
    if isinstance(stub, staticmethod):
        return True
    if not inspect.isfunction(stub):
        return False
    first = next(iter(inspect.signature(stub).parameters.values()), None)
    return first is not None and first.name in ("self", "cls") and first.annotation is inspect.Parameter.empty


def spec_and_handler(tool: Any, handler: Callable[..., Any] | None) -> tuple[ToolSpec, Any]:
    """``(spec, handler)`` for a ToolSpec, or for a class-based tool (its ``spec``; itself)."""
    if isinstance(tool, ToolSpec):
        return tool, handler
    if isinstance(getattr(tool, "spec", None), ToolSpec) and callable(tool):
        instance = tool() if isinstance(tool, type) else tool
        return instance.spec, handler or instance
    if type(tool).__name__ == ToolSpec.__name__ and type(tool).__module__ == ToolSpec.__module__:
        raise ToolSpecError(_two_copies())
    raise ToolSpecError(
        f"register_tool() takes a ToolSpec or a tool object with a `spec` and `__call__`, got "
        f"{type(tool).__name__}; use @world.tool for functions"
    )


def _two_copies() -> str:
    """Why a ToolSpec is not a ToolSpec: its class is another import's."""
    return (
        "register_tool() got a ToolSpec of another import of synthworld (its modules were loaded twice "
        "in this process, e.g. after code deleted them from sys.modules, as pytester's in-process runs "
        "do); make the spec and the world with one import (under pytester: runpytest_subprocess(), or "
        "import synthworld before the run)"
    )


def public_names(source: object) -> list[str]:
    """Public attribute names of a module, or of an instance and its classes, in definition order."""
    names = [n for n in vars(source) if not n.startswith("_")] if hasattr(source, "__dict__") else []
    if not isinstance(source, types.ModuleType):  # an instance: its class's methods, in order
        names += [n for klass in reversed(type(source).__mro__) for n in vars(klass) if not n.startswith("_")]
    return list(dict.fromkeys(names))


def signature_only(
    spec: ToolSpec, shape: StubSignature | None = None, *, asynchronous: bool = False
) -> Callable[..., Any]:
    """A do-nothing function named after `spec`, for `world.stub` (with `shape`: its signature,
    annotations and a Google-style docstring whose Args are its parameters, by their Python names;
    `asynchronous`: a coroutine function)."""

    def sync_stub(*args: Any, **kwargs: Any) -> Any:
        """A stand-in body; calls go to the world."""

    async def async_stub(*args: Any, **kwargs: Any) -> Any:
        """A stand-in body; calls go to the world."""

    stub: Callable[..., Any] = async_stub if asynchronous else sync_stub
    stub.__name__ = stub.__qualname__ = spec.name
    stub.__doc__ = spec.description
    if shape is not None:
        stub.__signature__ = shape.signature  # type: ignore[attr-defined]
        stub.__annotations__ = shape.annotations
        python_names = {real: python for python, real in shape.aliases.items()}
        stub.__doc__ = render_docstring(spec, names=python_names)  # Args named as in the signature
    return stub
