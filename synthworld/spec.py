"""ToolSpec: a tool's interface as JSON Schema, built by hand or from a typed Python stub."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from synthworld._validation import CompiledValidator, compile_validator, schema_problems
from synthworld.errors import SchemaError, ToolInputError, ToolSpecError

__all__ = ["ToolAnnotations", "ToolSpec"]

_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


@dataclass(frozen=True)
class ToolAnnotations:
    """Behavioural hints, as in MCP's ``ToolAnnotations`` (None means "not stated")."""

    read_only: bool | None = None
    """The tool does not change its environment."""
    destructive: bool | None = None
    """The tool may delete or overwrite data (meaningful when not read-only)."""
    idempotent: bool | None = None
    """Calling it again with the same input has no further effect (and, in a world, gives the
    same answer). Only ``idempotent=False`` makes repeated identical calls answer differently."""
    open_world: bool | None = None
    """The tool reaches an open world (the web, other people) rather than a closed system."""
    title: str | None = None
    """A human-readable title."""


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

    def __post_init__(self) -> None:
        problems = _constructor_problems(self)
        if problems:
            raise ToolSpecError(f"invalid ToolSpec {self.name!r}: " + "; ".join(problems), problems=problems)
        for name in ("parameters", "returns", "param_names"):
            object.__setattr__(self, name, copy.deepcopy(getattr(self, name)))

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def from_function(
        cls,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        annotations: ToolAnnotations | None = None,
    ) -> ToolSpec:
        """Build a spec from a function's signature, type hints and docstring.

        Raises `ToolSpecError` listing every problem (``*args``, unannotated parameters,
        unsupported types), each naming the function and the parameter.
        """
        from synthworld._function_spec import describe_function

        desc = describe_function(fn)
        return cls(
            name or desc.name,
            desc.description if description is None else description,
            desc.parameters,
            desc.returns,
            desc.param_names,
            annotations=annotations or ToolAnnotations(),
        )

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

    # -- provider formats (implemented in synthworld.formats) -------------------------------

    def to_openai(self, *, api: str = "chat", strict: bool | None = None) -> dict[str, Any]:
        """The OpenAI tool definition: Chat Completions (``api="chat"``) or Responses (``"responses"``)."""
        from synthworld import formats

        return formats.spec_to_openai(self, api=api, strict=strict)

    def to_anthropic(self) -> dict[str, Any]:
        """The Anthropic tool definition (``name``, ``description``, ``input_schema``)."""
        from synthworld import formats

        return formats.spec_to_anthropic(self)

    def to_mcp(self) -> Any:
        """An ``mcp.types.Tool`` with input and output schemas and annotations."""
        from synthworld import formats

        return formats.spec_to_mcp(self)

    def to_prompt(self) -> str:
        """A readable description of the tool for prompt-based agents."""
        from synthworld import formats

        return formats.spec_to_prompt(self)

    @classmethod
    def from_openai(cls, tool: Mapping[str, Any], *, returns: dict[str, Any] | None = None) -> ToolSpec:
        """A spec from an OpenAI tool definition (either API's form)."""
        from synthworld import formats

        return formats.spec_from_openai(tool, returns=returns)

    @classmethod
    def from_anthropic(cls, tool: Mapping[str, Any], *, returns: dict[str, Any] | None = None) -> ToolSpec:
        """A spec from an Anthropic tool definition."""
        from synthworld import formats

        return formats.spec_from_anthropic(tool, returns=returns)

    @classmethod
    def from_mcp(cls, tool: Any) -> ToolSpec:
        """A spec from an ``mcp.types.Tool`` (or its dict form)."""
        from synthworld import formats

        return formats.spec_from_mcp(tool)

    # -- input handling ---------------------------------------------------------------------

    def build_input(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """Map positional and keyword arguments to an input dict, by parameter name.

        Defaults are not filled in. Too many positionals, an unknown keyword, a value given
        twice or a missing required argument raise `ToolInputError`.
        """
        names = self.ordered_params
        if len(args) > len(names):
            raise ToolInputError(
                f"{self.name}() takes {len(names)} positional argument(s) ({', '.join(names)}) "
                f"but {len(args)} were given",
                tool=self.name,
            )
        built = dict(zip(names, args, strict=False))
        problems = [f"got multiple values for argument {key!r}" for key in kwargs if key in built]
        problems += _unknown_keys(kwargs, self)
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
        """Validate agent input: required present, no extras, every value of its schema's type.

        Returns `raw` when valid; raises `ToolInputError` listing every problem otherwise.
        """
        if (
            isinstance(raw, Mapping)
            and self.parameters_validator.is_valid(raw)
            and not _unknown_keys(raw, self)
        ):
            return dict(raw)
        problems = self._input_problems(raw)
        if not problems:  # valid after all (e.g. a Mapping that is not a dict)
            return dict(raw)
        hint = f" Parameters: {_param_summary(self)}."
        raise ToolInputError(
            f"invalid input for tool {self.name!r}: " + "; ".join(problems) + "." + hint,
            tool=self.name,
            problems=problems,
        )

    def _input_problems(self, raw: Any) -> list[str]:
        if not isinstance(raw, Mapping):
            return [f"input must be an object (a dict of parameter values), got {type(raw).__name__}"]
        problems = _unknown_keys(raw, self)
        for problem in self.parameters_validator.problems(dict(raw)):
            if "Additional properties" not in problem:
                problems.append(problem)
        return problems

    # -- well-formedness --------------------------------------------------------------------

    def validate(self) -> ToolSpec:
        """Check the spec is well-formed (name, both schemas, parameter names); return it.

        Raises `ToolSpecError` listing every problem.
        """
        problems = list(_constructor_problems(self))
        problems += _parameters_problems(self)
        problems += [f"returns {p}" for p in schema_problems(self.returns)]
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


def _constructor_problems(spec: ToolSpec) -> list[str]:
    problems = []
    if not isinstance(spec.name, str) or not _NAME.match(spec.name):
        problems.append(f"name={spec.name!r} must be 1-64 characters of letters, digits, '_', '-' or '.'")
    if not isinstance(spec.description, str):
        problems.append(f"description must be a string, got {type(spec.description).__name__}")
    if not isinstance(spec.parameters, dict):
        problems.append(f"parameters must be a JSON Schema dict, got {type(spec.parameters).__name__}")
    if not isinstance(spec.returns, (dict, bool)):
        problems.append(f"returns must be a JSON Schema dict, got {type(spec.returns).__name__}")
    if spec.param_names is not None and not isinstance(spec.param_names, (list, tuple)):
        problems.append("param_names must be a list of parameter names or None")
    return problems


def _parameters_problems(spec: ToolSpec) -> list[str]:
    params = spec.parameters
    if not isinstance(params, dict):
        return []
    problems = [f"parameters {p}" for p in schema_problems(params)]
    if params.get("type") != "object":
        problems.append('parameters must be an object schema ({"type": "object", "properties": {...}})')
    properties = params.get("properties", {})
    for name in params.get("required", []):
        if name not in properties:
            problems.append(f"required parameter {name!r} is not among the properties")
    names = list(spec.param_names or [])
    for dup in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"duplicate parameter name {dup!r} in param_names")
    for name in names:
        if name not in properties:
            problems.append(f"param_names lists {name!r}, which is not among the properties")
    return problems


def _unknown_keys(raw: Mapping[str, Any], spec: ToolSpec) -> list[str]:
    if spec.parameters.get("additionalProperties", False) is not False:
        return []
    if spec.parameters.get("patternProperties"):
        return []
    known = spec.parameters.get("properties", {})
    valid = ", ".join(known) or "none"
    return [f"unexpected parameter {key!r} (valid parameters: {valid})" for key in raw if key not in known]


def _param_summary(spec: ToolSpec) -> str:
    properties = spec.parameters.get("properties", {})
    required = set(spec.required)
    parts = []
    for name, schema in properties.items():
        kind = schema.get("type", "any") if isinstance(schema, dict) else "any"
        parts.append(f"{name} ({kind}{', required' if name in required else ''})")
    return ", ".join(parts) or "none"
