"""The field judges of ``bench/bench_realism_holdout.py``: what a reviewer reading one field of an answer
asks, "is this what a field of that name holds here?", written from the field's meaning (formats
from their standards: ISO 3166/4217/6166, IBAN's mod-97, ISBN-13's and NPI's check digits,
ICD-10-CM, LOINC, NDC, VIN, IANA zones, cron; ranges a domain's numbers stay in), apart from the
generator. ``judge_field(key, value, parent)`` gives ``(category, plausible)`` for one leaf
(``None``: no judge knows the name); the relations between an object's fields are judged in
``relations.py``, the ranges of numbers are ``quantities.py``'s."""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Callable
from typing import Any

from faker.providers.date_time import Provider as _Dates
from faker.providers.lorem.en_US import Provider as _Lorem
from faker.providers.person.en_US import Provider as _People

from holdout.quantities import NUMBER_RANGES

__all__ = ["COUNTRIES", "EURO", "IBAN_CURRENCY", "NOW", "US_CODES", "US_STATES", "ZERO_DECIMAL", "ZONES",
           "judge_field", "snake"]  # fmt: skip


def _split(words: str) -> frozenset[str]:
    return frozenset(words.split())


NOW = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
FIRST_NAMES = frozenset(_People.first_names)
LAST_NAMES = frozenset(_People.last_names)
STARTERS = _split(
    "about after also although because before despite during only once since some such than that these they "
    "this those though through until when where whether which while who why within without"
)
"""Words no title or name starts with ("Despite", "They word")."""
LOREM = frozenset(w for w in _Lorem.word_list if len(w) > 2)
COUNTRIES = {c.alpha_2_code: c for c in _Dates.countries}
COUNTRY_NAMES = frozenset(c.name for c in _Dates.countries)
ZONES = zoneinfo.available_timezones()
ZERO_DECIMAL = _split("JPY KRW CLP VND ISK HUF TWD IDR")
EURO = _split("AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK")
IBAN_CURRENCY = {"GB": "GBP", "CH": "CHF", "SE": "SEK", "NO": "NOK", "DK": "DKK", "PL": "PLN"}
US_STATES = _split(
    "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho "
    "Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota "
    "Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah "
    "Vermont Virginia Washington Wisconsin Wyoming"
) | {
    "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Rhode Island",
    "South Carolina", "South Dakota", "West Virginia", "District of Columbia",
}  # fmt: skip
US_CODES = _split(
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND "
    "OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC"
)
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def snake(name: str) -> str:
    return CAMEL.sub("_", name).lower()


def _lorem_alone(value: str) -> bool:
    return value.lower() in LOREM


def _person(value: Any) -> bool:
    """A person's name: a known first name, then one or two more capitalised words."""
    words = str(value).replace(".", "").split()
    return 2 <= len(words) <= 3 and words[0] in FIRST_NAMES and all(w[:1].isupper() for w in words)


def _words_of(*pool: str) -> Callable[[Any], bool]:
    low = frozenset(p.lower() for p in pool)
    return lambda v: isinstance(v, str) and (v.lower() in low or v.lower().replace("_", " ") in low)


def _rx(pattern: str, flags: int = 0) -> Callable[[Any], bool]:
    compiled = re.compile(pattern, flags)
    return lambda v: isinstance(v, str) and compiled.fullmatch(v) is not None


def _between(low: float, high: float) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, (int, float)) and low <= v <= high


def _named_thing(v: Any) -> bool:
    """A proper name of a thing (a team, a venue, a league): capitalised, not one lorem word, not
    a person's name."""
    return isinstance(v, str) and v[:1].isupper() and not _lorem_alone(v)


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _npi(v: Any) -> bool:
    return isinstance(v, str) and re.fullmatch(r"[12]\d{9}", v) is not None and _luhn("80840" + v)


def _iban(v: Any) -> bool:
    if not isinstance(v, str) or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", v):
        return False
    moved = v[4:] + v[:4]
    return int("".join(str(int(ch, 36)) for ch in moved)) % 97 == 1


