"""The probe's first draws: ``Random(0)`` restored from its state, and whether the probe's first
lean attempt surely succeeds (then a compile need not make it)."""

from __future__ import annotations

from random import Random

from synthworld.schema import _nodes
from synthworld.schema._draw import below
from synthworld.schema._nodes import ChoiceNode, Node, surely

__all__ = ["first_below", "seeded_zero", "surely_probed"]

_ZERO = Random(0).getstate()


def surely_probed(root: Node) -> bool:
    """Whether the probe's first lean attempt surely succeeds: ``root`` surely builds whatever the
    RNG draws, or it is a choice and the alternative its first draw from ``Random(0)`` takes
    surely builds (compiled here, as that attempt compiles it), the choice reaching one
    alternative of the attempt's `_nodes.BRANCHES`."""
    if surely(root):
        return True
    return (
        isinstance(root, ChoiceNode)
        and bool(root.options)
        and _nodes.BRANCHES > 0
        and surely(root.options[first_below(len(root.options))], choices=1)
    )


def first_below(count: int) -> int:
    """``below(Random(0), count)``: the first alternative a choice at the root takes in the probe."""
    found = _FIRST.get(count)
    if found is None:
        if len(_FIRST) >= 1024:
            _FIRST.clear()
        found = _FIRST[count] = below(seeded_zero(), count)
    return found


_FIRST: dict[int, int] = {}


def seeded_zero() -> Random:
    """``Random(0)``, restored from its state (half the cost of seeding: every compile probes once)."""
    rng = Random.__new__(Random)
    rng.setstate(_ZERO)
    return rng
