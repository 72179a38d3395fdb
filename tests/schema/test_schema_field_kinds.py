"""Common API fields look like what they are named, read in snake_case, camelCase or kebab-case,
and by the object holding them (a payment's ``status``, a request's ``method``, a contact's
``title``); the schema's own constraints still win."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from schema_corpus import oracle

from synthworld.schema import compile_generator
from synthworld.schema._realistic import _pool
from synthworld.schema._words import CURRENCIES, FUNCTION_WORDS, LANGUAGES, LOCALES, MIME_TYPES


def _values(schema: dict[str, Any], n: int = 40) -> list[Any]:
    gen, rng = compile_generator(schema), random.Random(0)
    values = [gen.generate(rng) for _ in range(n)]
    check = oracle(schema)
    assert all(check.is_valid(v) for v in values)
    return values


def _field(name: str, kind: str = "string", title: str | None = None, **extra: Any) -> list[Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {name: {"type": kind, **extra}},
        "required": [name],
    }
    if title is not None:
        schema["title"] = title
    return [v[name] for v in _values(schema)]


_MONTHS = r"^(January|February|March|April|May|June|July|August|September|October|November|December)$"


@pytest.mark.parametrize(
    ("name", "looks_like"),
    [
        ("createdAt", r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"),  # camelCase times were words
        ("lastSeenAt", r"^\d{4}-\d\d-\d\dT"),
        ("last-modified", r"^\d{4}-\d\d-\d\dT"),  # kebab-case, as in headers
        ("request-id", r"^req_[a-z0-9]{10}$"),
        ("billingCurrency", r"^[A-Z]{3}$"),
        ("last_login_ip", r"^\d{1,3}(\.\d{1,3}){3}$"),  # not a username for "login"
        ("x-forwarded-for", r"^\d{1,3}(\.\d{1,3}){3}$"),
        ("line1", r"^\d+ \w+"),  # a street address, not a word
        ("address_line1", r"^\d+ \w+"),
        ("addressLine2", r"^(Apt\.|Suite) \d+$"),
        ("order_number", r"^ORD-\d{6}$"),
        ("invoiceNumber", r"^INV-\d{6}$"),
        ("confirmation_code", r"^CNF-\d{6}$"),
        ("tracking_number", r"^(1Z[A-Z0-9]{16}|\d{12})$"),
        ("card_last4", r"^\d{4}$"),
        ("vat_number", r"^[A-Z]{2}\d{9}$"),
        ("coupon_code", r"^[A-Z]+\d{2}$"),
        ("barcode", r"^\d{13}$"),
        ("priority", r"^(low|medium|high|urgent)$"),
        ("severity", r"^(low|medium|high|critical)$"),
        ("payment_method", r"^(card|bank_transfer|paypal|apple_pay|google_pay)$"),
        ("default_branch", r"^(main|master|develop)$"),
        ("blog", r"^https://"),
        ("phone", r"^[\d+(][\d\s().+-]+$"),  # no "x81616" extension
        ("memo", r"^\w+( \w+)+$"),  # a sentence
        ("date_of_birth", r"^(19[4-9]\d|200[0-7])-\d\d-\d\d$"),  # decades back, a date
        ("day_of_week", r"^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$"),  # was a word: "rest"
        ("dayOfWeek", r"^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$"),
        ("weekday", r"^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$"),
        ("month", _MONTHS),
        ("month_name", _MONTHS),
    ],
)
def test_common_fields_follow_their_names(name: str, looks_like: str) -> None:
    for value in _field(name):
        assert re.search(looks_like, value), (name, value)


@pytest.mark.parametrize(
    ("name", "pool"),
    [("currency", CURRENCIES), ("language", LANGUAGES), ("preferredLanguage", LANGUAGES), ("locale", LOCALES),
     ("mime_type", MIME_TYPES), ("contentType", MIME_TYPES)],
)  # fmt: skip
def test_codes_are_common_ones(name: str, pool: tuple[str, ...]) -> None:
    values = _field(name)
    assert set(values) <= set(pool)
    assert len(set(values)) > 3


@pytest.mark.parametrize("name", ["category", "type", "kind", "plan", "industry", "channel"])
def test_vocabulary_words_are_no_function_words(name: str) -> None:
    values = _field(name)
    assert not set(values) & FUNCTION_WORDS, values
    assert all(len(v) > 2 for v in values)


@pytest.mark.parametrize(
    ("title", "name", "allowed"),
    [
        ("Payment", "status", {"succeeded", "pending", "failed", "refunded", "canceled"}),
        ("Charge", "status", {"succeeded", "pending", "failed", "refunded", "canceled"}),
        (
            "Order",
            "status",
            {"pending", "paid", "processing", "shipped", "delivered", "cancelled", "refunded"},
        ),
        ("Invoice", "status", {"draft", "open", "paid", "void", "overdue"}),
        ("SupportTicket", "status", {"open", "in_progress", "pending", "resolved", "closed"}),
        ("Shipment", "status", {"label_created", "in_transit", "out_for_delivery", "delivered", "exception"}),
        ("Attendee", "response_status", {"accepted", "tentative", "declined", "needs_action"}),
        ("Payment", "method", {"card", "bank_transfer", "paypal", "apple_pay", "google_pay"}),
        ("HttpRequest", "method", {"GET", "POST", "PUT", "PATCH", "DELETE"}),
        ("LogEvent", "level", {"debug", "info", "warning", "error"}),
    ],
)
def test_vocabularies_follow_the_parent(title: str, name: str, allowed: set[str]) -> None:
    values = _field(name, title=title)
    assert set(values) <= allowed, values
    assert len(set(values)) > 2


def test_card_fields_under_a_card() -> None:
    card = {"type": "object", "properties": {"brand": {"type": "string"}, "funding": {"type": "string"},
                                             "last4": {"type": "string"}},
            "required": ["brand", "funding", "last4"]}  # fmt: skip
    schema = {"type": "object", "properties": {"card": card}, "required": ["card"]}
    for value in _values(schema):
        assert value["card"]["brand"] in {"visa", "mastercard", "amex", "discover"}
        assert value["card"]["funding"] in {"credit", "debit", "prepaid"}
        assert re.fullmatch(r"\d{4}", value["card"]["last4"])


def test_a_contacts_title_is_a_job_title() -> None:
    contact = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
    schema = {"type": "object", "properties": {"primaryContact": contact}, "required": ["primaryContact"]}
    jobs = set(_pool("en_US", "job"))
    assert all(v["primaryContact"]["title"] in jobs for v in _values(schema))


def test_a_described_city() -> None:
    values = _field("loc", description="City where the store is located")
    assert set(values) <= set(_pool("en_US", "city"))


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [("card_exp_year", 2026, 2032), ("quantity", 1, 10), ("qty", 1, 10), ("tax_rate", 0, 25),
     ("status_code", 200, 204), ("size_bytes", 1_000, 5_000_000), ("content-length", 1_000, 5_000_000),
     ("fileSize", 1_000, 5_000_000), ("created", 1_600_000_000, 1_735_000_000),
     ("updated_at", 1_600_000_000, 1_735_000_000)],
)  # fmt: skip
def test_numbers_follow_common_names(name: str, low: int, high: int) -> None:
    values = _field(name, "integer")
    assert all(low <= v <= high for v in values), values


@pytest.mark.parametrize("fmt", ["date", "date-time"])
def test_a_formatted_birth_date_is_decades_back(fmt: str) -> None:
    for value in _field("birthDate", format=fmt):
        born = dt.date.fromisoformat(value[:10])
        assert dt.date(1944, 1, 1) <= born <= dt.date(2007, 1, 1), value
        assert fmt == "date" or value.endswith("T00:00:00Z")


@pytest.mark.parametrize(
    ("name", "extra"),
    [("order_number", {"maxLength": 4}), ("priority", {"enum": ["P1", "P2"]}),
     ("status", {"pattern": "^[A-Z]+$"}), ("date_of_birth", {"format": "date", "pattern": "^2024"}),
     ("tracking_number", {"minLength": 30}),
     ("locale", {"pattern": "^[a-z]{2}_[A-Z]{2}$"}), ("card_last4", {"maxLength": 2})],
)  # fmt: skip
def test_constraints_win_over_names(name: str, extra: dict[str, Any]) -> None:
    _field(name, **extra)  # every value valid (checked in _values)


@pytest.mark.parametrize(("name", "maximum"), [("card_exp_year", 2000), ("quantity", 0), ("status_code", 99)])
def test_bounds_win_over_number_names(name: str, maximum: int) -> None:
    assert all(v <= maximum for v in _field(name, "integer", maximum=maximum, minimum=maximum - 5))


def test_values_are_pinned_for_a_seed() -> None:
    schema = {
        "type": "object",
        "title": "Order",
        "properties": {name: {"type": "string"} for name in
                       ("status", "order_number", "createdAt", "currency", "line1", "priority")},
        "required": ["status", "order_number", "createdAt", "currency", "line1", "priority"],
    }  # fmt: skip
    value = compile_generator(schema).generate(random.Random(7))
    assert value == PINNED


PINNED = {
    "status": "pending",
    "order_number": "ORD-930166",
    "createdAt": "2024-02-25T06:11:58Z",
    "currency": "GBP",
    "line1": "6374 Gordon Ferry",
    "priority": "urgent",
}
