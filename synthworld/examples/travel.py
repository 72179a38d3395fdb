# mypy: disable-error-code="empty-body"
# (stub bodies never run: a world answers every call)
"""A travel desk's tools: search flights and book a seat."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal, TypedDict

from synthworld import tool
from synthworld.examples._types import Money

__all__ = ["book_flight", "search_flights"]

Airport = Annotated[str, "IATA airport code, e.g. LIS"]


class Flight(TypedDict):
    flight_id: str
    carrier: str
    origin: Airport
    destination: Airport
    departs_at: datetime.datetime
    price: Money
    seats_left: int


class Booking(TypedDict):
    booking_id: str
    flight_id: str
    passenger_name: str
    status: Literal["confirmed", "waitlisted"]


@tool
def search_flights(
    origin: Airport, destination: Airport, day: datetime.date, max_price: Money | None = None
) -> list[Flight]:
    """Search direct flights on one day, cheapest first.

    Args:
        origin: Departure airport.
        destination: Arrival airport.
        day: Day of departure.
        max_price: Leave out flights above this price.
    """


@tool(idempotent=False)
def book_flight(flight_id: str, passenger_name: str) -> Booking:
    """Book one seat on a flight.

    Args:
        flight_id: A flight_id from search_flights.
        passenger_name: The passenger's full name as on their passport.
    """
