"""Record modes, as in VCR.py, and the warning for a cassette recorded against other schemas."""

from __future__ import annotations

import enum

__all__ = ["CassetteDriftWarning", "RecordMode"]


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
