"""Money written as text (a ``Decimal`` field: a string with a number pattern) is not negative
where the field's name says it is a price, an amount or a total, unless the schema says it must
be; over many seeds."""

from __future__ import annotations

import decimal
from dataclasses import dataclass

import jsonschema

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(40)


@dataclass
class Payment:
    payment_id: str
    amount: decimal.Decimal
    unit_price: decimal.Decimal


def test_decimal_prices_and_amounts_are_not_negative() -> None:
    signs = set()
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)

        @world.tool
        def get_payment(payment_id: str) -> Payment:
            """Fetch a payment."""

        answer = world.call(get_payment.__name__, {"payment_id": "p1"})
        jsonschema.validate(answer, world.tools["get_payment"].returns)
        for key in ("amount", "unit_price"):
            assert decimal.Decimal(answer[key]) >= 0, answer
            signs.add(answer[key].startswith("-"))
    assert signs == {False}


def test_money_text_the_schema_wants_negative_stays_negative() -> None:
    text = {"type": "string", "pattern": r"^-?\d+(\.\d+)?$"}
    props = {"total": text, "credit_amount": {"type": "string", "pattern": r"^-\d+$"}}
    returns = {"type": "object", "properties": props, "required": list(props)}
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)
        world.register_tool(ToolSpec("get_credit", "A credit note.", {"type": "object"}, returns))
        answer = world.call("get_credit", {})
        jsonschema.validate(answer, returns)
        assert not answer["total"].startswith("-"), answer
        assert answer["credit_amount"].startswith("-"), answer
