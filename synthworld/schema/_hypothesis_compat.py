"""hypothesis-jsonschema 0.23.1 (its newest release) on every Hypothesis from 6.134 on.

Its object strategy drives Hypothesis' private ``many`` helper the old way, ``while
elements.more(): ... elements.reject()``. Hypothesis 6.170.10 made ``many`` a context manager to
iterate (``with many(...) as elements: for _ in elements: ...``) and dropped ``more``, so every
object schema failed in the fallback. Rather than hold users to an old Hypothesis, the old calls
are adapted to the new form, for hypothesis-jsonschema's module alone (Hypothesis' own strategies
keep the real helper).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["adapt_many"]

_DONE = object()


class _OldMany:
    """``many``'s old face (``more``, ``reject``) over its new one: entered at once, stepped by
    ``more``, exited when it says no more."""

    def __init__(self, many: type, *args: Any, **kwargs: Any) -> None:
        self._many = many(*args, **kwargs)
        self._many.__enter__()
        self._steps: Iterator[None] = iter(self._many)

    def more(self) -> bool:
        if next(self._steps, _DONE) is _DONE:
            self._many.__exit__(None, None, None)
            return False
        return True

    def reject(self, why: str | None = None) -> None:
        self._many.reject(why)


class _Utils:
    """Hypothesis' ``conjecture.utils`` as hypothesis-jsonschema sees it: the same module, with
    ``many`` in its old form."""

    def __init__(self, real: Any) -> None:
        self._real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def many(self, *args: Any, **kwargs: Any) -> _OldMany:
        return _OldMany(self._real.many, *args, **kwargs)


def adapt_many() -> None:
    """Give hypothesis-jsonschema the old ``many`` when this Hypothesis no longer has it (once)."""
    from hypothesis.internal.conjecture import utils
    from hypothesis_jsonschema import _from_schema

    strategies: Any = _from_schema  # its ``cu`` is the module it imported, not an export
    if hasattr(utils.many, "more") or isinstance(strategies.cu, _Utils):
        return
    strategies.cu = _Utils(utils)
