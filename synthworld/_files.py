"""Writing files so that a crash never leaves half of one: every part saves through here."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["atomic_write", "sync_folder", "temp_name_pattern"]

_TEMP_SUFFIX = ".tmp"


def atomic_write(
    path: Path, text: str, *, fsync: bool = True, step: Callable[[str], None] | None = None
) -> None:
    """Replace `path` with `text` so that readers see the old file or the new one, never half.

    The text goes to a temporary file ``.NAME.XXXXXXXX.tmp`` beside `path` (see
    `temp_name_pattern`), which is flushed, fsynced (with `fsync`) and renamed over `path`; with
    `fsync` the folder is synced too, so the rename survives a power loss. `step` is called with
    ``"temp-written"``, ``"temp-synced"``, ``"renamed"`` and ``"folder-synced"`` as each is done.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=_TEMP_SUFFIX)
    reached = step or _nothing
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            reached("temp-written")
            if fsync:
                os.fsync(handle.fileno())
            reached("temp-synced")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    reached("renamed")
    if fsync:
        sync_folder(path.parent)
    reached("folder-synced")


def sync_folder(folder: Path) -> None:
    """Flush `folder`'s entries (renames, deletions) to the device; a no-op where not supported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some platforms and file systems cannot sync a folder
    finally:
        os.close(fd)


def temp_name_pattern(path: Path) -> str:
    """A regular expression matching the names of `atomic_write`'s temporary files for `path`."""
    return rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}{re.escape(_TEMP_SUFFIX)}"


def _nothing(step: str) -> None:
    return None
