"""Fields whose meaning is in their name, from domains the first realism stubs left out (the
hold-out of ``bench/bench_realism_holdout.py``): codes built as their standards write them,
quantities in their units' ranges, and domain words by the name or the object holding them. Each
class here drew a lorem word, a person's name or a number out of its range before (``vin:
"sound"``, ``rssi_dbm: 36``, ``drug_name: "James Hall"``, a job posting titled ``Despite``)."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from pydantic import BaseModel
from typing_extensions import TypedDict

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator
from synthworld.schema._nodes import State
from synthworld.schema._numbers import NumberNode
from synthworld.schema._realistic import number_range

SEEDS = range(12)


def _values(properties: dict[str, Any], seeds: range = SEEDS) -> list[dict[str, Any]]:
    """Values of an object schema with string (or given) ``properties``, one per seed."""
    schema = {"type": "object", "properties": properties, "required": list(properties)}
    generator = compile_generator(schema)
    return [generator.generate(random.Random(seed)) for seed in seeds]


# -- check digits, written from each standard (not from the generator) -----------------------------


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _vin_ok(vin: str) -> bool:
    """ISO 3779 / 49 CFR 565.15: transliterate, weigh, the remainder of 11 is the 9th character."""
    values = dict(
        zip(
            "ABCDEFGHJKLMNPRSTUVWXYZ",
            [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
            strict=True,
        )
    )
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    if not re.fullmatch(r"[A-HJ-NPR-Z0-9]{17}", vin):
        return False
    total = sum((int(c) if c.isdigit() else values[c]) * w for c, w in zip(vin, weights, strict=True))
    return vin[8] == ("X" if total % 11 == 10 else str(total % 11))


def _cusip_ok(cusip: str) -> bool:
    total = 0
    for i, ch in enumerate(cusip[:8]):
        v = int(ch) if ch.isdigit() else ord(ch) - ord("A") + 10
        if i % 2:
            v *= 2
        total += v // 10 + v % 10
    return cusip[8] == str((10 - total % 10) % 10)


def _aba_ok(number: str) -> bool:
    return sum(int(d) * w for d, w in zip(number, (3, 7, 1) * 3, strict=True)) % 10 == 0


def test_codes_carry_their_standards_check_digits() -> None:
    fields = {"vin": {"type": "string"}, "npi": {"type": "string"}, "cusip": {"type": "string"},
              "isin": {"type": "string"}, "routing_number": {"type": "string"}}  # fmt: skip
    for value in _values(fields):
        assert _vin_ok(value["vin"]), value
        assert re.fullmatch(r"[12]\d{9}", value["npi"]), value
        assert _luhn_ok("80840" + value["npi"]), value  # CMS: the Luhn digit over 80840 + the NPI
        assert re.fullmatch(r"\d{3}[0-9A-Z]{5}\d", value["cusip"]), value
        assert _cusip_ok(value["cusip"]), value
        isin = value["isin"]
        assert re.fullmatch(r"US[0-9A-Z]{9}\d", isin), value
        assert _luhn_ok("".join(str(int(c, 36)) for c in isin)), value  # ISO 6166: letters as 10-35
        assert re.fullmatch(r"\d{9}", value["routing_number"]), value
        assert _aba_ok(value["routing_number"]), value


SHAPES = {
    "icd10_code": r"[A-TV-Z]\d[0-9A-Z](\.[0-9A-Z]{1,4})?",
    "loinc_code": r"\d{1,5}-\d",
    "ndc_code": r"\d{5}-\d{4}-\d{2}",
    "mcc": r"\d{4}",
    "git_sha": r"[0-9a-f]{40}",
    "head_sha": r"[0-9a-f]{40}",
    "sha256": r"[0-9a-f]{64}",
    "cron": r"(\S+ ){4}\S+",
    "hex_color": r"#[0-9a-f]{6}",
    "tail_number": r"N\d{1,3}[A-Z]{0,2}",
    "license_plate": r"\d[A-Z]{3}\d{3}|[A-Z]{2}\d{2} [A-Z]{3}",
    "ts": r"\d{10}\.\d{6}",
    "issue_key": r"[A-Z]+-\d+",
    "team_key": r"[A-Z]{2,5}",
    "season": r"\d{4}(-\d{2})?",
    "warehouse_code": r"[A-Z]{3}\d",
    "mrn": r"[1-9]\d{7}",
    "serial_number": r"[A-Z]{2}[A-Z0-9]{8}",
    "head_branch": r"main|develop|(feature|fix|release|chore)/[a-z0-9.-]+",
}


@pytest.mark.parametrize(("name", "shape"), SHAPES.items(), ids=list(SHAPES))
def test_a_code_named_for_its_kind_has_that_kind_s_shape(name: str, shape: str) -> None:
    for value in _values({name: {"type": "string"}}):
        assert re.fullmatch(shape, value[name]), value


class Codes(TypedDict):
    vin: str
    npi: str
    icd10_code: str
    mcc: str
    cusip: str
    git_sha: str
    cron: str
    musical_key: str
    hex_color: str
    warehouse_code: str


def test_codes_for_a_fixed_seed() -> None:
    world = SyntheticWorld(seed=0)

    @world.tool
    def get_codes(ref: str) -> Codes:
        """Codes."""

    assert world.call("get_codes", {"ref": "r1"}) == {
        "vin": "5YJZXULV0KY915540",
        "npi": "2438202303",
        "icd10_code": "R10.9",
        "mcc": "4511",
        "cusip": "747IW1101",
        "git_sha": "af0c741a1d324ba946e2bfcc2be490c3f8351474",
        "cron": "0 */6 * * *",
        "musical_key": "F major",
        "hex_color": "#470b5d",
        "warehouse_code": "SFO9",
    }


# -- quantities in their units ---------------------------------------------------------------------

RANGES = {
    "yearsOfExperience": (0, 25),
    "bedrooms": (1, 5),
    "co2Ppm": (400, 1500),
    "rssiDbm": (-90, -40),
    "pressureHpa": (980, 1040),
    "bpm": (70, 175),
    "uv_index": (0, 11),
    "change_percent": (-5, 5),
    "year_built": (1960, 2024),
    "servings": (1, 8),
    "wind_direction_deg": (0, 359),
}


@pytest.mark.parametrize(("name", "bounds"), RANGES.items(), ids=list(RANGES))
def test_a_quantity_stays_in_its_unit_s_range(name: str, bounds: tuple[float, float]) -> None:
    assert number_range(name) == bounds
    kind = (
        "number" if isinstance(bounds[0], float) or name in ("change_percent", "pressureHpa") else "integer"
    )
    for value in _values({name: {"type": kind}}):
        assert bounds[0] <= value[name] <= bounds[1], value


def test_a_small_fraction_keeps_its_cents_instead_of_rounding_to_zero() -> None:
    """A price per kWh is 0.08-0.40: a non-integer number keeps its cents (once 3 in 10 rounded to 0)."""
    assert number_range("rate_per_kwh") == (0.08, 0.4)
    node = NumberNode(
        integer=False, low=None, high=None, low_open=False, high_open=False, multiples=[], path=""
    )
    now = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
    rates = [node.gen(State(random.Random(seed), now, True, "en_US"), "rate_per_kwh") for seed in range(40)]
    assert all(0.08 <= r <= 0.4 for r in rates), rates


# -- domain words by the object that holds them -----------------------------------------------------


class LabResult(BaseModel):
    test_name: str
    unit: str


class Ingredient(BaseModel):
    name: str
    unit: str


class Athlete(BaseModel):
    full_name: str
    position: str


class JobPosting(BaseModel):
    title: str
    department: str


class Deployment(BaseModel):
    image: str
    region: str


class Campaign(TypedDict):
    campaignName: str
    targetCountries: list[str]


class Prescription(TypedDict):
    drug_name: str
    specialty: str
    fuel_type: str
    room_type: str


def _answers(returns: Any, seeds: range = range(6)) -> list[Any]:
    out = []
    for seed in seeds:
        world = SyntheticWorld(seed=seed)

        def get_thing(ref: str) -> Any: ...

        get_thing.__annotations__["return"] = returns
        get_thing.__doc__ = "Fetch one."
        world.tool(get_thing)
        out.append(world.call("get_thing", {"ref": "r1"}))
    return out


def test_a_unit_is_the_lab_s_or_the_kitchen_s_by_its_object() -> None:
    for lab in _answers(LabResult):
        assert lab["unit"] in {"mg/dL", "g/dL", "mmol/L", "%", "U/L", "mEq/L", "x10^9/L", "mIU/L"}, lab
        assert lab["test_name"][0].isupper(), lab
    for ingredient in _answers(Ingredient):
        assert ingredient["unit"] in {"g", "ml", "cup", "tbsp", "tsp", "clove", "pinch", "kg", "piece"}, (
            ingredient
        )


def test_a_player_s_position_is_on_the_pitch_and_a_posting_s_title_a_job() -> None:
    positions = {"Goalkeeper", "Defender", "Midfielder", "Forward", "Winger", "Striker"}
    assert all(a["position"] in positions for a in _answers(Athlete))
    from faker.providers.job.en_US import Provider as Jobs

    assert all(j["title"] in Jobs.jobs for j in _answers(JobPosting))


def test_a_deployment_s_image_is_a_container_image_and_its_region_a_cloud_s() -> None:
    for deployment in _answers(Deployment):
        assert re.fullmatch(r"[a-z0-9./-]+/[a-z-]+:\d+\.\d+\.\d+", deployment["image"]), deployment
        assert re.fullmatch(r"[a-z]{2}-[a-z]+-\d", deployment["region"]), deployment


def test_names_of_things_are_no_people() -> None:
    for campaign in _answers(Campaign):
        assert re.fullmatch(r"[A-Z][A-Za-z ]+ \d{4}", campaign["campaignName"]), campaign
        assert all(re.fullmatch(r"[A-Z]{2}", code) for code in campaign["targetCountries"]), campaign
    for rx in _answers(Prescription):
        assert rx["drug_name"] in {"Lisinopril", "Metformin", "Atorvastatin", "Amoxicillin", "Levothyroxine",
                                   "Amlodipine", "Omeprazole", "Sertraline", "Albuterol", "Ibuprofen",
                                   "Losartan", "Gabapentin", "Simvastatin", "Prednisone"}, rx  # fmt: skip
        assert rx["fuel_type"] in {"gasoline", "diesel", "electric", "hybrid"}, rx
        assert rx["specialty"][0].isupper(), rx
        assert rx["room_type"][0].isupper(), rx
