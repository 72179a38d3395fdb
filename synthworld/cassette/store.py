"""Durable, concurrent recording into one cassette: an append-only journal compacted on close.

Each recorded interaction is appended as one JSON line to ``<cassette>.journal`` while holding
the cassette's lock (``.<cassette>.lock``, via `filelock`), then the call returns: a killed run
loses nothing it already answered, and threads or pytest-xdist workers recording into one
cassette interleave whole lines. ``compact()`` (run by ``FixtureBackend.close()``) merges the
journal into the cassette under the same lock, writes it atomically and removes the journal. A
journal left by a killed run is read back (and merged by the next recording run's compaction).

Why a journal rather than an atomic rewrite per interaction (measured by
``bench/bench_cassette.py``, see ``bench/RESULTS.md``): a rewrite costs time proportional to the
cassette (parse, dump, fsync, rename: ~44 ms at 100 interactions, ~0.7 s at 1,000, ~2.8 s at
10,000), a journal line costs the same at any size (~0.1-0.4 ms; ~2-6 ms with ``fsync=True``).
Without fsync a line survives a killed process (it is in the OS page cache when the call
returns); ``fsync=True`` also survives power loss. Compaction itself always fsyncs.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import filelock

from synthworld.cassette.format import Cassette, Fingerprint, Interaction, read_cassette, write_cassette
from synthworld.errors import CassetteError

__all__ = ["CassetteStore", "Signature", "load_cassette", "merge", "read_journal", "save_cassette"]

Signature = tuple[int, int, int]
"""(inode, size, mtime in ns) of a cassette file: changes whenever the file is replaced."""

Pending = list[tuple[Interaction, Fingerprint | None]]


class CassetteStore:
    """A cassette file with its journal and lock."""

    def __init__(self, path: str | os.PathLike[str], *, fsync: bool = False, timeout: float = 120) -> None:
        self.path = Path(path)
        self.journal = self.path.with_name(self.path.name + ".journal")
        self.lock_path = self.path.with_name(f".{self.path.name}.lock")
        self.fsync = fsync
        self._lock = filelock.FileLock(str(self.lock_path), timeout=timeout)

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the cassette's inter-process lock."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with self._lock:
                yield
        except filelock.Timeout:
            raise CassetteError(
                f"{self.path}: timed out waiting for the lock {self.lock_path}; another process is "
                "writing this cassette (delete the lock file if no process is)"
            ) from None

    def signature(self) -> Signature | None:
        """The cassette file's identity now, or None when it does not exist."""
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def load(self) -> tuple[Cassette, Signature | None]:
        """The cassette with pending journal lines merged in, and the file's signature.

        Without a journal no lock is taken (the file is only ever replaced whole), so replaying
        from a read-only checkout works.
        """
        if not self.journal.exists():
            return self._read()
        with self.locked():
            base, signature = self._read()
            return merge(base, read_journal(self.journal)), signature

    def _read(self) -> tuple[Cassette, Signature | None]:
        signature = self.signature()  # taken first: a later replacement makes it stale, never wrong
        return (read_cassette(self.path) if signature is not None else Cassette()), signature

    def append(self, interaction: Interaction, fingerprint: Fingerprint) -> None:
        """Add one interaction to the journal; it is in the file when this returns."""
        record = {**interaction.to_dict(), "fingerprint": fingerprint.to_dict()}
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
        with self.locked(), open(self.journal, "ab+") as handle:
            _drop_torn_tail(handle)
            handle.write(line.encode("utf-8"))
            handle.flush()
            if self.fsync:
                os.fsync(handle.fileno())

    def compact(self, *, replace_if_unchanged_since: Signature | None = None) -> int:
        """Merge the journal into the cassette (atomic write) and remove it; return how many lines.

        With `replace_if_unchanged_since`, the cassette's old interactions are dropped when the
        file still has that signature (a re-record); if another writer replaced it meanwhile, its
        content is kept and the journal is added to it.
        """
        with self.locked():
            pending = read_journal(self.journal)
            if pending:
                keep_old = (
                    replace_if_unchanged_since is None or self.signature() != replace_if_unchanged_since
                )
                base = read_cassette(self.path) if keep_old and self.path.exists() else Cassette()
                write_cassette(self.path, merge(base, pending))
            self.journal.unlink(missing_ok=True)
            return len(pending)


def merge(base: Cassette, pending: Pending) -> Cassette:
    """`base` followed by the pending interactions, renumbered; fingerprints take the newest."""
    tools = dict(base.tools)
    items = list(base.interactions)
    for interaction, fingerprint in pending:
        items.append(interaction.numbered(len(items)))
        if fingerprint is not None:
            tools[interaction.tool] = fingerprint
    return Cassette(tuple(items), tools)


def read_journal(path: Path) -> Pending:
    """The journal's interactions; a last line without its newline (a torn write) is ignored."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    lines = raw.split(b"\n")[:-1]  # the part after the last newline was never completed
    return [_journal_entry(path, n, line) for n, line in enumerate(lines, 1) if line.strip()]


def _journal_entry(path: Path, lineno: int, line: bytes) -> tuple[Interaction, Fingerprint | None]:
    try:
        data: Any = json.loads(line)
        fingerprint = data.pop("fingerprint", None)
        ok = isinstance(data.get("tool"), str) and isinstance(data.get("input"), dict)
        ok = ok and (("output" in data) != ("error" in data))
        ok = ok and (fingerprint is None or Fingerprint.is_valid_dict(fingerprint))
    except (ValueError, AttributeError, TypeError, RecursionError):
        ok = False
    if not ok:
        raise CassetteError(
            f"{path}, line {lineno}: not a journal entry (a JSON object with tool, input, output or "
            "error, and a fingerprint {parameters, returns}); fix or delete that line, then run again"
        )
    return Interaction.from_dict(data), Fingerprint(**fingerprint) if fingerprint is not None else None


def _drop_torn_tail(handle: IO[bytes]) -> None:
    """Cut a last line left half-written by a killed writer, so the next line starts cleanly."""
    end = handle.seek(0, os.SEEK_END)
    if end == 0:
        return
    handle.seek(end - 1)
    if handle.read(1) == b"\n":
        return
    start = end
    while start > 0:
        start = max(0, start - (1 << 16))
        handle.seek(start)
        cut = handle.read(end - start).rfind(b"\n")
        if cut >= 0:
            handle.truncate(start + cut + 1)
            return
    handle.truncate(0)


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
    """Write `cassette` to `path` atomically (YAML, or JSON for a ``.json`` path)."""
    write_cassette(path, cassette)
