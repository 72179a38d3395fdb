"""Strings a ``format``'s typical values cannot give (`_format_edges`): a short or odd value of the
format, another format's value, a typical value fitted to the lengths, free text for a format no
validator checks; and a string's ``not``s judged by the string node itself (`StringNode.refusals`),
so those candidates are reached where a ``not`` refuses every typical value. The fuzz of formats
(``bench/fuzz_schemas.py formats --pool``) found 13 of 2,000 satisfiable schemas refused; each
schema below was refused at the start of audit22_refusals."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from schema_corpus import valid_values

from synthworld.schema._format_edges import EDGES, ODD

UNUSUAL: list[Any] = [
    {  # only "": a relative pointer of 15 characters is no uuid
        "anyOf": [
            {
                "format": "relative-json-pointer",
                "minLength": 15,
                "const": "123e4567-e89b-12d3-a456-426614174000",
            },
            {"format": "json-pointer", "not": {"pattern": "/"}},
        ]
    },
    {"oneOf": [{"format": "hostname"}, {"format": "idn-hostname", "minLength": 3}]},  # "a", "ab"
    {"type": "string", "format": "hostname", "not": {"pattern": "^[a-z0-9]"}, "maxLength": 3},
    {"type": "string", "format": "regex", "minLength": 6, "pattern": "/"},
    {"type": "string", "format": "relative-json-pointer", "not": {"pattern": "[#/]|^[0-9]$"}},
]
"""A value of the format that none of `_formats`' typical ones is."""

TWO_FORMATS: list[Any] = [
    {"allOf": [{"format": "uri-reference"}, {"format": "uuid", "type": "string"}]},
    {"allOf": [{"format": "regex"}, {"format": "duration"}], "type": "string"},
    {
        "allOf": [{"format": "uri-reference"}, {"format": "ipv4"}, {"format": "idn-hostname"}],
        "type": "string",
    },
]
"""The second format's values have the first too (a uuid is a relative reference, a duration a
regex): its values are tried."""

UNCHECKED_UNDER_NOT: list[Any] = [
    {"format": "iri", "type": "string", "not": {"pattern": "\\."}},
    {"type": "string", "format": "iri-reference", "not": {"format": "uri-reference"}},
    {"oneOf": [{"format": "iri"}, {"format": "hostname"}, {"format": "uri-reference"}], "type": "string"},
]
"""python-jsonschema checks no ``iri`` without ``rfc3987``: any text is one, and text that is no
URI is one the ``not`` takes."""

FITTED: list[Any] = [
    {"type": "string", "format": "uri-reference", "minLength": 20, "not": {"format": "uri"}},
    {"type": "string", "format": "uri-reference", "minLength": 25, "not": {"pattern": "^[a-z]+:"}},
]
"""A typical value padded to the lengths (a relative reference of twenty characters)."""


@pytest.mark.parametrize("schema", UNUSUAL + TWO_FORMATS + UNCHECKED_UNDER_NOT + FITTED)
def test_a_satisfiable_format_schema_is_answered_with_a_valid_string(schema: Any) -> None:
    valid_values(schema, 3)


@pytest.mark.parametrize("fmt", sorted(EDGES))
def test_every_edge_value_has_its_format(fmt: str) -> None:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    assert [text for text in EDGES[fmt] if not checker.conforms(text, fmt)] == []


def test_odd_text_is_no_uri_reference_nor_hostname() -> None:
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    assert [t for t in ODD if checker.conforms(t, "uri-reference") or checker.conforms(t, "hostname")] == []
