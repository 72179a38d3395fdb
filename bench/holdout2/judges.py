"""The field judges of ``bench_realism_holdout.py --set holdout2``: for one leaf of an answer, "is this
what a field of that name holds in its trade?", written from each field's meaning before any fix
(formats from their standards: DEA numbers' check digit, IMEI's and ICCID's Luhn digit, ISO 6346
container numbers, IMO ship numbers, GS1 GTINs, ORCID's ISO 7064 digit, ISO 17442 LEIs, EU MRNs
and EORIs, HS codes, SPDX licences, Subresource Integrity, RFC 5545 RRULEs, RFC 1035 names, OCI
digests; vocabularies a reviewer of that trade expects). Names these judges do not know fall back
to the first hold-out's judges (``holdout.judges``), which know the common ones (email, url, id,
currency...). ``judge_field(key, value, parent)`` gives ``(category, plausible)`` or None."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from typing import Any

from faker.providers.address.en_US import Provider as _Address
from holdout import judges as first
from holdout.judges import COUNTRIES, COUNTRY_NAMES, US_STATES, snake

from holdout2.quantities import NUMBER_RANGES

__all__ = ["HOSTNAME", "ipv4", "judge_field"]

_person, _lorem_alone, _rx, _words_of, _title = (
    first._person, first._lorem_alone, first._rx, first._words_of, first._title,
)  # fmt: skip
NATIONS = COUNTRY_NAMES | frozenset(_Address.countries)
"""Country names: the first hold-out's and Faker's address list (``Macao``, ``Congo``)."""
HOSTNAME = re.compile(r"(\*\.)?([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)+[a-z]{2,}\.?")


def ipv4(v: Any) -> bool:
    try:
        return isinstance(v, str) and isinstance(ipaddress.ip_address(v), ipaddress.IPv4Address)
    except ValueError:
        return False


def _ipv6(v: Any) -> bool:
    try:
        return isinstance(v, str) and isinstance(ipaddress.ip_address(v), ipaddress.IPv6Address)
    except ValueError:
        return False


def _host(v: Any) -> bool:
    return isinstance(v, str) and HOSTNAME.fullmatch(v) is not None


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _digits_luhn(*sizes: int, prefix: str = "") -> Callable[[Any], bool]:
    return lambda v: (
        isinstance(v, str) and v.isdigit() and len(v) in sizes and v.startswith(prefix) and _luhn(v)
    )


def _dea(v: Any) -> bool:
    """A DEA registration number: a registrant letter, a letter, seven digits whose last checks
    the others (d1+d3+d5 + 2*(d2+d4+d6), last digit)."""
    if not isinstance(v, str) or not re.fullmatch(r"[ABCDFGHJKLMPRSTUX][A-Z9]\d{7}", v):
        return False
    d = [int(c) for c in v[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def _container(v: Any) -> bool:
    """An ISO 6346 container number: owner code, category, six digits, check digit."""
    if not isinstance(v, str) or not re.fullmatch(r"[A-Z]{3}[UJZ]\d{7}", v):
        return False
    values = [int(c) if c.isdigit() else _ISO6346[c] for c in v[:10]]
    return sum(x * 2**i for i, x in enumerate(values)) % 11 % 10 == int(v[10])


_ISO6346 = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [n for n in range(10, 39) if n % 11], strict=True))


def _imo(v: Any) -> bool:
    found = re.fullmatch(r"(IMO ?)?(\d{7})", v) if isinstance(v, str) else None
    if found is None:
        return False
    d = found[2]
    return sum(int(c) * w for c, w in zip(d[:6], range(7, 1, -1), strict=True)) % 10 == int(d[6])


def _gtin(v: Any) -> bool:
    if not isinstance(v, str) or not re.fullmatch(r"\d{8}|\d{12,14}", v):
        return False
    body, check = v[:-1], int(v[-1])
    total = sum(int(c) * (3 if i % 2 == 0 else 1) for i, c in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == check


def _orcid(v: Any) -> bool:
    if not isinstance(v, str):
        return False
    found = re.fullmatch(r"(https://orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])", v)
    if found is None:
        return False
    digits, total = found[2].replace("-", ""), 0
    for c in digits[:-1]:
        total = (total + int(c)) * 2
    check = (12 - total % 11) % 11
    return digits[-1] == ("X" if check == 10 else str(check))


def _lei(v: Any) -> bool:
    if not isinstance(v, str) or not re.fullmatch(r"[A-Z0-9]{18}\d{2}", v):
        return False
    return int("".join(str(int(c, 36)) for c in v)) % 97 == 1


def _code(v: Any) -> bool:
    """A reference a system gave: no spaces, a digit in it, not a lone word."""
    return isinstance(v, str) and " " not in v and any(c.isdigit() for c in v) and not _lorem_alone(v)


def _named(v: Any) -> bool:
    """A proper name of a thing (a firm, a ship, a stop, a dish): capitalised, not one lorem word,
    not a person's, not a URL or a phone number."""
    return (
        isinstance(v, str)
        and (v[:1].isupper() or v[:1].isdigit())  # 51 Pegasi, 5G 20GB
        and not _lorem_alone(v)
        and not (_person(v) and not _FIRM_WORDS.search(v))  # Kelly Group is a firm, Max Unlimited a plan
        and "://" not in v
        and not re.fullmatch(r"[\d\s().+-]+", v)
    )


