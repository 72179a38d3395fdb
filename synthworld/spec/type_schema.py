"""Python type hints -> JSON Schema (draft 2020-12), and docstring descriptions.

`SchemaBuilder` turns one annotation into a schema, collecting every unsupported piece in
`problems` instead of raising at the first, so a stub with three mistakes is reported once.
Named structures (dataclasses, TypedDicts, NamedTuples, enums, pydantic models) are inlined
unless they are recursive, in which case they move to ``$defs`` and are referenced.
"""

from __future__ import annotations

import datetime
import decimal
import enum
import pathlib
import types
import typing
import uuid
from collections import abc
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any

import typing_extensions

from synthworld._json import json_problems
from synthworld.spec.aliases import ALIAS_TYPES, alias_value
from synthworld.spec.constraints import (
    NUMBER_KEYWORDS,
    constraint_keywords,
    decimal_constraints,
    decimal_number_schema,
)
from synthworld.spec.pydantic_fields import refused_field
from synthworld.spec.pydantic_invalid import invalid_field
from synthworld.spec.pydantic_types import (
    NOT_INSTALLED,
    pydantic_class_schema,
    pydantic_type_schema,
    text_type_schema,
)
from synthworld.spec.structures import build_dataclass, build_pydantic, build_typeddict, structure_builder

__all__ = ["ALIAS_TYPES", "BASE64", "SchemaBuilder", "alias_value", "is_pydantic_type", "schema_for_type"]

JSON = dict[str, Any]

BASE64 = r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$"
"""Base64 text (RFC 4648, padded, canonical): how JSON carries ``bytes`` and ``bytearray``. The
last character before padding has its unused bits zero (RFC 4648 3.5), as strict decoders such as
pydantic's require: ``"F2=="`` is refused there, ``"Fw=="`` is the byte it means."""

