"""Twenty typed stubs in the style of real agent tools, for ``bench_context_realism.py``: a CRM,
a calendar, GitHub issues, flights, weather, payments, HR, support, shipping and storage, written
the way people write them for an agent (pydantic models, TypedDicts, dataclasses; nested records,
lists with counts and cursors), not tuned to synthworld's conventions."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel
from typing_extensions import NotRequired, TypedDict

from synthworld import SyntheticWorld

__all__ = ["make_stub_world"]


class Contact(BaseModel):
    id: str
    first_name: str
    last_name: str
    email: str
    phone: str
    company: str
    job_title: str
    country: str
    created_at: dt.datetime
    updated_at: dt.datetime


class ContactList(TypedDict):
    contacts: list[Contact]
    total: int
    has_more: bool
    next_cursor: str | None


class Deal(BaseModel):
    deal_id: str
    name: str
    amount: float
    currency: str
    stage: Literal["prospecting", "negotiation", "closed_won", "closed_lost"]
    probability: int
    close_date: dt.date
    owner_email: str
    created_at: dt.datetime


class Attendee(TypedDict):
    name: str
    email: str
    response_status: Literal["accepted", "declined", "tentative", "needsAction"]


class Event(TypedDict):
    id: str
    summary: str
    description: str
    location: str
    start: dt.datetime
    end: dt.datetime
    timezone: str
    attendees: list[Attendee]
    html_link: str
    created: dt.datetime
    updated: dt.datetime


class FreeSlot(TypedDict):
    start_time: dt.datetime
    end_time: dt.datetime
    duration_minutes: int


class Label(TypedDict):
    name: str
    color: str


class GitHubUser(TypedDict):
    login: str
    id: int
    html_url: str
    avatar_url: str


class GitHubIssue(BaseModel):
    number: int
    title: str
    body: str | None
    state: Literal["open", "closed"]
    user: GitHubUser
    labels: list[Label]
    comments: int
    html_url: str
    created_at: dt.datetime
    updated_at: dt.datetime
    closed_at: dt.datetime | None


class IssueSearch(TypedDict):
    total_count: int
    incomplete_results: bool
    items: list[GitHubIssue]


class FlightOffer(TypedDict):
    flight_number: str
    airline: str
    origin: str
    destination: str
    departure_time: dt.datetime
    arrival_time: dt.datetime
    duration_minutes: int
    price: float
    currency: str
    seats_left: int


class FlightSearch(TypedDict):
    offers: list[FlightOffer]
    count: int


class CurrentWeather(BaseModel):
    city: str
    country: str
    latitude: float
    longitude: float
    temperature_c: float
    feels_like_c: float
    humidity: int
    wind_speed_kph: float
    condition: str
    observed_at: dt.datetime


class DayForecast(TypedDict):
    date: dt.date
    min_temp_c: float
    max_temp_c: float
    precipitation_probability: int
    sunrise: str
    sunset: str


class Forecast(TypedDict):
    location: str
    days: list[DayForecast]


@dataclass
class Charge:
    id: str
    amount: int
    currency: str
    status: Literal["succeeded", "pending", "failed"]
    customer_id: str
    description: str
    receipt_email: str
    receipt_url: str
    created: int
    refunded: bool
    amount_refunded: int


class Employee(BaseModel):
    employee_id: str
    full_name: str
    work_email: str
    department: str
    title: str
    manager_name: str
    hire_date: dt.date
    salary: float
    salary_currency: str
    office_country: str
    phone: str


class LeaveRequest(TypedDict):
    request_id: str
    employee_id: str
    leave_type: Literal["vacation", "sick", "parental", "unpaid"]
    start_date: dt.date
    end_date: dt.date
    days: int
    status: Literal["pending", "approved", "rejected"]
    submitted_at: dt.datetime


class SupportTicket(BaseModel):
    ticket_id: str
    subject: str
    description: str
    priority: Literal["low", "normal", "high", "urgent"]
    requester_name: str
    requester_email: str
    assignee: str | None
    tags: list[str]
    created_at: dt.datetime
    updated_at: dt.datetime
    resolved_at: dt.datetime | None


class TrackingEvent(TypedDict):
    timestamp: dt.datetime
    location: str
    description: str


class Shipment(TypedDict):
    tracking_number: str
    carrier: str
    status: Literal["label_created", "in_transit", "delivered", "exception"]
    shipped_at: dt.datetime
    estimated_delivery: dt.date
    destination_postal_code: str
    destination_country: str
    events: list[TrackingEvent]


class StoredFile(TypedDict):
    file_id: str
    filename: str
    mime_type: str
    size_bytes: int
    url: str
    created_at: dt.datetime
    modified_at: dt.datetime


class FilePage(TypedDict):
    files: list[StoredFile]
    page: int
    page_size: int
    total_pages: int
    total_items: int
    next_page_token: NotRequired[str | None]


class Company(BaseModel):
    company_id: str
    name: str
    domain: str
    website: str
    industry: str
    employee_count: int
    annual_revenue: float
    founded_year: int
    headquarters_city: str
    headquarters_country: str


class Hotel(TypedDict):
    hotel_id: str
    name: str
    address: str
    city: str
    country: str
    star_rating: int
    rating: float
    price_per_night: float
    currency: str
    check_in: dt.date
    check_out: dt.date


class Review(TypedDict):
    review_id: str
    author_name: str
    rating: int
    title: str
    text: str
    created_at: dt.datetime


class ExchangeRate(TypedDict):
    base: str
    target: str
    rate: float
    timestamp: dt.datetime


def make_stub_world(seed: int) -> SyntheticWorld:
    """A world with the twenty stubs registered (bodies are never run)."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def search_contacts(query: str, limit: int = 10) -> ContactList:
        """Search CRM contacts by name, email or company."""

    @world.tool
    def get_deal(deal_id: str) -> Deal:
        """Fetch a CRM deal."""

    @world.tool
    def list_events(calendar_id: str, time_min: str, time_max: str) -> list[Event]:
        """List calendar events in a time window."""

    @world.tool
    def find_free_slots(attendee_emails: list[str], duration_minutes: int) -> list[FreeSlot]:
        """Find free slots shared by the attendees."""

    @world.tool
    def get_issue(owner: str, repo: str, issue_number: int) -> GitHubIssue:
        """Fetch a GitHub issue."""

    @world.tool
    def search_issues(q: str) -> IssueSearch:
        """Search GitHub issues."""

    @world.tool
    def search_flights(origin: str, destination: str, date: str) -> FlightSearch:
        """Search one-way flight offers."""

    @world.tool
    def get_current_weather(city: str) -> CurrentWeather:
        """Current weather for a city."""

    @world.tool
    def get_forecast(city: str, days: int = 3) -> Forecast:
        """Daily forecast."""

    @world.tool
    def get_charge(charge_id: str) -> Charge:
        """Fetch a payment charge."""

    @world.tool
    def get_employee(employee_id: str) -> Employee:
        """Fetch an employee from the HR system."""

    @world.tool
    def get_leave_request(request_id: str) -> LeaveRequest:
        """Fetch a leave request."""

    @world.tool
    def get_support_ticket(ticket_id: str) -> SupportTicket:
        """Fetch a helpdesk ticket."""

    @world.tool
    def track_shipment(tracking_number: str) -> Shipment:
        """Track a parcel."""

    @world.tool
    def list_files(folder_id: str, page: int = 1) -> FilePage:
        """List files in a folder."""

    @world.tool
    def get_company(domain: str) -> Company:
        """Look up a company by its web domain."""

    @world.tool
    def get_hotel(hotel_id: str) -> Hotel:
        """Fetch a hotel offer."""

    @world.tool
    def list_reviews(product_id: str) -> list[Review]:
        """Reviews of a product."""

    @world.tool
    def get_exchange_rate(base: str, target: str) -> ExchangeRate:
        """Latest exchange rate."""

    @world.tool
    def get_contact(contact_id: str) -> Contact:
        """Fetch one CRM contact."""

    return world
