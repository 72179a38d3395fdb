"""Vocabularies and shapes of common API fields, by the field's name and the object holding it.

A ``status`` is a payment's (``succeeded``), an order's (``shipped``) or a ticket's (``resolved``)
by its parent; a ``priority`` is ``high``, a log event's ``level`` is ``error``, a request's
``method`` is ``POST`` and a payment's ``card``; an ``order_number`` is ``ORD-482913``, a
``tracking_number`` a carrier's, ``last4`` four digits, a ``date_of_birth`` decades back.
"""

from __future__ import annotations

import datetime as dt
import re
import string
from functools import lru_cache

from synthworld.schema._draw import below, choice, text
from synthworld.schema._name_rules import Fill
from synthworld.schema._name_rules import pool as _pool
from synthworld.schema._nodes import State
from synthworld.schema._words import AIRLINES, AIRPORTS, CURRENCIES

__all__ = ["BIRTH", "birth_date", "by_name", "in_parent", "machine", "pet_birth_date", "stripe_id"]


_STATUSES: tuple[tuple[str, Fill], ...] = (
    ("order purchase cart checkout", _pool("pending", "paid", "processing", "shipped", "delivered",
                                           "cancelled", "refunded")),
    ("payment charge transaction refund payout transfer", _pool("succeeded", "succeeded", "pending",
                                                                "failed", "refunded", "canceled")),
    ("invoice bill", _pool("draft", "open", "paid", "paid", "void", "overdue")),
    ("shipment delivery package parcel tracking fulfillment fulfilment", _pool(
        "label_created", "in_transit", "in_transit", "out_for_delivery", "delivered", "exception")),
    ("ticket issue case incident bug task todo", _pool("open", "open", "in_progress", "pending",
                                                              "resolved", "closed")),
    ("subscription", _pool("active", "active", "trialing", "past_due", "canceled")),
    ("user account member customer profile employee contact", _pool("active", "active", "inactive",
                                                                    "pending", "suspended")),
    ("event meeting appointment booking reservation", _pool("confirmed", "confirmed", "tentative",
                                                            "cancelled")),
    ("job run build deployment deploy pipeline workflow execution import export sync", _pool(
        "queued", "running", "succeeded", "succeeded", "failed", "cancelled")),
    ("pull pull_request merge_request pr review", _pool("open", "closed", "merged", "draft")),
)  # fmt: skip
_STATUS_BY: dict[str, Fill] = {word: fill for words, fill in _STATUSES for word in words.split()}
_LOG = frozenset({"log", "log_event", "log_entry", "entry", "record", "line", "logline", "audit"})
_HTTP_PARENTS = frozenset({"request", "log", "log_event", "call", "endpoint", "route", "operation",
                           "webhook", "api", "http", "access_log", "span"})  # fmt: skip
_PAY_PARENTS = frozenset({"payment", "charge", "transaction", "order", "invoice", "checkout", "refund",
                          "payout", "subscription", "billing"})  # fmt: skip
_CARDS = _pool("visa", "visa", "mastercard", "mastercard", "amex", "discover")
_HTTP = _pool("GET", "GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE")
_PAY = _pool("card", "card", "card", "bank_transfer", "paypal", "apple_pay", "google_pay")
_LEVELS = _pool("info", "info", "info", "debug", "warning", "error")
_RESPONSES = _pool("accepted", "accepted", "tentative", "declined", "needs_action")
_WEATHER_PARENTS = frozenset({"weather", "current", "current_weather", "forecast", "day", "hour", "daily",
                              "hourly", "observation", "conditions"})  # fmt: skip
_SKIES = _pool("Clear", "Sunny", "Partly cloudy", "Cloudy", "Overcast", "Light rain", "Rain", "Showers",
               "Thunderstorms", "Snow", "Fog", "Windy")  # fmt: skip
_FLIGHT_PARENTS = frozenset({"flight", "offer", "flight_offer", "segment", "leg", "itinerary", "route",
                             "slice", "trip", "fare", "journey"})  # fmt: skip
_RATE_PARENTS = frozenset({"rate", "exchange_rate", "exchange", "conversion", "fx", "fx_rate", "quote",
                           "currency_pair", "pair"})  # fmt: skip
