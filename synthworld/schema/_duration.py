"""The ``duration`` format read as ISO 8601 reads it, as python-jsonschema does, for jsonschema-rs.

jsonschema-rs holds a duration to RFC 3339's appendix A, which has no fractions, signs or days
past a year: it refuses ``PT1.5S``, ``-P1D`` and ``P1Y70D``, exactly what pydantic writes for a
``timedelta`` of 1.5 seconds, of minus one day and of 435 days (and what python-jsonschema, the
reference validator, accepts). So a stub taking a ``timedelta``, or a pydantic model holding one,
refused its own argument. Units still come in order, weeks alone, each with a number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["DURATION_FORMATS", "duration_formats", "is_duration"]

_N = r"[0-9]+(?:[.,][0-9]+)?"
_DURATION = re.compile(
    rf"[-+]?P(?!$)(?:{_N}W|(?:{_N}Y)?(?:{_N}M)?(?:{_N}D)?(?:T(?=[0-9])(?:{_N}H)?(?:{_N}M)?(?:{_N}S)?)?)"
)
_BEFORE_2019 = re.compile(r"json-schema\.org/draft-0[3-7]/schema")
"""A ``$schema`` of a draft where ``duration`` is no format (jsonschema-rs checks none there)."""


def is_duration(text: str) -> bool:
    """Whether `text` is an ISO 8601 duration: ``P1Y70D``, ``PT1.5S``, ``-P1D``, ``P2W``."""
    return _DURATION.fullmatch(text) is not None


DURATION_FORMATS: dict[str, Callable[[str], bool]] = {"duration": is_duration}
"""The ``formats=`` of a jsonschema-rs validator of a 2019-09 or 2020-12 schema."""


def duration_formats(schema: Any) -> dict[str, Callable[[str], bool]]:
    """`DURATION_FORMATS`, or none for a schema declaring draft 4, 6 or 7 (whose validators
    check no ``duration``: given the check, they would start to)."""
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if isinstance(declared, str) and _BEFORE_2019.search(declared):
        return {}
    return DURATION_FORMATS
