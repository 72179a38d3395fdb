"""The small world of `test_world` and `test_world_scripts`: an order lookup and a non-idempotent
ticket tool."""

from __future__ import annotations

from typing import Any, Literal

from typing_extensions import TypedDict

from synthworld import SyntheticWorld


class Order(TypedDict):
    order_id: str
    status: Literal["pending", "shipped", "delivered"]
    total: float


def make_world(**kw: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=7, **kw)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool(name="create_ticket", idempotent=False)
    def open_ticket(subject: str) -> dict:
        """Open a support ticket."""

    return world
