"""A person's age agrees with their date of birth, an invoice is due after it is issued; and the
values of common fields in a world's answers look like their names, over many seeds."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec

PARAMS: dict[str, Any] = {"type": "object", "properties": {"q": {"type": "string"}}}
NOW = dt.date(2025, 1, 1)  # the world's clock


def _world(properties: dict[str, Any], seed: int = 0, **spec: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=seed)
    returns = {"type": "object", "properties": properties, "required": list(properties), **spec}
    world.register_tool(ToolSpec("get_person", "Get a person.", PARAMS, returns))
    return world


def _years(born: dt.date) -> int:
    return NOW.year - born.year - ((NOW.month, NOW.day) < (born.month, born.day))


@pytest.mark.parametrize("birth", ["date_of_birth", "birthDate", "dob"])
def test_age_agrees_with_the_date_of_birth(birth: str) -> None:
    props = {"age": {"type": "integer"}, birth: {"type": "string", "format": "date"}}
    for seed in range(40):
        person = _world(props, seed).call("get_person", {"q": "x"})
        born = dt.date.fromisoformat(person[birth])
        assert person["age"] == _years(born), person
        assert 18 <= person["age"] <= 80


def test_an_age_its_schema_refuses_is_left_as_drawn() -> None:
    props = {
        "age": {"type": "integer", "minimum": 0, "maximum": 10},
        "dob": {"type": "string", "format": "date"},
    }
    for seed in range(10):
        person = _world(props, seed).call("get_person", {"q": "x"})
        assert 0 <= person["age"] <= 10


def test_an_echoed_age_is_kept() -> None:
    world = SyntheticWorld(seed=3)
    props = {"age": {"type": "integer"}, "dob": {"type": "string", "format": "date"}}
    returns = {"type": "object", "properties": props, "required": ["age", "dob"]}
    params = {"type": "object", "properties": {"age": {"type": "integer"}}, "required": ["age"]}
    world.register_tool(ToolSpec("find_person", "Find a person by age.", params, returns))
    assert world.call("find_person", {"age": 7})["age"] == 7


def test_an_invoice_is_due_after_it_is_issued() -> None:
    props = {
        "issue_date": {"type": "string", "format": "date"},
        "due_date": {"type": "string", "format": "date"},
    }
    for seed in range(30):
        invoice = _world(props, seed).call("get_person", {"q": "x"})
        assert invoice["issue_date"] <= invoice["due_date"], invoice


class Address(TypedDict):
    line1: str
    city: str
    zip_code: str
    country: str


class Account(TypedDict):
    accountId: str
    emailAddress: str
    phoneNumber: str
    createdAt: str
    updatedAt: str
    billingCurrency: str
    preferredLanguage: str
    last_login_ip: str
    status: str
    address: Address


def test_a_camel_case_account_looks_right_over_many_seeds() -> None:
    for seed in range(40):
        world = SyntheticWorld(seed=seed)

        @world.tool
        def get_account(account_id: str) -> Account:
            """Fetch an account."""

        account = get_account("a1")
        assert re.fullmatch(r"[^@\s]+@example\.(com|org|net)", account["emailAddress"]), account
        assert "x" not in account["phoneNumber"]
        assert sum(c.isdigit() for c in account["phoneNumber"]) >= 10
        assert account["createdAt"] <= account["updatedAt"] <= "2025-01-01T00:00:00Z"
        assert re.fullmatch(r"[A-Z]{3}", account["billingCurrency"])
        assert re.fullmatch(r"[a-z]{2}", account["preferredLanguage"])
        assert re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", account["last_login_ip"])
        assert re.match(r"\d+ \w", account["address"]["line1"]), account["address"]
        assert account["status"] in {"active", "inactive", "pending", "suspended"}  # an account's