_PRIMITIVES: dict[Any, JSON] = {
    str: {"type": "string"},
    int: {"type": "integer"},
    float: {"type": "number"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
    None: {"type": "null"},
    list: {"type": "array"},
    dict: {"type": "object"},
    tuple: {"type": "array"},
    set: {"type": "array", "uniqueItems": True},
    frozenset: {"type": "array", "uniqueItems": True},
    bytes: {"type": "string", "contentEncoding": "base64", "pattern": BASE64},
    bytearray: {"type": "string", "contentEncoding": "base64", "pattern": BASE64},
    datetime.datetime: {"type": "string", "format": "date-time"},
    datetime.date: {"type": "string", "format": "date"},
    datetime.time: {"type": "string", "format": "time"},
    datetime.timedelta: {"type": "string", "format": "duration"},
    uuid.UUID: {"type": "string", "format": "uuid"},
    decimal.Decimal: {"type": "string", "pattern": r"^-?\d+(\.\d+)?$"},
    pathlib.Path: {"type": "string"},
}

_ANY_MARKERS = (Any, object, typing_extensions.Any)
_UNION_ORIGINS = (typing.Union, types.UnionType)
# typing.Sequence[int] and collections.abc.Sequence[int] both have the collections.abc origin
_SEQUENCE_ORIGINS = {list, abc.Sequence, abc.MutableSequence, abc.Iterable, abc.Collection}
_SET_ORIGINS = {set, frozenset, abc.Set, abc.MutableSet}
_MAPPING_ORIGINS = {dict, abc.Mapping, abc.MutableMapping}
_QUALIFIERS = (typing_extensions.Required, typing_extensions.NotRequired, typing_extensions.ReadOnly)

_SUPPORTED = (
    "use a JSON type (str, int, float, bool, None, list[...], dict[str, ...]), a dataclass, TypedDict, "
    "NamedTuple, Enum or pydantic (v2) model, a date, UUID or Decimal, or a type pydantic describes "
    "(HttpUrl, IPv4Address...)"
)
"""How to fix an annotation no schema can be made of."""


class SchemaBuilder:
    """Builds schemas for the annotations of one root (a parameters or a returns schema)."""

    def __init__(self, where: str, *, namespace: dict[str, Any] | None = None, answers: bool = False) -> None:
        self.where = where
        self.answers = answers  # a returns schema: values the world makes, not ones a caller sends
        self.namespace = namespace or {}  # resolves string annotations when a class's module cannot
        self.problems: list[str] = []
        self.defs: dict[str, JSON] = {}
        self._building: dict[Any, bool] = {}  # type or alias -> seen recursively while building
        self._def_names: dict[Any, str] = {}  # type or alias -> its name in $defs (unique per root)
        self._bindings: dict[Any, Any] = {}  # type variable -> its argument, in a generic class

    def finish(self, schema: JSON) -> JSON:
        """Attach collected ``$defs`` to a root schema."""
        if self.defs:
            schema = {**schema, "$defs": dict(sorted(self.defs.items()))}
        return schema

    def schema(self, tp: Any) -> JSON:
        """The JSON Schema of annotation `tp` (``{}`` where a problem was recorded)."""
        if tp in _ANY_MARKERS:
            return {}
        if isinstance(tp, typing.TypeVar):
            if tp in self._bindings:
                return self.schema(self._bindings[tp])
            return self._problem(f"type variable {tp!r} is not supported; use a concrete type")
        if isinstance(tp, typing.NewType):
            return self.schema(tp.__supertype__)
        if type(tp) in ALIAS_TYPES:  # not isinstance: on 3.10 Pair[int] passes for its origin's class
            return self._alias(tp, ())
        if isinstance(tp, (str, typing.ForwardRef)):
            return self._problem(f"cannot resolve forward reference {tp!r}; define it at module level")
        origin = typing_extensions.get_origin(tp)
        if origin is not None:
            return self._generic(tp, origin, typing_extensions.get_args(tp))
        if tp in _PRIMITIVES:
            return dict(_PRIMITIVES[tp])
        if tp in _SEQUENCE_ORIGINS or tp in _SET_ORIGINS or tp in _MAPPING_ORIGINS:  # bare abc.Sequence
            return self._generic(tp, tp, ())
        if isinstance(tp, type):
            return self._named(tp)
        return self._problem(f"unsupported annotation {tp!r}; {_SUPPORTED}")

    def _problem(self, message: str) -> JSON:
        self.problems.append(f"{self.where}: {message}")
        return {}

    # -- generics ---------------------------------------------------------------------------

    def _generic(self, tp: Any, origin: Any, args: tuple[Any, ...]) -> JSON:
        if origin is typing_extensions.Annotated or origin is typing.Annotated:
            return self._annotated(args[0], args[1:])
        if origin in _UNION_ORIGINS:
            return self._union(args)
        if isinstance(origin, ALIAS_TYPES):  # a generic alias given its arguments: Pair[int]
            return self._alias(origin, args)
        if origin is typing.Literal or origin is typing_extensions.Literal:
            return self.choices(list(args), f"{tp!r}")
        if origin in _QUALIFIERS:
            return self.schema(args[0])
        if origin is tuple:
            return self._tuple(args, empty=hasattr(tp, "__args__") and args in ((), ((),)))
        if origin in _SEQUENCE_ORIGINS or origin in _SET_ORIGINS:
            items = {"type": "array", "items": self.schema(args[0])} if args else {"type": "array"}
            return {**items, "uniqueItems": True} if origin in _SET_ORIGINS else items
        if origin in _MAPPING_ORIGINS:
            return self._mapping(args)
        if origin is type or origin is Callable or origin is typing.Callable:
            return self._problem(f"{tp!r} is not JSON data; pass an identifier string instead")
        if isinstance(origin, type) and structure_builder(origin) is build_pydantic:  # a dataclass
            return self.pydantic_class(tp)
        if isinstance(origin, type) and structure_builder(origin) in (build_dataclass, build_typeddict):
            return self._parametrized(origin, args)
        return self._pydantic_type(tp, f"generic {tp!r}")  # deque[int], Counter[str]...

    def _parametrized(self, cls: type, args: tuple[Any, ...]) -> JSON:
        """A generic dataclass or TypedDict given its type arguments (``Page[User]``): its
        fields' type variables stand for the arguments while it is built."""
        params = getattr(cls, "__parameters__", ())
        outer = self._bindings
        self._bindings = {**outer, **{p: outer.get(a, a) for p, a in zip(params, args, strict=False)}}
        try:
            return self._named(cls)
        finally:
            self._bindings = outer

    def _alias(self, alias: Any, args: tuple[Any, ...]) -> JSON:
        """A ``type X = ...`` alias (``TypeAliasType``): its value, its type parameters standing for
        `args`; a recursive one (``type Json = dict[str, Json] | ...``) goes to ``$defs``."""
        if alias in self._building and not args:
            self._building[alias] = True
            return {"$ref": f"#/$defs/{self._def_name(alias)}"}
        params = getattr(alias, "__type_params__", ())
        outer = self._bindings
        self._bindings = {**outer, **{p: outer.get(a, a) for p, a in zip(params, args, strict=False)}}
        self._building[alias] = False
        try:
            schema = self.schema(alias_value(alias))
        finally:
            self._bindings = outer
            recursive = self._building.pop(alias)
        if recursive:
            self.defs[self._def_name(alias)] = schema
            return {"$ref": f"#/$defs/{self._def_name(alias)}"}
        return schema

    def _annotated(self, inner: Any, metadata: tuple[Any, ...]) -> JSON:
        schema = self.schema(inner)
        for meta in metadata:
            if isinstance(meta, str):
                schema["description"] = meta
            else:
                schema.update(constraint_keywords(meta, schema))
        constraints = decimal_constraints(metadata) if inner is decimal.Decimal else {}
        if constraints:  # bounds hold for numbers only: a sent or answered value is the bounded number
            kept = {key: value for key, value in schema.items() if key not in _DECIMAL_KEYWORDS}
            schema = {**decimal_number_schema(constraints), **kept}
        return schema

    def _union(self, args: tuple[Any, ...]) -> JSON:
        branches = [self.schema(arg) for arg in args]
        if all(set(b) == {"type"} and isinstance(b["type"], str) for b in branches):
            return {"type": list(dict.fromkeys(b["type"] for b in branches))}
        return {"anyOf": branches}

    def _tuple(self, args: tuple[Any, ...], *, empty: bool) -> JSON:
        """`empty`: ``tuple[()]`` (its arguments are ``()`` from Python 3.11, as bare ``Tuple``'s)."""
        if empty or not args:
            return {"type": "array", "maxItems": 0} if empty else {"type": "array"}
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.schema(args[0])}
        items = [self.schema(arg) for arg in args]
        n = len(items)
        return {"type": "array", "prefixItems": items, "items": False, "minItems": n, "maxItems": n}

    def _mapping(self, args: tuple[Any, ...]) -> JSON:
        if not args:
            return {"type": "object"}
        key, value = args
        names = {} if key in _ANY_MARKERS else self.schema(key)
        if not _is_text(names):
            return self._problem(f"mapping keys must be str (JSON object keys), got {key!r}")
        schema: JSON = {"type": "object", "additionalProperties": self.schema(value)}
        if names not in ({}, {"type": "string"}):  # Literal, a str Enum, UUID, date...: which keys
            schema["propertyNames"] = names
        return schema

    # -- named structures -------------------------------------------------------------------

    def _named(self, cls: type) -> JSON:
        if cls in self._building:
            self._building[cls] = True
            return {"$ref": f"#/$defs/{self._def_name(cls)}"}
        builder = structure_builder(cls)
        if builder is None:
            return self._pydantic_type(cls, f"type {cls.__qualname__!r}")
        self._building[cls] = False
        try:
            schema = builder(self, cls)
        finally:
            recursive = self._building.pop(cls)
        if recursive:
            self.defs[self._def_name(cls)] = schema
            return {"$ref": f"#/$defs/{self._def_name(cls)}"}
        return schema

    def pydantic_class(self, tp: Any) -> JSON:
        """A pydantic model or dataclass (also a generic one, ``Box[int]``), as pydantic writes it."""
        schema, why = pydantic_class_schema(tp, answers=self.answers)
        if schema is None:
            return self._problem(f"pydantic cannot describe {getattr(tp, '__qualname__', tp)!s}: {why}")
        refused = refused_field(tp) if hasattr(tp, "model_fields") else ""
        if refused:
            name = getattr(tp, "__qualname__", tp)
            return self._problem(f"pydantic's schema of {name!s} admits answers it refuses: {refused}")
        invalid = invalid_field(tp, schema)
        if invalid:
            name = getattr(tp, "__qualname__", tp)
            return self._problem(f"pydantic's schema of {name!s} is not a valid JSON Schema: {invalid}")
        return self.merge_defs(schema, schema.pop("$defs", {}))

    def _pydantic_type(self, tp: Any, what: str) -> JSON:
        """A type only pydantic describes (``HttpUrl``, ``deque[int]``...), as pydantic does (`what`
        names it in the problem when pydantic cannot)."""
        text = text_type_schema(tp)
        if text is not None:
            return text
        schema, why = pydantic_type_schema(tp, answers=self.answers)
        if schema is None and why.startswith(NOT_INSTALLED):
            return self._problem(f"{what} {why}")
        if schema is None:
            why = f" ({why})" if why else ""
            return self._problem(f"unsupported {what}{why}; {_SUPPORTED}")
        return self.merge_defs(schema, schema.pop("$defs", {}))

    def _def_name(self, cls: type) -> str:
        """The ``$defs`` name of recursive `cls`: its class name, numbered when another holds it."""
        if cls not in self._def_names:
            self._def_names[cls] = self._free_name(cls.__name__)
        return self._def_names[cls]

    def _free_name(self, name: str, taken: AbstractSet[str] = frozenset()) -> str:
        """`name`, or `name` numbered (``Item2``), so no other definition of this root has it."""
        used = set(self.defs) | set(self._def_names.values()) | set(taken)
        number = 1
        fresh = name
        while fresh in used:
            number += 1
            fresh = f"{name}{number}"
        return fresh

    def merge_defs(self, schema: JSON, defs: Mapping[str, JSON]) -> JSON:
        """Add a pydantic model's own ``$defs`` to this root's; one whose name a different
        definition already holds (another module's ``Item``) is renamed, and `schema` and the
        added definitions refer to it by its new name. Returns `schema` so referring."""
        renames: dict[str, str] = {}
        while True:  # renaming one definition changes those that refer to it: until none changes
            found = dict(renames)
            for name, sub in defs.items():
                held = self.defs.get(name)
                reserved = held is None and name in self._def_names.values()
                if name not in found and (reserved or (held is not None and held != _renamed(sub, found))):
                    found[name] = self._free_name(name, set(defs) | set(found.values()))
            if found == renames:
                break
            renames = found
        for name, sub in defs.items():
            self.defs.setdefault(renames.get(name, name), _renamed(sub, renames))
        renamed: JSON = _renamed(schema, renames)
        return renamed

    def choices(self, values: list[Any], what: str) -> JSON:
        """The ``enum`` schema of a Literal's or an Enum's values (`what`, for the problem of a
        value that is not JSON data, such as a ``date``: the schema could not hold it)."""
        plain = [v.value if isinstance(v, enum.Enum) else v for v in values]
        if not plain:
            return self._problem(f"{what} has no members, so no value of it can be sent or answered")
        odd = next((value for value in plain if json_problems(value)), None)
        if odd is not None:
            return self._problem(
                f"{what} has a value that is not JSON data: {odd!r}; use str, int, float, bool or "
                "None values (a date as its isoformat())"
            )
        return _enum_schema(plain)

    def object_schema(self, cls: type, hints: Mapping[str, Any], required: list[str]) -> JSON:
        """The object schema of a named structure: one property per hinted field."""
        properties = {name: self.schema(tp) for name, tp in hints.items()}
        schema: JSON = {"type": "object", "title": cls.__name__, "properties": properties}
        if required:
            schema["required"] = required
        return schema

    def hints(self, cls: type) -> dict[str, Any]:
        """The type hints of a structure's fields (names resolved in the stub's namespace too)."""
        try:
            return typing_extensions.get_type_hints(cls, include_extras=True)
        except NameError:
            pass  # its module may be gone from sys.modules (reloaded); try the stub's globals
        except Exception as exc:
            self._problem(f"cannot resolve the annotations of {cls.__qualname__}: {exc}")
            return {}
        try:
            return typing_extensions.get_type_hints(cls, localns=self.namespace, include_extras=True)
        except Exception as exc:  # NameError for unresolvable forward references, and others
            self._problem(f"cannot resolve the annotations of {cls.__qualname__}: {exc}")
            return {}


