"""ToolSpec: a tool's interface as JSON Schema, built by hand or from a typed Python stub."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any

from synthworld._json import checked_canonical_json
from synthworld._redact import get_redactor
from synthworld.errors import SchemaError, ToolInputError, ToolSpecError
from synthworld.formats import anthropic, bfcl, mcp, openai, prompt
from synthworld.formats.common import ToolParts
from synthworld.schema import CompiledValidator, capped_problems, compile_validator, schema_problems
from synthworld.spec import checks, peer_names
from synthworld.spec.annotations import ToolAnnotations
from synthworld.spec.binding import UNSET, Binding
from synthworld.spec.dict_form import spec_fields, spec_to_dict
from synthworld.spec.function import describe_function, pick_function
from synthworld.spec.owned import HANDED_OVER, handed_over, own_copy
from synthworld.spec.rebinding import bind_param, unbind_param
from synthworld.spec.text import render_docstring, render_signature

__all__ = ["ToolSpec", "handed_over"]


@dataclass(frozen=True)
class ToolSpec:
    """A tool's interface: name, description, and JSON Schemas for input and output.

    The schemas are deep-copied on construction, so changing the dicts you passed in never
    changes a spec a world has registered.
    """

    name: str
    """Tool name; the identifier used in ``world.call(name, ...)``."""
    description: str
    """What the tool does, for the agent (and the LLM backend)."""
    parameters: dict[str, Any]
    """JSON Schema of the input: an object schema whose properties are the parameters."""
    returns: dict[str, Any]
    """JSON Schema of the return value (``{}`` accepts anything)."""
    param_names: list[str] | None = None
    """Parameter order for positional arguments; set by `from_function`."""
    _: dataclasses.KW_ONLY
    annotations: ToolAnnotations = field(default_factory=ToolAnnotations)
    """Behavioural hints (read-only, destructive, idempotent, open-world)."""
    when_to_use: str | None = None
    """Guidance for the agent on when this tool is the right one."""
    examples: list[dict[str, Any]] = field(default_factory=list)
    """Example calls, each ``{"input": {...}, "output": ...}``."""
    metadata: dict[str, Any] = field(default_factory=dict)
    """Free-form, JSON-compatible data for frameworks and tooling."""
    output_limit: int | None = None
    """A hint: the most characters of rendered output a host should pass to the model."""
    defaults: dict[str, Any] = field(default_factory=dict)
    """Parameter defaults of the stub (shown in signatures; never filled into inputs)."""
    bindings: tuple[Binding, ...] = ()
    """Bound parameters, hidden from the agent (see `bind`)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> ToolSpec:
        """Refuse another design's keywords (``inputs=``, ``input_schema=``...), naming ours."""
        problems = peer_names.keyword_problems(kwargs) if kwargs else []
        if problems:
            raise ToolSpecError("ToolSpec(): " + "; ".join(problems), problems=problems)
        return super().__new__(cls)

    if not TYPE_CHECKING:  # a type checker still flags a misspelt attribute

        def __getattr__(self, name: str) -> Any:
            meant = peer_names.ATTRIBUTES.get(name)
            hint = f"; in synthworld: {meant}" if meant else ""
            raise AttributeError(f"'ToolSpec' object has no attribute {name!r}{hint}", name=name, obj=self)

    def __post_init__(self) -> None:
        problems = checks.constructor_problems(self)
        if problems:
            raise ToolSpecError(f"invalid ToolSpec {self.name!r}: " + "; ".join(problems), problems=problems)
        handed_over = HANDED_OVER.get()
        for name in ("parameters", "returns", "param_names", "examples", "metadata", "defaults"):
            if handed_over and name in ("parameters", "returns", "metadata"):
                continue
            try:
                object.__setattr__(self, name, own_copy(getattr(self, name)))
            except RecursionError:
                problem = f"{name} nests too deeply to copy; flatten it (a schema can use $defs and $ref)"
                message = f"invalid ToolSpec {self.name!r}: {problem}"
                raise ToolSpecError(message, problems=[problem]) from None
        object.__setattr__(self, "bindings", tuple(self.bindings))

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def from_function(
        cls,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        annotations: ToolAnnotations | None = None,
        parse_docstring: bool = True,
        when_to_use: str | None = None,
        examples: Iterable[dict[str, Any]] = (),
    ) -> ToolSpec:
        """Build a spec from a function's signature, type hints and docstring.

        The docstring's summary is the description and its Args/Returns sections describe the
        parameters and the answer; ``parse_docstring=False`` takes the whole docstring as the
        description instead. Raises `ToolSpecError` listing every problem (``*args``, unannotated
        parameters, unsupported types), each naming the function and the parameter.
        """
        desc = describe_function(fn, parse_docstring=parse_docstring)
        return cls(
            name or desc.name,
            desc.description if description is None else description,
            desc.parameters,
            desc.returns,
            desc.param_names,
            annotations=annotations or ToolAnnotations(),
            when_to_use=when_to_use,
            examples=list(examples),
            defaults=desc.defaults,
        )

    @classmethod
    def from_code(
        cls,
        code: str,
        func_name: str | None = None,
        env: Mapping[str, Any] | None = None,
        *,
        trusted: bool = False,
        **options: Any,
    ) -> ToolSpec:
        """Build a spec from a function defined in source `code` (`env`: names the code may use).

        This executes `code`, so it refuses unless ``trusted=True``: pass it only for code you
        wrote or reviewed (scenario files never reach this). With one function in the code,
        `func_name` may be omitted.
        """
        if trusted is not True:
            raise ToolSpecError(
                "ToolSpec.from_code() executes the code it is given; pass trusted=True only for "
                "code you trust, or define the stub in a module and use ToolSpec.from_function()"
            )
        namespace: dict[str, Any] = {**(env or {}), "__name__": "synthworld_from_code"}
        exec(compile(code, "<synthworld.from_code>", "exec"), namespace)  # trusted by the caller
        return cls.from_function(pick_function(namespace, func_name), **options)

    # -- views ------------------------------------------------------------------------------

    def to_schema(self) -> dict[str, Any]:
        """The spec as a dict with ``name``, ``description``, ``parameters`` and ``returns``."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": copy.deepcopy(self.parameters),
            "returns": copy.deepcopy(self.returns),
        }

    @property
    def idempotent(self) -> bool:
        """False only when declared ``idempotent=False``: then repeated calls may differ."""
        return self.annotations.idempotent is not False

    @property
    def ordered_params(self) -> list[str]:
        """Parameter names in positional order."""
        if self.param_names is not None:
            return list(self.param_names)
        return list(self.parameters.get("properties", {}))

    # -- binding ------------------------------------------------------------------------------

    def bind(
        self, param: str, *, state_key: str | None = None, default: Any = UNSET, secret: bool | None = None
    ) -> ToolSpec:
        """A copy of this spec with `param` hidden from the agent and filled at call time.

        The value comes from the world's state at dot path `state_key`, else from `default`.
        Secret-looking names (``api_key``, ``token``...) or ``secret=True`` are masked in traces
        and cassettes.
        """
        return bind_param(self, param, state_key=state_key, default=default, secret=secret)

    def unbind(self, param: str) -> ToolSpec:
        """A copy of this spec with bound `param` back among the agent's parameters, in place."""
        return unbind_param(self, param)

    def bound_input(
        self, args: Mapping[str, Any], state: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(real, recorded)``: `args` plus every bound value, and the same with secrets masked."""
        real, recorded = dict(args), dict(args)
        for binding in self.bindings:
            value = binding.value(state, tool=self.name)
            real[binding.param] = value
            recorded[binding.param] = binding.recorded(value)
        return real, recorded

    # -- serialisation and text --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every field as JSON-compatible data; `from_dict` rebuilds an equal spec."""
        return spec_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToolSpec:
        """Rebuild a spec from `to_dict` output (or any dict with at least name and schemas)."""
        return cls(**spec_fields(data))

    def clone(self, **changes: Any) -> ToolSpec:
        """A copy with `changes` applied (``spec.clone(name="other")``)."""
        return dataclasses.replace(self, **changes)

    def signature(self, *, types: bool = True, defaults: bool = True) -> str:
        """A Python-like signature of the agent-facing parameters: ``get_user(user_id: str) -> dict``."""
        return render_signature(self, types=types, defaults=defaults)

    @property
    def docstring(self) -> str:
        """A Google-style docstring: description, when to use, Args and Returns."""
        return render_docstring(self)

    # -- provider formats (rendered by synthworld.formats) ---------------------------------

    def to_openai(self, *, api: str = "chat", strict: openai.Strict = None) -> dict[str, Any]:
        """The OpenAI tool definition: Chat Completions (``api="chat"``) or Responses (``"responses"``);
        ``strict``: True, ``"auto"``, None or False (see `synthworld.formats.openai.tool_definition`)."""
        return openai.tool_definition(self, api=api, strict=strict)

    def to_anthropic(self) -> dict[str, Any]:
        """The Anthropic tool definition (``name``, ``description``, ``input_schema``)."""
        return anthropic.tool_definition(self)

    def to_mcp(self) -> Any:
        """An ``mcp.types.Tool`` with input and output schemas and annotations.

        MCP requires an object ``outputSchema``: non-object returns are wrapped as
        ``{"result": ...}`` there and in ``structuredContent`` (`from_mcp` unwraps them).
        """
        return mcp.tool_definition(self)

    def to_prompt(self) -> str:
        """A readable description of the tool for prompt-based agents."""
        return prompt.tool_prompt(self)

    @classmethod
    def from_openai(cls, tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None) -> ToolSpec:
        """A spec from an OpenAI tool definition (either API's form)."""
        return cls.from_parts(openai.read_tool(tool, returns=returns))

    @classmethod
    def from_anthropic(
        cls, tool: Mapping[str, Any] | Any, *, returns: dict[str, Any] | None = None
    ) -> ToolSpec:
        """A spec from an Anthropic tool definition."""
        return cls.from_parts(anthropic.read_tool(tool, returns=returns))

    @classmethod
    def from_mcp(cls, tool: Any) -> ToolSpec:
        """A spec from an ``mcp.types.Tool`` (or its dict form)."""
        return cls.from_parts(mcp.read_tool(tool))

    @classmethod
    def from_bfcl(cls, doc: Mapping[str, Any]) -> ToolSpec:
        """A spec from a BFCL (Gorilla) tool doc; its types read as `synthworld.formats.bfcl` says."""
        return cls.from_parts(bfcl.read_tool(doc))

    @classmethod
    def from_parts(cls, parts: ToolParts) -> ToolSpec:
        """A validated spec from the parts a provider format read (see `synthworld.formats`)."""
        annotations = ToolAnnotations(**parts.annotations)
        spec = cls(
            parts.name,
            parts.description,
            parts.parameters,
            parts.returns,
            annotations=annotations,
            metadata=parts.metadata,
        )
        return spec.validate()

    # -- input handling ---------------------------------------------------------------------

    def build_input(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Map positional and keyword arguments to an input dict, by parameter name.

        Defaults are not filled in. Too many positionals, an unknown keyword, a value given
        twice, a missing required argument or a value that is not JSON data raise `ToolInputError`.
        """
        built = self.bind_arguments(args, kwargs)
        problems = checked_canonical_json(built)[1]
        if problems:
            raise ToolInputError(f"{self.name}(): " + "; ".join(problems), tool=self.name, problems=problems)
        return built

    def bind_arguments(self, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """`build_input` without the check of the values (a world checks them at its door)."""
        names = self.ordered_params
        if len(args) > len(names):
            raise ToolInputError(
                f"{self.name}() takes {len(names)} positional argument(s) ({', '.join(names)}) "
                f"but {len(args)} were given",
                tool=self.name,
            )
        built = dict(zip(names, args, strict=False))
        problems = [f"got multiple values for argument {key!r}" for key in kwargs if key in built]
        problems += checks.unknown_keys(kwargs, self)
        built.update(kwargs)
        problems += [f"missing required argument {key!r}" for key in self.required if key not in built]
        if problems:
            raise ToolInputError(f"{self.name}(): " + "; ".join(problems), tool=self.name, problems=problems)
        return built

    @property
    def required(self) -> list[str]:
        """Names of the required parameters."""
        return list(self.parameters.get("required", []))

    def check_inputs(self, raw: Any) -> dict[str, Any]:
        """Validate agent input: JSON data within the limits, required present, no extras, every
        value of its schema's type.

        Returns a copy of `raw` when valid; raises `ToolInputError` listing the problems otherwise.
        """
        return self.checked_input(raw)[0]

    def checked_input(self, raw: Any) -> tuple[dict[str, Any], str]:
        """`check_inputs`, also returning the input's canonical JSON text (the world seeds with it)."""
        if not isinstance(raw, Mapping):
            raise self._input_error(
                [f"input must be an object (a dict of parameter values), got {type(raw).__name__}"]
            )
        try:
            args = dict(raw)
        except Exception as exc:  # a mapping that fails when read
            raise self._input_error([f"input cannot be read: {type(exc).__name__}: {exc}"]) from None
        text, not_json = checked_canonical_json(args)
        if not_json:
            raise self._input_error(_masked(not_json, None))  # `args` may not even be walkable
        unknown = checks.unknown_keys(args, self)
        if self.parameters_validator.is_valid(args) and not unknown:
            return args, text
        said = "$: Additional properties" if unknown else None  # `unknown` names them in words
        problems = capped_problems(
            chain(unknown, (p for p in self.parameters_validator.problems(args) if not _starts(p, said)))
        )
        if not problems:  # jsonschema-rs and python-jsonschema disagree; the input passes
            return args, text
        raise self._input_error(_masked(problems, args))

    def _input_error(self, problems: list[str]) -> ToolInputError:
        hint = f" Parameters: {checks.param_summary(self)}."
        return ToolInputError(
            f"invalid input for tool {self.name!r}: " + "; ".join(problems) + "." + hint,
            tool=self.name,
            problems=problems,
        )

    # -- well-formedness --------------------------------------------------------------------

    def validate(self) -> ToolSpec:
        """Check the spec is well-formed (name, both schemas, parameter names); return it.

        Raises `ToolSpecError` listing every problem.
        """
        problems = list(checks.constructor_problems(self))
        problems += checks.parameters_problems(self)
        problems += [f"returns {p}" for p in schema_problems(self.returns)]
        if not problems:
            problems += checks.extras_problems(self)
        if problems:
            raise ToolSpecError(f"invalid ToolSpec {self.name!r}: " + "; ".join(problems), problems=problems)
        return self

    @property
    def parameters_validator(self) -> CompiledValidator:
        """The compiled validator of `parameters` (cached)."""
        return _validator(self, "parameters")

    @property
    def returns_validator(self) -> CompiledValidator:
        """The compiled validator of `returns` (cached)."""
        return _validator(self, "returns")


def _validator(spec: ToolSpec, which: str) -> CompiledValidator:
    cache = spec.__dict__.setdefault("_validators", {})
    if which not in cache:
        try:
            cache[which] = compile_validator(getattr(spec, which))
        except SchemaError as exc:
            raise ToolSpecError(f"tool {spec.name!r}: {which} is not a usable JSON Schema: {exc}") from None
    return cache[which]  # type: ignore[no-any-return]


def _starts(problem: str, prefix: str | None) -> bool:
    return prefix is not None and problem.startswith(prefix)


def _masked(problems: list[str], args: dict[str, Any] | None) -> list[str]:
    """`problems` with the secrets they quote (from JSON `args`) masked: an input error is printed,
    logged and shown to a model (``$.password: '[REDACTED]' is too long``)."""
    policy = get_redactor() if args is None else get_redactor().for_call(args)
    return [policy.text(problem) for problem in problems]
