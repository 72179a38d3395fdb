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
from synthworld.schema._words import (
    CURRENCIES,
    FILES,
    FUNCTION_WORDS,
    ID_PREFIXES,
    LABELS,
    LANGUAGES,
    LOCALES,
    MIME_TYPES,
)

__all__ = [
    "check_locale",
    "decimal_texts",
    "ident",
    "is_money",
    "money_texts",
    "number_in_place",
    "number_range",
    "pick",
    "provider_for",
    "snake",
]

_POOL_SIZE = 64
_FAKER_SEED = 20250101
_ALNUM = string.ascii_lowercase + string.digits

# (pattern on the snake_case name, faker provider); the first match wins, order matters.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx), provider)
    for rx, provider in (
        (r"e_?mail", "email"),
        (r"(^|_)ip(v4)?(_addr(ess)?)?$|x_forwarded_for|(remote|client)_addr|(^|_)ips$|ip_(allow|block|white|black)_?list",
         "ipv4"),  # last_login_ip is no username
        (r"(^|_)ipv6(_addr(ess)?)?$", "ipv6"),
        (r"(first|given)_?name", "first_name"),
        (r"(last|family|sur)_?name", "last_name"),
        (r"user_?name|login|handle|nick|^user$|gamer_?tag|player_tag", "user_name"),
        (r"(company|organi[sz]ation|org|employer|vendor|brand)(_name)?$", "company"),
        (r"country_?codes?|(^|_)countries$", "country_code"),  # a list of countries: their ISO codes
        (r"currency_?code|(^|_)currency$", "currency_code"),
        (r"(^|_)locale$", "locale"),
        (r"lang(uage)?(_code)?$", "language_code"),
        (r"countr(y|ies)", "country"),
        (r"city|town|^location$", "city"),
        (r"^state$|province|region", "state"),
        (r"zip|postal|postcode", "postcode"),
        (r"(^|_)mac(_addr(ess)?)?$", "mac_address"),
        (r"(^|_)iban$", "iban"),
        (r"(^|_)(swift|bic)(_code)?$", "swift"),
        (r"user_?agent", "user_agent"),
        (r"(^|_)(password|passwd|pwd)$", "password"),
        (r"card_?number", "credit_card_number"),
        (r"(^|_)isbn(_?13)?$", "isbn13"),
        (r"(^|_)(address_?)?line_?2$|^(street|address)_?2$", "secondary_address"),  # Apt. 893
        (r"address|street|(^|_)line_?1$", "street_address"),
        (r"phone|mobile|fax|^tel", "phone_number"),
        (r"url|(^|_)uri|uris?(_|$)|website|link|href|homepage", "url"),  # not courier, security
        (r"domain|host", "domain_name"),
        (r"(^|_)file_?name", "file_name"),  # not profile_name
        (r"^(file_)?ext(ension)?$", "file_extension"),
        (r"path$", "file_path"),
        (r"mime|content_type|media_type", "mime_type"),
        (r"color|colour", "color_name"),
        (r"job|occupation|position|role", "job"),
        (r"(^|_)(day_of_(the_)?week|week_?day|day_name)$", "day_of_week"),  # Monday, not a word
        (r"(^|_)month_?name$|^month$", "month_name"),  # a string month: March
        (r"time_?zone|^tz$", "timezone"),
        (r"slug", "slug"),
        (r"^(author|assignee|reporter|creator|owner|reviewer|approver|requester|sender|recipient|"
         r"organi[sz]er|speaker|manager|attendee|participant|member|guest|passenger|customer|employee|"
         r"patient|student|travell?er|candidate|applicant|artist|director|actor|composer|singer|"
         r"musician|writer|photographer|narrator|player|coach|doctor|teacher|instructor|judge|presiding_judge|"
         r"signer|signatory|signatorie|pharmacist|veterinarian|translator|courier|donor|rider|plaintiff|"
         r"defendant|witness|beneficiary)s?$|"
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
        (r"(^|_)labels?(_\d+)?$", "label"),  # a map's ``label_744`` too: a tag, not a catch phrase
        (r"title|subject|headline|label|caption", "catch_phrase"),
        (r"desc|summary|bio|about|comment|message|text|body|content|note|reason|detail|memo|remark",
         "sentence"),
        (r"status|state|type|kind|category|tag|genre|level|mode", "word"),
    )
)  # fmt: skip

