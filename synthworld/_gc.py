"""Python's cyclic garbage collector paused around bursts of long-lived allocations."""

from __future__ import annotations

import gc
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

__all__ = ["collector_paused", "paused"]

T = TypeVar("T")


class collector_paused:  # lower case: used as a function: ``with collector_paused():``
    """Within: the cyclic collector does not run (it is on again after, if it was on before).

    Compiling generators and building many tools at once allocate mostly long-lived, acyclic
    objects; each burst would set off collections whose full runs walk every object of the process
    (the caller's too) and free nothing. Reference counting still frees what the block drops, and
    cyclic garbage left behind is collected after it. A slotted class, not a generator context
    manager: every call of a generator enters one, and this costs a third as much.
    """

    __slots__ = ("_paused",)

    def __init__(self) -> None:
        self._paused = False

    def __enter__(self) -> None:
        if gc.isenabled():  # off already (by the caller, or an enclosing block): leave it so
            gc.disable()
            self._paused = True

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._paused:
            gc.enable()


def paused(call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``call(*args, **kwargs)`` with the collector paused as by `collector_paused`: one call, not
    a context manager's three (each compile and each generated value passes here, most of the
    lazy compiles inside them with the collector off already)."""
    if not gc.isenabled():
        return call(*args, **kwargs)
    gc.disable()
    try:
        return call(*args, **kwargs)
    finally:
        gc.enable()