_FIRM_WORDS = re.compile(
    r"\b(Group|Inc|LLC|Ltd|PLC|Corp|Co|Company|Sons|Partners|Unlimited|Plus|Max|Pro|Essentials)\b|,| and "
)
"""Words that make a name with a first name in it a firm's or a product's, not a person's."""


def _person_name(v: Any) -> bool:
    return isinstance(v, str) and _person(v)


def _contains(*words: str) -> Callable[[Any], bool]:
    pool = tuple(w.lower() for w in words)
    return lambda v: isinstance(v, str) and any(w in v.lower() for w in pool)


def _rdata(v: Any) -> bool:
    return (
        ipv4(v)
        or _ipv6(v)
        or _host(v)
        or (isinstance(v, str) and bool(re.fullmatch(r"\d+ \S+|\".*\"|v=\S+.*", v)))
    )


FIELD: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
    ("code: court case number", r"^case_number$", _code),
    ("name: court", r"^court_name$", _contains("court", "tribunal", "district")),
    (
        "person name",
        r"^(presiding_judge|attorney_name|pharmacist_name|vet_name|operator_name|translator_name|"
        r"driver_name|rider_name|courier_name|donor_name|artist_display_name|candidate|signatories)$",
        _person_name,
    ),
    (
        "name: party to a case",
        r"^(plaintiff|defendant)$",
        lambda v: isinstance(v, str) and v[:1].isupper() and not _lorem_alone(v),
    ),
    ("name: firm", r"^(counterparty_name|law_firm|issuer_name|registrar|as_name)$", _named),
    (
        "vocabulary: governing law",
        r"^governing_law$",
        lambda v: (
            isinstance(v, str)
            and (
                v in US_STATES
                or v in COUNTRY_NAMES
                or v.removeprefix("State of ") in US_STATES
                or v in ("England and Wales", "Scotland", "Delaware", "New York")
            )
        ),
    ),
    ("code: bar number", r"^bar_number$", _code),
    (
        "vocabulary: practice area",
        r"^practice_area$",
        _contains(
            "litigation",
            "corporate",
            "employment",
            "intellectual property",
            "family",
            "real estate",
            "tax",
            "immigration",
            "criminal",
            "bankruptcy",
            "estate",
            "personal injury",
            "mergers",
            "antitrust",
            "environmental",
            "securities",
            "labor",
            "patent",
            "privacy",
        ),
    ),
    ("code: ndc", r"^product_ndc$", _rx(r"\d{4,5}-\d{3,4}-\d{1,2}")),
    ("code: dea number", r"^dea_number$", _dea),
    (
        "name: pet",
        r"^pet_name$",
        lambda v: isinstance(v, str) and v[:1].isupper() and len(v.split()) == 1 and not _lorem_alone(v),
    ),
    ("vocabulary: breed", r"^breed$", _named),
    ("code: microchip", r"^microchip_number$", _rx(r"\d{15}|[0-9A-F]{10}")),
    (
        "vocabulary: vaccine",
        r"^vaccines_given$",
        _contains(
            "rabies",
            "dhpp",
            "da2pp",
            "bordetella",
            "leptospirosis",
            "fvrcp",
            "felv",
            "lyme",
            "influenza",
            "tetanus",
            "parvovirus",
            "distemper",
            "myxomatosis",
            "rhd",
            "west nile",
            "strangles",
            "polyomavirus",
            "calicivirus",
        ),
    ),
    ("code: msisdn", r"^(msisdn|calling_number|called_number)$", _rx(r"\+?[1-9]\d{9,14}")),
    ("code: imei", r"^imei$", _digits_luhn(15)),
    ("code: iccid", r"^iccid$", _digits_luhn(19, 20, prefix="89")),
    ("code: plan code", r"^plan_code$", _rx(r"[A-Z0-9][A-Z0-9_-]{2,24}")),
    (
        "name: mobile plan",
        r"^plan_(name|title)$",
        lambda v: (
            _named(v)
            and any(
                w in v.lower()
                for w in (
                    "gb",
                    "unlimited",
                    "plan",
                    "sim",
                    "5g",
                    "data",
                    "talk",
                    "text",
                    "basic",
                    "plus",
                    "max",
                    "pro",
                    "essential",
                    "family",
                    "prepaid",
                )
            )
        ),
    ),
    (
        "code: cloud service",
        r"^service_code$",
        _rx(r"(Amazon|AWS)[A-Za-z0-9]+|[a-z]+(\.googleapis\.com)?|[A-Z][A-Za-z]+"),
    ),
    ("code: usage type", r"^usage_type$", _rx(r"[A-Za-z0-9]+([-:.][A-Za-z0-9.]+)+")),
    ("code: billing month", r"^invoice_month$", _rx(r"20\d{2}-(0[1-9]|1[0-2])")),
    ("code: git revision", r"^revision$", _rx(r"[0-9a-f]{40}|[0-9a-f]{7,12}")),
    ("code: docker image", r"^docker_image$", first._docker_image),
    (
        "code: k8s namespace",
        r"^k8s_namespace$",
        _rx(
            r"default|kube-system|kube-public|monitoring|observability|logging|ingress-nginx|cert-manager|argocd|"
            r"istio-system|prod(uction)?|staging|dev(elopment)?|qa|[a-z0-9]+(-[a-z0-9]+)+"
        ),
    ),
    (
        "code: pod name",
        r"^pod_name$",
        _rx(r"[a-z0-9]+(-[a-z0-9]+)*-[a-z0-9]{5,10}(-[a-z0-9]{5})?|[a-z0-9-]+-\d+"),
    ),
    (
        "code: node name",
        r"^node_name$",
        lambda v: (
            isinstance(v, str)
            and bool(re.fullmatch(r"[a-z0-9]([-a-z0-9.]*[a-z0-9])?", v))
            and any(c.isdigit() for c in v)
        ),
    ),
    (
        "vocabulary: ci stage",
        r"^stage_name$",
        lambda v: isinstance(v, str) and any(w in _STAGES for w in re.split(r"[\s_:-]+", v.lower())),
    ),
    ("code: hostname", r"^(fqdn|common_name|subject_alt_names|nameservers|registered_domain)$", _host),
    ("code: dns rdata", r"^rdata$", _rdata),
    (
        "code: certificate issuer",
        r"^issuer_cn$",
        lambda v: (
            isinstance(v, str)
            and (
                bool(re.fullmatch(r"[RE]\d{1,2}|WE\d|WR\d", v))
                or " CA" in v
                or v.endswith("CA")
                or any(
                    b in v
                    for b in (
                        "Let's Encrypt",
                        "DigiCert",
                        "Sectigo",
                        "GlobalSign",
                        "GTS",
                        "Amazon",
                        "GoDaddy",
                        "ISRG",
                    )
                )
            )
        ),
    ),
    ("code: certificate serial", r"^serial_hex$", _rx(r"([0-9a-fA-F]{2}:?){8,20}")),
    (
        "code: fingerprint",
        r"^sha256_fingerprint$",
        _rx(r"[0-9a-fA-F]{64}|([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}"),
    ),
    ("code: package name", r"^package_name$", _rx(r"(@[a-z0-9-]+/)?[a-z0-9][a-z0-9._-]*")),
    ("code: semver", r"^latest_version$", first._semver),
    (
        "vocabulary: spdx licence",
        r"^license_spdx$",
        _words_of(
            "MIT",
            "Apache-2.0",
            "BSD-2-Clause",
            "BSD-3-Clause",
            "ISC",
            "GPL-2.0-only",
            "GPL-3.0-only",
            "GPL-2.0",
            "GPL-3.0",
            "GPL-3.0-or-later",
            "LGPL-2.1",
            "LGPL-3.0",
            "MPL-2.0",
            "AGPL-3.0",
            "Unlicense",
            "0BSD",
            "CC0-1.0",
            "EPL-2.0",
            "Zlib",
            "BSL-1.0",
        ),
    ),
    ("code: sri integrity", r"^integrity$", _rx(r"sha(256|384|512)-[A-Za-z0-9+/]{40,90}={0,2}")),
    ("code: user handle", r"^handle$", _rx(r"[a-z0-9][a-z0-9_.-]{1,38}", re.I)),
    ("code: image digest", r"^image_digest$", _rx(r"sha256:[0-9a-f]{64}")),
    (
        "code: platform",
        r"^platform$",
        _rx(r"(linux|windows|darwin)/(amd64|arm64|arm/v[67]|386|ppc64le|s390x)"),
    ),
    ("code: bucket", r"^bucket_name$", _rx(r"[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")),
    ("code: object key", r"^object_key$", _rx(r"([\w.-]+/)*[\w.-]+\.\w{2,5}|([\w.-]+/)+[\w.-]+")),
    ("code: etag", r"^etag$", _rx(r"\"?[0-9a-f]{32}(-\d+)?\"?")),
    ("code: eu mrn", r"^declaration_mrn$", _rx(r"\d{2}[A-Z]{2}[A-Z0-9]{13,14}")),
    (
        "code: eori",
        r"^eori$",
        lambda v: (
            isinstance(v, str)
            and bool(re.fullmatch(r"[A-Z]{2}[A-Z0-9]{8,15}", v))
            and v[:2] in COUNTRIES
            and any(c.isdigit() for c in v)
        ),
    ),
    ("code: hs code", r"^hs_code$", _rx(r"\d{4}(\.?\d{2}){1,3}")),
    ("code: country of origin", r"^country_of_origin$", lambda v: v in COUNTRIES or v in NATIONS),
    ("code: container number", r"^container_number$", _container),
    ("code: imo number", r"^vessel_imo$", _imo),
    ("name: vessel", r"^vessel_name$", _named),
    ("code: port", r"^port_of_(loading|discharge)$", lambda v: _rx(r"[A-Z]{2} ?[A-Z2-9]{3}")(v) or _named(v)),
    (
        "code: work/part/lot/bin/zone/stop reference",
        r"^(work_order_no|part_number|lot_number|bin_code|zone_code|stop_code|card_serial|meter_serial|"
        r"job_ref|order_ref|donation_ref|session_ref|item_barcode|accession_number|"
        r"space_number)$",
        _code,
    ),
    ("code: gallery", r"^gallery_room$", lambda v: isinstance(v, str) and any(c.isdigit() for c in v)),
    ("code: aisle", r"^aisle$", _rx(r"[A-Z]{1,2}\d{0,3}|\d{1,3}[A-Z]?")),
    ("code: gtin", r"^gtin$", _gtin),
    ("code: library card", r"^patron_card_number$", _rx(r"\d{10,14}")),
    (
        "code: call number",
        r"^call_number$",
        _rx(
            r"\d{3}(\.\d+)?( [A-Z][A-Za-z]{1,3})?( \d{4})?|[A-Z]{1,3}\d{1,4}(\.\d+)?( ?\.[A-Z]\d+)*( \d{4})?"
        ),
    ),
    ("code: language", r"(^|_)lang$", _rx(r"[a-z]{2}(-[A-Z]{2})?")),
    ("code: lei", r"^lei$", _lei),
    ("code: isin", r"(^|_)isin$", first._isin),
    (
        "code: credit rating",
        r"^credit_rating$",
        _rx(
            r"(AAA|AA[+-]?|A[+-]?|BBB[+-]?|BB[+-]?|B[+-]?|CCC[+-]?|Aaa|Aa[123]|A[123]|Baa[123]|Ba[123]|B[123]|Caa[123])"
        ),
    ),
    ("code: cidr", r"(^|_)cidr$", _rx(r"(\d{1,3}\.){3}\d{1,3}/\d{1,2}|[0-9a-f:]+/\d{1,3}")),
    ("name: plot", r"^plot_name$", _named),
    ("vocabulary: crop", r"^crop_variety$", _named),
    ("name: tariff", r"^tariff_name$", _named),
    ("name: site", r"^site_name$", _named),
    (
        "code: inverter model",
        r"^inverter_model$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v) and not _lorem_alone(v),
    ),
    ("title", r"^(book_title|artwork_title|game_title)$", _title),
    (
        "vocabulary: art medium",
        r"^medium$",
        _contains(
            "oil",
            "canvas",
            "bronze",
            "marble",
            "watercolo",
            "paper",
            "ink",
            "gelatin",
            "print",
            "tempera",
            "panel",
            "acrylic",
            "wood",
            "charcoal",
            "pastel",
            "photograph",
            "lithograph",
            "etching",
            "ceramic",
            "glass",
            "earthenware",
            "stoneware",
            "terracotta",
            "gouache",
            "silk",
            "textile",
            "porcelain",
            "stone",
            "graphite",
        ),
    ),
    (
        "code: object date",
        r"^object_date$",
        lambda v: (
            isinstance(v, str)
            and "T" not in v
            and (bool(re.search(r"\b1?\d{3}\b", v)) or "century" in v)
            and all(int(y) <= 2024 for y in re.findall(r"\d{4}", v))
        ),
    ),
    (
        "text: credit line",
        r"^credit_line$",
        lambda v: (
            isinstance(v, str)
            and (
                bool(
                    re.match(
                        r"(Gift|Purchase|Bequest|Museum|Acquired|On loan|Promised|Transfer|Partial gift"
                        r"|Anonymous)",
                        v,
                    )
                )
                or "Fund" in v
            )
        ),
    ),
    ("code: plate", r"^vehicle_plate$", _rx(r"[A-Z0-9]{1,4}[- ]?[A-Z0-9]{2,5}")),
    ("address", r"_address$", _rx(r"\d+[A-Za-z]? [A-Z][\w .,'-]+")),
    ("name: restaurant", r"^restaurant$", _named),
    ("name: dish", r"^dish_name$", _named),
    (
        "vocabulary: allergen",
        r"^allergens$",
        _words_of(
            "gluten",
            "wheat",
            "milk",
            "dairy",
            "eggs",
            "egg",
            "fish",
            "shellfish",
            "crustaceans",
            "tree nuts",
            "nuts",
            "peanuts",
            "soy",
            "soya",
            "sesame",
            "mustard",
            "celery",
            "lupin",
            "sulphites",
            "sulfites",
            "molluscs",
        ),
    ),
    (
        "code: gamertag",
        r"^gamertag$",
        lambda v: isinstance(v, str) and " " not in v and 3 <= len(v) <= 20 and not _lorem_alone(v),
    ),
    ("code: ein", r"^charity_ein$", _rx(r"\d{2}-\d{7}")),
    (
        "name: fund",
        r"^fund_designation$",
        lambda v: isinstance(v, str) and not _lorem_alone(v) and not _person(v),
    ),
    ("code: receipt", r"^receipt_number$", _code),
    (
        "vocabulary: party",
        r"^party$",
        lambda v: isinstance(v, str) and (v in _PARTIES or v.endswith("Party")),
    ),
    (
        "name: precinct",
        r"^precinct_name$",
        lambda v: (
            isinstance(v, str)
            and not _person(v)
            and not _lorem_alone(v)
            and (any(c.isdigit() for c in v) or "Precinct" in v or "Ward" in v)
        ),
    ),
    ("name: stop", r"^(stop_name|last_tap_stop|headsign)$", _named),
    ("code: route", r"^route_short_name$", _rx(r"[A-Z]{0,2}\d{1,3}[A-Z]?|[A-Z]{1,3}")),
    ("code: platform", r"^platform_code$", _rx(r"\d{1,2}[A-Z]?|[A-Z]")),
    (
        "vocabulary: fare product",
        r"^fare_product$",
        _contains(
            "pass",
            "fare",
            "ticket",
            "day",
            "week",
            "month",
            "adult",
            "senior",
            "student",
            "youth",
            "reduced",
            "pay as you go",
            "stored value",
            "zone",
        ),
    ),
    ("code: sra accession", r"^sample_accession$", _rx(r"[SED]R[RSXP]\d{6,9}|SAM[NED][A-Z]?\d{6,9}")),
    ("name: organism", r"^organism$", _rx(r"[A-Z][a-z]+ [a-z]+( [a-z]+)?|SARS-CoV-2")),
    ("code: flowcell", r"^flowcell_id$", _rx(r"[A-Z0-9]{9}|\d{9}-[A-Z0-9]{5}")),
    ("code: orcid", r"orcid$", _orcid),
    ("code: doi", r"(^|_)doi$", _rx(r"10\.\d{4,9}/\S+")),
    ("code: rsid", r"^rsid$", _rx(r"rs\d{3,10}")),
    ("code: chromosome", r"^chromosome$", _rx(r"(chr)?([1-9]|1\d|2[0-2]|X|Y|MT?)")),
    ("code: allele", r"^(ref|alt)_allele$", _rx(r"[ACGT]{1,12}")),
    ("code: gene symbol", r"^gene_symbol$", _rx(r"[A-Z][A-Z0-9-]{1,9}")),
    (
        "name: sky target",
        r"^target_name$",
        lambda v: (
            isinstance(v, str)
            and (
                bool(re.fullmatch(r"(M|NGC|IC|HD|HIP|HR|Gliese|GJ|Kepler|TOI|WASP) ?-?\d{1,7}[A-Za-z]?", v))
                or (_named(v) and not _person(v))
            )
        ),
    ),
    ("name: telescope", r"^telescope_name$", _named),
    ("name: star", r"^host_star$", lambda v: _named(v) and not _host(v)),
    (
        "name: planet",
        r"^planet_name$",
        lambda v: isinstance(v, str) and bool(re.fullmatch(r"\S.* ?[b-i]", v)) and not _person(v),
    ),
    (
        "name: shift",
        r"^shift_label$",
        _contains(
            "morning",
            "early",
            "day",
            "late",
            "night",
            "evening",
            "swing",
            "weekend",
            "on-call",
            "on call",
            "shift",
            "graveyard",
            "afternoon",
            "rota",
        ),
    ),
    (
        "code: rrule",
        r"^rrule$",
        _rx(r"(RRULE:)?FREQ=(SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[^;\s]+)*"),
    ),
    ("code: time of day", r"^shift_(starts|ends)$", _rx(r"([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?")),
)
_FIELD = tuple((cat, re.compile(rx), ok) for cat, rx, ok in FIELD)
_STAGES = frozenset(
    [
        "build",
        "test",
        "tests",
        "lint",
        "deploy",
        "package",
        "publish",
        "scan",
        "security",
        "integration",
        "e2e",
        "unit",
        "release",
        "verify",
        "compile",
        "checkout",
        "install",
        "migrate",
        "smoke",
        "docker",
        "push",
        "typecheck",
        "format",
        "audit",
        "coverage",
    ]
)
_PARTIES = frozenset(
    {"Democratic", "Republican", "Independent", "Green", "Libertarian", "Labour", "Conservative",
     "Liberal Democrats", "Reform UK", "SNP", "Nonpartisan", "Working Families"}
)  # fmt: skip


def judge_field(key: str, value: Any, parent: str = "") -> tuple[str, bool] | None:
    """``(category, plausible)`` for a leaf called ``key`` holding ``value`` (None: no judge)."""
    name = snake(key)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        for cat, rx, lo, hi in NUMBER_RANGES:
            if rx.search(name):
                return f"number: {cat}", lo <= value <= hi
        return first.judge_field(key, value, parent)
    if (
        isinstance(value, str)
        and first._TIME.fullmatch(value)
        and not name.startswith(("object_date", "shift_"))
    ):
        return "time", True
    for cat, rx, ok in _FIELD:
        if rx.search(name):
            return cat, bool(ok(value))
    return first.judge_field(key, value, parent)