_QUANTITIES: tuple[tuple[str, tuple[float, float]], ...] = (
    (r"(^|_)years?_(of_)?experience$|^experience_years$", (0, 25)),  # not a calendar year
    (r"(^|_)(year_(built|published|founded|established|released)|(built|published|publication|release|founded|"
     r"established)_year)$", (1960, 2024)),  # a year gone by
    (r"^(birth_?year|year_of_birth|born_year|yob)$", (1935, 2006)),  # an adult's, at the default clock
    (r"(^|_)(salary|pay|compensation)_(min|max|from|to)$|^(min|max)_(salary|pay)$", (40_000, 180_000)),
    (r"(^|_)(bedrooms|beds|bedroom_count)$", (1, 5)),
    (r"(^|_)(bathrooms|baths|bathroom_count)$", (1, 4)),
    (r"(^|_)(square_(feet|foot|ft)|sq_?ft)$", (600, 4_000)),  # a home's floor area
    (r"(^|_)(lot_size_acres|acres)$", (0.1, 5)),
    (r"(^|_)(guests|adults|occupants|party_size|num_guests)$", (1, 4)),
    (r"(^|_)(servings|serves)$", (1, 8)),
    (r"(^|_)(calories|kcal)(_per_serving|_burned)?$", (120, 900)),
    (r"(^|_)(protein|fat|carbs|carbohydrates?|fib(er|re)|sugars?|saturated_fat)_(g|grams)$", (1, 60)),
    (r"(^|_)(sodium|cholesterol|potassium|calcium)_mg$", (20, 1_500)),
    (r"(^|_)(prep|cook|cooking|bake|baking)_time(_minutes|_mins|_min)?$|^(total_time|ready_in)_min(ute)?s$",
     (5, 90)),
    (r"(^|_)(co2|carbon_dioxide)(_ppm)?$", (400, 1_500)),  # outdoors ~420 ppm (NOAA), a room more
    (r"(^|_)pressure_(hpa|mbar|mb)$|^(barometric|atmospheric|sea_level)_pressure$", (980, 1_040)),
    (r"(^|_)(rssi|signal_strength)(_dbm)?$|_dbm$", (-90, -40)),  # a radio link's received power
    (r"(^|_)(relative_)?humidity(_pct|_percent)?$", (20, 95)),
    (r"(^|_)uv(_index)?$", (0, 11)),  # WHO's UV index scale (11+: extreme)
    (r"(^|_)visibility_km$", (1, 20)),
    (r"(^|_)(aqi|air_quality_index)$", (10, 180)),  # US EPA's AQI: good to unhealthy
    (r"(^|_)pm_?(25|2_5)$", (2, 80)),
    (r"(^|_)pm_?10$", (5, 120)),
    (r"(^|_)(ozone|o3|no2|so2)(_ppb)?$", (5, 80)),
    (r"(^|_)wind_(speed|gust)(_kmh|_kph|_km_h)?$", (0, 60)),
    (r"(^|_)wind_(direction|deg|bearing)(_deg(rees)?)?$|^(heading|bearing)(_deg(rees)?)?$", (0, 359)),
    (r"(^|_)(heart_rate|pulse)(_bpm)?$|_heart_rate_bpm$", (55, 175)),
    (r"(^|_)(bpm|tempo)$", (70, 175)),  # a song's beats per minute
    (r"(^|_)(elevation|altitude)_gain(_m)?$", (0, 1_500)),
    (r"(^|_)(elevation|altitude)(_m|_meters|_metres)?$", (0, 2_500)),
    (r"(^|_)(attendance|spectators)$", (5_000, 80_000)),
    (r"(^|_)(story_points|estimate)$", (1, 13)),
    (r"(^|_)(cost_per_click|cpc)$", (0.2, 5)),
    (r"(^|_)market_cap(italization)?(_usd)?$", (1_000_000_000, 2_000_000_000_000)),
    (r"(^|_)(change_(percent|pct)|percent_change|pct_change)(_?24h|_1d|_day)?$", (-5, 5)),  # a day's move
    (r"(^|_)(rate|price|cost)_per_kwh$", (0.08, 0.4)),
    (r"(^|_)(usage|consumption|energy)_kwh$|^kwh(_used)?$", (100, 1_200)),  # a household's month
    (r"(^|_)refills(_remaining|_left)?$", (0, 5)),
    (r"(^|_)(dose|dosage|strength)_mg$", (5, 500)),
    (r"(^|_)season_number$", (1, 8)),
    (r"(^|_)episode_number$", (1, 60)),
    (r"(^|_)(credit_hours|ects(_credits)?)$", (1, 6)),
    (r"(^|_)gpa$", (2, 4)),
    (r"(^|_)(jersey|shirt|squad)_number$", (1, 99)),
    (r"(^|_)height_cm$", (150, 200)),
    (r"(^|_)(high|low|max|min|avg|mean)(_temp(erature)?)?_c$|^temp_(high|low|max|min)_c$", (-10, 35)),  # °C
    (r"(^|_)(high|low|max|min|avg|mean)(_temp(erature)?)?_f$|^temp_(high|low|max|min)_f$", (14, 95)),  # °F
    (r"(^|_)body_temp(erature)?(_c(elsius)?)?$", (36.5, 39.5)),
    (r"(^|_)(engine_)?rpm$", (700, 3_500)),  # idle to cruising
    (r"(^|_)(coolant|engine|oil)_temp(erature)?(_c)?$", (80, 105)),  # a warm engine
    (r"(^|_)surge(_multiplier|_factor)?$", (1, 2.5)),
    (r"(^|_)(tip|gratuity)(_amount)?$", (1, 15)),
    (r"(^|_)base_fare$", (2, 6)),
    (r"(^|_)(total_)?fare(_amount)?$", (8, 60)),
    (r"(^|_)(delivery|shipping|service)_fee(_[a-z]{3})?$", (1, 8)),
    (r"(^|_)(soil_)?ph$", (5.5, 8)),
    (r"(^|_)renewals(_left|_remaining)?$", (0, 3)),
    (r"(^|_)(overdue_)?fines?(_owed|_due)?(_[a-z]{3})?$", (0.25, 12)),
    (r"(^|_)airmass$", (1, 2.2)),
    (r"(^|_)seeing(_arcsec)?$", (0.5, 2.5)),
    (r"(^|_)(apparent|visual)_magnitude$|^v_mag$", (2, 18)),
    (r"(^|_)(rack|shelf)_level$", (1, 6)),
    (r"(^|_)(ready|total|running)_containers$", (1, 3)),
    (r"(^|_)(cpu_)?millicores$", (100, 4_000)),
    (r"(^|_)mem(ory)?_mi?b$", (128, 8_192)),
    (r"(^|_)ttl(_seconds|_secs|_s)?$", (60, 86_400)),
    (r"(^|_)power_factor$", (0.8, 1)),
    (r"(^|_)voltage(_v)?$|^volts$", (215, 245)),  # EU mains, 230 V +-6%
    (r"(^|_)(allele_|minor_allele_|variant_allele_)freq(uency)?$|^maf$", (0.001, 0.5)),
    (r"(^|_)(read_count|total_reads|reads)$", (5_000_000, 80_000_000)),  # a short-read library
    (r"(^|_)q30(_pct|_percent)?$", (80, 95)),
    (r"(^|_)gc(_content)?(_pct|_percent)?$", (38, 62)),
    (r"(^|_)coupon(_rate)?(_pct|_percent)?$", (1, 7)),
    (r"(^|_)(yield_to_maturity|ytm)(_pct|_percent)?$", (1, 7)),
    (r"(^|_)(face|par|nominal)_value$", (1_000, 1_000)),  # a bond's denomination
    (r"(^|_)(clean|dirty)_price$", (85, 115)),  # per 100 of face value
    (r"(^|_)(duty|tariff)_rate(_pct|_percent)?$", (0, 12)),
    (r"(^|_)(rate_per_word|per_word_rate|word_rate)(_[a-z]{3})?$", (0.08, 0.25)),
    (r"(^|_)(hourly_rate|rate_per_hour)(_[a-z]{3})?$", (25, 150)),
    (r"(^|_)spice(_level)?$|^heat_level$", (0, 3)),
    (r"(^|_)(kd|kill_death)(_ratio)?$", (0.5, 2.5)),
    (r"(^|_)(registered|eligible)_voters$|^(ballots|votes)_cast$", (800, 4_000)),
    (r"(^|_)(renewal_term|contract_term|term)_months$|^contract_months$", (12, 36)),
    (r"(^|_)notice_period_days$", (30, 90)),
    (r"(^|_)(annual|contract|annual_contract)_value(_[a-z]{3})?$", (10_000, 2_000_000)),
    (r"(^|_)(equilibrium|surface|effective)_temp(erature)?_k$", (150, 2_000)),
    (r"(^|_)radius_earth$|^earth_radii$", (0.5, 15)),
    (r"(^|_)(max_|peak_)?power_kw$|^charger_kw$", (7, 150)),
    (r"(^|_)(asn|as_number|peer_asn|origin_asn)$|^as_path$", (1_000, 64_000)),  # public 16-bit ASNs
    (r"(^|_)(admitted|acquisition|acquired|discovery|discovered|incorporated|certified)_year$", (1960, 2024)),
    (r"(^|_)(build|pipeline|job|run|deploy)_duration_ms$", (60_000, 1_200_000)),  # a CI run: 1-20 min
    (r"(^|_)(refills_authorized|refills_allowed)$", (0, 5)),
)  # fmt: skip
"""Quantities whose units or scale the name says (a home's ``bedrooms``, a sensor's ``co2_ppm``,
a song's ``bpm``, a stock's ``change_percent``), before the coarse rules below: without them
``years_of_experience`` drew a calendar year, ``pressure_hpa`` 48, ``rssi_dbm`` 36."""

