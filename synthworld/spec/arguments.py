"""Arguments made JSON by a stub's parameter types: ``book(when=datetime(...))`` sends ISO text.

The twin of `synthworld.spec.returns`: a stub whose parameter is annotated with a type that builds
objects -- a pydantic model, a dataclass, a NamedTuple, a ``datetime``, ``date``, ``UUID``,
``Decimal``, ``Path``, ``Enum``, ``set`` or ``bytes``, also inside containers and TypedDict fields
-- may be called with such an object, as a typed client library would be. A value that is not
JSON data is dumped with pydantic's ``TypeAdapter(hint)`` (by alias; sets as sorted lists, so the
input does not depend on ``PYTHONHASHSEED``); JSON values pass unchanged, a value its type cannot
dump is left for the world's input check to report, and bytes that are not UTF-8 in a model that
writes bytes as text (pydantic's default) are refused with `ToolInputError` naming the config that
sends base64; ``bytes`` and ``bytearray`` are sent as base64 text. A ``datetime`` or ``time``
without a timezone is refused with `ToolInputError`: a JSON Schema ``date-time`` or ``time`` has
an offset, and guessing one would change the value.
"""

from __future__ import annotations

import base64
import collections
import datetime
import decimal
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import typing_extensions

from synthworld._json import canonical_json, is_json_data
from synthworld.errors import ToolInputError
from synthworld.schema import compile_validator
from synthworld.spec.constraints import plain_number
from synthworld.spec.cycles import cycle_of
from synthworld.spec.returns import builds_objects

__all__ = ["argument_converter", "none_left_out"]


def none_left_out(parameters: Mapping[str, Any], defaults: Mapping[str, Any]) -> frozenset[str]:
    """The parameters written ``since: date = None`` (a default of None whose schema refuses null):
    a framework that calls the stub with every default filled in, or a direct call passing that
    None, sends it as the stub's own "not given", so it is left out of the input rather than refused."""
    properties = parameters.get("properties", {})
    defs = {key: parameters[key] for key in ("$defs", "definitions") if key in parameters}
    return frozenset(
        name
        for name, default in defaults.items()
        if default is None
        and isinstance(properties.get(name), Mapping)
        and not compile_validator({**defs, **properties[name]}).is_valid(None)
    )


