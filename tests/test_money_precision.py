"""Money written as text has cents: a string named like an amount of money (``price``,
``amount_due``, ``total``, a ``Decimal`` field) is ``"84.50"``, not ``"98847.16348"`` nor a
word, whenever its pattern and lengths take that (else a whole ``"85"``, else what the pattern
builds); and money in a currency without minor units (``JPY``) is whole, as text or number,
where the schema takes it. Every value stays valid; over many seeds."""

from __future__ import annotations

import decimal
import re
from dataclasses import dataclass
from typing import Any, Literal

import jsonschema
import pytest

from synthworld import SyntheticWorld, generate

SEEDS = range(30)
_DECIMAL = r"^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)$"  # pydantic's Decimal
_CENTS = re.compile(r"\d+\.\d\d")


def _values(schema: dict[str, Any], key: str) -> list[Any]:
    wrapped = {"type": "object", "properties": {key: schema}, "required": [key]}
    out = []
    for seed in SEEDS:
        value = generate(wrapped, seed=seed)
        jsonschema.validate(value, wrapped)
        out.append(value[key])
    return out


@pytest.mark.parametrize("key", ["price", "amount_due", "unitPrice", "total", "account_balance"])
def test_money_text_has_two_decimals(key: str) -> None:
    for schema in ({"type": "string", "pattern": _DECIMAL}, {"type": "string"}):
        assert all(_CENTS.fullmatch(v) for v in _values(schema, key)), schema
    for schema in _REFUSING:  # money in another shape: what the schema builds, valid
        assert not any(_CENTS.fullmatch(v) for v in _values(schema, key)), schema


_REFUSING = (
    {"type": "string", "pattern": r"^[A-Z]{3} \d+$"},
    {"type": "string", "maxLength": 3},
    {"type": "string", "format": "email"},
)


def test_money_text_is_whole_and_plausible_when_the_pattern_takes_no_cents() -> None:
    values = _values({"type": "string", "pattern": r"^\d+$"}, "price")
    assert all(1 <= int(v) <= 1000 for v in values), values
    not_money = _values({"type": "string"}, "total_pages") + _values({"type": "string"}, "fee_rate")
    assert not any(_CENTS.fullmatch(v) for v in not_money)  # a count and a rate are no money


@dataclass
class Price:
    price_id: str
    amount: decimal.Decimal
    list_price: float
    currency: Literal["JPY"]


@dataclass
class Cents:
    price_id: str
    amount: decimal.Decimal
    list_price: float
    currency: Literal["USD"]


def _answers(returns: type) -> list[dict[str, Any]]:
    out = []
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)
        world.tool(name="get_price")(_stub(returns))
        answer = world.call("get_price", {"price_id": "p1"})
        jsonschema.validate(answer, world.tools["get_price"].returns)
        out.append(answer)
    return out


def _stub(returns: type) -> Any:
    def get_price(price_id: str) -> Any:
        """Fetch a price."""

    get_price.__annotations__["return"] = returns
    return get_price


def test_yen_are_whole() -> None:
    answers = _answers(Price)
    assert all(float(a["list_price"]).is_integer() for a in answers)
    assert all(re.fullmatch(r"\d+", a["amount"]) for a in answers)


def test_dollars_keep_their_cents() -> None:
    answers = _answers(Cents)
    assert all(_CENTS.fullmatch(a["amount"]) for a in answers)
    assert any(not float(a["list_price"]).is_integer() for a in answers)


@dataclass
class Fils:
    price_id: str
    amount: decimal.Decimal
    fee: str
    currency: Literal["KWD", "BHD", "OMR", "JOD", "TND", "LYD", "IQD"]


def test_money_text_in_a_three_decimal_currency_has_three_decimals() -> None:
    answers = _answers(Fils)
    assert {a["currency"] for a in answers} >= {"KWD", "BHD", "IQD"}
    assert all(re.fullmatch(r"\d+\.\d{3}", a["amount"]) for a in answers), answers
    assert all(re.fullmatch(r"\d+\.\d{3}", a["fee"]) for a in answers), answers
