"""Named steps of a compaction, and a fault-injection hook that kills the process after one.

Set ``SYNTHWORLD_CASSETTE_CRASH_AFTER`` to a step's name (or its 1-based number in
`COMPACTION_STEPS`) and the process that reaches that step of a compaction kills itself with
``SIGKILL`` at once, as ``kill -9`` would: no ``finally``, no ``atexit``, no flush. The crash
tests run a real writer with each value in turn and check that the next open of the cassette
holds every recorded interaction exactly once. For testing only; unset, it costs one dict lookup
per step.
"""

from __future__ import annotations

import os
import signal

__all__ = ["COMPACTION_STEPS", "CRASH_AFTER_ENV", "reached"]

CRASH_AFTER_ENV = "SYNTHWORLD_CASSETTE_CRASH_AFTER"

COMPACTION_STEPS: tuple[str, ...] = (
    "locked",  # the cassette's lock is held; stale temporary files are removed
    "journal-read",  # the cassette and the journal are read
    "temp-written",  # the merged cassette is in a temporary file (not yet synced)
    "temp-synced",  # the temporary file is on the device
    "renamed",  # the temporary file replaced the cassette
    "folder-synced",  # the rename is on the device
    "journal-removed",  # the journal is deleted (the lock is released next)
)
"""Every step of `CassetteStore.compact`, in order."""


def reached(step: str) -> None:
    """Called as `step` is done: kill this process if the crash hook names that step."""
    target = os.environ.get(CRASH_AFTER_ENV)
    if target is None:
        return
    if target == step or (target.isdigit() and COMPACTION_STEPS[int(target) - 1 : int(target)] == (step,)):
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
        os._exit(137)  # where SIGKILL does not exist, or has not landed yet
