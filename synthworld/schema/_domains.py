"""Words of a domain a field's name asks for, alone or in the object holding it.

A practitioner's ``specialty`` is ``Cardiology``, a hotel's ``room_type`` ``King``, a parcel's
``service_level`` ``express``, a car's ``make`` ``Toyota``, an ingredient's ``unit`` ``tbsp`` and a
lab result's ``mg/dL``, a player's ``position`` ``Midfielder`` (not a job), a bank transaction's
``category`` ``groceries``, a match's ``home_team`` a club, a deployment's ``image`` a container
image and its ``region`` a cloud region, an issue's ``key`` ``ENG-482``. Without these the names
drew one lorem word (``fuel_type: "spend"``) or, for ``*_name``, a person's name
(``drug_name: "James Hall"``).
"""

from __future__ import annotations

import string
from functools import lru_cache

from synthworld.schema import _name_rules, _realistic
from synthworld.schema._codes import REGIONS, issue_key
from synthworld.schema._draw import below, choice, text
from synthworld.schema._name_rules import Fill
from synthworld.schema._name_rules import pool as _pool
from synthworld.schema._nodes import State

__all__ = ["by_name", "in_parent"]


def _city_and(*kinds: str) -> Fill:
    """A place named for a city (``Lake John Arena``)."""
    return lambda st: f"{_realistic.pick(st.rng, st.locale, 'city')} {choice(st.rng, kinds)}"


_CLUBS = ("FC", "United", "City", "Rovers", "Athletic", "Wanderers")
_SPECIALTIES = _pool(
    "Family Medicine", "Internal Medicine", "Pediatrics", "Cardiology", "Dermatology", "Neurology",
    "Orthopedics", "Psychiatry", "Radiology", "Oncology", "Obstetrics and Gynecology", "Ophthalmology",
    "Gastroenterology", "Endocrinology", "Emergency Medicine", "Urology",
)  # fmt: skip
"""Medical specialties (the ABMS member boards' names)."""
_DRUGS = _pool(
    "Lisinopril", "Metformin", "Atorvastatin", "Amoxicillin", "Levothyroxine", "Amlodipine", "Omeprazole",
    "Sertraline", "Albuterol", "Ibuprofen", "Losartan", "Gabapentin", "Simvastatin", "Prednisone",
)  # fmt: skip
"""Generic names of commonly prescribed drugs."""
_LAB_TESTS = _pool(
    "Glucose", "Hemoglobin A1c", "Hemoglobin", "Creatinine", "Total Cholesterol", "LDL Cholesterol",
    "White Blood Cell Count", "Platelet Count", "Sodium", "Potassium", "ALT", "TSH",
)  # fmt: skip
_LAB_UNITS = _pool("mg/dL", "mg/dL", "g/dL", "mmol/L", "%", "U/L", "mEq/L", "x10^9/L", "mIU/L")
_COOKING_UNITS = _pool("g", "g", "ml", "cup", "tbsp", "tsp", "clove", "pinch", "kg", "piece")
_POSITIONS = _pool(
    "Goalkeeper", "Defender", "Defender", "Midfielder", "Midfielder", "Forward", "Winger", "Striker"
)  # fmt: skip
_SPENDING = _pool(
    "groceries", "dining", "transport", "shopping", "utilities", "entertainment", "travel", "health",
    "subscriptions", "fuel", "rent", "transfer", "income",
)  # fmt: skip
_VEHICLE_PARENTS = frozenset({"vehicle", "car", "truck", "auto", "automobile", "motorcycle", "van"})
_DEVICE_PARENTS = frozenset(
    {
        "device", "sensor", "printer", "router", "phone", "camera", "thermostat", "hardware", "appliance",
        "gateway", "meter",
    }
)  # fmt: skip
_CAR_MODELS = _pool(
    "Camry", "Corolla", "Civic", "Accord", "F-150", "Model 3", "Golf", "3 Series", "RAV4", "CR-V",
    "Outback", "Mazda3", "Tucson", "Sportage",
)  # fmt: skip
_ISSUE_PARENTS = frozenset(
    {"issue", "ticket", "story", "epic", "bug", "task", "jira_issue", "linear_issue", "subtask"}
)  # fmt: skip
_CLOUD_PARENTS = frozenset(
    {
        "deployment", "deploy", "instance", "bucket", "cluster", "server", "vm", "function", "database",
        "node", "release", "environment", "stack", "service",
    }
)  # fmt: skip
_RUN_PARENTS = frozenset({"workflow_run", "run", "build", "pipeline", "check_run", "check_suite", "workflow"})
_LAB_PARENTS = frozenset(
    {"lab", "lab_result", "result", "observation", "test", "panel", "specimen", "vital", "measurement"}
)  # fmt: skip
_APPAREL_PARENTS = frozenset(
    {
        "product", "item", "variant", "inventory_item", "sku", "garment", "apparel", "shirt", "shoe",
        "line_item", "cart_item", "order_item", "inventory", "stock", "clothing",
    }
)  # fmt: skip
_TRANSACTION_PARENTS = frozenset(
    {"transaction", "expense", "spend", "purchase", "card_transaction", "bank_transaction", "budget"}
)  # fmt: skip
_SHOW_PARENTS = frozenset({"podcast", "episode", "podcast_episode", "show", "webinar", "stream", "broadcast"})


