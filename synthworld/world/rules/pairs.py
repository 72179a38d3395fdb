"""Rules about two keys of one object: a phone and its country, a time zone and its country, an
IBAN and its currency. The keys are found once per set of keys (the first whose snake_case name
matches each pattern); the rule's own `PairRule.apply` gets them."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext
from synthworld.world.shapes import Shapes

__all__ = ["PairRule", "key_pair"]


@lru_cache(maxsize=4096)
def key_pair(
    first: re.Pattern[str], second: re.Pattern[str], keys: tuple[str, ...]
) -> tuple[str, str] | None:
    """The keys among `keys` whose snake_case names match `first` and `second`, when both are there."""
    one = next((k for k in keys if first.search(snake(k))), None)
    two = next((k for k in keys if second.search(snake(k))), None)
    return (one, two) if one and two else None


class PairRule(ABC):
    """An in-object rule for objects holding a key of each of two kinds."""

    name: str
    triggers: frozenset[str] = frozenset()
    first: re.Pattern[str]
    """The first kind of key (the phone, the time zone, the IBAN)."""
    second: re.Pattern[str]
    """The second kind (the country, the currency)."""

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return key_pair(self.first, self.second, tuple(props)) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        keys = key_pair(self.first, self.second, tuple(node))
        if keys is not None:
            self.apply(node, hint, ctx, *keys)

    @abstractmethod
    def apply(self, node: dict[str, Any], hint: str, ctx: RuleContext, first: str, second: str) -> None:
        """Make `node` coherent, given its keys of the two kinds."""
