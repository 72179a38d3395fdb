"""The node of a ``not`` (and of a ``oneOf`` branch that other branches' values must miss):
values of an inner node that none of the excluded schemas accepts, redrawn until one is found."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from synthworld.errors import show_pointer
from synthworld.schema._nodes import Node, Retry, State

__all__ = ["NotNode"]


class NotNode:
    """Values of ``inner`` that none of ``excluded`` accepts (``not``, other ``oneOf`` branches);
    ``place``: where the value stands, ``nots``: where the excluding ``not``s stand (JSON
    pointers, for the reason a refusal gives)."""

    TRIES = 8

    def __init__(
        self,
        inner: Node,
        excluded: Sequence[Callable[[Any], bool]],
        place: str = "",
        nots: Sequence[str] = (),
    ) -> None:
        self.inner = inner
        self.excluded = tuple(excluded)
        self.place, self.nots = place, tuple(nots)

    def gen(self, st: State, hint: str) -> Any:
        for drawn in range(1, self.TRIES + 1):
            value = self.inner.gen(st, hint)
            for check in self.excluded:
                if check(value):
                    break
            else:
                return value
            try:
                st.spend()
            except Retry as spent:  # the attempt's budget ran out here: this not is why
                spent.reason = _Unfound(self, drawn, spent=True)
                raise
        err = Retry()
        err.reason = self.unfound
        raise err

    def unfound(self) -> str:
        """What `gen` kept failing on (its `Retry`'s reason)."""
        return _Unfound(self, self.TRIES, spent=False)()


class _Unfound:
    """The reason of a `NotNode`'s `Retry`, made only when a refusal reads it: how many values
    were drawn where, which ``not`` forbade them, and whether the attempt's budget ended it."""

    __slots__ = ("drawn", "node", "spent")

    def __init__(self, node: NotNode, drawn: int, *, spent: bool) -> None:
        self.node, self.drawn, self.spent = node, drawn, spent

    def __call__(self) -> str:
        node = self.node
        nots = ", ".join(show_pointer(p) for p in node.nots)
        which = f"the not of {nots}" if len(node.nots) == 1 else f"one of the nots of {nots}"
        which = which if node.nots else "a not there"
        ended = "; then the attempt's budget of redraws ran out" if self.spent else ""
        return (
            f"each of the {self.drawn} values drawn at {show_pointer(node.place)} was one {which} "
            f"forbids (a schema's own not, or a oneOf branch the value must miss){ended}"
        )
