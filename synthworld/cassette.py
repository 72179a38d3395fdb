"""Cassettes: recorded tool interactions that `FixtureBackend` replays.

The file format lives in ``_cassette_format`` (YAML or JSON, ``synthworld_cassette: 1``, validated
against ``synthworld/schemas/cassette.schema.json``), durable concurrent recording in
``_cassette_store`` (an append-only journal compacted on close), replay lookups in
``_cassette_index`` and redaction in ``_redact``. This module is their public face.

Record modes, as in VCR.py:

=================  ==========================================================================
``none``           replay only; a call with no recorded answer raises `FixtureMissError`
``once``           record when the cassette does not exist yet, else behave as ``none``
``new_episodes``   replay what matches, answer the rest with the fallback and record it
``all``            answer every call with the fallback; on close the cassette holds only this
                   run's recordings (a true re-record; the old file stays until then)
=================  ==========================================================================

``all`` replaces what the cassette held when the backend was opened: writers that opened it
before the first of them closed (pytest-xdist workers of one run) share one re-record, and a run
that recorded nothing, or was killed before ``close()``, leaves the old interactions in place
(a killed run's recordings stay in the journal and are added to them).

Files: recording appends to ``<cassette>.journal`` (merged into the cassette and removed by
``close()``) under the lock file ``.<cassette>.lock``; replaying writes nothing.
"""

from __future__ import annotations

import enum
import os
from pathlib import Path

from synthworld._cassette_format import (
    SUPPORTED_VERSIONS,
    Cassette,
    Fingerprint,
    Interaction,
    write_cassette,
)
from synthworld._cassette_store import CassetteStore
from synthworld._redact import DEFAULT_SECRET_KEYS, MASK, Redactor

__all__ = [
    "DEFAULT_SECRET_KEYS",
    "MASK",
    "SUPPORTED_VERSIONS",
    "Cassette",
    "CassetteDriftWarning",
    "Fingerprint",
    "Interaction",
    "RecordMode",
    "Redactor",
    "load_cassette",
    "save_cassette",
]


class RecordMode(str, enum.Enum):
    """When a `FixtureBackend` records (see the module docstring)."""

    NONE = "none"
    ONCE = "once"
    NEW_EPISODES = "new_episodes"
    ALL = "all"

    @classmethod
    def parse(cls, mode: str | RecordMode) -> RecordMode:
        """`mode` as a RecordMode; `ValueError` listing the choices otherwise."""
        try:
            return cls(mode)
        except ValueError:
            choices = ", ".join(repr(m.value) for m in cls)
            raise ValueError(f"mode={mode!r} is not a record mode; choose one of {choices}") from None


class CassetteDriftWarning(UserWarning):
    """A tool's schemas changed since its interactions were recorded (``strict=True`` raises)."""


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