_NUMBER_RULES: tuple[tuple[re.Pattern[str], tuple[float, float]], ...] = tuple(
    (re.compile(rx), bounds)
    for rx, bounds in (
        (r"(^|_)age$", (18, 90)),  # not page, usage or percentage
        *_QUANTITIES,
        (r"^(created|updated|modified|timestamp|ts)$|_(at|timestamp|ts)$", (1_600_000_000, 1_735_000_000)),
        (r"exp(iry|iration|ires)?_year$", (2026, 2032)),  # a card's: not expired
        (r"year", (1990, 2030)),
        (r"month", (1, 12)),
        (r"day", (1, 28)),
        (r"hour", (0, 23)),
        (r"_ms$|millis", (1, 5000)),
        (r"minute|second", (0, 59)),
        (r"rating|stars|score", (1, 5)),
        (r"percent|pct|probability", (0, 100)),
        (r"(^|_)(tax|vat)_rate$", (0, 25)),
        (r"(^|_)(http_status(_code)?|status_code|response_code)$", (200, 204)),  # a success
        (r"(^|_)(bytes|(file_|content_)?size_(in_)?bytes|file_?size|content_length)$", (1_000, 5_000_000)),
        (r"(^|_)(quantity|qty)$", (1, 10)),
        (r"(^|_)port$", (1024, 65535)),  # not report or support
        (r"(^|_)lat(itude)?$", (-90, 90)),  # not population or latency
        (r"(^|_)(lon|lng|long(itude)?)$", (-180, 180)),
        (r"(^|_)(temp(erature)?|feels_like|dew_point|wind_chill|heat_index)(_c(elsius)?)?$", (-10, 35)),
        (r"(^|_)(annual_)?(salary|income|compensation)$|^base_salary$", (30_000, 250_000)),  # a year's
        (r"(^|_)(population|followers?|views?|downloads?|impressions|subscribers?)(_count)?$|volume|market_cap|"
         r"revenue", (1_000, 10_000_000)),
        (r"price|amount|cost|total|balance|salary|fee", (1, 1000)),
        (r"count|quantity|qty|num|size|length|limit|page", (0, 50)),
        (r"(^|_)id$", (1, 99999)),
    )
)  # fmt: skip
_HOMES = frozenset({"listing", "property", "home", "house", "real_estate", "residence", "apartment", "condo"})
_IN_PLACE: tuple[tuple[re.Pattern[str], frozenset[str], tuple[float, float]], ...] = tuple(
    (re.compile(rx), parents, bounds)
    for rx, parents, bounds in (
        (r"^(duration|length)(_ms|_millis)$", frozenset({"track", "song", "recording", "single", "tune"}),
         (150_000, 330_000)),  # a song: 2.5-5.5 minutes
        (r"^(duration|length)(_s|_sec|_secs|_seconds)?$", frozenset({"track", "song", "recording", "single"}),
         (150, 330)),
        (r"^(list|asking|sale|listing)_price$", _HOMES, (180_000, 1_200_000)),  # a home, in dollars
        (r"^price$", _HOMES - {"listing"}, (180_000, 1_200_000)),  # a marketplace listing's is a product's
        (r"^(hourly_rate|rate_per_hour|billing_rate)(_[a-z]{3})?$",
         frozenset({"attorney", "lawyer", "counsel", "solicitor", "barrister", "partner"}), (250, 900)),
        (r"^(hourly_rate|rate_per_hour)(_[a-z]{3})?$",
         frozenset({"parking", "parking_session", "garage", "meter", "parking_lot"}), (1, 6)),
        (r"^(high|low|max|min|temp|temperature)$",
         frozenset({"forecast", "weather", "daily", "hourly", "observation", "conditions"}),
         (-5, 32)),  # degrees Celsius of a day's weather
    )
)  # fmt: skip
"""Quantities whose scale only the object holding them says: a track's ``duration_ms`` (a song,
not a request), a home's ``list_price`` (not a product's), a forecast's ``high``."""
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MONEY = re.compile(
    r"(^|_)(price|amount|total|subtotal|cost|fee|balance|salary)(_(due|paid|owed|net|gross|[a-z]{3}))?$"
)
"""On the snake_case name: an amount of money (``unit_price``, ``amount_due``, ``price_usd``), not
a count (``total_pages``) nor a rate (``fee_rate``)."""
_NOT_CURRENCIES = frozenset({"ids", "num", "cnt", "pct", "qty", "key", "url", "uri", "tag", "ref"})
"""Three-letter last words that name no currency (``price_ids``)."""


