"""Durable, concurrent recording into one cassette: an append-only journal compacted on close.

Each recorded interaction is appended as one JSON line to ``<cassette>.journal`` while holding
the cassette's lock (``.<cassette>.lock``, via `filelock`), then the call returns: a killed run
loses nothing it already answered, and threads or pytest-xdist workers recording into one
cassette interleave whole lines. ``compact()`` (run by ``FixtureBackend.close()``, or at exit)
merges the journal into the cassette under the same lock, writes it atomically (temporary file,
fsync, rename, folder fsync) and removes the journal.

The guarantee: whatever instruction a writer is killed at, the next open of the cassette holds
every interaction whose call returned, exactly once, in recorded order. The compacted file
records the journal prefix it merged (length and SHA-256, see `synthworld.cassette.format`), so
a kill between the rename and the journal's removal does not apply those lines twice; the next
open under the lock finishes the compaction (removes a fully merged journal, and temporary
files ``.NAME.*.tmp`` left by dead writers). `synthworld.cassette.crash` kills a real writer at
each step to check it (``tests/test_cassette_crash.py``).

Why a journal rather than an atomic rewrite per interaction (``bench/bench_cassette.py``, see
``bench/RESULTS.md``): a rewrite costs time proportional to the cassette, a journal line the same
at any size. Without fsync a line survives a killed process (it is in the OS page cache when the
call returns); ``fsync=True`` also survives power loss. Compaction itself always fsyncs.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import filelock

from synthworld._files import followed, temp_name_pattern
from synthworld._json import canonical_json
from synthworld.cassette import crash
from synthworld.cassette.format import Cassette, Fingerprint, Interaction, read_cassette, write_cassette
from synthworld.cassette.journal import (
    Journal,
    Pending,
    conflicts,
    drop_torn_tail,
    journal_line,
    read_journal,
)
from synthworld.cassette.modes import CassetteConflictWarning
from synthworld.errors import CassetteError, CassetteIOError, SynthworldError, warn_user

__all__ = ["CassetteStore", "Signature", "load_cassette", "merge", "rerecord_of", "save_cassette"]

Signature = tuple[int, int, int]
"""(inode, size, mtime in ns) of a cassette file: changes whenever the file is replaced."""

_HEAD = re.compile(  # the first lines synthworld writes, in YAML and in JSON
    rb"\A(?:synthworld_cassette: 1\ngeneration: (\d+)\n"
    rb'|\{\n  "synthworld_cassette": 1,\n  "generation": (\d+),\n)'
)
_READ_FIX = "check that this user may read it, and that it is a file in a folder (not in a file)"
_WRITE_FIX = (
    "make the folder writable by this user, or record into a cassette in a writable folder; "
    "replaying (mode='none') writes nothing beside a cassette without a journal"
)

_FULL = {getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG") if hasattr(errno, name)}
_FULL_FIX = (
    "free space on the device (or raise the quota or the file size limit, 'ulimit -f'), then run "
    "again: the cassette is unchanged and its journal keeps every recording made so far"
)


class CassetteStore:
    """A cassette file with its journal and lock."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = False, timeout: float = 120) -> None:
        self.path = followed(Path(path))  # a link's target: its journal and lock are the target's
        if not self.path.name:
            raise CassetteIOError(
                f"{str(path)!r} names no file: give the cassette's file name, e.g. 'c.yaml'"
            )
        self.journal = self.path.with_name(self.path.name + ".journal")
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self.fsync = fsync
        self._lock = filelock.FileLock(str(self.lock_path), timeout=timeout)
        self._generation_of: tuple[Signature | None, int] | None = None
        self.left_in_journal = 0
        """How many interactions the last `load` found in the journal and not in the cassette
        file: what a writer that never closed (killed) left there."""

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the cassette's inter-process lock."""
        with _io(self.lock_path, "create the cassette's folder and lock file", _WRITE_FIX):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire()
        try:
            yield
        finally:
            self._lock.release()

    def signature(self) -> Signature | None:
        """The cassette file's identity now, or None when it does not exist."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    # -- reading ----------------------------------------------------------------------------

    def load(self) -> tuple[Cassette, Signature | None]:
        """The cassette with pending journal lines merged in (as a compaction would write it), and
        the file's signature.

        Without a journal no lock is taken (the file is only ever replaced whole), so replaying
        from a read-only checkout works. With one, the lock is taken and what a killed writer left
        is cleaned up: a journal the cassette already holds in full, and temporary files.
        """
        if not self.journal.exists():
            return self._read()
        with self.locked():
            self._remove_stale_temps()
            base, signature = self._read()
            journal = self._read_journal(base)
            self.left_in_journal = len(journal.pending)
            if not journal.pending:
                self._remove_journal(strict=False)
            return _merged(base, journal), signature

    def _read(self) -> tuple[Cassette, Signature | None]:
        with _io(self.path, "read the cassette", _READ_FIX):
            signature = self.signature()  # taken first: a later replacement makes it stale, never wrong
            if signature is None:
                return Cassette(), None
            return read_cassette(self.path), signature

    def _read_journal(self, base: Cassette) -> Journal:
        with _io(self.journal, "read the journal", _READ_FIX):
            return read_journal(self.journal, merged=base.journal)

    # -- writing ----------------------------------------------------------------------------

    def append(
        self,
        interaction: Interaction,
        fingerprint: Fingerprint,
        *,
        rerecord: str | None = None,
        occurrence: int | None = None,
    ) -> None:
        """Add one interaction to the journal (recorded by re-record `rerecord`, if one, see
        `rerecord_of`; the `occurrence` of its call, if known); it is in the file when this returns."""
        with self.locked(), _io(self.journal, "append to the journal", _WRITE_FIX):
            line = journal_line(
                interaction, fingerprint, self._generation(), rerecord=rerecord, occurrence=occurrence
            )
            with open(self.journal, "ab+") as handle:
                drop_torn_tail(handle)
                handle.write(line)
                handle.flush()
                if self.fsync:
                    os.fsync(handle.fileno())

    def compact(
        self, *, replace_if_unchanged_since: Signature | None = None, rerecord: str | None = None
    ) -> int:
        """Merge the journal into the cassette (atomic write) and remove it; return how many lines.

        With `replace_if_unchanged_since`, the cassette's old interactions are dropped when the
        file still has that signature (a re-record); if another writer replaced it meanwhile, its
        content is kept and the journal is added to it. With `rerecord` (`rerecord_of` that
        signature, which may be None: no file), the journal lines other than that re-record's
        (left by a run killed before it) are dropped with them.
        """
        with self.locked():
            self._remove_stale_temps()
            crash.reached("locked")
            current, signature = self._read()
            journal = self._read_journal(current)
            crash.reached("journal-read")
            if journal.pending:
                keep_old = signature != replace_if_unchanged_since or (
                    replace_if_unchanged_since is None and rerecord is None
                )
                base = current if keep_old else Cassette(generation=current.generation)
                if not keep_old and rerecord is not None:
                    journal = journal.of_rerecord(rerecord)
                with _io(self.path, "write the cassette", _WRITE_FIX):
                    write_cassette(self.path, _merged(base, journal), step=crash.reached)
            self._remove_journal(strict=True)
            crash.reached("journal-removed")
        if journal.pending and (clashes := conflicts(base, journal)):
            warn_user(conflict_message(self.path, clashes), CassetteConflictWarning)
        return len(journal.pending)

    def save(self, cassette: Cassette) -> None:
        """Write `cassette` to the file atomically, under the lock."""
        with self.locked(), _io(self.path, "write the cassette", _WRITE_FIX):
            self._remove_stale_temps()
            write_cassette(self.path, cassette)

    # -- housekeeping -------------------------------------------------------------------------

    def _generation(self) -> int:
        """The cassette file's generation now (journal lines name it); cached per file identity."""
        signature = self.signature()
        cached = self._generation_of
        if cached is not None and cached[0] == signature:
            return cached[1]
        generation = 0 if signature is None else self._read_generation()
        self._generation_of = (signature, generation)
        return generation

    def _read_generation(self) -> int:
        with open(self.path, "rb") as handle:
            head = _HEAD.match(handle.read(128))
        if head is not None:
            return int(head[1] or head[2])
        return self._read()[0].generation  # a hand-written file: read it whole

    def _remove_journal(self, *, strict: bool) -> None:
        try:
            self.journal.unlink(missing_ok=True)
        except OSError as exc:
            if strict:
                raise _io_error(self.journal, "remove the merged journal", _WRITE_FIX, exc) from None

    def _remove_stale_temps(self) -> None:
        """Delete temporary files of dead writers: under the lock, no live writer has one."""
        pattern = re.compile(temp_name_pattern(self.path))
        try:
            stale = [p for p in self.path.parent.iterdir() if pattern.fullmatch(p.name)]
            for path in stale:
                path.unlink(missing_ok=True)
        except OSError:
            return  # best effort: a read-only folder keeps them, and loses nothing