def _isbn(v: Any) -> bool:
    digits = str(v).replace("-", "")
    if not re.fullmatch(r"97[89]\d{10}", digits):
        return bool(re.fullmatch(r"\d{9}[\dX]", digits))
    return sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0


def _isin(v: Any) -> bool:
    return (
        isinstance(v, str)
        and re.fullmatch(r"[A-Z]{2}[A-Z0-9]{9}\d", v) is not None
        and v[:2] in COUNTRIES | {"XS": 0}
    )


def _cron(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    parts = v.split()
    field = re.compile(r"(\*|\d+(-\d+)?)(/\d+)?(,(\d+(-\d+)?))*|[A-Z]{3}(-[A-Z]{3})?")
    return (len(parts) == 5 and all(field.fullmatch(p) for p in parts)) or v.startswith("@")


def _semver(v: Any) -> bool:
    return isinstance(v, str) and re.fullmatch(r"v?\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?", v) is not None


def _url(v: Any) -> bool:
    return isinstance(v, str) and re.fullmatch(r"https?://[^\s/]+\.[a-z]{2,}(/\S*)?", v) is not None


def _audio_url(v: Any) -> bool:
    return _url(v) and re.search(r"\.(mp3|m4a|ogg|wav|aac)(\?|$)", v) is not None


def _docker_image(v: Any) -> bool:
    return (
        isinstance(v, str)
        and re.fullmatch(r"([a-z0-9.-]+(:\d+)?/)?[a-z0-9._/-]+(:[\w.-]+|@sha256:[0-9a-f]{64})", v) is not None
    )


def _title(v: Any) -> bool:
    """A thing's name or title: not one lowercase word, not a person's name, not a sentence's middle."""
    return isinstance(v, str) and v[:1].isupper() and not _person(v) and v.split()[0].lower() not in STARTERS


def _money(v: Any) -> bool:
    return isinstance(v, (int, float)) and v >= 0 and round(v, 2) == v


# (category, name pattern on snake_case, plausible) -- the first pattern that matches judges
FIELD: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
    ("code: npi", r"(^|_)npi$", _npi),
    ("code: icd-10", r"icd_?10(_code)?$|^diagnosis_code$", _rx(r"[A-TV-Z]\d[0-9AB](\.[0-9A-Z]{1,4})?")),
    ("code: loinc", r"loinc(_code)?$", _rx(r"\d{1,5}-\d")),
    ("code: ndc", r"(^|_)ndc(_code)?$", _rx(r"\d{4,5}-\d{3,4}-\d{1,2}")),
    (
        "code: mrn/member/rx/license",
        r"(^|_)(mrn|member_id|rx_number|license_number|serial_number|mls_number)$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v) and " " not in v,
    ),
    ("code: routing", r"routing_number$", _rx(r"\d{9}")),
    ("code: mcc", r"(^|_)mcc$", _rx(r"\d{4}")),
    ("code: iban", r"iban$", _iban),
    (
        "code: swift",
        r"(^|_)(swift|bic)(_code)?$",
        lambda v: (
            isinstance(v, str)
            and re.fullmatch(r"[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?", v) is not None
            and v[4:6] in COUNTRIES
        ),
    ),
    ("code: vin", r"(^|_)vin$", _rx(r"[A-HJ-NPR-Z0-9]{17}")),
    ("code: isbn", r"(^|_)isbn(_?13)?$", _isbn),
    ("code: isin", r"(^|_)isin$", _isin),
    ("code: cusip", r"(^|_)cusip$", _rx(r"[0-9]{3}[0-9A-Z]{5}\d")),
    ("code: isrc", r"(^|_)isrc$", _rx(r"[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}")),
    ("code: upc", r"(^|_)upc$", _rx(r"\d{12}")),
    ("code: sku", r"(^|_)sku$", _rx(r"[A-Z0-9][A-Z0-9-]{3,20}")),
    (
        "code: git sha",
        r"(^|_)(sha|git_sha|head_sha|parent_sha|commit_sha)$",
        _rx(r"[0-9a-f]{40}|[0-9a-f]{7,12}"),
    ),
    ("code: sha256", r"(^|_)sha256$", _rx(r"[0-9a-f]{64}")),
    ("code: mac", r"mac_?address$", _rx(r"([0-9a-f]{2}:){5}[0-9a-f]{2}", re.I)),
    ("code: ip", r"(^|_)ip(_address)?$", _rx(r"(\d{1,3}\.){3}\d{1,3}")),
    ("code: tracking", r"tracking_number$", _rx(r"[A-Z0-9]{10,22}")),
    (
        "code: numbered reference",
        r"(claim|policy|invoice|account|confirmation)_?(number|code)$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v) and not _lorem_alone(v),
    ),
    (
        "code: warehouse/meter/course",
        r"(warehouse|course|station)_code$|^meter_id$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v) and not _lorem_alone(v),
    ),
    ("code: airline iata", r"airline_?iata$", _rx(r"[A-Z0-9]{2}")),
    ("code: airport iata", r"(departure|arrival|origin|destination)_?iata$|^iata(_code)?$", _rx(r"[A-Z]{3}")),
    ("code: flight number", r"flight_?number$", _rx(r"[A-Z0-9]{2}\d{1,4}")),
    ("code: tail number", r"tail_?number$|registration$", _rx(r"N\d{1,5}[A-Z]{0,2}|[A-Z]{1,2}-[A-Z]{3,4}")),
    ("code: terminal/gate", r"^(terminal|gate)$", _rx(r"[A-Z]?\d{1,3}[A-Z]?|[A-Z]")),
    ("code: jira/linear key", r"^(key|identifier)$", _rx(r"[A-Z][A-Z0-9]{1,9}-\d{1,5}")),
    ("code: team key", r"^team_key$", _rx(r"[A-Z]{2,5}")),
    ("code: slack ts", r"(^|_)ts$", _rx(r"\d{10}\.\d{6}")),
    ("code: ticker", r"^(ticker|symbol)$", _rx(r"[A-Z]{1,5}(\.[A-Z])?")),
    (
        "code: exchange",
        r"^exchange$",
        _words_of(
            "NYSE", "NASDAQ", "LSE", "TSE", "XETRA", "Euronext", "HKEX", "SSE", "TSX", "ASX", "NYSE Arca",
            "BATS", "SIX",
        ),
    ),
    ("code: currency", r"(^|_)currency(_code)?$", _rx(r"[A-Z]{3}")),
    ("code: country", r"country_code$|^country_codes?$", lambda v: v in COUNTRIES),
    ("country list", r"(^|_)countries$", lambda v: v in COUNTRIES or v in COUNTRY_NAMES),
    ("file name", r"file_?name$", _rx(r"[\w .-]+\.[A-Za-z0-9]{2,4}")),
    ("code: language", r"(^|_)language(_code)?$|preferred_language$", _rx(r"[a-z]{2}(-[A-Z]{2})?")),
    ("code: locale", r"(^|_)locale$", _rx(r"[a-z]{2}[-_][A-Z]{2}")),
    ("code: timezone", r"(^|_)time_?zone$", lambda v: v in ZONES),
    ("code: cron", r"(^|_)(cron|schedule)(_expression)?$", _cron),
    ("code: semver", r"(^|_)(version|tag_name|firmware_version)$", _semver),
    ("code: region", r"^region$", _rx(r"[a-z]{2}-[a-z]+-\d|[a-z]+-[a-z]+\d")),
    ("code: docker image", r"^image$", _docker_image),
    ("code: hex color", r"hex_?colou?r$", _rx(r"#[0-9a-fA-F]{6}")),
    ("code: mime", r"mime_?type$", _rx(r"[a-z]+/[a-z0-9.+-]+")),
    ("code: user agent", r"user_?agent$", lambda v: isinstance(v, str) and v.startswith("Mozilla/5.0 (")),
    ("code: musical key", r"musical_key$|^key_signature$", _rx(r"[A-G][#b♯♭]?( ?(major|minor|m))?")),
    ("code: zip", r"(^|_)zip(_code)?$", _rx(r"\d{5}(-\d{4})?")),
    ("code: postal", r"postal_code$", lambda v: isinstance(v, str) and any(c.isdigit() for c in v)),
    ("code: license plate", r"license_plate$", _rx(r"[A-Z0-9]{1,4}[- ]?[A-Z0-9]{2,5}")),
    ("code: letter grade", r"letter_grade$", _rx(r"[A-DF][+-]?")),
    ("code: season", r"^season$", _rx(r"\d{4}([-/]\d{2,4})?")),
    (
        "code: branch",
        r"(^|_)branch$|target_commitish$",
        _rx(r"main|master|develop|(feature|fix|release|hotfix)/[a-z0-9.-]+|[0-9a-f]{40}"),
    ),
    (
        "code: ci event",
        r"^event$",
        _words_of("push", "pull_request", "schedule", "workflow_dispatch", "release", "merge_group", "tag"),
    ),
    ("url: audio", r"audio_url$", _audio_url),
    ("url", r"(^|_)(url|link|href|referrer|website)$", _url),
    ("email", r"e_?mail$", _rx(r"[^@\s]+@[^@\s]+\.[a-z]{2,}")),
    ("phone", r"phone(_number)?$", _rx(r"\+?[\d\s().-]{7,20}")),
    (
        "id",
        r"(^|_)id$",
        lambda v: (isinstance(v, int) and v > 0) or (isinstance(v, str) and " " not in v and len(v) >= 4),
    ),
    (
        "person name",
        r"(first|last|full|given|family|agent|adjuster|assignee|artist|customer|account_holder)_?name$"
        r"|^(given|family|instructor|author|host|account_holder|adjuster_name)$",
        lambda v: (
            isinstance(v, str) and v[:1].isupper() and (not _lorem_alone(v) or v in LAST_NAMES | FIRST_NAMES)
        ),
    ),
    (
        "company name",
        r"(merchant|clinic|hotel|employer|publisher|manufacturer|carrier)(_name)?$|current_employer$",
        lambda v: isinstance(v, str) and v[:1].isupper() and not _lorem_alone(v),
    ),
    (
        "place name",
        r"(^|_)(city|venue|location|station_name|admin_region|state)$",
        lambda v: (
            (isinstance(v, str) and v[:1].isupper() and not _lorem_alone(v) and not _person(v))
            or v in US_STATES
        ),
    ),
    (
        "country name",
        r"^(country|nationality)$",
        lambda v: (
            v in COUNTRY_NAMES
            or (isinstance(v, str) and v.endswith(("an", "ish", "ese", "ch", "i")) and v[:1].isupper())
        ),
    ),
    ("team/league", r"(home|away)_team$|^league$", _named_thing),
    (
        "vocabulary: specialty",
        r"specialty$",
        _words_of(
            "Cardiology", "Dermatology", "Family Medicine", "Internal Medicine", "Pediatrics", "Neurology",
            "Oncology", "Orthopedics", "Psychiatry", "Radiology", "Obstetrics and Gynecology",
            "Ophthalmology", "Urology", "Gastroenterology", "Endocrinology", "General Surgery",
            "Emergency Medicine", "Anesthesiology",
        ),
    ),
    (
        "vocabulary: lab test",
        r"test_name$",
        lambda v: isinstance(v, str) and not _person(v) and not _lorem_alone(v),
    ),
    (
        "vocabulary: drug",
        r"drug_name$|^medication$",
        lambda v: isinstance(v, str) and not _person(v) and not _lorem_alone(v),
    ),
    (
        "vocabulary: unit",
        r"^unit$",
        _words_of(
            "g", "kg", "mg", "ml", "l", "cup", "cups", "tbsp", "tsp", "oz", "lb", "pinch", "clove",
            "cloves", "piece", "pieces", "slice", "slices", "can", "mg/dL", "mmol/L", "g/dL", "%", "U/L",
            "mEq/L", "ng/mL", "x10^9/L",
        ),
    ),
    (
        "vocabulary: service level",
        r"service_level$",
        _words_of("standard", "express", "ground", "overnight", "priority", "economy", "next_day", "two_day"),
    ),
    (
        "vocabulary: transaction category",
        r"^category$",
        _words_of(
            "groceries", "dining", "restaurants", "travel", "transport", "transportation", "utilities",
            "shopping", "entertainment", "health", "rent", "salary", "income", "transfer", "fees",
            "subscriptions", "fuel", "insurance", "education", "cash",
        ),
    ),
    (
        "vocabulary: room type",
        r"room_type$",
        _words_of(
            "single", "double", "twin", "queen", "king", "suite", "deluxe", "standard", "studio", "family"
        ),
    ),
    (
        "vocabulary: priority",
        r"priority(_label)?$",
        _words_of("low", "medium", "high", "urgent", "critical", "highest", "lowest", "no priority", "none"),
    ),
    (
        "vocabulary: sport position",
        r"^position$",
        _words_of(
            "Goalkeeper", "Defender", "Midfielder", "Forward", "Striker", "Winger", "Point Guard",
            "Shooting Guard", "Small Forward", "Power Forward", "Center", "Pitcher", "Catcher",
            "Quarterback", "Wide Receiver", "Running Back", "Linebacker", "Guard",
        ),
    ),
    ("vocabulary: cuisine", r"cuisine$", _named_thing),
    (
        "vocabulary: pollutant",
        r"pollutant$",
        _words_of("pm25", "pm2.5", "pm10", "o3", "ozone", "no2", "so2", "co"),
    ),
    (
        "vocabulary: fuel",
        r"fuel_type$",
        _words_of(
            "gasoline", "petrol", "diesel", "electric", "hybrid", "plug-in hybrid", "lpg", "cng", "hydrogen"
        ),
    ),
    (
        "vocabulary: activity",
        r"activity_type$|^sport$",
        _words_of(
            "running", "run", "cycling", "ride", "swimming", "swim", "walking", "walk", "hiking", "hike",
            "rowing", "yoga", "strength_training", "strength training", "elliptical", "trail_run",
            "workout",
        ),
    ),
    (
        "vocabulary: car make",
        r"^make$",
        _words_of(
            "Toyota", "Honda", "Ford", "Chevrolet", "Nissan", "Volkswagen", "BMW", "Mercedes-Benz", "Audi",
            "Hyundai", "Kia", "Subaru", "Mazda", "Tesla", "Volvo", "Peugeot", "Renault", "Fiat", "Jeep",
            "Lexus", "Skoda", "Dodge", "Ram", "GMC", "Porsche",
        ),
    ),
    (
        "vocabulary: model",
        r"^model$",
        lambda v: isinstance(v, str) and not _lorem_alone(v) and not _person(v),
    ),
    (
        "vocabulary: aircraft",
        r"aircraft(_type)?$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v),
    ),
    (
        "vocabulary: colour",
        r"colou?r$",
        lambda v: isinstance(v, str) and v[:1].isalpha() and not _lorem_alone(v),
    ),
    ("vocabulary: size", r"^size$", _rx(r"XXS|XS|S|M|L|XL|XXL|3XL|\d{1,2}(\.5)?|One Size")),
    ("title", r"(_title|_name)$|^(name|title|subject|summary)$", _title),
    (
        "text",
        r"(^|_)(message|text|description|reason)$",
        lambda v: isinstance(v, str) and len(v.split()) >= 2,
    ),
)  # fmt: skip
_FIELD = tuple((cat, re.compile(rx), ok) for cat, rx, ok in FIELD)


PEOPLE = re.compile(r"(^|_)(author|host|committer|owner|assignee|user|patient|candidate|person|contact)$")


def judge_field(key: str, value: Any, parent: str = "") -> tuple[str, bool] | None:
    """``(category, plausible)`` for a leaf called ``key`` holding ``value`` in an object called
    ``parent`` (None: no judge)."""
    name = snake(key)
    if (
        name in ("name", "full_name", "display_name")
        and PEOPLE.search(snake(parent))
        and isinstance(value, str)
    ):
        return "person name", _person(value)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        for cat, rx, lo, hi in NUMBER_RANGES:
            if rx.search(name):
                return f"number: {cat}", lo <= value <= hi
        return None
    if isinstance(value, str) and _TIME.fullmatch(value):
        return "time", True  # its format is the schema's: checked by the world
    for cat, rx, ok in _FIELD:
        if rx.search(name):
            return cat, bool(ok(value))
    return None


_TIME = re.compile(r"\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?")