def argument_converter(
    fn: Callable[..., Any], *, tool: str, parameters: Mapping[str, Any] | None = None
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A function that makes a call's input dict JSON by `fn`'s parameter types (the identity when
    no parameter type builds objects); a ``Decimal`` whose schema in `parameters` is a number (a
    constrained one's) is sent as that number. pydantic is imported on the first value that needs it."""
    try:
        hints = typing_extensions.get_type_hints(fn, include_extras=True)
    except Exception:  # an annotation that does not resolve: the spec already said so
        return _same
    typed = {
        name: hint for name, hint in hints.items() if name != "return" and builds_objects(hint, sent=True)
    }
    binary = {name for name, hint in hints.items() if name != "return" and _is_bytes(hint)}
    if not typed and not binary:
        return _same
    adapters: dict[str, Any] = {}
    properties, defs = (parameters or {}).get("properties", {}), (parameters or {}).get("$defs", {})

    def convert(built: dict[str, Any]) -> dict[str, Any]:
        dumped = {}
        for name, value in built.items():
            if name in binary and isinstance(value, (bytes, bytearray)):
                dumped[name] = base64.b64encode(value).decode("ascii")
            elif name in typed and (_holds_tuple(value) or not is_json_data(value)):  # NamedTuples too
                if name not in adapters:
                    adapters[name] = _adapter(typed[name])
                try:
                    dumped[name] = _dump(adapters[name], value, properties.get(name), defs)
                except _Naive as exc:
                    raise ToolInputError(_naive_message(tool, name, exc.args[0]), tool=tool) from None
                except _Unwritable as exc:
                    raise ToolInputError(_unwritable_message(tool, name, value, exc), tool=tool) from None
                except _Cyclic as exc:
                    raise ToolInputError(_cyclic_message(tool, name, value, exc), tool=tool) from None
        return {**built, **dumped} if dumped else built

    return convert


def _adapter(hint: Any) -> Any:
    """pydantic's ``TypeAdapter`` for `hint`, or None when pydantic cannot build it."""
    import pydantic

    try:
        return pydantic.TypeAdapter(hint)
    except (pydantic.PydanticUserError, pydantic.PydanticSchemaGenerationError):
        return None


def _dump(adapter: Any, value: Any, schema: Any, defs: Mapping[str, Any]) -> Any:
    """`value` as JSON data by its type and `schema`, or unchanged when the type cannot dump it.
    Sets become sorted lists: their order would move with ``PYTHONHASHSEED``, and so would the
    call's seed."""
    if adapter is None:
        return value
    from pydantic_core import to_jsonable_python

    try:  # models, dataclasses and NamedTuples become dicts and tuples; sets stay sets
        plain = _by_schema(adapter.dump_python(value, by_alias=True, warnings=False), schema, defs)
        return to_jsonable_python(_ordered(plain, to_jsonable_python))
    except UnicodeDecodeError as exc:  # bytes a model writes as UTF-8 text (its default) that are not
        raise _Unwritable(exc) from None
    except (ValueError, TypeError, RecursionError):  # pydantic's other errors (a value not of the
        found = cycle_of(value)  # type): the world's check says why; a cycle is named here
        if found is not None:
            raise _Cyclic(*found) from None
        return value


def _by_schema(value: Any, node: Any, defs: Mapping[str, Any]) -> Any:
    """`value` (a type's dump, ``Decimal``s and ``bytes`` kept) with each ``Decimal`` whose schema
    `node` is a number -- a constrained one's, `decimal_number_schema` -- as that number (others
    stay text), and ``bytes`` whose schema is base64 text as that text (a pydantic model's, whose
    schema is any text, stay bytes: pydantic sends and reads them as UTF-8)."""
    node = _branch(_follow(node, defs), value, defs)
    if isinstance(value, decimal.Decimal):  # text without an exponent: "0.0000001", not "1E-7"
        return plain_number(value) if node.get("type") == "number" else _positional(value)
    if isinstance(value, (bytes, bytearray)) and node.get("format") == "base64url":  # pydantic's
        return base64.urlsafe_b64encode(value).decode("ascii")
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii") if _is_base64(node) else value
    if isinstance(value, dict):
        properties, rest = node.get("properties", {}), node.get("additionalProperties")
        return {key: _by_schema(item, properties.get(key, rest), defs) for key, item in value.items()}
    if isinstance(value, (*_SEQUENCES, set, frozenset)):
        prefix, rest = node.get("prefixItems", []), node.get("items")
        items = [
            _by_schema(item, prefix[i] if i < len(prefix) else rest, defs) for i, item in enumerate(value)
        ]
        return type(value)(items) if isinstance(value, (set, frozenset)) else items
    return value


def _positional(value: decimal.Decimal) -> Any:
    """A finite ``Decimal``'s digits written out (``Decimal("1E+3")`` is ``"1000"``), as a decimal's
    schema writes its text; another one as it is, for the world's check to refuse."""
    return format(value, "f") if value.is_finite() else value


def _follow(node: Any, defs: Mapping[str, Any]) -> dict[str, Any]:
    """`node` with its ``$ref``s into ``$defs`` followed ({} when it is no schema)."""
    for _ in range(_MAX_HOPS):
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not (isinstance(ref, str) and ref.startswith(_DEFS)):
            break
        node = defs.get(ref[len(_DEFS) :])
    return node if isinstance(node, dict) else {}


def _branch(node: dict[str, Any], value: Any, defs: Mapping[str, Any]) -> dict[str, Any]:
    """Of an ``anyOf`` (``Optional[...]``), the branch for `value`'s JSON kind (of two arrays, the
    one whose fixed items are as many as `value`'s); {} when none is, or
    when a ``Decimal`` may be its text too (pydantic's ``anyOf: [number, string]``: sent as it dumps
    it)."""
    branches = node.get("anyOf")
    if "type" in node or not isinstance(branches, list):
        return node
    kinds = [(_follow(branch, defs).get("type"), branch) for branch in branches]
    if isinstance(value, (bytes, bytearray)):  # Union[str, bytes]: the base64 branch is the bytes'
        return next((_follow(b, defs) for _, b in kinds if _is_base64(_follow(b, defs))), {})
    if isinstance(value, decimal.Decimal) and any(_holds_text(_follow(b, defs), value) for _, b in kinds):
        return {}
    fitting = [_follow(branch, defs) for kind, branch in kinds if kind == _json_kind(value)]
    if isinstance(value, _SEQUENCES) and len(fitting) > 1:  # deque[str] | tuple[Path, bytes]
        fitting.sort(key=lambda branch: len(branch.get("prefixItems", ())) != len(value))
    return fitting[0] if fitting else {}


def _holds_text(node: dict[str, Any], value: decimal.Decimal) -> bool:
    """True when `node` is a decimal's text whose pattern takes `value`'s (pydantic's ``anyOf:
    [number, string]`` keeps ``"9.50"`` as written); not plain text, an ``ipv4``, a ``time`` or base64:
    ``Union[Annotated[Decimal, Field(le=46)], str]`` sends the number, which reads back as the decimal."""
    if node.get("type") != "string" or "format" in node or "contentEncoding" in node:
        return False
    pattern = node.get("pattern")
    return isinstance(pattern, str) and re.search(pattern, str(_positional(value))) is not None


def _is_base64(node: dict[str, Any]) -> bool:
    base64_text = node.get("contentEncoding") == "base64" or node.get("format") == "base64url"
    return node.get("type") == "string" and base64_text


def _json_kind(value: Any) -> str:
    """The JSON type `value` takes, to choose its branch (a ``Decimal``: a number, if its schema is)."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, (*_SEQUENCES, set, frozenset)):
        return "array"
    return "number" if isinstance(value, decimal.Decimal) else ""


_SEQUENCES = (list, tuple, collections.deque)
"""Python sequences JSON carries as arrays (a ``deque[...]``'s value stays a deque when dumped)."""
_DEFS = "#/$defs/"
_MAX_HOPS = 8
"""How many ``$ref``s `_follow` follows (a reference to a reference to...)."""


class _Naive(Exception):
    """A ``datetime`` or ``time`` without a timezone (its args: the value)."""


class _Cyclic(Exception):
    """A value that holds itself (its args: where, and the ancestor it is there)."""


def _cyclic_message(tool: str, name: str, value: Any, exc: _Cyclic) -> str:
    where, ancestor = exc.args
    return (
        f"{tool}(): {name}{where} is {name}{ancestor} itself, which holds it (a cycle in the "
        f"{type(value).__name__} given); JSON cannot hold a cycle: pass a copy without that reference"
    )


class _Unwritable(Exception):
    """Bytes a model writes as UTF-8 text that are not UTF-8 (its args: the decoding error)."""


def _unwritable_message(tool: str, name: str, value: Any, exc: _Unwritable) -> str:
    return (
        f"{tool}(): {name}: {type(value).__name__} cannot be written as JSON: {exc.args[0]}; it holds "
        "bytes that are not UTF-8 text, which pydantic writes bytes as by default: set model_config = "
        "ConfigDict(ser_json_bytes='base64', val_json_bytes='base64') on the model, or pass text"
    )


def _naive_message(tool: str, name: str, value: datetime.datetime | datetime.time) -> str:
    kind = "date-time" if isinstance(value, datetime.datetime) else "time"
    aware = value.replace(tzinfo=datetime.timezone.utc).isoformat()
    return (
        f"{tool}(): {name}: {value!r} has no timezone, and a JSON Schema {kind} needs one (as in "
        f"{aware}); pass an aware value, e.g. .replace(tzinfo=timezone.utc)"
    )


def _ordered(value: Any, to_json: Callable[[Any], Any]) -> Any:
    """`value` with every set a list sorted by its items' canonical JSON, tuples lists and secrets
    revealed; a naive ``datetime`` or ``time`` raises `_Naive`."""
    if isinstance(value, (datetime.datetime, datetime.time)) and value.tzinfo is None:
        raise _Naive(value)
    if hasattr(value, "get_secret_value"):  # pydantic's SecretStr: the tool gets it, not "*****"
        return value.get_secret_value()
    if isinstance(value, (set, frozenset)):
        items = [_ordered(item, to_json) for item in value]
        return sorted(items, key=lambda item: canonical_json(to_json(item)))
    if isinstance(value, dict):
        return {key: _ordered(item, to_json) for key, item in value.items()}
    if isinstance(value, _SEQUENCES):
        return [_ordered(item, to_json) for item in value]
    return value


def _holds_tuple(value: Any) -> bool:
    """True when `value` is or holds a tuple (a NamedTuple, ``list[tuple[int, int]]``'s items):
    JSON data to the encoder, but no JSON array to the world's input check."""
    if isinstance(value, tuple):
        return True
    if isinstance(value, dict):
        return any(_holds_tuple(item) for item in value.values())
    return isinstance(value, list) and any(_holds_tuple(item) for item in value)


def _is_bytes(hint: Any) -> bool:
    """True for ``bytes`` or ``bytearray``, also ``Annotated`` or ``Optional``: sent as base64 text,
    as its schema says."""
    origin = typing_extensions.get_origin(hint)
    if origin is typing_extensions.Annotated:
        return _is_bytes(typing_extensions.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_is_bytes(arg) for arg in typing_extensions.get_args(hint))
    return hint in (bytes, bytearray)


def _same(built: dict[str, Any]) -> dict[str, Any]:
    return built
