"""The bound on what registering a schema may compile before its probe finds a value.

`_nodes.BRANCHES` bounds the alternatives one attempt reaches, but the probe makes up to a dozen
attempts over three compilers (the usual one, then the last resort's two readings), each
compiling the combinations of branches it reaches: an unsatisfiable ``allOf`` of nested
``oneOf``s compiled ~10,000 subschemas, 2-3 s, before the same refusal. A satisfiable schema's
probe compiles far fewer before its first value (at most 37 across the 893 corpus schemas, 1,102
across the ``combinators`` fuzz's 4,000), and only the probe is bounded: the nodes a call compiles
are never counted, so calls stay a pure function of their seed whatever was compiled before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from synthworld.errors import show_pointer

__all__ = ["COMPILES", "CompileBudget", "Spent", "spent_message"]

COMPILES = 2_500
"""How many subschemas (combinations of conjuncts) the probe of one schema may compile in all
before the schema is refused."""


class Spent(Exception):
    """The probe compiled `COMPILES` subschemas without finding a value (neither a `Retry` nor a
    `SchemaError`: nothing below the probe catches it, and no lazy node remembers it)."""

    def __init__(self, paths: Sequence[str]) -> None:
        super().__init__(paths)
        self.paths = tuple(paths)
        """Where the conjuncts of the combination that would have gone past the bound sit."""


class CompileBudget:
    """What one probe may still compile, shared by its compilers."""

    __slots__ = ("left",)

    def __init__(self, left: int = COMPILES) -> None:
        self.left = left

    def spend(self, parts: Sequence[Any]) -> None:
        """Count one subschema of ``parts`` (`Part`s) compiled; raise `Spent` past the bound."""
        self.left -= 1
        if self.left < 0:
            raise Spent(list(dict.fromkeys(p.loc.path for p in parts)))


def spent_message(spent: Spent) -> str:
    """The refusal of a schema whose probe spent `COMPILES`, naming the combination it stopped at."""
    shown = ", ".join(show_pointer(p) for p in spent.paths[:4]) + (", ..." if len(spent.paths) > 4 else "")
    return (
        f"no valid value was found for the schema at the root within {COMPILES:,} compiled combinations "
        f"of its anyOf/oneOf/if branches (synthworld's bound on the work of registering a schema; it "
        f"stopped at the combination of the conjuncts at {shown}); fix: make fewer alternatives "
        "reachable from one value, or give a discriminating const in each"
    )
