"""Fields whose meaning is in their name or in the object holding them, from the trades of the
second realism hold-out (``bench/bench_realism_holdout.py --set holdout2``): telecom, customs,
shipping, genomics, registries, CI/CD and Kubernetes, law, museums, transit... Each class here
drew a lorem word, a person's name or a number out of its range before (``imei: "sister"``,
``stage_name: "Miguel Jones"``, ``airmass: 56``, a song of two seconds, a house for $473)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from pydantic import BaseModel
from typing_extensions import TypedDict

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator

SEEDS = range(12)


def _values(properties: dict[str, Any], seeds: range = SEEDS) -> list[dict[str, Any]]:
    """Values of an object schema with ``properties``, one per seed."""
    schema = {"type": "object", "properties": properties, "required": list(properties)}
    generator = compile_generator(schema)
    return [generator.generate(random.Random(seed)) for seed in seeds]


def _strings(*names: str) -> dict[str, Any]:
    return {name: {"type": "string"} for name in names}


# -- check digits, written from each standard (not from the generator) -----------------------------


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _gs1_ok(code: str) -> bool:
    """GS1 General Specifications 7.9: weights 3, 1 from the right of the payload."""
    body = code[:-1]
    total = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == int(code[-1])


def _dea_ok(number: str) -> bool:
    d = [int(c) for c in number[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def _iso6346_ok(number: str) -> bool:
    """ISO 6346 Annex A: letters valued 10.. skipping multiples of 11, weights 2**i, mod 11 mod 10."""
    letters = [n for n in range(10, 39) if n % 11]
    values = [int(c) if c.isdigit() else letters[ord(c) - ord("A")] for c in number[:10]]
    return sum(v * 2**i for i, v in enumerate(values)) % 11 % 10 == int(number[10])


def _imo_ok(number: str) -> bool:
    return sum(int(c) * w for c, w in zip(number[:6], range(7, 1, -1), strict=True)) % 10 == int(number[6])


def _lei_ok(lei: str) -> bool:
    """ISO 17442 (ISO 7064 MOD 97-10): the whole code read as a number is 1 modulo 97."""
    return int("".join(str(int(c, 36)) for c in lei)) % 97 == 1


def _orcid_ok(orcid: str) -> bool:
    """ISO 7064 MOD 11-2 over the first fifteen digits (ORCID's documented algorithm)."""
    digits, total = orcid.replace("-", ""), 0
    for c in digits[:-1]:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    return digits[-1] == ("X" if check == 10 else str(check))


def test_telecom_and_trade_codes_carry_their_check_digits() -> None:
    fields = _strings("imei", "iccid", "dea_number", "gtin", "upc", "container_number", "vessel_imo", "lei",
                      "orcid")  # fmt: skip
    for value in _values(fields):
        assert re.fullmatch(r"\d{15}", value["imei"]), value
        assert _luhn_ok(value["imei"]), value
        assert re.fullmatch(r"89\d{17}", value["iccid"]), value
        assert _luhn_ok(value["iccid"]), value
        assert re.fullmatch(r"[ABFM][A-Z]\d{7}", value["dea_number"]), value
        assert _dea_ok(value["dea_number"]), value
        assert re.fullmatch(r"\d{13}", value["gtin"]), value
        assert _gs1_ok(value["gtin"]), value
        assert re.fullmatch(r"\d{12}", value["upc"]), value
        assert _gs1_ok(value["upc"]), value
        assert re.fullmatch(r"[A-Z]{3}U\d{7}", value["container_number"]), value
        assert _iso6346_ok(value["container_number"]), value
        assert re.fullmatch(r"9\d{6}", value["vessel_imo"]), value
        assert _imo_ok(value["vessel_imo"]), value
        assert re.fullmatch(r"[A-Z0-9]{18}\d{2}", value["lei"]), value
        assert _lei_ok(value["lei"]), value
        assert re.fullmatch(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]", value["orcid"]), value
        assert _orcid_ok(value["orcid"]), value


def test_known_containers_and_mobile_numbers_are_exact() -> None:
    """A fixed seed gives these values: a container of a real line's owner code with its check
    digit, a mobile number from Ofcom's or NANP's ranges kept for fiction."""
    first = _values(_strings("container_number", "msisdn", "hs_code", "eori"), range(1))[0]
    assert first == {
        "container_number": "CSNU7647597",
        "msisdn": "13125550182",
        "hs_code": "8703.23",
        "eori": "GB294892411000",
    }


def test_shapes_of_registries_science_and_the_internet() -> None:
    fields = _strings(
        "msisdn",
        "hs_code",
        "eori",
        "declaration_mrn",
        "doi",
        "rsid",
        "chromosome",
        "ref_allele",
        "gene_symbol",
        "organism",
        "sample_accession",
        "flowcell_id",
        "integrity",
        "image_digest",
        "license_spdx",
        "port_of_loading",
        "rrule",
        "charity_ein",
        "call_number",
        "microchip_number",
        "invoice_month",
        "fqdn",
        "nameservers",
        "k8s_namespace",
        "docker_image",
        "pod_name",
    )
    for v in _values(fields):
        assert re.fullmatch(r"447700900\d{3}|1\d{3}55501\d{2}", v["msisdn"]), v
        assert re.fullmatch(r"\d{4}\.\d{2}", v["hs_code"]), v
        assert re.fullmatch(r"(GB\d{12}|[A-Z]{2}\d{10})", v["eori"]), v
        assert re.fullmatch(r"\d{2}[A-Z]{2}[A-Z0-9]{13}[A-Z]", v["declaration_mrn"]), v
        assert re.fullmatch(r"10\.\d{4}/\S+", v["doi"]), v
        assert re.fullmatch(r"rs\d{4,9}", v["rsid"]), v
        assert re.fullmatch(r"chr([1-9]|1\d|2[0-2]|X|Y)", v["chromosome"]), v
        assert v["ref_allele"] in "ACGT", v
        assert re.fullmatch(r"[A-Z][A-Z0-9-]+", v["gene_symbol"]), v
        assert re.fullmatch(r"[A-Z][a-z]+ [a-z]+|SARS-CoV-2", v["organism"]), v
        assert re.fullmatch(r"[SED]RR\d{8}|SAMN\d{8}", v["sample_accession"]), v
        assert re.fullmatch(r"H[A-Z0-9]{4}(DSX|BBX|AFX)\d|0{9}-[A-Z0-9]{5}", v["flowcell_id"]), v
        assert re.fullmatch(r"sha512-[A-Za-z0-9+/]{86}==", v["integrity"]), v
        assert re.fullmatch(r"sha256:[0-9a-f]{64}", v["image_digest"]), v
        assert v["license_spdx"] in (
            "MIT",
            "Apache-2.0",
            "ISC",
            "BSD-3-Clause",
            "BSD-2-Clause",
            "GPL-3.0-only",
            "MPL-2.0",
            "LGPL-2.1-only",
            "Unlicense",
        ), v
        assert re.fullmatch(r"[A-Z]{5}", v["port_of_loading"]), v
        assert re.fullmatch(r"FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Z0-9,]+)*", v["rrule"]), v
        assert re.fullmatch(r"[1-9]\d-\d{7}", v["charity_ein"]), v
        assert re.fullmatch(r"[1-9]\d{2}\.\d{1,3} [A-Z]{3}", v["call_number"]), v
        assert re.fullmatch(r"(985|900|981)\d{12}", v["microchip_number"]), v
        assert re.fullmatch(r"20\d{2}-(0[1-9]|1[0-2])", v["invoice_month"]), v
        assert re.fullmatch(r"[a-z]+\.example\.(com|org|net)", v["fqdn"]), v
        assert re.fullmatch(r"ns[1-4]\.example\.(com|org|net)", v["nameservers"]), v
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", v["k8s_namespace"]), v
        assert re.fullmatch(r"[a-z0-9./-]+/[a-z-]+:\d+\.\d+\.\d+", v["docker_image"]), v
        assert re.fullmatch(r"[a-z-]+-[a-z0-9]{10}-[a-z0-9]{5}", v["pod_name"]), v


def test_a_records_reference_is_a_prefixed_number_not_a_word() -> None:
    """``*_no``, ``*_number``, ``*_ref`` of a record no other rule knows: its kind's initials (or
    first letters) and six digits; a phone's, a page's or a street's number is left to its own rule."""
    first = _values(
        _strings("work_order_no", "part_number", "lot_number", "donation_ref", "job_ref"), range(1)
    )[0]
    assert first == {
        "work_order_no": "WO-747593",
        "part_number": "PN-924219",
        "lot_number": "LOT-589241",
        "donation_ref": "DON-257815",
        "job_ref": "JOB-759387",
    }
    for value in _values(_strings("phone_number", "page_number", "street_number")):
        assert not re.fullmatch(r"[A-Z]+-\d{6}", value["phone_number"]), value
        assert not re.fullmatch(r"[A-Z]+-\d{6}", value["street_number"]), value


def test_uri_inside_a_word_is_no_url() -> None:
    """``url|uri`` read anywhere in a name made ``courier_name`` and ``security_group`` URLs."""
    for value in _values(
        _strings("courier_name", "security_group", "during_hours", "avatar_uri", "profile_url")
    ):
        assert "://" not in value["courier_name"], value
        assert "://" not in value["security_group"], value
        assert "://" not in value["during_hours"], value
        assert value["avatar_uri"].startswith("https://"), value
        assert value["profile_url"].startswith("https://"), value


# -- words of a trade, by name or by the object holding them ---------------------------------------


class PipelineStage(TypedDict):
    stage_name: str


class PipelineRun(BaseModel):
    revision: str
    stages: list[PipelineStage]


class TlsCertificate(BaseModel):
    common_name: str
    issuer_cn: str


class PodStatus(TypedDict):
    node_name: str


class ArtworkRecord(BaseModel):
    medium: str
    accession_number: str
    object_date: str
    credit_line: str


class CandidateTally(TypedDict):
    party: str


class Species(TypedDict):
    common_name: str


def _answers(fn: Any, seeds: range = range(8)) -> list[Any]:
    out = []
    for seed in seeds:
        world = SyntheticWorld(seed=seed)
        world.tool(fn)
        out.append(world.call(fn.__name__, {"ref": f"r{seed}"}))
    return out


def get_run(ref: str) -> PipelineRun: ...
def get_cert(ref: str) -> TlsCertificate: ...
def get_pod(ref: str) -> PodStatus: ...
def get_artwork(ref: str) -> ArtworkRecord: ...
def get_tally(ref: str) -> CandidateTally: ...
def get_species(ref: str) -> Species: ...


def test_words_of_the_object_holding_them() -> None:
    stages = {"build", "test", "lint", "deploy", "package", "security-scan", "integration-tests", "publish"}
    for run in _answers(get_run):
        assert re.fullmatch(r"[0-9a-f]{40}", run["revision"]), run
        assert all(stage["stage_name"] in stages for stage in run["stages"]), run
    for cert in _answers(get_cert):
        assert re.fullmatch(r"[a-z]+\.example\.(com|org|net)", cert["common_name"]), cert
        assert re.fullmatch(r"[RE]\d+|.* CA.*|.*M02|GTS CA 1C3", cert["issuer_cn"]), cert
    for pod in _answers(get_pod):
        assert re.fullmatch(r"ip-10-0-\d+-\d+\.ec2\.internal|gke-[a-z0-9-]+|worker-\d+", pod["node_name"]), (
            pod
        )
    for art in _answers(get_artwork):
        assert re.search(r"canvas|Bronze|Marble|paper|print|panel|Etching|earthenware", art["medium"]), art
        assert re.fullmatch(r"(18|19|20)\d{2}\.\d+", art["accession_number"]), art
        assert re.fullmatch(
            r"(ca\. )?1[4-9]\d{2}|20[01]\d|1[4-9]\d{2}-\d{2}|20[01]\d-\d{2}", art["object_date"]
        ), art
        assert art["credit_line"].startswith(("Gift of ", "Bequest of ", "Purchase, ")), art
    assert {t["party"] for t in _answers(get_tally)} <= {"Democratic", "Republican", "Independent", "Green",
                                                          "Libertarian"}  # fmt: skip
    for species in _answers(get_species):  # a common name outside a certificate is no host name
        assert ".example." not in species["common_name"], species


@pytest.mark.parametrize(
    ("name", "pool"),
    [
        ("stage_name", {"build", "test", "lint", "deploy"}),
        ("party", {"Democratic", "Republican"}),
        ("medium", {"Oil on canvas", "Bronze"}),
        ("target_name", {"M31", "M42"}),
    ],
)
def test_a_trade_word_needs_its_object(name: str, pool: set[str]) -> None:
    """Outside a pipeline, an election, a museum or an observation the names keep their general
    meaning: a CRM's ``stage_name``, a contract's ``party``, a campaign's ``medium``."""
    drawn = {value[name] for value in _values(_strings(name), range(30))}
    assert not drawn & pool, drawn


# -- quantities by name, and by the object holding them ----------------------------------------------


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [
        ("engine_rpm", 700, 3_500),
        ("surge_multiplier", 1, 2.5),
        ("soil_ph", 5.5, 8),
        ("renewals_left", 0, 3),
        ("airmass", 1, 2.2),
        ("seeing_arcsec", 0.5, 2.5),
        ("apparent_magnitude", 2, 18),
        ("rack_level", 1, 6),
        ("power_factor", 0.8, 1),
        ("voltage_v", 215, 245),
        ("q30_pct", 80, 95),
        ("coupon_rate_pct", 1, 7),
        ("clean_price", 85, 115),
        ("duty_rate_pct", 0, 12),
        ("kd_ratio", 0.5, 2.5),
        ("registered_voters", 800, 4_000),
        ("high_c", -10, 35),
        ("low_temp_f", 14, 95),
        ("body_temp_c", 36.5, 39.5),
        ("build_duration_ms", 60_000, 1_200_000),
        ("ttl_seconds", 60, 86_400),
    ],
)
def test_quantities_in_their_units_range(name: str, low: float, high: float) -> None:
    for value in _values({name: {"type": "number"}}, range(40)):
        assert low <= value[name] <= high, value


