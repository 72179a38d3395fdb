"""Realistic strings and numbers chosen from a property name.

Faker is kept off the hot path: each (locale, provider) pool is built once per process by a Faker
seeded with a fixed seed, then every call only does ``rng.choice(pool)``.
"""

from __future__ import annotations

import re
import string
import threading
from collections.abc import Callable
from functools import cache, lru_cache
from random import Random

from faker import Faker

from synthworld.schema._draw import choice, text

__all__ = ["check_locale", "ident", "number_range", "pick", "provider_for", "snake"]

_POOL_SIZE = 64
_FAKER_SEED = 20250101
_ALNUM = string.ascii_lowercase + string.digits

# (pattern on the snake_case name, faker provider); the first match wins, order matters.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx), provider)
    for rx, provider in (
        (r"e_?mail", "email"),
        (r"(first|given)_?name", "first_name"),
        (r"(last|family|sur)_?name", "last_name"),
        (r"user_?name|login|handle|nick|^user$", "user_name"),
        (r"(company|organi[sz]ation|org|employer|vendor|brand)(_name)?$", "company"),
        (r"country_?code", "country_code"),
        (r"currency_?code|^currency$", "currency_code"),
        (r"lang(uage)?(_code)?$|^locale$", "language_code"),
        (r"country", "country"),
        (r"city|town|^location$", "city"),
        (r"^state$|province|region", "state"),
        (r"zip|postal|postcode", "postcode"),
        (r"(^|_)ip(v4)?(_addr(ess)?)?$", "ipv4"),  # before "address": an IP address is no street
        (r"(^|_)ipv6(_addr(ess)?)?$", "ipv6"),
        (r"(^|_)mac(_addr(ess)?)?$", "mac_address"),
        (r"(^|_)iban$", "iban"),
        (r"(^|_)(swift|bic)(_code)?$", "swift"),
        (r"user_?agent", "user_agent"),
        (r"(^|_)(password|passwd|pwd)$", "password"),
        (r"card_?number", "credit_card_number"),
        (r"(^|_)isbn(_?13)?$", "isbn13"),
        (r"address|street", "street_address"),
        (r"phone|mobile|fax|^tel", "phone_number"),
        (r"url|uri|website|link|href|homepage", "url"),
        (r"domain|host", "domain_name"),
        (r"file_?name", "file_name"),
        (r"^(file_)?ext(ension)?$", "file_extension"),
        (r"path$", "file_path"),
        (r"mime|content_type|media_type", "mime_type"),
        (r"color|colour", "color_name"),
        (r"job|occupation|position|role", "job"),
        (r"time_?zone|^tz$", "timezone"),
        (r"slug", "slug"),
        (r"^(author|assignee|reporter|creator|owner|reviewer|approver|requester|sender|recipient|"
         r"organi[sz]er|speaker|manager|attendee|participant|member|guest|passenger|customer|employee|"
         r"patient|student|travell?er|candidate|applicant|artist|director|actor|composer|singer|"
         r"musician|writer|photographer|narrator|player|coach|doctor|teacher|instructor)s?$|"
         r"^(assigned_to|(created|updated|modified|reviewed|approved|requested|sent|owned)_by)$",
         "name"),  # a person, as text
        (r"(hotel|restaurant|store|shop|venue|business|merchant|bank|school|university|hospital|"
         r"airline|carrier|publisher|manufacturer|supplier)_?name$|^(publisher|airline|carrier|"
         r"manufacturer|supplier|studio)$", "company"),  # not a person's
        (r"(project|repo(sitory)?|app|application|service|bucket|cluster|branch|team|channel|workspace|"
         r"database|table|queue|topic|package|pipeline|workflow|environment|namespace|instance|server|"
         r"stack|dataset)_?name$|^(repo(sitory)?|branch|project|bucket|cluster|namespace|workspace)$",
         "slug"),  # a machine's name: lowercase words joined by dashes
        (r"name$", "name"),
        (r"title|subject|headline|label|caption", "catch_phrase"),
        (r"desc|summary|bio|about|comment|message|text|body|content|note|reason|detail", "sentence"),
        (r"status|state|type|kind|category|tag|genre|level|mode", "word"),
    )
)  # fmt: skip

