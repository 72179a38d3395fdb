"""How a `ToolSpec` owns the data it is given: a deep copy, fast for plain JSON, unless a builder
hands its own over."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

__all__ = ["HANDED_OVER", "handed_over", "own_copy"]

HANDED_OVER: ContextVar[bool] = ContextVar("synthworld_handed_over", default=False)


@contextlib.contextmanager
def handed_over() -> Iterator[None]:
    """Within: a new `ToolSpec` keeps the ``parameters``, ``returns`` and ``metadata`` it is given
    instead of copying them. Only for a builder that made them itself and keeps no way to change
    them (`openapi_tools`: its specs share the translated components of one document)."""
    token = HANDED_OVER.set(True)
    try:
        yield
    finally:
        HANDED_OVER.reset(token)


def own_copy(value: Any) -> Any:
    """A deep copy of `value`: a JSON round trip in C when it gives back an equal value (plain
    JSON data, the common case), else `copy.deepcopy` (which keeps what JSON cannot carry)."""
    if isinstance(value, (dict, list)):
        try:
            copied = json.loads(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError, RecursionError):
            copied = None
        if type(copied) is type(value) and copied == value:
            return copied
    return copy.deepcopy(value)