def rerecord_of(signature: Signature | None) -> str:
    """The mark of a re-record of the cassette file with `signature` (None: no file yet), which
    its journal lines carry: writers re-recording the same file share it."""
    return "none" if signature is None else "-".join(map(str, signature))


def _merged(base: Cassette, journal: Journal) -> Cassette:
    """`base` with the journal's pending lines, recording the journal as merged."""
    if not journal.pending:
        return base
    merged = merge(base, journal.pending)
    return dataclasses.replace(merged, generation=base.generation + 1, journal=journal.merged)


def conflict_message(path: Path, clashes: list[Interaction]) -> str:
    """What a compaction says of calls two writers recorded at once, and how to avoid it."""
    first = clashes[0]
    call = canonical_json(first.input)
    call = f"{first.tool}({call if len(call) <= 80 else call[:79] + '…'})"
    return (
        f"{path}: {len(clashes)} call(s), such as {call}, were recorded by two writers at the same "
        "time, each with its own answer; both are kept, in order, and replay plays the first, so "
        "one writer's run saw answers that will not replay. Record a cassette from one process at a "
        "time (pytest-xdist: --dist loadfile keeps a file's tests on one worker), then re-record it: "
        "mode='all' (synthworld run FILE --record-mode all; under pytest: --synthworld-record-mode all)"
    )


