"""Strangers for a claimed page: a page past the first of a collection the first page claimed
(`synthworld.world.page_claims`) holds the generated items of its own answer, which the
generator may make fewer of than the claim leaves room for. The items it lacks are drawn from
the item schema (seeded by the call seed and the item's place), so the loop sees as many items
as the first page promised."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from random import Random
from typing import Any

from synthworld.errors import SynthworldError
from synthworld.schema import compile_generator
from synthworld.world.seeds import sub_seed

__all__ = ["drawn_strangers"]

_TRIES = 3
"""Draws per item lacking (a draw may be dropped: a filter it cannot meet, an id already seen)."""


def drawn_strangers(
    item: Mapping[str, Any] | None, seed: int, count: int, now: Any, kind: str = ""
) -> Iterator[Any]:
    """Up to `count` times `_TRIES` items of schema `item`, drawn one at a time from the call
    seed `seed` at the world's time `now` (none when the schema makes no value); ``kind``: the
    items' (a pet's ``name`` is a pet's)."""
    if item is None or count <= 0:
        return
    try:
        generator = compile_generator(item, context=kind)
        for n in range(count * _TRIES):
            yield generator.generate(Random(sub_seed(seed, 0, f"stranger:{n}")), now=now)
    except SynthworldError:
        return
