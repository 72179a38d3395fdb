"""Values that look right where they stand, on schemas written by others (bench/bench_context_realism.py):
each case failed before its fix."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from random import Random

from typing_extensions import TypedDict

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator

STRIPE = Path(__file__).parent / "openapi" / "stripe-products-slice.json"


class Day(TypedDict):
    date: dt.date
    min_temp_c: float
    max_temp_c: float
    sunrise: str
    sunset: str


class Forecast(TypedDict):
    location: str
    days: list[Day]


def test_a_list_named_like_a_scalar_input_keeps_its_rules() -> None:
    # get_forecast(days=3) answering a list of days: the input's 3 is no value for the list, and
    # echoing it (then undoing it) used to skip every rule inside the days (min above max)
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_forecast(city: str, days: int = 3) -> Forecast: ...

    seen = [day for i in range(30) for day in get_forecast(f"city {i}")["days"]]
    assert len(seen) > 30
    assert all(day["min_temp_c"] <= day["max_temp_c"] for day in seen)


def test_sunrise_and_sunset_are_times_of_day() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_forecast(city: str) -> Forecast: ...

    days = [day for i in range(10) for day in get_forecast(f"city {i}")["days"]]
    assert days
    assert all(re.fullmatch(r"0[5-7]:[0-5]\d", d["sunrise"]) for d in days)
    assert all(re.fullmatch(r"(1[7-9]|20):[0-5]\d", d["sunset"]) for d in days)


class Page(TypedDict):
    contacts: list[dict[str, str]]
    total: int
    has_more: bool
    next_cursor: str | None


def test_has_more_says_what_the_cursor_says() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def search_contacts(query: str) -> Page: ...

    pages = [search_contacts(f"q{i}") for i in range(40)]
    assert {page["has_more"] for page in pages} == {True, False}
    for page in pages:
        assert page["has_more"] == (page["next_cursor"] not in (None, ""))
        if not page["has_more"]:  # the last page: its total is what it holds
            assert page["total"] == len(page["contacts"])


def test_a_two_letter_country_is_an_iso_code() -> None:
    schema = {
        "type": "object",
        "properties": {"country": {"type": "string", "minLength": 2, "maxLength": 2}},
        "required": ["country"],
    }
    gen = compile_generator(schema)
    codes = [gen.generate(Random(seed))["country"] for seed in range(30)]
    assert all(re.fullmatch(r"[A-Z]{2}", code) for code in codes), codes


def test_an_objects_type_field_names_the_object() -> None:
    schema = {
        "$defs": {
            "Customer": {
                "type": "object",
                "properties": {"object": {"type": "string"}, "kind": {"type": "string"}},
                "required": ["object", "kind"],
            },
            "PaymentIntent": {
                "type": "object",
                "properties": {"object": {"type": "string"}},
                "required": ["object"],
            },
        },
        "type": "object",
        "properties": {
            "customer": {"$ref": "#/$defs/Customer"},
            "payment_intent": {"$ref": "#/$defs/PaymentIntent"},
        },
        "required": ["customer", "payment_intent"],
    }
    value = compile_generator(schema).generate(Random(1))
    assert value["customer"] == {"object": "customer", "kind": "Customer"}
    assert value["payment_intent"] == {"object": "payment_intent"}


def test_stripe_ids_carry_their_objects_prefix() -> None:
    world = SyntheticWorld.from_openapi(STRIPE, seed=3)
    prefixes = {"price": "price_", "product": "prod_"}
    found = 0
    for name in ("GetPrices", "GetProducts", "PostPrices", "PostProducts"):
        args = compile_generator(world.tools[name].parameters).generate(Random(3))
        answer = world.call(name, args)
        for obj in answer.get("data", [answer]):
            if obj.get("object") in prefixes:
                found += 1
                assert re.fullmatch(prefixes[obj["object"]] + r"[A-Za-z0-9]{14}", obj["id"]), json.dumps(obj)
    assert found >= 3


class Employee(TypedDict):
    department: str
    industry: str
    salary: float
    feels_like_c: float


def test_departments_industries_salaries_and_felt_temperatures_look_real() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_employee(employee_id: str) -> Employee: ...

    rows = [get_employee(f"e{i}") for i in range(20)]
    assert all(row["department"][0].isupper() for row in rows)  # "Engineering", not "choose"
    assert all(row["industry"][0].isupper() for row in rows)
    assert all(30_000 <= row["salary"] <= 250_000 for row in rows)
    assert all(-10 <= row["feels_like_c"] <= 35 for row in rows)


class Contact(TypedDict):
    name: str
    phone: str
    country: str


PLUS_ONE = {"United States", "Canada", "Bahamas", "Barbados", "Bermuda", "Jamaica", "Puerto Rico", "Guam",
            "Trinidad and Tobago", "Dominican Republic", "Cayman Islands", "Virgin Islands, U.S.",
            "Antigua and Barbuda", "Grenada", "Saint Lucia", "Dominica", "Saint Kitts and Nevis",
            "Saint Vincent and the Grenadines", "Anguilla", "Montserrat", "Turks and Caicos Islands",
            "British Virgin Islands", "Sint Maarten", "Northern Mariana Islands", "American Samoa",
            "United States Minor Outlying Islands"}  # fmt: skip


def test_a_phone_dials_the_code_of_the_country_beside_it() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_contact(contact_id: str) -> Contact: ...

    north_american = re.compile(r"^(\+?1[-. ]?|001-)?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4}$")
    rows = [get_contact(f"c{i}") for i in range(40)]
    moved = [row for row in rows if row["phone"].startswith("+") and not row["phone"].startswith("+1")]
    assert moved  # "+44 329 301 9766" beside the United Kingdom
    for row in rows:
        if north_american.match(row["phone"]):
            assert row["country"] in PLUS_ONE, row
    assert get_contact("c1") == rows[1]  # the same call, the same answer


class Reading(TypedDict):
    station: str
    observed_at: dt.datetime
    shipped_at: dt.datetime
    timestamp: dt.datetime


def test_times_something_was_seen_or_done_are_not_after_now() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_reading(station: str) -> Reading: ...

    now = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)  # the world clock's start
    rows = [get_reading(f"s{i}") for i in range(60)]
    for key in ("observed_at", "shipped_at", "timestamp"):
        assert all(dt.datetime.fromisoformat(row[key]) <= now for row in rows), key


K8S = Path(__file__).parent / "openapi" / "kubernetes-apiextensions-slice.json"


def test_api_versions_and_machine_addresses_look_like_kubernetes_ones() -> None:
    world = SyntheticWorld.from_openapi(K8S, seed=0)
    answer = world.call("getApiextensionsAPIGroup", {})
    assert re.fullmatch(r"v\d+\w*|[a-z.]+/v\d+|\d{4}-\d{2}-\d{2}", answer["apiVersion"])  # not 0.16.7
    generate = compile_generator(world.tools["getApiextensionsAPIGroup"].returns).generate
    pairs = [
        pair for seed in range(8) for pair in generate(Random(seed)).get("serverAddressByClientCIDRs", [])
    ]
    assert pairs
    for pair in pairs:  # not "738 Shannon Turnpike Suite 957" nor "sister"
        assert re.fullmatch(r"10\.\d+\.\d+\.\d+:\d+", pair["serverAddress"]), pair
        assert re.fullmatch(r"10\.\d+\.\d+\.0/(16|24)", pair["clientCIDR"]), pair


def test_docker_networks_have_docker_drivers_scopes_and_types() -> None:
    world = SyntheticWorld.from_openapi(Path(__file__).parent / "openapi" / "docker-engine-1.53.yaml", seed=0)
    generate = compile_generator(world.tools["NetworkList"].returns).generate
    networks = [net for seed in range(10) for net in generate(Random(seed))]
    drivers = [net["Driver"] for net in networks if "Driver" in net]
    scopes = [net["Scope"] for net in networks if "Scope" in net]
    assert drivers
    assert scopes
    assert set(drivers) <= {"bridge", "overlay", "macvlan", "host"}  # not "make"
    assert set(scopes) <= {"local", "swarm", "global"}  # not "hold"
