# mypy: disable-error-code="empty-body"
# (stub bodies never run: a world answers every call)
"""An online shop: look up a customer's orders, refund one, and email the customer."""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from synthworld import tool
from synthworld.examples._types import Count, Length, Money

__all__ = ["get_order", "refund_order", "search_orders", "send_email"]

OrderStatus = Literal["pending", "shipped", "delivered", "cancelled", "refunded"]


class OrderSummary(TypedDict):
    order_id: str
    status: OrderStatus
    total: Money
    placed_on: str


class LineItem(TypedDict):
    sku: str
    product_name: str
    quantity: Count
    unit_price: Money


class Order(TypedDict):
    order_id: str
    customer_email: str
    status: OrderStatus
    items: Annotated[list[LineItem], Length(min_length=1)]  # an order has at least one line
    total: Money
    currency: Literal["USD", "EUR", "GBP"]


class Refund(TypedDict):
    refund_id: str
    order_id: str
    amount: Money
    status: Literal["pending", "completed"]


class EmailReceipt(TypedDict):
    message_id: str
    status: Literal["queued", "sent"]


@tool
def search_orders(customer_email: str, status: OrderStatus | None = None) -> list[OrderSummary]:
    """Find a customer's orders, newest first.

    Args:
        customer_email: The customer's email address.
        status: Only return orders with this status.
    """


@tool
def get_order(order_id: str) -> Order:
    """Fetch one order with its line items.

    Args:
        order_id: The order's ID, as returned by search_orders.
    """


@tool(idempotent=False)
def refund_order(order_id: str, amount: Money, reason: str) -> Refund:
    """Refund (part of) an order to the customer's original payment method.

    Args:
        order_id: The order to refund.
        amount: How much to refund; at most the order total.
        reason: Why the customer gets a refund, for the audit log.
    """


@tool(idempotent=False)
def send_email(to: str, subject: str, body: str) -> EmailReceipt:
    """Send an email to a customer.

    Args:
        to: The recipient's email address.
        subject: The subject line.
        body: Plain-text body.
    """
