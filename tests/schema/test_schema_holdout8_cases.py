"""Cases the eighth hold-out of real-world schemas found (stop 48: Figma's and Okta's API
documents, ShipEngine's request and response schemas, NASA GCN's notices, Great Expectations'
and Singer's tap-stripe schemas, MetaMask's OpenRPC methods)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import referencing
from referencing.jsonschema import DRAFT202012

from synthworld.schema import _check, generate
from tests.schema.schema_corpus import oracle

NODE: dict[str, Any] = {
    "$defs": {
        "Frame": {
            "type": "object",
            "required": ["type", "children"],
            "properties": {
                "type": {"const": "FRAME"},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}, "maxItems": 3},
            },
        },
        "Text": {
            "type": "object",
            "required": ["type", "characters"],
            "properties": {"type": {"const": "TEXT"}, "characters": {"type": "string"}},
        },
        "Node": {"oneOf": [{"$ref": "#/$defs/Frame"}, {"$ref": "#/$defs/Text"}]},
    },
    "$ref": "#/$defs/Node",
}
"""Figma's ``Node`` in small: a ``oneOf`` of node types, a frame holding nodes."""


def _python_verdicts(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each value `WholeCheck` asks python-jsonschema about (the real verdict, counted)."""
    asked: list[Any] = []
    real = _check._python_verdict

    def counted(loc: Any) -> Callable[[Any], bool | None]:
        verdict = real(loc)

        def check(value: Any) -> bool | None:
            asked.append(value)
            return verdict(value)

        return check

    monkeypatch.setattr(_check, "_python_verdict", counted)
    return asked


def test_a_registry_the_document_never_reaches_keeps_the_fast_validator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A caller's registry made every whole-value check python-jsonschema's, even for a document
    whose references all stay inside it: Figma's ``Node`` (a ``oneOf`` of 30 node types) took
    1.7 s of CPU for its first value with an empty registry, 0.07 s without. jsonschema-rs now
    judges such a document as it does without a registry: the same values, none asked of
    python-jsonschema."""
    asked = _python_verdicts(monkeypatch)
    registry: referencing.Registry[Any] = referencing.Registry().crawl()
    check = oracle(NODE)
    for seed in range(5):
        value = generate(NODE, seed, registry=registry)
        assert check.is_valid(value), (seed, value)
        assert value == generate(NODE, seed), seed
    assert asked == []


def test_a_document_the_registry_completes_is_still_judged_by_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A document referring to one only the registry holds: jsonschema-rs, which never fetches,
    cannot compile it alone, so python-jsonschema (which reads the registry) judges its values."""
    asked = _python_verdicts(monkeypatch)
    text = {"type": "object", "required": ["characters"], "properties": {"characters": {"minLength": 2}}}
    registry = referencing.Registry().with_resource("urn:text", DRAFT202012.create_resource(text))
    schema = {"type": "array", "minItems": 1, "items": {"$ref": "urn:text"}}
    for seed in range(3):
        value = generate(schema, seed, registry=registry)
        assert value, seed
        assert all(len(item["characters"]) >= 2 for item in value), value
    assert asked
