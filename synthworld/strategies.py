"""Hypothesis strategies of valid tool outputs, for property-based tests of agents.

    from hypothesis import given, strategies as st
    from synthworld.strategies import outputs

    @given(outputs(spec))
    def test_agent_handles_any_answer(answer): ...

Values come from hypothesis-jsonschema and are filtered to those python-jsonschema (formats on)
and jsonschema-rs both accept, so they shrink like any Hypothesis value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from synthworld.schema import compile_generator
from synthworld.schema._fallback import strategy_for
from synthworld.spec import TOOL_MARK, ToolSpec, stub_body

if TYPE_CHECKING:
    from hypothesis import strategies as st

__all__ = ["outputs"]


def outputs(spec: Any) -> st.SearchStrategy[Any]:
    """A strategy of values valid against the answer schema of `spec`: a ``ToolSpec``, a stub
    (``@world.tool``, ``@synthworld.tool`` or any typed function, read as a world would), or the
    returns schema itself (a dict or a boolean)."""
    schema = _returns_of(spec)
    generator = compile_generator(schema)
    return strategy_for(schema).filter(generator.is_valid)


def _returns_of(tool: Any) -> Any:
    """The returns schema of `tool` (see `outputs`); `TypeError` saying what it takes otherwise."""
    if isinstance(tool, dict | bool):
        return tool
    spec = tool if isinstance(tool, ToolSpec) else getattr(tool, "spec", None)
    if isinstance(spec, ToolSpec):  # a ToolSpec, or a world's stub
        return spec.returns
    if hasattr(tool, "returns") and not callable(tool):  # any object shaped as a spec
        return tool.returns
    if callable(tool):  # a marked stub or a plain typed function, named as @synthworld.tool names it
        options = getattr(tool, TOOL_MARK, None)
        name = options.name if options is not None else None
        return ToolSpec.from_function(stub_body(tool), name=name).returns
    raise TypeError(
        f"outputs() takes a ToolSpec, a tool stub (@world.tool, @synthworld.tool) or a returns "
        f"JSON Schema (a dict), got {type(tool).__name__} {tool!r}: for a world's tool, pass "
        "world.tools[name]"
    )