_AIRPORTS = _pool(*AIRPORTS)
_AIRLINES = _pool(*AIRLINES)
_TYPE_NAME = re.compile(r"[a-z]+(_[a-z]+)*")
_CURRENCY = _pool(*CURRENCIES)


def in_parent(name: str, parents: tuple[str, ...]) -> Fill | None:
    """The fill a field's name asks for in the object holding it (None: the name alone decides)."""
    near = parents[:2]  # the parent's whole name and its last word (``log_event``, ``event``)
    if name in ("status", "state") or name.endswith("_status"):
        if name in ("response_status", "rsvp_status"):
            return _RESPONSES
        return next((_STATUS_BY[p] for p in parents if p in _STATUS_BY), None)
    if name in ("level", "log_level", "severity") and (name == "log_level" or any(p in _LOG for p in near)):
        return _LEVELS
    if name == "method":
        if any(p in _PAY_PARENTS for p in parents):
            return _PAY
        return _HTTP if any(p in _HTTP_PARENTS for p in parents) else None
    if name in ("brand", "network") and "card" in parents[:3]:
        return _CARDS
    if name == "funding" and "card" in parents[:3]:
        return _pool("credit", "credit", "debit", "prepaid")
    if (
        name in ("object", "kind", "object_type", "resource_type")
        and parents
        and _TYPE_NAME.fullmatch(parents[0])
    ):
        return _named_type(name, parents[0])  # not ``kubeadm_config_patches_json6902``
    return machine(name, near) or _travel_or_weather(name, near)


_MACHINE: dict[tuple[str, str], Fill] = {
    ("type", "mount"): _pool("bind", "bind", "volume", "tmpfs"),
    ("type", "network"): _pool("bridge", "bridge", "host", "overlay", "none"),
    ("driver", "network"): _pool("bridge", "bridge", "overlay", "macvlan", "host"),
    ("driver", "ipam"): _pool("default", "default", "host-local"),
    ("driver", "volume"): _pool("local", "local", "local", "nfs"),
    ("driver", "graph_driver"): _pool("overlay2", "overlay2", "btrfs", "zfs"),
    ("driver", "storage"): _pool("overlay2", "overlay2", "btrfs", "zfs"),
    ("driver", "log_config"): _pool("json-file", "json-file", "local", "syslog", "journald"),
    ("scope", "network"): _pool("local", "local", "swarm", "global"),
    ("scope", "volume"): _pool("local", "local", "global"),
}
"""Docker's words for a mount's or network's type, a driver, a scope, by the object holding them."""


def machine(name: str, near: tuple[str, ...]) -> Fill | None:
    """A container engine's field in its object (a network's ``driver`` is ``bridge``)."""
    return next((_MACHINE[(name, p)] for p in near if (name, p) in _MACHINE), None)


@lru_cache(maxsize=1024)
def _named_type(name: str, parent: str) -> Fill:
    """An object's own type, named for the object that holds it: Stripe's ``object: "customer"``,
    Kubernetes' ``kind: "CustomResourceDefinition"`` (a lone word such as ``indicate`` says
    nothing of what the object is)."""
    word = parent if name != "kind" else "".join(part.capitalize() for part in parent.split("_"))
    return lambda st: word


def _travel_or_weather(name: str, near: tuple[str, ...]) -> Fill | None:
    """A flight's ``origin`` is an airport and its ``carrier`` an airline, a rate's ``base`` a
    currency, the weather's ``condition`` the sky's (``coach``, ``meet`` and ``history`` are none of them)."""
    if name in ("origin", "destination", "from", "to") and any(p in _FLIGHT_PARENTS for p in near):
        return _AIRPORTS
    if name in ("carrier", "airline", "carrier_code", "airline_code") and any(
        p in _FLIGHT_PARENTS for p in near
    ):
        return _AIRLINES  # a flight's carrier is an airline (``LH``), not "Boyd, Baker and Meyers"
    if name in ("base", "target", "quote", "from", "to", "source", "base_currency", "quote_currency") and any(
        p in _RATE_PARENTS for p in near
    ):
        return _CURRENCY
    if name in ("condition", "conditions", "summary", "description", "sky", "weather") and any(
        p in _WEATHER_PARENTS for p in near
    ):
        return _SKIES
    return None


