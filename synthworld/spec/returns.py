"""Answers made into a stub's return type: ``-> User`` gives a ``User``, not a dict.

A stub whose return annotation builds objects -- a pydantic model, a dataclass or a NamedTuple,
also inside ``list[...]``, ``Optional[...]``, ``dict[str, ...]``, tuples and TypedDict fields
(``typing_extensions.TypedDict`` before Python 3.12) -- has its JSON answer validated into that
type with pydantic's ``TypeAdapter`` in JSON mode (``date-time`` strings become ``datetime``s, also
in a ``strict`` model, as they would from a real API's JSON).
So does one whose annotation is a value JSON carries as text or a list -- ``datetime``, ``date``,
``time``, ``timedelta``, ``UUID``, ``Decimal``, a ``Path``, an ``Enum``, a ``set``, a ``tuple``, a
type only pydantic describes (``HttpUrl``, ``IPv4Address``) -- on its own or inside those
containers (``-> datetime`` gives a ``datetime``, ``-> list[UUID]`` UUIDs). Other annotations
(``dict``, a TypedDict of plain values, ``list[str]``, ``bytes`` or ``bytearray``, as base64 text...)
keep the JSON answer as it is; ``bytes`` inside a dataclass, NamedTuple or container built as
above are the bytes their base64 text means (a pydantic model's are as pydantic reads them). An
answer the type cannot hold (a ``malformed`` fault) raises a
`ToolError` with code ``malformed_response``, as a typed client library would fail to parse it; one
that fits the schema but not the type's own validators (which no schema shows) raises
`BackendError` saying so.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import functools
import json
import pathlib
import typing
import uuid
from collections.abc import Callable
from typing import Annotated, Any, get_args, get_origin

import typing_extensions

from synthworld.errors import BackendError, ToolError
from synthworld.spec.aliases import ALIAS_TYPES, alias_value
from synthworld.spec.type_schema import is_pydantic_type

__all__ = ["builds_objects", "return_converter"]


def return_converter(fn: Callable[..., Any], *, tool: str) -> Callable[[Any], Any]:
    """A function that makes `fn`'s answers into its return type (the identity when it builds
    no objects). pydantic is imported on the first answer that needs it."""
    try:
        hint = typing_extensions.get_type_hints(fn, include_extras=True).get("return")
    except Exception:  # an annotation that does not resolve: the spec already said so, or it is Any
        hint = None
    if hint is None or not builds_objects(hint):
        return _same
    adapter: Any = None

    def convert(value: Any) -> Any:
        nonlocal adapter
        if adapter is None:
            adapter = _adapter(hint)
        if adapter is False:  # a type pydantic cannot build: the answer stays JSON
            return value
        try:  # the answer is JSON: read as JSON, also by a strict model (``"2024-05-01"`` is its date)
            return adapter.validate_json(f"[{json.dumps(value)}]")[0]
        except ValueError as exc:  # pydantic's ValidationError
            if _is_error_reply(value):  # on_invalid_input="return_error" answers with the error
                return value
            if _only_validators_refuse(exc):
                raise BackendError(_validators_message(tool, hint, exc)) from None
            raise ToolError(
                "malformed_response",
                f"the answer of {tool!r} does not fit its return type {_name(hint)}: {_said(exc)}",
            ) from None
        except Exception as exc:  # a validator that crashes (not a ValueError): pydantic lets it out
            raise BackendError(_crash_message(tool, hint, exc)) from exc

    return convert


def _crash_message(tool: str, hint: Any, exc: Exception) -> str:
    """A validator of `hint` raised `exc` (``AttributeError: 'NoneType' object has no attribute
    'items'``: Lambda Powertools' DynamoDB models read an optional field as always there) on an
    answer that fits the schema: said as a validator's refusal, with the error named."""
    return (
        f"the answer of {tool!r} fits its returns schema, but a validator of its return type "
        f"{_name(hint)} raised {type(exc).__name__}: {exc} on it: answers are made from the JSON "
        "Schema, which cannot say what a validator expects; script such answers (world.script), "
        "answer with a FunctionBackend, or make the validator accept every value its field's "
        "type allows"
    )


def _adapter(hint: Any) -> Any:
    """pydantic's reading of a one-item array of `hint` (its config then reaches the dataclasses
    and TypedDicts inside, which have none of their own: ``bytes`` there are base64 text, as their
    schema says; a pydantic model keeps its own), or False when pydantic cannot build it (e.g. a
    ``typing.TypedDict`` before Python 3.12)."""
    import pydantic

    try:
        return pydantic.TypeAdapter(tuple[hint], config=pydantic.ConfigDict(val_json_bytes="base64"))
    except (pydantic.PydanticUserError, pydantic.PydanticSchemaGenerationError):
        return False


_VALUE_TYPES = (
    datetime.date,  # also datetime.datetime
    datetime.time,
    datetime.timedelta,
    uuid.UUID,
    decimal.Decimal,
    pathlib.PurePath,
    enum.Enum,
)
"""Types whose JSON form is text: an answer is parsed into them outside TypedDicts."""
_ARRAYS_AS_OBJECTS = (set, frozenset, tuple)
"""Python containers JSON carries as lists: an answer is made into them outside TypedDicts."""


def builds_objects(
    hint: Any, seen: frozenset[int] = frozenset(), *, values: bool = True, sent: bool = False
) -> bool:
    """True when `hint` is or holds a pydantic model, dataclass or NamedTuple, or (with `values`,
    outside TypedDict fields) a date, UUID, Decimal, Path, Enum, set, tuple or type only pydantic
    describes. `sent`: of an argument, which is sent as JSON wherever it stands, so values inside
    TypedDict fields count too, and so do ``bytes`` (sent as base64 text)."""
    if id(hint) in seen:
        return False
    seen = seen | {id(hint)}
    again = functools.partial(builds_objects, seen=seen, sent=sent)
    if type(hint) in ALIAS_TYPES:  # type Users = list[User] (not isinstance: 3.10 takes Pair[int] for one)
        return again(alias_value(hint), values=values)
    if isinstance(hint, typing.NewType):  # OrderId = NewType("OrderId", UUID)
        return again(hint.__supertype__, values=values)
    origin = get_origin(hint)
    if isinstance(origin, ALIAS_TYPES) and again(alias_value(origin), values=values):
        return True  # a generic alias given its arguments: Pair[int] of `type Pair[T] = tuple[T, T]`
    if origin is Annotated:
        return again(get_args(hint)[0], values=values)
    if values and (origin in _ARRAYS_AS_OBJECTS or hint in _ARRAYS_AS_OBJECTS or is_pydantic_type(origin)):
        return True  # also deque[int], Counter[str]: containers only pydantic describes
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):  # a generic one: Page[int]
        return True
    if isinstance(hint, type) and origin is None:  # on 3.10 dict[str, Any] passes for a class
        return _class_builds_objects(hint, again, values=values, sent=sent)
    args = [arg for arg in get_args(hint) if not isinstance(arg, (str, int))]
    return any(again(arg, values=values) for arg in args)