_NUMBER_RULES: tuple[tuple[re.Pattern[str], tuple[int, int]], ...] = tuple(
    (re.compile(rx), bounds)
    for rx, bounds in (
        (r"(^|_)age$", (18, 90)),  # not page, usage or percentage
        (r"year", (1990, 2030)),
        (r"month", (1, 12)),
        (r"day", (1, 28)),
        (r"hour", (0, 23)),
        (r"_ms$|millis", (1, 5000)),
        (r"minute|second", (0, 59)),
        (r"rating|stars|score", (1, 5)),
        (r"percent|pct|probability", (0, 100)),
        (r"(^|_)port$", (1024, 65535)),  # not report or support
        (r"(^|_)lat(itude)?$", (-90, 90)),  # not population or latency
        (r"(^|_)(lon|lng|long(itude)?)$", (-180, 180)),
        (r"(^|_)temp(erature)?(_c(elsius)?)?$", (-10, 35)),
        (r"(^|_)(population|followers?|views?|downloads?|impressions|subscribers?)(_count)?$|volume|market_cap|"
         r"revenue", (1_000, 10_000_000)),
        (r"price|amount|cost|total|balance|salary|fee", (1, 1000)),
        (r"count|quantity|qty|num|size|length|limit|page", (0, 50)),
        (r"(^|_)id$", (1, 99999)),
    )
)  # fmt: skip
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def snake(name: str) -> str:
    """``name`` in snake_case (``userId`` -> ``user_id``)."""
    return _CAMEL.sub("_", name).lower().replace("-", "_")


@lru_cache(maxsize=4096)
def provider_for(name: str) -> str | None:
    """The faker provider that fits a property name, or ``None``."""
    words = snake(name)
    for rx, provider in _RULES:
        if rx.search(words):
            return provider
    return None


@lru_cache(maxsize=4096)
def number_range(name: str) -> tuple[int, int]:
    """A sensible range for a number named ``name``."""
    words = snake(name)
    for rx, bounds in _NUMBER_RULES:
        if rx.search(words):
            return bounds
    return (0, 100)


@cache
def _faker(locale: str) -> Faker:
    fake = Faker(locale)
    fake.seed_instance(_FAKER_SEED)
    return fake


def check_locale(locale: str) -> None:
    """Raise ``ValueError`` for a locale Faker does not know."""
    try:
        _faker(locale)
    except AttributeError as err:
        raise ValueError(f"unknown locale={locale!r}; fix: use a Faker locale like 'en_US'") from err


@cache
def _pool(locale: str, provider: str) -> tuple[str, ...]:
    """The pool of one provider: the same values whatever pools were built before, or in which thread."""
    with _POOL_LOCK:
        fake = _faker(locale)
        fake.seed_instance(f"{_FAKER_SEED}:{provider}")  # str seeds go through SHA-512, not hash()
        make = _SAFE[provider](fake) if provider in _SAFE else getattr(fake, provider)
        values = [str(make()).replace("\n", ", ").rstrip(".") for _ in range(_POOL_SIZE)]
    return tuple(v for v in values if v)


_POOL_LOCK = threading.Lock()
_SAFE: dict[str, Callable[[Faker], Callable[[], str]]] = {
    "url": lambda fake: lambda: f"https://{fake.safe_domain_name()}/{fake.uri_path()}",
    "domain_name": lambda fake: fake.safe_domain_name,
    "email": lambda fake: fake.safe_email,
}
"""Providers whose domains are the reserved example ones (``example.com/.org/.net``), like the
``format`` generators': a made-up URL never points at a real site."""


def pick(rng: Random, locale: str, provider: str) -> str:
    """One realistic value from the pool of ``provider``."""
    return choice(rng, _pool(locale, provider))


@lru_cache(maxsize=4096)
def _prefix(name: str) -> str:
    """What an identifier for ``name`` starts with (``orderId`` -> ``orde_``)."""
    stem = snake(name).removesuffix("id").strip("_")
    return f"{stem[:4]}_" if stem else ""


def ident(rng: Random, name: str) -> str:
    """An identifier for a property called ``name`` (``id``, ``user_id``, ``orderId``...)."""
    return _prefix(name) + text(rng, _ALNUM, 10)