# -- the name alone ----------------------------------------------------------------------------

_PREFIXES = {"order": "ORD", "invoice": "INV", "receipt": "RCPT", "confirmation": "CNF", "booking": "BK",
             "reservation": "RES", "reference": "REF", "ref": "REF", "ticket": "TKT", "case": "CS",
             "po": "PO", "purchase_order": "PO", "quote": "Q", "return": "RMA", "credit_note": "CN",
             "policy": "POL", "claim": "CLM", "account": "ACCT", "customer": "CUST"}  # fmt: skip
_NUMBERED = re.compile(
    r"^(?P<kind>[a-z]+(_order)?)_?(number|no|num|ref|reference|code)$|^(?P<alone>reference|ref)$"
)
_COUPONS = ("SAVE", "WELCOME", "SPRING", "SUMMER", "FALL", "WINTER", "VIP", "FREESHIP", "HOLIDAY", "FLASH")
_VAT_COUNTRIES = ("GB", "DE", "FR", "NL", "IE", "ES", "IT", "BE", "SE", "DK")
BIRTH = re.compile(r"^(date_of_birth|birth_?date|birthday|dob|born(_on|_at)?|date_born|birth)$")
"""A person's date of birth (by its snake_case name)."""


def _digits(st: State, size: int) -> str:
    return choice(st.rng, "123456789") + text(st.rng, string.digits, size - 1)


def _numbered(prefix: str) -> Fill:
    return lambda st: f"{prefix}-{_digits(st, 6)}"


def _tracking(st: State) -> str:
    if st.rng.random() < 0.5:  # UPS-style, else a 12-digit one
        return "1Z" + text(st.rng, string.ascii_uppercase + string.digits, 16)
    return _digits(st, 12)


def _coupon(st: State) -> str:
    return f"{choice(st.rng, _COUPONS)}{choice(st.rng, (10, 15, 20, 25, 50))}"


def _vat(st: State) -> str:
    return choice(st.rng, _VAT_COUNTRIES) + _digits(st, 9)


def _clock(first: int, last: int) -> Fill:
    """A time of day between hours `first` and `last` (``06:42``): a sunrise, a sunset."""
    return lambda st: f"{first + below(st.rng, last - first + 1):02}:{below(st.rng, 60):02}"


def _host_port(st: State) -> str:
    """A machine's address on a private network, with a port (``10.0.12.7:2377``)."""
    return f"10.{below(st.rng, 256)}.{below(st.rng, 256)}.{1 + below(st.rng, 254)}:{choice(st.rng, _PORTS)}"


def _cidr(st: State) -> str:
    """A private network block (``10.24.0.0/16``, ``10.3.7.0/24``)."""
    if st.rng.random() < 0.5:
        return f"10.{below(st.rng, 256)}.0.0/16"
    return f"10.{below(st.rng, 256)}.{below(st.rng, 256)}.0/24"


_PORTS = (80, 443, 2376, 2377, 4789, 5432, 6443, 7946, 8080, 8443, 9090)
_API_VERSIONS = ("v1", "v1", "v1", "v2", "v1beta1", "apps/v1", "batch/v1", "2024-06-20")


def birth_date(st: State, with_time: bool = False) -> str:
    """A birth date 18 to 80 years before the call's clock (``1987-03-14``)."""
    days = 18 * 365 + below(st.rng, 62 * 365)
    return _born(st, days, with_time)


def pet_birth_date(st: State, with_time: bool = False) -> str:
    """A pet's birth date, 2 months to 15 years before the call's clock (``2019-06-02``)."""
    return _born(st, 60 + below(st.rng, 15 * 365 - 60), with_time)


def _born(st: State, days: int, with_time: bool) -> str:
    born = st.now - dt.timedelta(days=days)
    day = f"{born.year:04}-{born.month:02}-{born.day:02}"
    return f"{day}T00:00:00Z" if with_time else day


