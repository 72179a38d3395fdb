"""A real Python signature for a spec's parameters, so frameworks that read signatures see them.

`world.stub(name)` gets this signature: required parameters first, then the optional ones with
their default (the stub's own default, else the schema's ``default``, else None, meaning "not
given"). JSON types become annotations (``string`` -> ``str``, ``array`` of ``integer`` ->
``list[int]``, an ``enum`` of strings -> ``Literal[...]``, ``object`` -> ``dict[str, Any]``, or a
``TypedDict`` of its ``properties`` for a parameter, so strict schemas built from it describe them;
a ``$ref`` into the parameters' ``$defs``, as pydantic writes models and enums, is what it names).
A parameter whose name is not a Python identifier (``user-id``, ``$filter``, ``from``) appears
under a Python name made from it (``user_id``, ``filter``, ``from_``), so frameworks that build a
schema from the signature (the Agents SDK's ``function_tool``, LangChain's ``tool``) can describe
it; a call by either name reaches the tool under its real one.
"""

from __future__ import annotations

import dataclasses
import inspect
import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

import typing_extensions

from synthworld.errors import ToolInputError

if TYPE_CHECKING:
    from synthworld.spec.toolspec import ToolSpec

__all__ = ["StubSignature", "json_annotation", "stub_signature"]

_DEPTH = 8  # how many references deep a type follows (a recursive model ends in Any)
_SIMPLE: dict[str, Any] = {"string": str, "integer": int, "number": float, "boolean": bool, "null": None}


