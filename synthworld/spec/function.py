"""Read a Python function's signature, type hints and docstring into a tool description."""

from __future__ import annotations

import decimal
import enum
import functools
import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import docstring_parser
import typing_extensions

from synthworld.errors import ToolSpecError
from synthworld.schema import compile_validator, schema_problems
from synthworld.spec.constraints import plain_number
from synthworld.spec.marker import check_function
from synthworld.spec.type_schema import SchemaBuilder

__all__ = ["FunctionDescription", "describe_function", "pick_function"]

_VAR_KINDS = {
    inspect.Parameter.VAR_POSITIONAL: "*{} (variadic positional arguments)",
    inspect.Parameter.VAR_KEYWORD: "**{} (variadic keyword arguments)",
}


@dataclass(frozen=True)
class FunctionDescription:
    """What `ToolSpec.from_function` needs, read off a function."""

    name: str
    description: str
    parameters: dict[str, Any]
    returns: dict[str, Any]
    param_names: list[str]
    defaults: dict[str, Any]


def describe_function(fn: Callable[..., Any], *, parse_docstring: bool = True) -> FunctionDescription:
    """Describe `fn`; raise `ToolSpecError` listing every problem found.

    Without `parse_docstring`, the whole docstring is the description and no parameter or return
    description is read from it."""
    check_function(fn, "ToolSpec.from_function()")
    source = _wrapped(fn)  # a partial's function has the name, annotations and docstring
    name = getattr(source, "__name__", type(source).__name__)
    problems: list[str] = []
    hints = _type_hints(source, name, problems)
    signature = inspect.signature(fn)  # a partial's: the arguments it binds are left out
    text = inspect.getdoc(source) or ""
    doc = docstring_parser.parse(text if parse_docstring else "")
    param_docs = {p.arg_name: p.description for p in doc.params if p.description}
    params = _tool_parameters(signature, name, problems)
    params, hints = _field_defaults(params, hints)
    builder = SchemaBuilder(f"{name}()", namespace=getattr(source, "__globals__", None))
    properties = {p.name: _param_schema(builder, p, hints, param_docs, name) for p in params}
    problems += builder.problems
    problems += _default_problems(name, params, properties, builder)
    returns, return_problems = _returns_schema(source, signature, hints, doc, name)
    problems += return_problems
    if problems:
        raise ToolSpecError(f"cannot make a tool of {name}(): " + "; ".join(problems), problems=problems)
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    required = [p.name for p in params if p.default is inspect.Parameter.empty]
    if required:
        parameters["required"] = required
    return FunctionDescription(
        name=name,
        description=_summary(doc) if parse_docstring else text,
        parameters=builder.finish(parameters),
        returns=returns,
        param_names=[p.name for p in params],
        defaults=_defaults(params),
    )


