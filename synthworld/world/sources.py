"""What ``world.add_tools`` registers: the ``@synthworld.tool``-marked stubs of one source (a
marked function, a module, an object, or a class made with no arguments), or a `ToolSpec` as it
is (specs read from elsewhere: ``mcp_tools(...)``, ``ToolSpec.from_openai``), or of each entry of
a list or tuple of sources (or of any other sequence of them read once: ``specs.values()``, a
generator; and a mapping of names to specs, such as another world's ``world.tools``), every entry
checked before any is registered."""

from __future__ import annotations

import reprlib
import types
from collections.abc import Callable, Iterator, Mapping, ValuesView
from typing import Any

from synthworld.errors import ToolSpecError
from synthworld.spec import TOOL_MARK, ToolSpec

__all__ = ["marked_stubs"]


def marked_stubs(source: object, names: Callable[[Any], list[str]]) -> list[Callable[..., Any] | ToolSpec]:
    """The marked stubs (and specs) of `source` in definition order (`names`: its public attribute
    names)."""
    source = _entries(source)
    if not isinstance(source, (list, tuple)):
        stubs = _marked(_instance_of(source), names)
        if not stubs:
            raise ToolSpecError(_problem(source))
        return stubs
    found: list[Callable[..., Any] | ToolSpec] = []
    for index, entry in enumerate(source):
        stubs = _marked(_instance_of(entry), names)
        if not stubs:
            raise ToolSpecError(f"add_tools([...]): entry {index}: {_problem(entry)}, or leave it out")
        found += stubs
    return found


def _entries(source: object) -> object:
    """`source` as a tuple of its entries when it holds several sources without being a list: a
    view or iterator of them, or a mapping whose values are all specs (``world.tools``)."""
    if isinstance(source, (ValuesView, Iterator)):
        return tuple(source)
    if isinstance(source, Mapping) and source and all(isinstance(v, ToolSpec) for v in source.values()):
        return tuple(source.values())
    return source


def _problem(entry: object) -> str:
    """Why `entry` gives no stub, and how to fix it."""
    if isinstance(entry, (types.FunctionType, types.MethodType)):
        return (
            f"the function {entry.__qualname__}() is not marked; fix: decorate it with "
            "@synthworld.tool, or register it with world.tool(fn)"
        )
    if entry is None or isinstance(entry, (str, bytes, int, float)):
        return (
            f"{_what(entry)} is not a stub; fix: pass @synthworld.tool-marked functions, or modules, "
            "classes or objects holding them"
        )
    if isinstance(entry, Mapping) and "name" in entry:
        return f"{_what(entry)} is a tool definition, not a stub; fix: {_definition_fix(entry)}"
    return (
        f"{_what(entry)} has no @synthworld.tool-marked stubs; fix: mark its functions with "
        "@synthworld.tool, or register an unmarked function with world.tool(fn)"
    )


def _definition_fix(definition: Mapping[str, Any]) -> str:
    """How to register a tool definition given as a dict: by its format's reader."""
    parameters = definition.get("parameters")
    if isinstance(parameters, Mapping) and parameters.get("type") == "dict":  # Gorilla's word for object
        return (
            "it is a BFCL (Gorilla) doc: use SyntheticWorld.from_bfcl(docs), or "
            "world.register_tool(ToolSpec.from_bfcl(doc))"
        )
    return (
        "register it with world.register_tool(ToolSpec.from_openai(tool)) (or from_anthropic, from_mcp, "
        "from_bfcl, as its format is)"
    )


def _marked(source: object, names: Callable[[Any], list[str]]) -> list[Callable[..., Any] | ToolSpec]:
    if isinstance(source, ToolSpec):
        return [source]
    if callable(source) and hasattr(source, TOOL_MARK):
        return [source]
    if (callable(source) and not isinstance(source, type)) or isinstance(source, (str, bytes, int, float)):
        return []  # an unmarked function, a string, a number: no members to look through
    members = [getattr(source, attr) for attr in names(source)]
    return [m for m in members if callable(m) and getattr(m, TOOL_MARK, None) is not None]


def _instance_of(source: object) -> object:
    """A class becomes an instance (its marked methods then share it); anything else is kept."""
    if not isinstance(source, type):
        return source
    try:
        return source()
    except TypeError as exc:
        raise ToolSpecError(
            f"add_tools({source.__name__}) makes an instance with no arguments, which failed ({exc}); "
            f"pass an instance instead: add_tools({source.__name__}(...))"
        ) from None


def _what(entry: object) -> str:
    """``module shop``, ``class Service``, ``the int 5``..."""
    if isinstance(entry, types.ModuleType):
        return f"module {entry.__name__}"
    if isinstance(entry, type):
        return f"class {entry.__qualname__}"
    return f"the {type(entry).__name__} {reprlib.repr(entry)}"