def _image(st: State) -> str:
    """A container image with its tag (``ghcr.io/acme/billing-api:2.4.1``)."""
    repo = (
        f"{choice(st.rng, ('ghcr.io/acme', 'registry.example.com/platform', 'acme'))}/{choice(st.rng, _APPS)}"
    )
    return f"{repo}:{below(st.rng, 4)}.{below(st.rng, 20)}.{below(st.rng, 10)}"


_APPS = ("billing-api", "web", "worker", "auth-service", "search", "gateway", "scheduler", "notifications")


def _campaign(st: State) -> str:
    """An ad campaign's name (``Spring Sale 2024``)."""
    return f"{choice(st.rng, _OCCASIONS)} {choice(st.rng, _PUSHES)} {st.now.year - below(st.rng, 2)}"


_OCCASIONS = (
    "Spring", "Summer", "Autumn", "Winter", "Holiday", "Black Friday", "Back to School", "Brand",
    "Retargeting", "Product Launch",
)  # fmt: skip
_PUSHES = ("Sale", "Campaign", "Promo", "Awareness", "Push")

_PARENTED: tuple[tuple[str, frozenset[str], Fill], ...] = (
    ("^(key|identifier)$", _ISSUE_PARENTS, issue_key),
    ("^(image|container_image|image_name)$", _CLOUD_PARENTS | {"container", "pod", "task"}, _image),
    ("^region$", _CLOUD_PARENTS, _pool(*REGIONS)),
    (
        "^(event|event_name|trigger)$",
        _RUN_PARENTS,
        _pool("push", "push", "pull_request", "schedule", "workflow_dispatch", "release"),
    ),
    ("^(unit|units)$", _LAB_PARENTS, _LAB_UNITS),
    ("^(unit|units)$", frozenset({"ingredient", "recipe_ingredient"}), _COOKING_UNITS),
    ("^(name|test_name|test|display)$", _LAB_PARENTS - {"test"}, _LAB_TESTS),
    (
        "^title$",
        frozenset({"job", "job_posting", "posting", "vacancy", "opening", "requisition", "job_opening"}),
        lambda st: _realistic.pick(st.rng, st.locale, "job"),
    ),
    (
        "^(tag_name|tag|version_tag)$",
        frozenset({"release", "git_tag"}),
        lambda st: f"v{below(st.rng, 4)}.{below(st.rng, 20)}.{below(st.rng, 10)}",
    ),
    (
        "^terminal$",
        frozenset({"flight", "flight_status", "departure", "arrival", "segment", "leg", "boarding_pass"}),
        _pool("1", "2", "3", "4", "5", "A", "B", "C", "D", "E", "T1", "T2"),
    ),
    ("^position$", frozenset({"player", "athlete", "roster", "lineup", "squad", "footballer"}), _POSITIONS),
    ("^model$", _VEHICLE_PARENTS, _CAR_MODELS),
    (
        "^model$",
        _DEVICE_PARENTS,
        lambda st: f"{text(st.rng, string.ascii_uppercase, 2)}-{100 + below(st.rng, 900)}",
    ),
    ("^size$", _APPAREL_PARENTS, _pool("XS", "S", "M", "M", "L", "L", "XL", "XXL")),
    ("^category$", _TRANSACTION_PARENTS, _SPENDING),
    ("^host$", _SHOW_PARENTS, lambda st: _realistic.pick(st.rng, st.locale, "name")),
    (
        "^given$",
        frozenset({"name", "human_name", "person_name", "patient", "person"}),
        lambda st: _realistic.pick(st.rng, st.locale, "first_name"),
    ),
    (
        "^family$",
        frozenset({"name", "human_name", "person_name", "patient", "person"}),
        lambda st: _realistic.pick(st.rng, st.locale, "last_name"),
    ),
)  # fmt: skip
_IN_PARENT = _name_rules.parented(_PARENTED)