def merge(base: Cassette, pending: Pending) -> Cassette:
    """`base` followed by the pending interactions, renumbered; fingerprints take the newest."""
    tools = dict(base.tools)
    items = list(base.interactions)
    for interaction, fingerprint in pending:
        items.append(interaction.numbered(len(items)))
        if fingerprint is not None:
            tools[interaction.tool] = fingerprint
    return Cassette(tuple(items), tools, generation=base.generation, journal=base.journal)


@contextmanager
def _io(path: Path, doing: str, fix: str) -> Iterator[None]:
    """Turn an `OSError` into a `CassetteIOError` naming `path`, what failed and how to fix it."""
    try:
        yield
    except SynthworldError:
        raise
    except filelock.Timeout:
        raise CassetteError(
            f"{path}: timed out waiting for the lock; a live process holds it (the system frees it "
            "when its holder exits): let that process finish or end it. Do not delete the lock file: "
            "that lets two writers in at once"
        ) from None
    except OSError as exc:
        raise _io_error(path, doing, fix, exc) from None


def _io_error(path: Path, doing: str, fix: str, exc: OSError) -> CassetteIOError:
    if exc.errno in _FULL and fix == _WRITE_FIX:
        fix = _FULL_FIX
    reason = exc.strerror or type(exc).__name__
    where = f" ({exc.filename})" if exc.filename and str(exc.filename) != str(path) else ""
    error = CassetteIOError(f"{path}: cannot {doing}: {reason}{where}; {fix}")
    error.errno = exc.errno
    return error


def load_cassette(path: str | os.PathLike[str]) -> Cassette:
    """Read the cassette at `path`, with interactions still in its journal merged in.

    Raises `CassetteError` (file, line, path inside) for a corrupt file or an unknown version and
    `FileNotFoundError` when there is nothing at `path`.
    """
    store = CassetteStore(path)
    if not store.path.exists() and not store.journal.exists():
        raise FileNotFoundError(f"no cassette at {Path(path)}")
    return store.load()[0]


def save_cassette(path: str | os.PathLike[str], cassette: Cassette) -> None:
    """Write `cassette` to `path` atomically, under its lock (YAML, or JSON for a ``.json`` path)."""
    CassetteStore(path).save(cassette)
