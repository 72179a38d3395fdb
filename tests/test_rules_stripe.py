"""Stripe-style money agrees: ``amount_total`` is ``amount_subtotal`` plus the ``total_details``
(tax, shipping, less discount); no more is captured than the ``amount``, no more refunded than
captured. Over many seeds; the schema always wins."""

from __future__ import annotations

from typing import Any

import jsonschema

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(40)
INT = {"type": "integer"}


def _object(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props)}


def _answers(name: str, returns: dict[str, Any]) -> list[Any]:
    out = []
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)
        world.register_tool(ToolSpec(name, "A tool.", {"type": "object", "properties": {}}, returns))
        answer = world.call(name, {})
        jsonschema.validate(answer, returns)
        out.append(answer)
    return out


def test_a_sessions_total_is_its_subtotal_and_total_details() -> None:
    details = _object({"amount_discount": INT, "amount_shipping": INT, "amount_tax": INT})
    returns = _object(
        {"id": {"type": "string"}, "amount_subtotal": INT, "amount_total": INT, "total_details": details}
    )
    for session in _answers("get_checkout_session", returns):
        parts = session["total_details"]
        extras = parts["amount_tax"] + parts["amount_shipping"] - parts["amount_discount"]
        assert session["amount_total"] == session["amount_subtotal"] + extras, session
        assert session["amount_total"] >= 0, session


def test_a_charge_captures_at_most_its_amount_and_refunds_at_most_what_it_captured() -> None:
    returns = _object(
        {"id": {"type": "string"}, "amount": INT, "amount_captured": INT, "amount_refunded": INT}
    )
    for charge in _answers("get_charge", returns):
        assert 0 <= charge["amount_captured"] <= charge["amount"], charge
        assert charge["amount_refunded"] <= charge["amount_captured"], charge


def test_a_capture_without_refunds_is_within_the_amount_too() -> None:
    returns = _object({"id": {"type": "string"}, "amount": INT, "amount_received": INT})
    for intent in _answers("get_payment_intent", returns):
        assert intent["amount_received"] <= intent["amount"], intent
