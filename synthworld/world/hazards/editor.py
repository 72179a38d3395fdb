"""Edits to an answer that are kept only while the whole answer stays valid for its schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from synthworld.world.hazards.locate import Path, get_at, set_at

__all__ = ["Editor"]

_BUDGET = 400
"""Whole-answer checks one hazard may spend: bounds the cost on big answers."""


class Editor:
    """An owned copy of an answer and the checker that judges each edit."""

    def __init__(self, value: Any, is_valid: Callable[[Any], bool]) -> None:
        self.value = value
        self.edits = 0
        self._is_valid = is_valid
        self._budget = _BUDGET

    @property
    def spent(self) -> bool:
        """True when no more edits may be tried."""
        return self._budget <= 0

    def put(self, path: Path, new: Any) -> bool:
        """Put `new` at `path` if the answer stays valid; True when kept."""
        if self.spent:
            return False
        old = get_at(self.value, path)
        if _same(old, new):
            return False
        self._budget -= 1
        self.value = set_at(self.value, path, new)
        if self._is_valid(self.value):
            self.edits += 1
            return True
        self.value = set_at(self.value, path, old)
        return False

    def drop(self, path: Path) -> bool:
        """Remove the object member at `path` if the answer stays valid; True when kept."""
        parent = get_at(self.value, path[:-1])
        if not isinstance(parent, dict) or path[-1] not in parent:
            return False
        return self.put(path[:-1], {k: v for k, v in parent.items() if k != path[-1]})


def _same(old: Any, new: Any) -> bool:
    return type(old) is type(new) and old == new
