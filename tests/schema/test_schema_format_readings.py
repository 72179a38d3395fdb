"""Formats read as python-jsonschema reads them, by the generator's checks and by
`compile_validator` alike (`_rs_formats`). jsonschema-rs checks every format in every dialect by
its RFC; python-jsonschema, the reference validator, checks a dialect's own formats only (no
``date`` in draft 4, no ``iri`` without ``rfc3987``) and ``email`` as any text with an ``@``. A
fuzz of formats (``bench/fuzz_schemas.py formats``) found 15 in 1,000 schemas answered with an
invalid value: a ``oneOf`` branch the value was meant to fail by jsonschema-rs's reading, which it
met by python-jsonschema's."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.schema import compile_validator, generate
from tests.schema.schema_corpus import D4, D6, D7, D2019, D2020, oracle

DISPUTED: list[Any] = [
    {"oneOf": [{"format": "iri-reference"}, {"format": "time", "minLength": 9}]},
    {"oneOf": [{"format": "iri"}, {"format": "date-time"}, {"format": "date"}]},
    {"$schema": D4, "oneOf": [{"format": "date"}, {"type": "string"}]},
    {"oneOf": [{"format": "email"}, {"format": "regex"}]},
]
"""Schemas answered with a value python-jsonschema rejects at the start of audit21_fuzz (found by
the fuzz): ``16:01:21Z``, an ``iri`` and a ``date-time``; ``meet``, a string
of both branches in draft 4; ``^\\w+@\\w+\\.com$``, both an email and a regex."""


@pytest.mark.parametrize("schema", DISPUTED)
def test_values_valid_where_the_validators_read_a_format_apart(schema: Any) -> None:
    valid_values(schema, 6)


UUID = "123e4567-e89b-12d3-a456-426614174000"
TEXTS = ["a@", "x@y.co", "/docs", "https://a.b/c", "control", "2024-01-01", "12:00:00Z", "nope", UUID,
         "^[a-z]+$", "(", "/a/b", "0/a", "{x}", "P1D", "::1"]  # fmt: skip
FORMATS = ["date", "date-time", "duration", "email", "hostname", "idn-email", "idn-hostname", "ipv4",
           "ipv6", "iri", "iri-reference", "json-pointer", "regex", "relative-json-pointer", "time", "uri",
           "uri-reference", "uri-template", "uuid"]  # fmt: skip


@pytest.mark.parametrize("dialect", [D4, D6, D7, D2019, D2020])
def test_compiled_validator_reads_each_format_as_python_jsonschema(dialect: str) -> None:
    wrong = []
    for fmt in FORMATS:
        schema = {"$schema": dialect, "format": fmt}
        fast, reference = compile_validator(schema), oracle(schema)
        wrong += [(fmt, text) for text in TEXTS if fast.is_valid(text) != reference.is_valid(text)]
    assert wrong == []


ANNOTATIONS: list[Any] = [
    {"type": "string", "format": "iri", "maxLength": 3},
    {"allOf": [{"format": "iri"}, {"format": "relative-json-pointer", "type": "string"}]},
    {"$schema": D4, "type": "string", "format": "uuid", "maxLength": 5},
    {"$schema": D4, "type": "string", "allOf": [{"format": "date"}, {"format": "ipv4"}]},
    {"$schema": D6, "type": "string", "format": "date", "minLength": 12, "pattern": "^x"},
]
"""A format the schema's dialect does not check (``iri`` without ``rfc3987``, ``uuid`` and ``date``
in draft 4 or 6) beside lengths, a pattern or a checked format: each refused as unsatisfiable at
the start of audit21_fuzz (an ``iri`` of 3 characters, a ``uuid`` of 5, no string both an ``iri``
and a relative JSON pointer)."""


@pytest.mark.parametrize("schema", ANNOTATIONS)
def test_a_format_the_dialect_does_not_check_gives_way(schema: Any) -> None:
    check = oracle(schema)
    values = [generate(schema, seed) for seed in range(4)]
    assert all(isinstance(v, str) and check.is_valid(v) for v in values), values


def test_a_format_the_dialect_does_not_check_is_still_made_when_it_fits() -> None:
    assert generate({"$schema": D4, "type": "string", "format": "date"}, 0) == "2024-10-27"  # as before
    value = generate({"allOf": [{"format": "iri"}, {"format": "uuid"}]}, 0)
    assert oracle({"format": "uuid"}).is_valid(value)