def in_parent(name: str, parents: tuple[str, ...]) -> Fill | None:
    """The fill a field's snake_case ``name`` asks for in the objects named ``parents`` (nearest
    first), or None."""
    return _name_rules.in_parent(_IN_PARENT, name, parents)


_REFERRERS = (
    "https://search.example.com/", "https://search.example.com/", "https://news.example.org/",
    "https://social.example.net/", "https://blog.example.com/", "https://mail.example.com/",
)  # fmt: skip
"""Where visitors come from: a search engine, news, social sites, mail (on the reserved example
domains, as every made-up URL: a value never points at a real site)."""

_NAMED = _name_rules.named(
    (
        (r"^(medical_)?speciality$|(^|_)specialty$", _SPECIALTIES),
        (r"^(drug|medication|medicine)(_name)?$|^generic_name$", _DRUGS),
        (r"^(lab_test|test)_name$|^analyte$", _LAB_TESTS),
        (
            r"(^|_)room_type$",
            _pool("King", "Queen", "Double", "Twin", "Suite", "Deluxe King", "Standard Double"),
        ),
        (
            r"^(service_level|shipping_(method|speed|service)|delivery_(method|speed))$",
            _pool("standard", "standard", "express", "ground", "overnight", "two_day", "economy"),
        ),
        (r"^fuel(_type)?$", _pool("gasoline", "gasoline", "diesel", "electric", "hybrid")),
        (
            r"^(activity|activity_type|workout_type|exercise_type|sport_type|sport)$",
            _pool("running", "running", "cycling", "walking", "swimming", "hiking", "yoga", "rowing"),
        ),
        (
            r"^(vehicle_|car_)?make$",
            _pool(
                "Toyota", "Honda", "Ford", "Chevrolet", "Nissan", "Volkswagen", "BMW", "Hyundai", "Kia",
                "Subaru", "Mazda", "Tesla", "Volvo", "Audi",
            ),
        ),
        (
            r"(^|_)(dominant|main|primary)_pollutant$|^pollutant$",
            _pool("pm25", "pm25", "pm10", "o3", "no2", "so2"),
        ),
        (r"^(nationality|citizenship)$", lambda st: _realistic.pick(st.rng, st.locale, "country")),
        (r"^(home|away)_team(_name)?$|^(team|club|opponent)_name$", _city_and(*_CLUBS)),
        (
            r"^(league|competition|division)(_name)?$",
            _pool(
                "Premier League", "La Liga", "Serie A", "Bundesliga", "Ligue 1", "MLS", "Eredivisie",
                "Championship",
            ),
        ),
        (r"^(venue|stadium|arena)(_name)?$", _city_and("Stadium", "Arena", "Park", "Field")),
        (
            r"^(station|weather_station|monitoring_station)(_name)?$",
            _city_and("Central", "North", "Airport", "Harbour", "Downtown"),
        ),
        (
            r"^(clinic|practice|pharmacy|hospital|lab|laboratory|facility)_name$",
            lambda st: _realistic.pick(st.rng, st.locale, "company"),
        ),
        (r"^(campaign|ad_group|ad_set|adset|promotion|promo)_name$", _campaign),
        (r"^sprint(_name)?$", lambda st: f"Sprint {1 + below(st.rng, 60)}"),
        (r"(^|_)priority_(label|name|level)$", _pool("Low", "Medium", "Medium", "High", "Urgent")),
        (
            r"^(dietary_)?diet$|^cuisine_type$",
            _pool("vegetarian", "vegan", "gluten-free", "keto", "omnivore"),
        ),
        (r"^(referr?er|referral_url|referr?er_url)$", lambda st: choice(st.rng, _REFERRERS)),
        (
            r"^(audio|mp3|enclosure|stream|podcast)_url$",
            lambda st: f"https://cdn.example.com/audio/{text(st.rng, '0123456789abcdef', 16)}.mp3",
        ),
        (
            r"^(video|mp4)_url$",
            lambda st: f"https://cdn.example.com/video/{text(st.rng, '0123456789abcdef', 16)}.mp4",
        ),
    )
)  # fmt: skip


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill a field's snake_case ``name`` alone asks for, among the domain words here."""
    return _name_rules.by_name(_NAMED, name)