@dataclass(frozen=True)
class StubSignature:
    """A spec's parameters as a Python signature, and how to read a call made through it."""

    tool: str
    """The tool's name (for errors)."""
    signature: inspect.Signature
    """Required parameters first, then optional ones with defaults; ``-> `` the returns type."""
    positional: tuple[str, ...]
    """The parameter names positional arguments fill, in order."""
    unset_when_none: frozenset[str]
    """Optional parameters without a default: None means "not given" (left out of the input)."""
    aliases: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The Python name in the signature of each parameter whose own name is no identifier -> that name."""

    @property
    def annotations(self) -> dict[str, Any]:
        """``__annotations__`` for the stub: each parameter's type and ``return``."""
        found = {p.name: p.annotation for p in self.signature.parameters.values()}
        return {**found, "return": self.signature.return_annotation}

    def input(self, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """The input dict of a call ``stub(*args, **kwargs)`` (unknown and missing names are left to
        the spec's own checks); raise `ToolInputError` for too many positionals or a repeat."""
        if len(args) > len(self.positional):
            raise ToolInputError(
                f"{self.tool}() takes {len(self.positional)} positional argument(s) "
                f"({', '.join(self.positional)}) but {len(args)} were given",
                tool=self.tool,
            )
        built = dict(zip(self.positional, args, strict=False))
        repeated = [f"got multiple values for argument {key!r}" for key in kwargs if key in built]
        if repeated:
            raise ToolInputError(f"{self.tool}(): " + "; ".join(repeated), tool=self.tool, problems=repeated)
        built.update(kwargs)
        named = {self.aliases.get(k, k): v for k, v in built.items()}
        return {k: v for k, v in named.items() if not (v is None and k in self.unset_when_none)}


def stub_signature(spec: ToolSpec) -> StubSignature:
    """The Python signature of `spec`'s agent-facing parameters."""
    properties = spec.parameters.get("properties", {})
    required = set(spec.required)
    aliases = _aliases(spec.ordered_params)
    python = {aliases.get(n, n): n for n in spec.ordered_params}  # Python name -> the real one
    ordered = [p for p, n in python.items() if n in required] + [
        p for p, n in python.items() if n not in required
    ]
    params, unset = [], set()
    for name in ordered:
        real = python[name]
        annotation = json_annotation(properties.get(real), typed=True, root=spec.parameters)
        default: Any = inspect.Parameter.empty
        if real not in required:
            default = _default(spec, real, properties.get(real))
            if default is None and real not in spec.defaults:
                unset.add(real)
                if annotation is not Any:
                    annotation = Optional[annotation]  # noqa: UP045 - a runtime object, built not written
        params.append(
            inspect.Parameter(
                name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default, annotation=annotation
            )
        )
    signature = inspect.Signature(params, return_annotation=json_annotation(spec.returns))
    renamed = {alias: real for real, alias in aliases.items()}
    return StubSignature(spec.name, signature, tuple(ordered), frozenset(unset), renamed)


def _aliases(names: list[str]) -> dict[str, str]:
    """A Python name for each of `names` that is no identifier (``user-id`` -> ``user_id``),
    unlike every other name."""
    taken = {n for n in names if _is_identifier(n)}
    aliases = {}
    for name in names:
        if name in taken:
            continue
        alias = re.sub(r"\W", "_", name).strip("_") or "param"
        alias = f"p_{alias}" if alias[0].isdigit() else alias
        while not _is_identifier(alias) or alias in taken:
            alias += "_"
        aliases[name] = alias
        taken.add(alias)
    return aliases


def json_annotation(schema: Any, *, typed: bool = False, root: Any = None, depth: int = _DEPTH) -> Any:
    """A Python type for a JSON Schema: ``str``, ``list[int]``, ``Literal['a', 'b']``, ``Any``...;
    `typed`: an object with ``properties`` is a ``TypedDict`` of them, not ``dict[str, Any]``.
    A ``$ref`` to ``#/$defs/...`` (or ``#/definitions/...``) of the `root` schema is the type of
    what it names (as pydantic writes models and enums), to `depth` references deep."""
    if not isinstance(schema, dict) or not schema:
        return Any
    if "$ref" in schema:
        target = _local_target(schema["$ref"], root)
        if target is None or depth == 0:
            return Any
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        if isinstance(target, dict) and "title" not in target and name.isidentifier():
            target = {**target, "title": name}  # its TypedDict is named for it: `Address`, not `Object`
        return json_annotation(target, typed=typed, root=root, depth=depth - 1)
    if "enum" in schema or "const" in schema:
        values = schema["enum"] if "enum" in schema else [schema["const"]]
        literal = all(isinstance(v, (str, int, bool)) or v is None for v in values) and values
        return Literal[tuple(values)] if literal else Any
    for union in ("anyOf", "oneOf"):
        if isinstance(schema.get(union), list) and schema[union]:
            return _union([json_annotation(s, typed=typed, root=root, depth=depth) for s in schema[union]])
    kind = schema.get("type")
    if isinstance(kind, list) and kind:
        return _union(
            [json_annotation({**schema, "type": k}, typed=typed, root=root, depth=depth) for k in kind]
        )
    if kind == "array":
        return list[json_annotation(schema.get("items"), typed=typed, root=root, depth=depth)]  # type: ignore[misc]
    if kind == "object":
        fields = schema.get("properties")
        return (
            _typed_dict(schema, fields, root, depth)
            if typed and isinstance(fields, dict) and fields
            else dict[str, Any]
        )
    return _SIMPLE.get(str(kind), Any)


def _typed_dict(schema: dict[str, Any], fields: dict[str, Any], root: Any, depth: int) -> Any:
    """An object's ``properties`` as a ``TypedDict`` (keys not ``required`` are ``NotRequired``),
    so a framework building a schema from the signature (the Agents SDK's strict ``function_tool``
    refuses a ``dict[str, Any]``) describes its fields."""
    listed = schema.get("required")
    required: list[Any] = listed if isinstance(listed, list) else []
    hints = {}
    for key, sub in fields.items():
        hint = json_annotation(sub, typed=True, root=root, depth=depth)
        hints[str(key)] = hint if key in required else typing_extensions.NotRequired[hint]
    title = schema.get("title")
    name = title if isinstance(title, str) and title.isidentifier() else "Object"
    return typing_extensions.TypedDict(name, hints)  # type: ignore[operator]  # the functional form


def _local_target(ref: Any, root: Any) -> Any:
    """The schema a local ``#/$defs/Name`` or ``#/definitions/Name`` reference names in `root`."""
    for prefix in ("#/$defs/", "#/definitions/"):
        defs = root.get(prefix[2:-1]) if isinstance(root, dict) else None
        if isinstance(ref, str) and ref.startswith(prefix) and isinstance(defs, dict):
            return defs.get(ref[len(prefix) :])
    return None


def _union(members: list[Any]) -> Any:
    if any(m is Any for m in members):
        return Any
    unique = list(dict.fromkeys(type(None) if m is None else m for m in members))
    return unique[0] if len(unique) == 1 else Union[tuple(unique)]  # noqa: UP007 - built at runtime


def _default(spec: ToolSpec, name: str, schema: Any) -> Any:
    if name in spec.defaults:
        return spec.defaults[name]
    return schema.get("default") if isinstance(schema, dict) else None


def _is_identifier(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)