class Track(TypedDict):
    title: str
    duration_ms: int


class Request(TypedDict):
    path: str
    duration_ms: int


class Listing(TypedDict):
    mls_number: str
    list_price: int


class Product(TypedDict):
    sku: str
    list_price: float


class ForecastDay(TypedDict):
    date: str
    high: float
    low: float


class Attorney(TypedDict):
    attorney_name: str
    hourly_rate_usd: float


class ParkingSession(TypedDict):
    zone_code: str
    hourly_rate_usd: float


def get_track(ref: str) -> Track: ...
def get_request(ref: str) -> Request: ...
def get_listing(ref: str) -> Listing: ...
def get_product(ref: str) -> Product: ...
def get_forecast(ref: str) -> ForecastDay: ...
def get_attorney(ref: str) -> Attorney: ...
def get_parking(ref: str) -> ParkingSession: ...


def test_a_songs_length_and_a_homes_price_are_their_objects() -> None:
    """The name alone says a request's milliseconds and a product's price; the object holding
    it says a song of 2.5-5.5 minutes and a home of hundreds of thousands."""
    tracks = [a["duration_ms"] for a in _answers(get_track)]
    assert all(150_000 <= ms <= 330_000 for ms in tracks), tracks
    assert all(1 <= a["duration_ms"] <= 5_000 for a in _answers(get_request))
    homes = [a["list_price"] for a in _answers(get_listing)]
    assert all(180_000 <= price <= 1_200_000 for price in homes), homes
    assert all(a["list_price"] <= 1_000 for a in _answers(get_product))
    for day in _answers(get_forecast):
        assert -5 <= day["low"] <= 32, day
        assert -5 <= day["high"] <= 32, day
    assert all(250 <= a["hourly_rate_usd"] <= 900 for a in _answers(get_attorney))
    assert all(1 <= a["hourly_rate_usd"] <= 6 for a in _answers(get_parking))