def _wrapped(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The function a ``functools.partial`` (or a partial of one) calls; `fn` itself otherwise."""
    while isinstance(fn, functools.partial):
        fn = fn.func
    return fn


def _field_defaults(
    params: list[inspect.Parameter], hints: dict[str, Any]
) -> tuple[list[inspect.Parameter], dict[str, Any]]:
    """Parameters whose default is pydantic's ``Field(...)`` (``x: int = Field(3, ge=0)``, as
    ``validate_call`` reads them): its constraints and description go to the schema as with
    ``Annotated``, its default is the default, and without one the parameter is required."""
    hints = dict(hints)
    out = []
    for param in params:
        info = param.default
        if not _is_field_info(info):
            out.append(param)
            continue
        if param.name in hints:
            hints[param.name] = typing_extensions.Annotated[hints[param.name], info]
        if info.is_required():
            out.append(param.replace(default=inspect.Parameter.empty))
        else:  # a default_factory: optional, with no default to record (the FieldInfo is not JSON)
            out.append(param.replace(default=info if info.default_factory is not None else info.default))
    return out, hints


def _is_field_info(value: Any) -> bool:
    kind = type(value)
    return kind.__name__ == "FieldInfo" and kind.__module__.startswith("pydantic.")


def _defaults(params: list[inspect.Parameter]) -> dict[str, Any]:
    """JSON-compatible defaults (enum members as their values); others are left out."""
    out = {}
    for param in params:
        value = param.default
        if value is inspect.Parameter.empty:
            continue
        value = value.value if isinstance(value, enum.Enum) else value
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            continue
        out[param.name] = value
    return out


def _default_problems(
    name: str, params: list[inspect.Parameter], properties: dict[str, Any], builder: SchemaBuilder
) -> list[str]:
    """Defaults their own parameter's schema refuses (``x: Annotated[int, Field(ge=1)] = 0``): the
    agent is shown a default the world refuses. None is "not given", and is never checked; a
    ``Decimal`` is checked as the number it is sent as, when its schema is a number."""
    defaults = _defaults(params)
    for p in params:
        if isinstance(p.default, decimal.Decimal) and properties[p.name].get("type") == "number":
            defaults[p.name] = plain_number(p.default)
    problems = []
    for param, value in defaults.items():
        schema = builder.finish(properties[param])
        if value is None or schema_problems(schema):
            continue
        for problem in compile_validator(schema).problems(value):
            problems.append(
                f"{name}(): parameter {param!r}: its default {value!r} breaks its own constraint "
                f"({problem.removeprefix('$: ')}); change the default to a value the constraint "
                "allows, or loosen the constraint"
            )
    return problems


def _type_hints(fn: Callable[..., Any], name: str, problems: list[str]) -> dict[str, Any]:
    try:
        return typing_extensions.get_type_hints(fn, include_extras=True)
    except Exception:  # one unresolvable annotation: resolve the others one by one
        pass
    hints = {}
    namespace = getattr(fn, "__globals__", {})
    for key, annotation in getattr(fn, "__annotations__", {}).items():
        try:
            hints[key] = typing_extensions.get_type_hints(
                _Probe(annotation), globalns=namespace, include_extras=True
            )["x"]
        except Exception as exc:
            where = "return type" if key == "return" else f"parameter {key!r}"
            problems.append(
                f"{name}(): {where}: cannot resolve annotation {annotation!r} ({exc}); "
                "define the name at module level or import it"
            )
            hints[key] = Any
    return hints


class _Probe:
    """A stand-in object whose one annotation `get_type_hints` can resolve on its own."""

    def __init__(self, annotation: Any) -> None:
        self.__annotations__ = {"x": annotation}


def _tool_parameters(signature: inspect.Signature, name: str, problems: list[str]) -> list[inspect.Parameter]:
    params = []
    for index, param in enumerate(signature.parameters.values()):
        if param.kind in _VAR_KINDS:
            what = _VAR_KINDS[param.kind].format(param.name)
            problems.append(f"{name}(): parameter {what} cannot be described by a JSON Schema")
        elif index == 0 and param.name in ("self", "cls") and param.annotation is inspect.Parameter.empty:
            continue
        else:
            params.append(param)
    return params


def _param_schema(
    builder: SchemaBuilder,
    param: inspect.Parameter,
    hints: dict[str, Any],
    docs: dict[str, str],
    fn_name: str,
) -> dict[str, Any]:
    if param.name not in hints:
        builder.problems.append(
            f"{fn_name}(): parameter {param.name!r} has no type annotation; add one, "
            f"e.g. `{param.name}: {_guess_type(param.default)}`"
        )
        return {}
    builder.where = f"{fn_name}(): parameter {param.name!r}"
    schema = builder.schema(hints[param.name])
    if param.name in docs and "description" not in schema:
        schema["description"] = docs[param.name]
    return schema


def _returns_schema(
    fn: Callable[..., Any],
    signature: inspect.Signature,
    hints: dict[str, Any],
    doc: docstring_parser.Docstring,
    name: str,
) -> tuple[dict[str, Any], list[str]]:
    if "return" not in hints:
        return {}, []
    builder = SchemaBuilder(
        f"{name}(): return type", namespace=getattr(fn, "__globals__", None), answers=True
    )
    schema = builder.finish(builder.schema(hints["return"]))
    if doc.returns is not None and doc.returns.description and "description" not in schema:
        schema["description"] = doc.returns.description
    return schema, builder.problems


def _summary(doc: docstring_parser.Docstring) -> str:
    parts = [doc.short_description, doc.long_description]
    return "\n\n".join(p.strip() for p in parts if p and p.strip())


def _guess_type(default: Any) -> str:
    """The annotation a parameter's default suggests (``str`` without a default or for None)."""
    if default is inspect.Parameter.empty or default is None:
        return "str"
    kind = type(default)
    if isinstance(default, enum.Enum):
        return kind.__name__
    return kind.__name__ if kind in (bool, int, float, str, list, dict) else "str"


def pick_function(namespace: Mapping[str, Any], func_name: str | None) -> Callable[..., Any]:
    """The function `func_name` of `namespace` (made by `ToolSpec.from_code`), or its only one."""
    functions = {
        k: v
        for k, v in namespace.items()
        if callable(v) and getattr(v, "__module__", None) == "synthworld_from_code"
    }
    if func_name is not None:
        if func_name not in functions:
            raise ToolSpecError(
                f"from_code: no function {func_name!r} in the code (found: {', '.join(functions) or 'none'})"
            )
        return functions[func_name]  # type: ignore[no-any-return]
    if len(functions) != 1:
        raise ToolSpecError(
            f"from_code: the code defines {len(functions)} functions ({', '.join(functions) or 'none'}); "
            "name one with func_name="
        )
    return next(iter(functions.values()))  # type: ignore[no-any-return]
