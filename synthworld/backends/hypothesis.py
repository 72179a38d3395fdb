"""``HypothesisBackend``: every tool answer drawn from ``st.data()`` inside a ``@given`` test.

@given(st.data())
def test_agent(data):
    world = SyntheticWorld(seed=0, backend=HypothesisBackend(data))
    run_agent(world)  # a failure shrinks to a minimal tool response
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from synthworld.strategies import outputs

if TYPE_CHECKING:
    from hypothesis.strategies import DataObject

    from synthworld.backends.base import CallContext
    from synthworld.spec import ToolSpec

__all__ = ["HypothesisBackend"]


class HypothesisBackend:
    """Answers each call with ``data.draw(outputs(spec))``, labelled with the tool's name.

    One draw per distinct call (tool and call seed): a repeated call of an idempotent tool
    answers what it answered before, as with every other backend.
    """

    name = "hypothesis"

    def __init__(self, data: DataObject) -> None:
        self.data = data
        self._drawn: dict[tuple[str, int], Any] = {}

    def __repr__(self) -> str:
        return "HypothesisBackend(data)"

    def prepare(self, spec: ToolSpec) -> None:
        """Build the strategy now, so an unsupported schema fails at registration."""
        outputs(spec)

    def respond(self, ctx: CallContext) -> Any:
        """A value drawn from the test's data (Hypothesis shrinks it when the test fails), or the
        one drawn for the same call before."""
        key = (ctx.spec.name, ctx.seed)
        if key not in self._drawn:
            self._drawn[key] = self.data.draw(outputs(ctx.spec), label=f"{ctx.spec.name} output")
        return self._drawn[key]
