"""Nested echo: an argument ``<prefix>_<field>`` (or ``prefixField``) echoes into the answer's
``<prefix>.<field>`` (``convert_time(source_timezone=...)`` answering ``source.timezone``,
``billing_country`` -> ``billing.country``), as a flat echo does: only a single object's field of
a compatible type, never an identifier, never over the input by memory. The mcp-server-time twin's
``source.timezone`` is checked in ``test_local_time.py`` and ``test_mcp_real_server_twin.py``."""

from __future__ import annotations

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec
from synthworld.world.consistency import plan_for


class Billing(TypedDict):
    country: str
    city: str


class Invoice(TypedDict):
    invoice_id: str
    billing: Billing
    total: float


@pytest.mark.parametrize("seed", range(4))
def test_a_prefixed_argument_echoes_into_the_object_of_its_prefix(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def create_invoice(billing_country: str, billingCity: str, total: float) -> Invoice: ...

    answer = create_invoice("NO", "Bergen", 12.5)
    assert answer["billing"] == {"country": "NO", "city": "Bergen"}
    assert world.trace[0].rules[0] == "echo"


def test_nested_echo_is_planned_only_for_a_field_of_a_compatible_type_and_never_for_an_id() -> None:
    returns = {
        "type": "object",
        "properties": {
            "source": {
                "type": "object",
                "properties": {
                    "zone": {"type": "string"},
                    "count": {"type": "integer"},
                    "id": {"type": "string"},
                },
            },
            "sources": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
        },
        "$defs": {"Item": {"type": "object", "properties": {"note": {"type": "string"}}}},
    }
    parameters = {
        "type": "object",
        "properties": {
            "source_zone": {"type": "string"},
            "source_count": {"type": "string"},  # a string cannot stand for an integer
            "source_id": {"type": "string"},  # an id: the nested ids and recall name it
            "source_note": {"type": "string"},  # the items of a list: hinted `source` too
        },
    }
    plan = plan_for(ToolSpec("fetch_report", "Fetch a report.", parameters, returns))
    assert plan.nested_echo == {"source": {"zone": "source_zone", "note": "source_note"}}


def test_the_items_of_a_list_under_the_prefix_are_not_echoed_into() -> None:
    returns = {
        "type": "object",
        "properties": {
            "sources": {
                "type": "array",
                "minItems": 2,
                "items": {"type": "object", "properties": {"note": {"type": "string"}}, "required": ["note"]},
            },
        },
        "required": ["sources"],
    }
    parameters = {"type": "object", "properties": {"source_note": {"type": "string"}}}
    with SyntheticWorld(seed=1) as world:
        world.register_tool(ToolSpec("fetch_report", "Fetch a report.", parameters, returns))
        answer = world.call("fetch_report", {"source_note": "ECHOED"})
    assert len(answer["sources"]) >= 2
    assert all(item["note"] != "ECHOED" for item in answer["sources"])


class Customer(TypedDict):
    id: str
    country: str


class Order(TypedDict):
    order_id: str
    customer: Customer


@pytest.mark.parametrize("seed", range(3))
def test_a_nested_echo_wins_over_the_remembered_entity_as_a_flat_echo_does(seed: int) -> None:
    """``customer_id`` recalls the customer into ``customer``; ``customer_country`` is what the
    input says of it, and memory does not override the input."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_customer(customer_id: str) -> Customer: ...
    @world.tool
    def create_order(customer_id: str, customer_country: str) -> Order: ...

    assert get_customer("C1")["country"] != "NO"
    assert create_order("C1", "NO")["customer"] == {"id": "C1", "country": "NO"}
