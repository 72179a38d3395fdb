"""Record modes, as in VCR.py, and the warning for a cassette recorded against other schemas."""

from __future__ import annotations

import enum

__all__ = ["CassetteDriftWarning", "LeftJournalWarning", "RecordMode", "left_journal_note"]


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
            key = str(mode).strip().lower()
            near = f"write {key!r}" if key in {m.value for m in cls} else _OTHER_NAMES.get(key)
            hint = f" ({near})" if near else ""
            raise ValueError(f"mode={mode!r} is not a record mode{hint}; choose one of {choices}") from None


_OTHER_NAMES = {
    "rewrite": "pytest-recording's rewrite is 'all' here: every call recorded anew",
    "new-episodes": "write 'new_episodes'",
    "newepisodes": "write 'new_episodes'",
}
"""What a mode written as pytest-recording or a hyphen would write it stands for (a mode in
another case or with spaces is told the spelling)."""


class CassetteDriftWarning(UserWarning):
    """A tool's schemas changed since its interactions were recorded (``strict=True`` raises)."""


class CassetteConflictWarning(UserWarning):
    """Two writers recorded the same call into one cassette at once, each with its own answer."""


class LeftJournalWarning(UserWarning):
    """A replay-only cassette (mode ``none``) found calls a writer that never closed (killed)
    left in its journal: they replay, but are not in the cassette file."""


def left_journal_note(path: object, count: int) -> str:
    """What a `LeftJournalWarning` says: the file, how many calls, and how to merge them."""
    return (
        f"{path}.journal holds {count} recorded call(s) that are not in {path} (a recording run "
        "was killed before it closed): this replay (mode 'none') plays them but writes nothing, so "
        "committing the cassette leaves them out; run once in record mode 'once' or 'new_episodes' "
        "(pytest: --synthworld-record-mode once; a scenario: synthworld run FILE --record-mode once), "
        "which merges them when it closes, then commit the cassette"
    )
