"""Cassettes: recorded tool interactions that `FixtureBackend` replays.

The file format lives in ``format`` (YAML or JSON, ``synthworld_cassette: 1``, validated against
``synthworld/schemas/cassette.schema.json``), durable concurrent recording in ``store`` (an
append-only journal compacted on close), replay lookups in ``index`` with ``matchers``, and the
record modes in ``modes``, and in ``masked`` the stand-ins replayed where a redacted value
breaks the schema. This module is their public face.

Record modes, as in VCR.py:

=================  ==========================================================================
``none``           replay only; a call with no recorded answer raises `FixtureMissError`
``once``           record when the cassette does not exist yet, else behave as ``none`` (but
                   merge at close the calls a killed writer left in the journal)
``new_episodes``   replay what matches, answer the rest with the fallback and record it
``all``            answer every call with the fallback; on close the cassette holds only this
                   run's recordings (a true re-record; the old file stays until then)
=================  ==========================================================================

``all`` replaces what the cassette held when the backend was opened: writers that opened it
before the first of them closed (pytest-xdist workers of one run) share one re-record, and a run
that recorded nothing, or was killed before ``close()``, leaves the old interactions in place
(a killed run's recordings stay in the journal and are added to them).

Files: recording appends to ``<cassette>.journal`` (merged into the cassette and removed by
``close()``, or at exit) under the lock file ``.<cassette>.lock``; replaying writes nothing
(mode ``none`` warns, `LeftJournalWarning`, of calls a killed writer left in the journal).
A writer killed at any instruction loses and repeats nothing (see ``store``); a file cut short
is a `CassetteError` (see ``format``); a file that cannot be read or written is a
`CassetteIOError` naming the path and the fix.
"""

from typing import TYPE_CHECKING

from synthworld._lazy import attach
from synthworld._redact import DEFAULT_SECRET_KEYS, DEFAULT_SECRET_PATTERNS, MASK, Redactor
from synthworld.cassette.modes import (
    CassetteConflictWarning,
    CassetteDriftWarning,
    LeftJournalWarning,
    RecordMode,
)

if TYPE_CHECKING:  # the names below, as type checkers see them
    from synthworld.cassette.format import SUPPORTED_VERSIONS, Cassette, Fingerprint, Interaction
    from synthworld.cassette.index import ReplayIndex
    from synthworld.cassette.matchers import MatchLike, as_matcher
    from synthworld.cassette.store import CassetteStore, load_cassette, save_cassette

if not TYPE_CHECKING:  # checkers read the imports above, so a misspelt name is an error, not Any
    __getattr__, __dir__ = attach(
        __name__,
        {
            "synthworld.cassette.format": ("SUPPORTED_VERSIONS", "Cassette", "Fingerprint", "Interaction"),
            "synthworld.cassette.index": ("ReplayIndex",),
            "synthworld.cassette.matchers": ("MatchLike", "as_matcher"),
            "synthworld.cassette.store": ("CassetteStore", "load_cassette", "save_cassette"),
        },
    )
"""Names imported on first use (see `synthworld._lazy`): the record modes stay cheap for the
pytest plugin's options."""

__all__ = [
    "DEFAULT_SECRET_KEYS",
    "DEFAULT_SECRET_PATTERNS",
    "MASK",
    "SUPPORTED_VERSIONS",
    "Cassette",
    "CassetteConflictWarning",
    "CassetteDriftWarning",
    "LeftJournalWarning",
    "CassetteStore",
    "Fingerprint",
    "Interaction",
    "MatchLike",
    "RecordMode",
    "Redactor",
    "ReplayIndex",
    "as_matcher",
    "load_cassette",
    "save_cassette",
]