def _class_builds_objects(cls: type, again: Callable[..., bool], *, values: bool, sent: bool) -> bool:
    """`builds_objects` of a class (`again` checks a TypedDict's fields)."""
    if dataclasses.is_dataclass(cls) or _is_model(cls) or _is_named_tuple(cls):
        return True
    if values and (issubclass(cls, _VALUE_TYPES) or is_pydantic_type(cls)):
        return True
    if sent and issubclass(cls, (bytes, bytearray)):
        return True
    if typing_extensions.is_typeddict(cls):
        try:
            fields = typing_extensions.get_type_hints(cls, include_extras=True).values()
        except Exception:  # a field annotation that does not resolve here: pydantic could not either
            return False
        return any(again(field, values=sent) for field in fields)
    return False


def _is_model(cls: type) -> bool:
    return hasattr(cls, "model_validate") and hasattr(cls, "model_fields")


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


_VALIDATOR_ERRORS = frozenset({"value_error", "assertion_error"})
"""pydantic's error types for a validator's own ValueError or assert, which a schema cannot show."""


def _only_validators_refuse(exc: Exception) -> bool:
    """True when every error of pydantic's ValidationError `exc` comes from a validator."""
    errors = getattr(exc, "errors", None)
    kinds = {error["type"] for error in errors()} if callable(errors) else set()
    return bool(kinds) and kinds <= _VALIDATOR_ERRORS


def _said(exc: Any) -> str:
    """What pydantic's ValidationError `exc` (of the one-item array `_adapter` reads) says, each
    error at its place in the answer."""
    said = []
    for error in exc.errors():
        where = ".".join(map(str, error["loc"][1:]))
        said.append(f"{where}: {error['msg']}" if where else error["msg"])
    return "; ".join(said)


def _validators_message(tool: str, hint: Any, exc: Any) -> str:
    said = _said(exc)
    return (
        f"the answer of {tool!r} fits its returns schema, but the validators of its return type "
        f"{_name(hint)} refuse it ({said}): answers are made from the JSON Schema, which cannot say "
        "what a validator checks; script such answers (world.script), answer with a "
        "FunctionBackend, or state the rule as Field constraints the schema shows"
    )


def _is_error_reply(value: Any) -> bool:
    return isinstance(value, dict) and list(value) == ["error"] and isinstance(value["error"], dict)


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or repr(hint)


def _same(value: Any) -> Any:
    return value