_SIMPLE: tuple[tuple[re.Pattern[str], Fill], ...] = tuple(
    (re.compile(rx), fill)
    for rx, fill in (
        (r"(^|_)priority$", _pool("low", "medium", "medium", "high", "urgent")),
        (r"(^|_)severity$", _pool("low", "medium", "high", "critical")),
        (r"(^|_)(payment_method|payment_type)$", _PAY),
        (r"(^|_)(http|request)_method$", _HTTP),
        (r"(^|_)card_(brand|network)$", _CARDS),
        (r"(^|_)last_?(4|four)(_digits)?$", lambda st: text(st.rng, string.digits, 4)),
        (r"(^|_)tracking_(number|no|num|code)$|^tracking$", _tracking),
        (r"(^|_)(vat|tax)_(number|no|id)$", _vat),
        (r"(^|_)(coupon|promo|promotion|discount|voucher)_?code$|^coupon$", _coupon),
        (r"^default_branch$", _pool("main", "main", "main", "master", "develop")),
        (r"(^|_)(response|rsvp)_status$", _RESPONSES),
        (r"^(api|group)_?version$", _pool(*_API_VERSIONS)),  # not a package's 0.16.7
        (r"(^|_)(server|host|bind|listen|advertise|node|remote|peer|data_path|manager)_?addr(ess)?(es|s)?$",
         _host_port),  # a machine's, not a street address
        (r"(^|_)cidrs?$|_cidr_block$", _cidr),
        (r"^(architecture|arch|cpu_arch(itecture)?)$", _pool("x86_64", "x86_64", "aarch64", "arm64")),
        (r"^(os|os_type|ostype|operating_system)$", _pool("linux", "linux", "linux", "windows")),
        (r"(^|_)(sunrise|dawn)(_time)?$", _clock(5, 7)),
        (r"(^|_)(sunset|dusk)(_time)?$", _clock(17, 20)),
        (r"^(department|dept)(_name)?$", _pool("Engineering", "Engineering", "Sales", "Marketing", "Finance",
                                               "Human Resources", "Operations", "Legal", "Customer Support",
                                               "Product", "Design", "IT")),
        (r"^industry(_name)?$|_industry$", _pool("Software", "Retail", "Healthcare", "Financial Services",
                                                 "Manufacturing", "Education", "Logistics", "Media",
                                                 "Real Estate", "Telecommunications", "Energy",
                                                 "Hospitality")),
    )
)  # fmt: skip


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill a field's snake_case name alone asks for, among the common API fields here."""
    for rx, fill in _SIMPLE:
        if rx.search(name):
            return fill
    if BIRTH.search(name):
        return birth_date
    found = _NUMBERED.match(name)
    if found is None:
        return None
    kind = found["alone"] or found["kind"]
    if kind in _PREFIXES:
        return _numbered(_PREFIXES[kind])
    return None


_STRIPE = {
    "customer": "cus", "price": "price", "product": "prod", "invoice": "in", "charge": "ch",
    "payment_intent": "pi", "setup_intent": "seti", "subscription": "sub", "subscription_item": "si",
    "refund": "re", "payment_method": "pm", "tax_rate": "txr", "invoiceitem": "ii", "card": "card",
    "source": "src", "balance_transaction": "txn", "payout": "po", "transfer": "tr", "event": "evt",
    "checkout_session": "cs", "session": "cs", "dispute": "dp", "file": "file", "plan": "plan",
    "promotion_code": "promo", "shipping_rate": "shr", "account": "acct", "quote": "qt",
}  # fmt: skip
"""The prefix of a Stripe object's id, by the object's name (``cus_NffrFeUfNV2Hib``)."""
_BASE62 = string.ascii_letters + string.digits


def stripe_id(name: str, parents: tuple[str, ...], description: str) -> Fill | None:
    """A Stripe object's ``id`` (its schema says "Unique identifier for the object.", as every
    object in Stripe's OpenAPI document does), with the prefix of that object's kind."""
    if name != "id" or not parents or not description.startswith("Unique identifier for the object"):
        return None
    prefix = _STRIPE.get(parents[0])
    if prefix is None:
        return None
    return lambda st: f"{prefix}_{text(st.rng, _BASE62, 14)}"
