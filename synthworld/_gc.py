"""Python's cyclic garbage collector paused around bursts of long-lived allocations."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["collector_paused"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Within: the cyclic collector does not run (it is on again after, if it was on before).

    Compiling generators and building many tools at once allocate mostly long-lived, acyclic
    objects; each burst would set off collections whose full runs walk every object of the process
    (the caller's too) and free nothing. Reference counting still frees what the block drops, and
    cyclic garbage left behind is collected after it.
    """
    if not gc.isenabled():  # off already (by the caller, or an enclosing block): leave it so
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
