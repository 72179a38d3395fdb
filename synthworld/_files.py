"""Writing files so that a crash never leaves half of one: every part saves through here."""

from __future__ import annotations

import os
import re
import secrets
import stat
from collections.abc import Callable
from pathlib import Path

__all__ = ["atomic_write", "check_writable_place", "followed", "sync_folder", "temp_name_pattern"]

_TEMP_SUFFIX = ".tmp"


def atomic_write(
    path: Path, text: str, *, fsync: bool = True, step: Callable[[str], None] | None = None
) -> None:
    """Replace `path` with `text` so that readers see the old file or the new one, never half.

    The text goes to a temporary file ``.NAME.XXXXXXXX.tmp`` beside `path` (see
    `temp_name_pattern`) with the permissions `path` had (a new file: those the umask gives), which
    is flushed, fsynced (with `fsync`) and renamed over `path`; with `fsync` the folder is synced
    too, so the rename survives a power loss. `step` is called with ``"temp-written"``,
    ``"temp-synced"``, ``"renamed"`` and ``"folder-synced"`` as each is done. A symbolic link
    stays one: the file it points to is replaced (see `followed`).
    """
    path = followed(path)
    check_writable_place(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _create_temp(path)
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


def followed(path: Path) -> Path:
    """The file a write to `path` must change: the target of a symbolic link (a cassette shared
    by links from several folders), else `path`. Renaming over the link would turn it into a
    file of its own and leave the shared one behind."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_writable_place(path: Path) -> None:
    """`IsADirectoryError` or `NotADirectoryError` saying what is wrong with ``path`` as a file to
    write (no name, a folder, under a file), where ``os`` would name a temporary file or a parent."""
    if not path.name or path.is_dir():
        raise IsADirectoryError(f"{str(path)!r} is a folder, not a file: give a file name, e.g. 'out.json'")
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise NotADirectoryError(
                    f"cannot write {str(path)!r}: {str(parent)!r} is a file, not a folder; "
                    "choose a path in a folder"
                )
            return


def _create_temp(path: Path) -> tuple[int, str]:
    """A new temporary file beside `path`, open for writing, with the mode `path` has (or, for a
    new file, the mode the umask gives any new file: ``mkstemp``'s 0600 would hide a cassette
    or a report from the other users who read it)."""
    try:
        mode: int | None = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(4)}{_TEMP_SUFFIX}")
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        if mode is not None:
            _keep_mode(fd, tmp, mode)
        return fd, tmp
    raise FileExistsError(f"{path.parent}: no free temporary file name for {path.name}")


def _keep_mode(fd: int, tmp: str, mode: int) -> None:
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:  # Windows before Python 3.13
            os.chmod(tmp, mode)
    except OSError:
        pass  # a file system without modes: the file gets the default one


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
