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
            raise ValueError(f"mode={mode!r} is not a record mode; choose one of {choices}") from None


class CassetteDriftWarning(UserWarning):
    """A tool's schemas changed since its interactions were recorded (``strict=True`` raises)."""


class CassetteConflictWarning(UserWarning):
    """Two writers recorded the same call into one cassette at once, each with its own answer."""