def test_a_song_of_a_fixed_seed() -> None:
    assert _answers(get_track, range(1))[0]["duration_ms"] == 252_113  # after a song's title (stop 51)


# -- a number that may be whole --------------------------------------------------------------------


def test_a_realistic_float_is_mostly_not_whole() -> None:
    """``type: number`` canonicalises to ``[integer, number]``; drawing either uniformly made 65%
    of ``price: float`` values whole (``100``, ``480``) and an ``allele_frequency`` 0 in half the
    draws. A realistic draw takes the number, which keeps a whole value in 30% of draws itself."""
    prices = [v["price"] for v in _values({"price": {"type": "number"}}, range(300))]
    whole = sum(isinstance(p, int) for p in prices)
    assert 60 <= whole <= 120, whole  # 30% of 300 is 90 (65%, 195, before)
    frequencies = [
        v["allele_frequency"] for v in _values({"allele_frequency": {"type": "number"}}, range(60))
    ]
    assert all(0.001 <= f <= 0.5 for f in frequencies), frequencies
    assert _values({"price": {"type": "number"}}, range(4)) == [
        {"price": 758.2},
        {"price": 848},
        {"price": 947.88},
        {"price": 544.68},
    ]


def test_values_that_need_not_look_real_still_take_either_type() -> None:
    generator = compile_generator({"type": "number"}, realistic=False)
    values = [generator.generate(random.Random(seed)) for seed in range(200)]
    assert 80 <= sum(isinstance(v, int) for v in values) <= 180  # the integer branch, then 30% of the rest


def test_a_grade_and_a_course_code_look_like_a_transcripts() -> None:
    """The first hold-out's ``get_grades`` answers items now, and drew ``letter_grade: "history"``
    and ``course_code: "improve"``."""
    for value in _values(_strings("letter_grade", "course_code")):
        assert re.fullmatch(r"[A-DF][+-]?", value["letter_grade"]), value
        assert re.fullmatch(r"[A-Z]{2,4} [1-4]\d{2}", value["course_code"]), value
