"""Realistic values from property names, bounds respected, optional fields vary."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from schema_corpus import oracle

from synthworld.schema import compile_generator, generate


def _values(schema: dict[str, Any], n: int = 40, **options: Any) -> list[Any]:
    gen, rng = compile_generator(schema, **options), random.Random(0)
    return [gen.generate(rng) for _ in range(n)]


def _prop(name: str, **extra: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {name: {"type": "string", **extra}}, "required": [name]}


@pytest.mark.parametrize(
    ("name", "looks_like"),
    [
        ("email", r"^[^@\s]+@[^@\s]+\.[a-z]+$"),
        ("contactEmail", r"@"),
        ("user_id", r"^user_[a-z0-9]{10}$"),
        ("id", r"^[a-z0-9]{10}$"),
        ("currency", r"^[A-Z]{3}$"),
        ("country_code", r"^[A-Z]{2}$"),
        ("website", r"^https?://"),
        ("created_at", r"^\d{4}-\d\d-\d\dT"),
        ("first_name", r"^[A-Z][a-z]+"),
        ("city", r"^[A-Z]"),
        ("assignee", r"^([A-Z][a-z]+\.? )+[A-Z][a-z]+"),  # a person: given and family names
        ("createdBy", r"^([A-Z][a-z]+\.? )+[A-Z][a-z]+"),
        ("author", r"^([A-Z][a-z]+\.? )+[A-Z][a-z]+"),
        ("ip_address", r"^\d{1,3}(\.\d{1,3}){3}$"),  # an IP address, not a street address
        ("clientIp", r"^\d{1,3}(\.\d{1,3}){3}$"),
        ("ipv6", r"^[0-9a-f]{1,4}(:[0-9a-f]{0,4}){2,7}$"),
        ("mac_address", r"^[0-9a-f]{2}(:[0-9a-f]{2}){5}$"),
        ("iban", r"^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$"),
        ("user_agent", r"^[A-Za-z]+/\d"),
        ("password", r"^(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$"),  # not a dictionary word
        ("uuid", r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"),
        ("deviceGuid", r"^[0-9a-f]{8}-[0-9a-f]{4}-4"),
        ("userid", r"^user_[a-z0-9]{10}$"),  # one word, still an identifier
        ("card_number", r"^\d{12,19}$"),
        ("attendees", r"^([A-Z][a-z]+\.? )+[A-Z][a-z]+"),  # people, not words
        ("hotel_name", r"Inc|and|LLC|Group|PLC|Ltd|-"),  # a business, not a person
        ("repo", r"^[a-z]+(-[a-z]+)+$"),  # a machine's name
        ("serviceName", r"^[a-z]+(-[a-z]+)+$"),
        ("location", r"^[A-Z][a-z]+"),
        ("ticker", r"^[A-Z]{3,4}$"),
        ("artist", r"^([A-Z][a-z]+\.? )+[A-Z][a-z]+"),
        ("publisher", r"Inc|and|LLC|Group|PLC|Ltd|-"),
        ("extension", r"^[a-z0-9]{2,4}$"),
        ("origin_airport", r"^[A-Z]{3}$"),
        ("flight_number", r"^[A-Z]{2}\d{3,4}$"),
        ("gate", r"^[A-F]\d{1,2}$"),
        ("seat", r"^\d{1,2}[A-F]$"),
        ("cuisine", r"^[A-Z][a-z]+$"),
    ],
)
def test_strings_follow_property_names(name: str, looks_like: str) -> None:
    for value in _values(_prop(name), n=20):
        assert re.search(looks_like, value[name]), value


@pytest.mark.parametrize("name", ["paid", "isValid", "android", "fluid", "order_paid"])
def test_words_ending_in_id_are_not_identifiers(name: str) -> None:
    values = [v[name] for v in _values(_prop(name), n=20)]
    assert all(v.isalpha() for v in values), values  # words, not ``pa_x7k2m9q0zt``


def test_realism_respects_length_bounds() -> None:
    schema = _prop("description", minLength=30, maxLength=35)
    assert all(30 <= len(v["description"]) <= 35 for v in _values(schema))


def test_realistic_off_gives_plain_strings() -> None:
    values = _values(_prop("email"), n=20, realistic=False)
    assert not any("@" in v["email"] for v in values)


def test_locale_is_an_option() -> None:
    us = {v["city"] for v in _values(_prop("city"), n=30)}
    de = {v["city"] for v in _values(_prop("city"), n=30, locale="de_DE")}
    assert us != de


def test_numbers_have_sensible_magnitudes() -> None:
    schema = {"type": "object", "properties": {"age": {"type": "integer"}, "n": {"type": "number"}},
              "required": ["age", "n"]}  # fmt: skip
    values = _values(schema)
    assert all(18 <= v["age"] <= 90 for v in values)
    assert all(0 <= v["n"] <= 100 for v in values)


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [
        ("page", 0, 50),  # a page number, not an age
        ("percentage", 0, 100),
        ("report_count", 0, 50),  # not a port
        ("population", 1_000, 10_000_000),  # not a latitude
        ("view_count", 1_000, 10_000_000),
        ("review_count", 0, 50),
        ("latency_ms", 1, 5_000),
        ("temperature_c", -10, 35),
        ("longitude", -180, 180),
    ],
)
def test_numbers_follow_property_names(name: str, low: int, high: int) -> None:
    schema = {"type": "object", "properties": {name: {"type": "integer"}}, "required": [name]}
    values = [v[name] for v in _values(schema)]
    assert all(low <= v <= high for v in values), values
    assert max(values) - min(values) > (high - low) // 10  # spread over the range, not stuck low


def test_optional_properties_appear_sometimes() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
              "required": ["a"]}  # fmt: skip
    seen = [("b" in v) for v in _values(schema)]
    assert any(seen)
    assert not all(seen)


def test_arrays_have_varied_modest_lengths() -> None:
    lengths = {len(v) for v in _values({"type": "array", "items": {"type": "integer"}}, n=60)}
    assert len(lengths) >= 3
    assert max(lengths) <= 6


def test_examples_and_default_are_used_sometimes_when_valid() -> None:
    schema = {"type": "string", "maxLength": 12, "examples": ["from-example", "far-too-long-example"],
              "default": "from-default"}  # fmt: skip
    values = _values(schema, n=200)
    assert "from-example" in values
    assert "from-default" in values
    assert "far-too-long-example" not in values
    assert sum(v in ("from-example", "from-default") for v in values) < 100


def test_bounds_without_realism_hints_are_respected() -> None:
    schema = {"type": "number", "exclusiveMinimum": 1e9, "maximum": 1e9 + 1}
    assert all(oracle(schema).is_valid(v) for v in _values(schema))


def test_generate_is_one_value() -> None:
    assert generate({"const": "x"}) == "x"