def _renamed(node: Any, renames: Mapping[str, str]) -> Any:
    """`node` with its ``$ref``s to renamed ``$defs`` entries following the new names."""
    if not renames:
        return node
    if isinstance(node, list):
        return [_renamed(item, renames) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _renamed(value, renames) for key, value in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in renames:
        out["$ref"] = f"#/$defs/{renames[ref[8:]]}"
    return out


_DECIMAL_KEYWORDS = frozenset({"type", "pattern", *NUMBER_KEYWORDS.values()})
"""What a constrained ``Decimal``'s number schema replaces of its text schema."""


def _is_text(schema: JSON) -> bool:
    """True when `schema` holds strings only (a JSON object key's schema), or anything (``{}``)."""
    if not schema:
        return True
    return schema.get("type") == "string" or (
        isinstance(schema.get("enum"), list) and all(isinstance(v, str) for v in schema["enum"])
    )


def is_pydantic_type(tp: Any) -> bool:
    """True when `tp` is a class whose schema, if any, is pydantic's (``HttpUrl``, ``IPv4Address``)."""
    plain = tp in _PRIMITIVES or tp in _ANY_MARKERS or text_type_schema(tp) is not None
    collection = tp in _SEQUENCE_ORIGINS or tp in _SET_ORIGINS or tp in _MAPPING_ORIGINS
    return isinstance(tp, type) and not plain and not collection and structure_builder(tp) is None


def _enum_schema(values: list[Any]) -> JSON:
    types_ = list(dict.fromkeys(_json_type(v) for v in values))
    schema: JSON = {"enum": values}
    if len(types_) == 1 and types_[0] is not None:
        schema = {"type": types_[0], **schema}
    return schema


def _json_type(value: Any) -> str | None:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return None


def schema_for_type(tp: Any, *, where: str = "type", answers: bool = False) -> tuple[JSON, list[str]]:
    """The JSON Schema of one annotation and the problems found building it (`answers`: of a
    returns schema)."""
    builder = SchemaBuilder(where, answers=answers)
    schema = builder.schema(tp)
    return builder.finish(schema), builder.problems
