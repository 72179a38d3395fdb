"""A pattern that builds one fixed text and lets any text lead it (``@example\\.com$``, ``\\.pdf$``,
``_id$``): realistic values put a head before it, so seeds differ and a ``uniqueItems`` array of
them can be built (stop 50's ``modern`` fuzz: such arrays were refused as unsatisfiable)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from schema_corpus import oracle

from synthworld.schema import generate

EMAILS = {"type": "string", "format": "email", "pattern": "@example\\.com$"}


def _values(schema: Any, seeds: int = 5, **options: Any) -> list[Any]:
    values = [generate(schema, seed, **options) for seed in range(seeds)]
    assert all(oracle(schema).is_valid(value) for value in values)
    return values


@pytest.mark.parametrize("items", [EMAILS, {"type": "string"}], ids=["email", "string"])
def test_unique_items_that_must_end_with_one_domain_are_built(items: Any) -> None:
    schema = {"type": "array", "items": items, "contains": {"pattern": "@example\\.com$"}, "minContains": 2,
              "uniqueItems": True}  # fmt: skip
    for value in _values(schema, seeds=3):
        assert sum(text.endswith("@example.com") for text in value) >= 2


def test_an_email_that_must_end_with_a_domain_has_a_local_part() -> None:
    values = _values(EMAILS)
    assert all(re.fullmatch(r"[a-z0-9._]+@example\.com", value) for value in values)
    assert len(set(values)) >= 3  # not one bare suffix for every seed


def test_a_file_extension_is_led_by_a_name_and_differs_by_seed() -> None:
    values = _values({"type": "string", "pattern": "\\.pdf$"})
    assert all(re.fullmatch(r"[a-z]+\.pdf", value) for value in values)
    assert len(set(values)) >= 3  # not one bare suffix for every seed


def test_max_length_cuts_the_head_not_the_fixed_end() -> None:
    values = _values({"type": "string", "pattern": "_id$", "maxLength": 5})
    assert all(value.endswith("_id") and 4 <= len(value) <= 5 for value in values)


def test_plain_mode_and_other_patterns_keep_their_draws() -> None:
    assert _values({"type": "string", "pattern": "\\.pdf$"}, seeds=2, realistic=False) == [".pdf", ".pdf"]
    assert _values({"type": "string", "pattern": "^abc$"}, seeds=2) == ["abc", "abc"]


def test_a_property_name_that_must_end_with_a_domain_has_a_local_part() -> None:
    schema = {"type": "object", "propertyNames": {"format": "email"}, "minProperties": 2,
              "patternProperties": {"@corp\\.com$": {"type": "integer"}}}  # fmt: skip
    names = [name for value in _values(schema) for name in value if name.endswith("@corp.com")]
    assert len(names) >= 3
    assert all(re.fullmatch(r"[a-z0-9._]+@corp\.com", name) for name in names)  # not the bare "@corp.com"


def test_a_led_property_name_without_realism_is_the_pattern_s_own() -> None:
    schema = {"type": "object", "patternProperties": {"_id$": {"type": "integer"}}, "minProperties": 1}
    value = generate(schema, 0, realistic=False)
    assert list(value) == ["_id"]
