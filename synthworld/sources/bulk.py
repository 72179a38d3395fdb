"""Building many tools at once without paying for garbage collections that find nothing."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["collector_paused"]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Within: Python's cyclic garbage collector does not run (unless it was off already).

    Turning a big document into hundreds of tools makes mostly long-lived, acyclic objects; the
    full collections they trigger walk every object of the process and free nothing (a quarter of
    the Stripe document's build). Whatever the batch leaves behind is collected after it.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
