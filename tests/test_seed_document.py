"""The examples of the normative seed document (shared/seeds/001), to the letter."""

from typing import Any

import pytest

import synthworld
from synthworld import SyntheticWorld, ToolSpec


def get_user(user_id: str, include_email: bool = False) -> dict:
    """Fetch a user by ID."""


def search_orders(customer_id: str, status: str = "all", limit: int = 20) -> list:
    """Search orders by customer and optional status filter."""


def test_from_function_get_user_matches_the_document() -> None:
    spec = ToolSpec.from_function(get_user)
    assert spec.name == "get_user"
    assert spec.description == "Fetch a user by ID."
    assert spec.parameters == {
        "type": "object",
        "properties": {
            "user_id": {"type": "string"},
            "include_email": {"type": "boolean"},
        },
        "required": ["user_id"],
    }
    assert spec.returns == {"type": "object"}


def test_build_input_matches_the_document() -> None:
    spec = ToolSpec.from_function(get_user)
    assert spec.build_input("u1", include_email=True) == {"user_id": "u1", "include_email": True}


def test_search_orders_to_schema() -> None:
    spec = ToolSpec.from_function(search_orders)
    assert spec.to_schema() == {
        "name": "search_orders",
        "description": "Search orders by customer and optional status filter.",
        "parameters": {
            "type": "object",
            "properties": {
                "customer_id": {"type": "string"},
                "status": {"type": "string"},
                "limit": {"type": "integer"},
            },
            "required": ["customer_id"],
        },
        "returns": {"type": "array"},
    }
    assert spec.param_names == ["customer_id", "status", "limit"]


def test_type_mapping_table() -> None:
    def every_type(a: str, b: int, c: float, d: bool, e: list, f: dict) -> None: ...

    properties = ToolSpec.from_function(every_type).parameters["properties"]
    assert properties == {
        "a": {"type": "string"},
        "b": {"type": "integer"},
        "c": {"type": "number"},
        "d": {"type": "boolean"},
        "e": {"type": "array"},
        "f": {"type": "object"},
    }


def test_constructor_positional_order_and_param_names_default() -> None:
    spec = ToolSpec("t", "d", {"type": "object", "properties": {}}, {"type": "string"}, ["x"][:0])
    assert (spec.name, spec.description, spec.param_names) == ("t", "d", [])
    assert ToolSpec("t", "d", {"type": "object"}, {}).param_names is None


MANUAL_SCHEMA = """
from rdk.synthetic import ToolSpec

spec = ToolSpec(
    name="create_invoice",
    description="Create an invoice for a customer",
    parameters={
        "type": "object",
        "properties": {
            "customer_id": {"type": "string"},
            "amount": {"type": "number"},
            "currency": {"type": "string"},
        },
        "required": ["customer_id", "amount"],
    },
    returns={
        "type": "object",
        "properties": {
            "invoice_id": {"type": "string"},
            "status": {"type": "string"},
            "created_at": {"type": "string"},
        },
        "required": ["invoice_id", "status"],
    },
)

world.register_tool(spec)
result = world.call("create_invoice", {"customer_id": "c1", "amount": 99.99})
"""

FROM_FUNCTION = '''
from rdk.synthetic import ToolSpec

def search_orders(customer_id: str, status: str = "all", limit: int = 20) -> list:
    """Search orders by customer and optional status filter."""
    ...

spec = ToolSpec.from_function(search_orders)
print(spec.to_schema())
'''


def test_the_examples_run_as_written_import_line_included(capsys: pytest.CaptureFixture[str]) -> None:
    import rdk.synthetic

    assert rdk.synthetic.ToolSpec is ToolSpec
    assert rdk.synthetic.SyntheticWorld is SyntheticWorld
    assert set(rdk.synthetic.__all__) == set(synthworld.__all__)
    world = SyntheticWorld(seed=7)
    names: dict[str, Any] = {"world": world}
    exec(MANUAL_SCHEMA, names)
    result = names["result"]
    assert isinstance(result, dict)
    assert {"invoice_id", "status"} <= set(result) <= {"invoice_id", "status", "created_at"}
    assert all(isinstance(result[key], str) for key in result)
    assert world.call("create_invoice", {"customer_id": "c1", "amount": 99.99}) == result
    exec(FROM_FUNCTION, {})
    assert capsys.readouterr().out.startswith("{'name': 'search_orders', 'description': 'Search orders")
