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

if TYPE_CHECKING:
    from hypothesis import strategies as st

__all__ = ["outputs"]


def outputs(spec: Any) -> st.SearchStrategy[Any]:
    """A strategy of values valid against ``spec.returns`` (a ``ToolSpec``, or a schema dict)."""
    schema = spec.returns if hasattr(spec, "returns") else spec
    generator = compile_generator(schema)
    return strategy_for(schema).filter(generator.is_valid)
