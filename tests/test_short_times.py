"""A time named by its field, drawn for a string whose ``maxLength`` is shorter than a date-time,
keeps a form that reads as a time (stop 50: ``updated_at`` with ``maxLength: 5`` was ``2024-``,
a ``date`` of 8 characters ``2024-02-``, a ``start`` of 3 ``202``)."""

from __future__ import annotations

import datetime as dt
import re
from random import Random

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._named_strings import shorter_time

_YEARISH = re.compile(r"\d{4}(-\d{2})?")


def _reads_as_time(text: str) -> bool:
    """A date-time, a date (``2024-03-18``, ``20240318``, ``2024-03``, ``2024``) or a time of day."""
    for parse in (dt.datetime.fromisoformat, dt.time.fromisoformat):
        try:
            parse(text)
        except ValueError:
            continue
        return True
    return _YEARISH.fullmatch(text) is not None


_FIELDS = [
    ("created_at", 19), ("created_at", 16), ("updated_at", 10), ("updated_at", 8), ("updated_at", 5),
    ("start_time", 8), ("start_time", 5), ("start_time", 4), ("timestamp", 16), ("date", 8),
    ("due_date", 7), ("shipped_on", 4), ("start", 3), ("end", 2), ("departure", 12),
]  # fmt: skip


@pytest.mark.parametrize(("name", "high"), _FIELDS)
def test_a_time_cut_short_still_reads_as_one(name: str, high: int) -> None:
    schema = {
        "type": "object",
        "properties": {name: {"type": "string", "maxLength": high}},
        "required": [name],
    }
    generator = compile_generator(schema)
    for seed in range(5):
        text = generator.generate(Random(seed))[name]
        assert len(text) <= high, (name, high, text)
        assert _reads_as_time(text), (name, high, text)


@pytest.mark.parametrize(
    ("hint", "high", "low", "form"),
    [
        ("created_at", 10, 0, "2024-03-18"), ("created_at", 5, 0, "17:04"),
        ("created_at", 19, 0, "2024-03-18T17:04:05"), ("start_time", 10, 0, "17:04:05"),
        ("start_time", 4, 0, "1704"), ("due_date", 9, 0, "20240318"), ("birthday", 6, 0, "2024"),
        ("created_at", 10, 9, "2024-03-18"), ("updated_at", 12, 9, "2024-03-18"), ("opens_at", 1, 0, "7"),
    ],
)  # fmt: skip
def test_the_longest_form_that_fits_is_kept(hint: str, high: int, low: int, form: str) -> None:
    assert shorter_time("2024-03-18T17:04:05Z", hint, low, high) == form