_TEXT_LAST = re.compile(r"._(desc(ription)?|message|comments?|summary|notes?|reason|remarks?|memo|body|bio)$")
"""On the snake_case name: a text named by its last word, whatever the words before it say
(``email_message`` and ``job_description`` hold sentences, not an address or a job)."""


def snake(name: str) -> str:
    """``name`` in snake_case (``userId`` -> ``user_id``)."""
    return _CAMEL.sub("_", name).lower().replace("-", "_")


@lru_cache(maxsize=4096)
def provider_for(name: str) -> str | None:
    """The faker provider that fits a property name, or ``None``: text by its last word
    (``email_message``, ``login_description``), else by `_RULES`."""
    words = snake(name)
    if _TEXT_LAST.search(words):
        return "sentence"
    for rx, provider in _RULES:
        if rx.search(words):
            return provider
    return None


@lru_cache(maxsize=4096)
def number_range(name: str) -> tuple[float, float]:
    """A sensible range for a number named ``name``."""
    words = snake(name)
    for rx, bounds in _NUMBER_RULES:
        if rx.search(words):
            return bounds
    return (0, 100)


@lru_cache(maxsize=4096)
def number_in_place(name: str, parents: tuple[str, ...]) -> tuple[float, float] | None:
    """The range of a number called ``name`` (snake_case) in the objects named ``parents``
    (nearest first) when the object says more than the name alone (see `_IN_PLACE`), else None."""
    near = parents[:3]
    for rx, kinds, bounds in _IN_PLACE:
        if rx.search(name) and any(p in kinds for p in near):
            return bounds
    return None


