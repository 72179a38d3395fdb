"""`local_ref_target`: the one reader of a local ``$ref`` that the answer space, its branch tests
and the hazards' locator share (three copies before, one of which percent-decoded)."""

from __future__ import annotations

from typing import Any

import pytest

from synthworld._json import local_ref_target

DOC: dict[str, Any] = {
    "$defs": {"a/b": {"type": "string"}, "m~n": {"type": "integer"}, "pet item": {"type": "object"}},
    "paths": {"/pets/{id}": {"get": {"responses": {"200": {"type": "boolean"}}}}},
    "prefixItems": [{"const": 1}, {"const": 2}],
    "": {"const": "empty key"},
}


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("#/$defs/a~1b", {"type": "string"}),
        ("#/$defs/m~0n", {"type": "integer"}),
        ("#/$defs/pet%20item", {"type": "object"}),  # a fragment is percent-decoded first
        ("#/paths/~1pets~1%7Bid%7D/get/responses/200", {"type": "boolean"}),
        ("#/prefixItems/1", {"const": 2}),
        ("#/", {"const": "empty key"}),  # the empty key, not the document
    ],
)
def test_a_local_ref_reads_its_json_pointer(ref: str, expected: Any) -> None:
    assert local_ref_target(DOC, ref) == expected


def test_the_fragment_alone_is_the_document() -> None:
    assert local_ref_target(DOC, "#") is DOC


@pytest.mark.parametrize(
    "ref",
    [
        "#/$defs/missing",
        "#/prefixItems/2",
        "#/prefixItems/x",
        "#node",
        "other.json#/$defs/a~1b",
        "#/$defs/a/b",
    ],
)
def test_what_is_not_there_or_not_a_local_pointer_is_none(ref: str) -> None:
    assert local_ref_target(DOC, ref) is None
