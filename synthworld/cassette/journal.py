"""The journal beside a cassette: one JSON line per recorded interaction, appended under the lock.

Each line is an interaction (``tool``, ``input``, ``output`` or ``error``) with the fingerprint
of its tool and the ``generation`` of the cassette file it extends. The generation makes every
compaction's lines differ from the next one's, so the journal prefix a cassette records as merged
(``journal: {length, sha256}`` in its header) can only ever match the very bytes it merged. A
last line without its newline is a write torn by a kill: it is ignored, and cut before the next
append. Lines without a generation (journals of older versions) are read as they are. A line
recorded by a re-record (``mode="all"``) names the cassette file it replaces (``rerecord``), so
its compaction keeps the lines of that re-record and drops older ones a killed run left. A line
may say which ``occurrence`` of its call it records (0: the first time that call was made), so a
compaction sees two writers that recorded the same call at once (`conflicts`).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from synthworld._json import canonical_json
from synthworld.cassette.format import Cassette, Fingerprint, Interaction, MergedJournal
from synthworld.errors import CassetteError

__all__ = ["Journal", "Pending", "conflicts", "drop_torn_tail", "journal_line", "read_journal"]

Pending = list[tuple[Interaction, Fingerprint | None]]


@dataclass(frozen=True)
class Journal:
    """What a journal holds beyond what the cassette already merged."""

    pending: Pending
    """The interactions still to merge, in order."""
    merged: MergedJournal | None
    """The whole lines read (merged and pending): what a compaction of it records; None if empty."""
    rerecords: tuple[str | None, ...] = ()
    """Each pending line's ``rerecord`` (None: not recorded by a re-record), in the same order."""
    occurrences: tuple[int | None, ...] = ()
    """Each pending line's ``occurrence`` (None: not given), in the same order."""

    def of_rerecord(self, rerecord: str) -> Journal:
        """This journal with only the pending lines the re-record `rerecord` wrote."""
        kept = [
            line
            for line in zip(self.pending, self.rerecords, self.occurrences, strict=True)
            if line[1] == rerecord
        ]
        return Journal(
            [entry for entry, _, _ in kept],
            self.merged,
            tuple(mark for _, mark, _ in kept),
            tuple(occurrence for _, _, occurrence in kept),
        )


def conflicts(base: Cassette, journal: Journal) -> list[Interaction]:
    """The pending interactions that record, with another answer, an occurrence of a call (same
    tool and input) that `base` or an earlier line already holds: two writers recorded that call
    at the same time, and replay plays the earlier answer."""
    recorded: dict[tuple[str, str], list[Interaction]] = {}
    for interaction in base.interactions:
        recorded.setdefault((interaction.tool, canonical_json(interaction.input)), []).append(interaction)
    found = []
    for (interaction, _), occurrence in zip(journal.pending, journal.occurrences, strict=True):
        earlier = recorded.setdefault((interaction.tool, canonical_json(interaction.input)), [])
        if occurrence is not None and occurrence < len(earlier):
            first = earlier[occurrence]
            if (first.output, first.error) != (interaction.output, interaction.error):
                found.append(interaction)
        earlier.append(interaction)
    return found


def journal_line(
    interaction: Interaction,
    fingerprint: Fingerprint,
    generation: int,
    *,
    rerecord: str | None = None,
    occurrence: int | None = None,
) -> bytes:
    """The journal line recording `interaction` on top of cassette `generation` (by re-record
    `rerecord`, if one; the `occurrence` of its call, if known)."""
    record = {**interaction.to_dict(), "fingerprint": fingerprint.to_dict(), "generation": generation}
    if rerecord is not None:
        record["rerecord"] = rerecord
    if occurrence is not None:
        record["occurrence"] = occurrence
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text + "\n").encode("utf-8")


def read_journal(path: Path, *, merged: MergedJournal | None = None) -> Journal:
    """The journal at `path` (none: empty), without the prefix `merged` says the cassette holds."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Journal([], None)
    whole = raw[: raw.rfind(b"\n") + 1]  # after the last newline: a torn write, never completed
    skip = merged.length if merged is not None and merged.matches(whole) else 0
    first_line = whole.count(b"\n", 0, skip) + 1
    lines = whole[skip:].split(b"\n")[:-1]
    entries = [_entry(path, n, line) for n, line in enumerate(lines, first_line) if line.strip()]
    record = MergedJournal(len(whole), hashlib.sha256(whole).hexdigest()) if whole else None
    return Journal(
        [entry for entry, _, _ in entries],
        record,
        tuple(mark for _, mark, _ in entries),
        tuple(occurrence for _, _, occurrence in entries),
    )


def _entry(
    path: Path, lineno: int, line: bytes
) -> tuple[tuple[Interaction, Fingerprint | None], str | None, int | None]:
    try:
        data: Any = json.loads(line)
        fingerprint = data.pop("fingerprint", None)
        generation = data.pop("generation", 0)
        rerecord = data.pop("rerecord", None)
        occurrence = data.pop("occurrence", None)
        ok = rerecord is None or isinstance(rerecord, str)
        ok = ok and (occurrence is None or (type(occurrence) is int and occurrence >= 0))
        ok = ok and isinstance(data.get("tool"), str) and isinstance(data.get("input"), dict)
        ok = ok and (("output" in data) != ("error" in data))
        ok = ok and (fingerprint is None or Fingerprint.is_valid_dict(fingerprint))
        ok = ok and type(generation) is int and generation >= 0
    except (ValueError, AttributeError, TypeError, RecursionError):
        ok = False
    if not ok:
        raise CassetteError(
            f"{path}, line {lineno}: not a journal entry (a JSON object with tool, input, output or "
            "error, a fingerprint {parameters, returns} and a generation); fix or delete that line, "
            "then run again"
        )
    entry = (Interaction.from_dict(data), Fingerprint(**fingerprint) if fingerprint is not None else None)
    return entry, rerecord, occurrence


def drop_torn_tail(handle: IO[bytes]) -> None:
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