@lru_cache(maxsize=4096)
def is_money(name: str) -> bool:
    """Whether a property called ``name`` holds an amount of money."""
    words = snake(name)
    return _MONEY.search(words) is not None and words.rpartition("_")[2] not in _NOT_CURRENCIES


def money_texts(rng: Random, name: str) -> tuple[str, str]:
    """An amount for ``name`` written as text, with cents (``"84.50"``) and whole (``"85"``): one
    draw, the schema's pattern takes the first it can."""
    low, high = number_range(name)
    value = rng.uniform(low, high)
    return f"{value:.2f}", str(round(value))


_COUNTS = re.compile(r"(^|_)(count|quantity|qty|num|number|units|items|pages)$|^(num|number)_")
"""On the snake_case name: a count, whole even as a decimal (``count``, ``num_items``)."""


def decimal_texts(rng: Random, name: str) -> tuple[str, ...]:
    """A number for ``name`` written as plain decimal text (``"12.5"``, ``"21"``; a count whole),
    in the range its name says: what a decimal field that is no money holds."""
    low, high = number_range(name)
    value = rng.uniform(low, high)
    whole = str(round(value))
    if _COUNTS.search(snake(name)):
        return (whole,)
    return f"{value:.2f}".rstrip("0").rstrip("."), whole


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
    if provider in _CURATED:
        return _CURATED[provider]
    with _POOL_LOCK:
        fake = _faker(locale)
        fake.seed_instance(f"{_FAKER_SEED}:{provider}")  # str seeds go through SHA-512, not hash()
        make = _SAFE[provider](fake) if provider in _SAFE else getattr(fake, provider)
        values = [_clean(make()) for _ in range(_POOL_SIZE)]
        keep = _KEEP.get(provider)
        if keep is not None:  # replaced after the pool is drawn: the values kept stay where they were
            values = [v if keep(v) else _first(lambda: _clean(make()), keep) for v in values]
    return tuple(v for v in values if v)


