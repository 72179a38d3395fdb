"""Draft 7's ``contentEncoding``/``contentMediaType`` under an ``if``, a ``not`` or a ``oneOf``:
python-jsonschema reads them as annotations (an ``if`` of one always holds), jsonschema-rs
asserts them; values are checked by python-jsonschema, the reference (stop 51's witnessed fuzz: a
string that is no base64 answered an ``if: {contentEncoding: base64}`` whose ``then`` binds every
string to python-jsonschema)."""

from __future__ import annotations

from typing import Any

import pytest
from schema_corpus import valid_values

from synthworld.errors import UnsatisfiableSchemaError
from synthworld.schema import compile_generator

DRAFT7 = "http://json-schema.org/draft-07/schema#"
SEEDS = 10

DECIDED: list[Any] = [
    {"$schema": DRAFT7, "type": "string", "if": {"contentEncoding": "base64"}, "then": {"const": "aGVsbG8="}},
    {"$schema": DRAFT7, "type": "string", "oneOf": [{"contentEncoding": "base64"}, {"maxLength": 3}]},
]  # fmt: skip


@pytest.mark.parametrize("schema", DECIDED, ids=["if-then", "one-of"])
def test_a_content_word_that_decides_is_read_as_python_jsonschema_reads_it(schema: Any) -> None:
    valid_values(schema, SEEDS)


def test_a_not_of_a_content_word_is_refused_saying_why() -> None:
    schema = {"$schema": DRAFT7, "type": "string", "not": {"contentEncoding": "base64"}}
    with pytest.raises(
        UnsatisfiableSchemaError, match="reads contentEncoding and contentMediaType as annotations"
    ):
        compile_generator(schema)
