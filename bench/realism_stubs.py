"""Stubs as users write them, for ``bench_field_realism.py``: pydantic models, TypedDicts and
dataclasses with the field names of typical APIs (users, orders, payments, invoices, shipments,
tickets, calendar events, files, repositories and issues, products, places, log events), in
snake_case, camelCase and kebab-case, nested, in lists, optional; and raw JSON Schemas shaped like
OpenAPI documents (Stripe-like, GitHub-like)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import NotRequired, TypedDict

from synthworld import SyntheticWorld, ToolSpec

__all__ = ["make_cross_world", "make_world"]


# -- users ---------------------------------------------------------------------------------------


class Address(BaseModel):
    line1: str
    line2: str | None = None
    city: str
    state: str
    zip_code: str
    country: str


class User(BaseModel):
    id: str
    first_name: str
    last_name: str
    full_name: str
    email: str
    username: str
    phone: str
    age: int
    date_of_birth: dt.date
    avatar_url: str
    bio: str | None = None
    language: str
    timezone: str
    locale: str
    country: str
    address: Address
    created_at: dt.datetime
    updated_at: dt.datetime
    last_login_ip: str
    is_active: bool
    role: Literal["admin", "member", "viewer"]


class Profile(BaseModel):
    """camelCase, as a JavaScript API sends it."""

    model_config = ConfigDict(populate_by_name=True)
    userId: str
    firstName: str
    lastName: str
    displayName: str
    emailAddress: str
    phoneNumber: str
    jobTitle: str
    companyName: str
    websiteUrl: str
    createdAt: str
    updatedAt: str
    lastSeenAt: str | None = None
    profileImageUrl: str
    countryCode: str
    preferredLanguage: str


# -- orders, payments, invoices --------------------------------------------------------------


class LineItem(TypedDict):
    sku: str
    product_name: str
    quantity: int
    unit_price: float
    discount: NotRequired[float]
    total: float


class Order(TypedDict):
    order_id: str
    order_number: str
    customer_id: str
    customer_email: str
    status: str
    currency: str
    subtotal: float
    tax: float
    shipping_cost: float
    total: float
    items: list[LineItem]
    shipping_address: Address
    placed_at: str
    updated_at: str
    notes: NotRequired[str]
    tracking_number: NotRequired[str]
    coupon_code: NotRequired[str]


@dataclass
class Payment:
    payment_id: str
    amount: Decimal
    currency: str
    status: str
    method: str
    card_brand: str
    card_last4: str
    card_exp_month: int
    card_exp_year: int
    iban: str
    description: str
    receipt_url: str
    created_at: dt.datetime
    refunded_at: dt.datetime | None = None


class Invoice(BaseModel):
    invoice_id: str
    invoice_number: str
    customer_name: str
    billing_email: str
    issue_date: dt.date
    due_date: dt.date
    amount_due: float
    amount_paid: float
    tax_rate: float
    vat_number: str
    currency: str
    status: str
    pdf_url: str
    memo: str | None = None


# -- shipments, tickets, events, files ----------------------------------------------------------


class Shipment(BaseModel):
    shipment_id: str
    tracking_number: str
    carrier: str
    service_level: str
    weight_kg: float
    origin_city: str
    destination_city: str
    destination_country: str
    postal_code: str
    shipped_at: dt.datetime
    estimated_delivery: dt.date
    delivered_at: dt.datetime | None = None
    status: str


class Ticket(BaseModel):
    ticket_id: str
    subject: str
    description: str
    priority: str
    status: str
    severity: str
    assignee: str
    reporter_email: str
    tags: list[str]
    created_at: dt.datetime
    resolved_at: dt.datetime | None = None
    satisfaction_score: int | None = None
    channel: str


class Attendee(TypedDict):
    name: str
    email: str
    response_status: str


class CalendarEvent(TypedDict):
    event_id: str
    title: str
    description: str
    location: str
    start_time: str
    end_time: str
    timezone: str
    organizer_email: str
    attendees: list[Attendee]
    meeting_url: str
    recurrence: NotRequired[str]
    duration_minutes: int


@dataclass
class FileInfo:
    file_id: str
    file_name: str
    mime_type: str
    size_bytes: int
    checksum: str
    download_url: str
    owner: str
    folder_path: str
    extension: str
    uploaded_at: dt.datetime


# -- repos, products, places, logs ----------------------------------------------------------


class Issue(BaseModel):
    number: int
    title: str
    body: str
    state: Literal["open", "closed"]
    labels: list[str]
    author: str
    html_url: str
    comments: int
    created_at: dt.datetime
    updated_at: dt.datetime
    closed_at: dt.datetime | None = None


class Repo(BaseModel):
    id: int
    name: str
    full_name: str
    description: str
    default_branch: str
    language: str
    stars: int
    forks_count: int
    open_issues_count: int
    license: str
    homepage: str
    clone_url: str
    topics: list[str]
    pushed_at: dt.datetime


class Product(BaseModel):
    product_id: str
    name: str
    brand: str
    category: str
    price: float
    sale_price: float | None = None
    currency: str
    stock_quantity: int
    rating: float
    review_count: int
    weight_grams: int
    color: str
    size: str
    barcode: str
    image_url: str
    description: str


class Place(TypedDict):
    place_id: str
    name: str
    address: str
    city: str
    country: str
    latitude: float
    longitude: float
    rating: float
    phone_number: str
    website: str
    opening_hours: str
    price_level: int
    category: str


class LogEvent(BaseModel):
    timestamp: dt.datetime
    level: str
    service: str
    host: str
    ip: str
    user_agent: str
    method: str
    path: str
    status_code: int
    duration_ms: int
    request_id: str
    trace_id: str
    message: str
    error_code: str | None = None


class Vague(BaseModel):
    """Fields with vague names and a description saying what they hold."""

    value: str = Field(description="The customer's e-mail address")
    ref: str = Field(description="ISO 4217 currency code of the charge")
    loc: str = Field(description="City where the store is located")
    when: str = Field(description="Date and time the record was created, ISO 8601")
    pct: float = Field(description="Share of the total, in percent")
    code: str = Field(description="Two-letter ISO 3166 country code")
    tel: str = Field(description="Contact phone number")
    link: str = Field(description="Link to the receipt")


class Pagination(TypedDict):
    page: int
    per_page: int
    total_pages: int
    total_count: int
    next_cursor: str | None


class UserPage(TypedDict):
    data: list[User]
    pagination: Pagination


# -- bookings, refunds, lists with counts -----------------------------------------------------


class HotelBooking(BaseModel):
    booking_id: str
    hotel_name: str
    check_in: dt.date
    check_out: dt.date
    nights: int
    guests: int
    total_price: float
    refund_amount: float | None = None
    currency: str
    status: str


class FlightBooking(TypedDict):
    booking_id: str
    flight_number: str
    departure_time: str
    arrival_time: str
    duration_minutes: int
    price: float


class Refund(TypedDict):
    refund_id: str
    amount: float
    reason: str


class Cancellation(TypedDict):
    booking_id: str
    status: str
    total_paid: float
    refund: Refund


class Attachment(TypedDict):
    id: str
    filename: str
    contentType: str
    size: int


class Message(TypedDict):
    message_id: str
    subject: str
    attachments: list[Attachment]


class OrderSearch(TypedDict):
    count: int
    orders: list[Order]


class ProductPage(TypedDict):
    """A flat page: the paging fields beside the items."""

    items: list[Product]
    page: int
    page_size: int
    total_pages: int
    total: int
    has_more: bool


class PageMeta(TypedDict):
    page: int
    limit: int
    total_pages: int
    total_count: int
    has_next: bool


class TicketPage(TypedDict):
    """A page whose paging fields are in a ``meta`` object."""

    tickets: list[Ticket]
    meta: PageMeta


class RefundResult(TypedDict):
    refund_id: str
    order_id: str
    amount: float
    status: str


# -- raw JSON Schemas, as in OpenAPI documents --------------------------------------------------

RAW: dict[str, Any] = {
    name: schema
    for name, schema in json.loads(
        (Path(__file__).parent / "data" / "field_realism_raw.json").read_text()
    ).items()
    if not name.startswith("_")
}


def make_world(seed: int) -> SyntheticWorld:
    """A world of every stub, answering from the default random backend."""
    world = SyntheticWorld(seed=seed)
    returns: dict[str, Any] = {
        "get_user": User, "get_profile": Profile, "get_order": Order, "get_payment": Payment,
        "get_invoice": Invoice, "get_shipment": Shipment, "get_ticket": Ticket,
        "get_event": CalendarEvent, "get_file": FileInfo, "get_issue": Issue, "get_repo": Repo,
        "get_product": Product, "get_place": Place, "get_log_event": LogEvent, "get_vague": Vague,
        "list_users": UserPage, "get_booking": HotelBooking, "get_flight_booking": FlightBooking,
        "cancel_booking": Cancellation, "get_message": Message, "search_orders": OrderSearch,
        "list_products": ProductPage, "list_tickets": TicketPage,
    }  # fmt: skip
    for name, kind in returns.items():
        stub = _stub(name, kind)
        world.tool(stub)
    for name, schema in RAW.items():
        world.register_tool(
            ToolSpec(name, f"{name} as an API documents it", {"type": "object", "properties": {}}, schema)
        )
    return world


def make_cross_world(seed: int) -> SyntheticWorld:
    """A world whose tools answer about one entity across calls: an order, then its refund."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order by its ID."""

    @world.tool
    def refund_order(order_id: str) -> RefundResult:
        """Refund an order."""

    return world


def _stub(name: str, kind: Any) -> Any:
    def stub() -> Any:
        """A stub."""

    stub.__name__ = name
    stub.__annotations__ = {"return": kind}
    return stub