def _clean(value: object) -> str:
    return str(value).replace("\n", ", ").rstrip(".")


_POOL_LOCK = threading.Lock()
_FOLDERS = ("home/alex/documents", "srv/uploads", "var/data/exports", "tmp", "mnt/shared/reports")
"""Where a made-up file path keeps its file."""
_SAFE: dict[str, Callable[[Faker], Callable[[], str]]] = {
    "url": lambda fake: lambda: f"https://{fake.safe_domain_name()}/{fake.uri_path()}",
    "domain_name": lambda fake: fake.safe_domain_name,
    "email": lambda fake: fake.safe_email,
    "file_name": lambda fake: lambda: _file_name(fake),
    "file_path": lambda fake: lambda: f"/{fake.random_element(_FOLDERS)}/{_file_name(fake)}",
    "file_extension": lambda fake: lambda: fake.random_element(fake.random_element(FILES)[1]),
    "secondary_address": lambda fake: (
        getattr(fake, "secondary_address", None) or (lambda: f"Apt. {fake.random_int(1, 999)}")
    ),  # a locale without one (de_DE)
}
"""Providers whose domains are the reserved example ones (``example.com/.org/.net``), like the
``format`` generators': a made-up URL never points at a real site."""
_KEEP: dict[str, Callable[[str], bool]] = {
    "phone_number": lambda v: "x" not in v,  # no extension: 001-338-799-6026x81616
    "word": lambda v: len(v) > 2 and v not in FUNCTION_WORDS,  # a category is no "these"
}
"""Which values of a provider's pool are kept (the others are replaced by further draws)."""
_CURATED: dict[str, tuple[str, ...]] = {
    "currency_code": CURRENCIES, "language_code": LANGUAGES, "locale": LOCALES, "mime_type": MIME_TYPES,
    "label": LABELS,
}  # fmt: skip
"""Providers answered from a short list of common values instead of Faker's whole one."""


def _file_name(fake: Faker) -> str:
    """A file name of one kind of `FILES`, its extension that kind's: ``invoice_2024.pdf``."""
    stems, exts = fake.random_element(FILES)
    number = fake.random_int(2019, 2026) if fake.random_int(0, 1) else f"{fake.random_int(1, 9999):04d}"
    return f"{fake.random_element(stems)}_{number}.{fake.random_element(exts)}"


def _first(make: Callable[[], str], ok: Callable[[str], bool], tries: int = 20) -> str:
    """The first of a few values of ``make`` that is ``ok`` (else the last one)."""
    value = make()
    for _ in range(tries):
        if ok(value):
            break
        value = make()
    return value


def pick(rng: Random, locale: str, provider: str) -> str:
    """One realistic value from the pool of ``provider``."""
    return choice(rng, _pool(locale, provider))


@lru_cache(maxsize=4096)
def _prefix(name: str) -> str:
    """What an identifier for ``name`` starts with: `ID_PREFIXES` by the whole noun (``orderId`` ->
    ``ord_``, ``payment_method_id`` -> ``pm_``), then by its last word (``parent_message_id`` ->
    ``msg_``); else the initials of a noun of several words, as Stripe's ``si_`` (``order_item_id``
    -> ``oi_``), or the first four letters of one (``user_id`` -> ``user_``)."""
    stem = snake(name).removesuffix("id").strip("_")
    if not stem:
        return ""
    words = [word for word in stem.split("_") if word]
    short = ID_PREFIXES.get(stem) or ID_PREFIXES.get(words[-1])
    if short is None:
        short = "".join(word[0] for word in words) if len(words) > 1 else stem[:4]
    return f"{short}_"


def ident(rng: Random, name: str) -> str:
    """An identifier for a property called ``name`` (``id``, ``user_id``, ``orderId``...)."""
    return _prefix(name) + text(rng, _ALNUM, 10)
