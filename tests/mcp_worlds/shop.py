"""A small shop world for the MCP tests: nested, optional, enum and list results, and one fault.

``world`` is served as is; ``build`` is a zero-argument factory for the ``module:attr`` form.
The first ``place_order`` call fails with a scripted ``rate_limit``; later calls succeed.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from synthworld import SyntheticWorld, ToolAnnotations


class Address(TypedDict):
    street: str
    city: str


class Customer(TypedDict):
    id: str
    name: str
    tier: Literal["free", "pro"]
    address: Address


class Product(TypedDict):
    sku: str
    title: str
    price: float


class Order(TypedDict):
    order_id: str
    status: Literal["placed", "backordered"]
    total: float


def build(seed: int = 0) -> SyntheticWorld:
    """A fresh shop world."""
    shop = SyntheticWorld(seed=seed)

    @shop.tool(annotations=ToolAnnotations(read_only=True, title="Get customer"))
    def get_customer(customer_id: str) -> Customer:
        """Fetch a customer by ID."""

    @shop.tool(annotations=ToolAnnotations(read_only=True))
    def search_products(
        query: str, limit: int = 5, category: Literal["books", "games"] | None = None
    ) -> list[Product]:
        """Search the catalogue."""

    @shop.tool(idempotent=False, annotations=ToolAnnotations(destructive=False))
    def place_order(customer_id: str, skus: list[str]) -> Order:
        """Place an order for some products."""

    shop.script("place_order", error="rate_limit", times=1)
    return shop


world = build()
