"""Codes and identifiers whose shape a field's name alone gives, built as their standards write them.

A ``vin`` is 17 characters with ISO 3779's check digit, an ``npi`` ten digits with the Luhn digit
CMS puts on them, a ``cusip`` nine with its own, an ``isin`` ISO 6166's country, CUSIP and check
digit, a ``routing_number`` an ABA one (its 3-7-1 checksum), a commit ``sha`` 40 hex digits, a
``cron`` five fields, an ``mcc`` an ISO 18245 merchant category, an ``icd10_code`` and a
``loinc_code`` common ones of their code systems. Without such a rule these names drew one lorem
word (``vin: "sound"``).
"""

from __future__ import annotations

import string
from functools import lru_cache

from synthworld.schema import _name_rules
from synthworld.schema._draw import below, choice, text
from synthworld.schema._name_rules import Fill
from synthworld.schema._name_rules import pool as _pool
from synthworld.schema._nodes import State
from synthworld.schema._words import AIRPORTS

__all__ = ["REGIONS", "by_name", "issue_key"]

_HEX = "0123456789abcdef"
_UPPER = string.ascii_uppercase


def _hex(size: int) -> Fill:
    return lambda st: text(st.rng, _HEX, size)


def _draw_digits(st: State, size: int) -> str:
    return choice(st.rng, "123456789") + text(st.rng, string.digits, size - 1)


def _luhn_digit(payload: str) -> str:
    """The Luhn check digit of the digits `payload` (doubling from the rightmost)."""
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str(-total % 10)


def _npi(st: State) -> str:
    """A National Provider Identifier: 1 or 2, eight digits, the Luhn digit of ``80840`` + them."""
    body = choice(st.rng, "12") + text(st.rng, string.digits, 8)
    return body + _luhn_digit("80840" + body)


_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"  # no I, O, Q
_VIN_VALUE = {
    **{str(d): d for d in range(10)},
    **dict(zip("ABCDEFGH", range(1, 9), strict=True)),
    **dict(zip("JKLMN", range(1, 6), strict=True)),
    "P": 7,
    "R": 9,
    **dict(zip("STUVWXYZ", range(2, 10), strict=True)),
}  # fmt: skip
_VIN_WEIGHTS = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)
_VIN_MAKERS = (
    "1HG", "1FA", "1G1", "2T1", "3VW", "4T1", "5YJ", "JHM", "JTD", "KMH", "WBA", "WVW", "WDD", "YV1",
)  # fmt: skip
_VIN_YEARS = "KLMNPRS"  # model years 2019-2025


def _vin(st: State) -> str:
    """A VIN (ISO 3779): a maker's WMI, five attributes, the check digit (49 CFR 565), a model
    year, a plant and a serial."""
    body = (
        choice(st.rng, _VIN_MAKERS)
        + text(st.rng, _VIN_CHARS, 5)
        + "0"
        + choice(st.rng, _VIN_YEARS)
        + choice(st.rng, "ABCDEFGHJKLMNPRSTUVWXYZ")
        + text(st.rng, string.digits, 6)
    )
    check = sum(_VIN_VALUE[c] * w for c, w in zip(body, _VIN_WEIGHTS, strict=True)) % 11
    return body[:8] + ("X" if check == 10 else str(check)) + body[9:]


def _cusip_digit(body: str) -> str:
    total = 0
    for i, ch in enumerate(body):
        v = int(ch) if ch.isdigit() else ord(ch) - 55
        v = v * 2 if i % 2 else v
        total += v // 10 + v % 10
    return str((10 - total % 10) % 10)


def _cusip(st: State) -> str:
    """A CUSIP: a six-character issuer, a two-character issue, its check digit."""
    body = text(st.rng, string.digits, 3) + text(st.rng, _UPPER + string.digits, 3) + "10"
    return body + _cusip_digit(body)


def _isin(st: State) -> str:
    """A US ISIN (ISO 6166): ``US``, a CUSIP, the Luhn digit of its letters read as numbers."""
    body = "US" + _cusip(st)
    return body + _luhn_digit("".join(str(int(ch, 36)) for ch in body))


def _routing(st: State) -> str:
    """An ABA routing number: eight digits and the one that makes 3-7-1 weights sum to a ten."""
    body = choice(st.rng, "0123") + text(st.rng, string.digits, 7)
    total = sum(int(d) * w for d, w in zip(body, (3, 7, 1, 3, 7, 1, 3, 7), strict=True))
    return body + str(-total % 10)


def _ndc(st: State) -> str:
    """An 11-digit National Drug Code in its 5-4-2 form."""
    return f"{_draw_digits(st, 5)}-{text(st.rng, string.digits, 4)}-{text(st.rng, string.digits, 2)}"


def _plate(st: State) -> str:
    if st.rng.random() < 0.5:  # a Californian plate, else a British one
        return f"{1 + below(st.rng, 9)}{text(st.rng, _UPPER, 3)}{text(st.rng, string.digits, 3)}"
    return f"{text(st.rng, _UPPER, 2)}{text(st.rng, string.digits, 2)} {text(st.rng, _UPPER, 3)}"


def _tail(st: State) -> str:
    """A US aircraft registration (FAA: ``N``, digits, up to two letters)."""
    return f"N{1 + below(st.rng, 999)}{text(st.rng, 'ABCDEFGHJKLMNPRSTUVWXYZ', below(st.rng, 3))}"


def _season(st: State) -> str:
    year = st.now.year - below(st.rng, 5)
    return f"{year - 1}-{year % 100:02}" if st.rng.random() < 0.6 else str(year)


def _slack_ts(st: State) -> str:
    """A Slack message's ``ts``: epoch seconds and six more digits, within the last year."""
    return f"{int(st.now.timestamp()) - below(st.rng, 365 * 86_400)}.{text(st.rng, string.digits, 6)}"


def _serial(st: State) -> str:
    return text(st.rng, _UPPER, 2) + text(st.rng, _UPPER + string.digits, 8)


def _numbered(prefix: str, size: int) -> Fill:
    return lambda st: prefix + _draw_digits(st, size)


def issue_key(st: State) -> str:
    """An issue's key in its project (``ENG-482``)."""
    return f"{choice(st.rng, _PROJECT_KEYS)}-{1 + below(st.rng, 2000)}"


_PROJECT_KEYS = ("ENG", "OPS", "WEB", "API", "CORE", "MOB", "DATA", "PLAT", "INFRA", "DES")
_ICD10 = (
    "E11.9", "I10", "J06.9", "M54.50", "F41.1", "Z00.00", "K21.9", "E78.5", "J45.909", "R51.9", "N39.0",
    "F32.A", "M25.511", "R10.9", "Z23", "E03.9", "G43.909", "J02.9", "L30.9", "R05.9",
)  # fmt: skip
"""Common ICD-10-CM codes (CMS code set): diabetes, hypertension, upper respiratory infection..."""
_LOINC = (
    "2345-7", "718-7", "2160-0", "4548-4", "2093-3", "6690-2", "777-3", "2951-2", "2823-3", "1742-6",
    "13457-7", "2085-9", "3016-3", "17861-6", "789-8",
)  # fmt: skip
"""Common LOINC codes: glucose, hemoglobin, creatinine, HbA1c, cholesterol, leukocytes, platelets..."""
_MCC = (
    "5411", "5812", "5814", "5541", "4111", "5912", "5732", "4121", "7011", "5999", "4900", "5311", "5942",
    "4814", "5691", "7832", "8062", "4511",
)  # fmt: skip
"""Common ISO 18245 merchant category codes: grocery, restaurants, fast food, fuel, transit..."""
_CRON = (
    "0 * * * *", "*/5 * * * *", "*/15 * * * *", "0 0 * * *", "0 2 * * *", "30 6 * * 1-5", "0 9 * * 1",
    "0 0 1 * *", "15 3 * * 0", "0 */6 * * *",
)  # fmt: skip
"""Schedules as cron writes them (minute hour day month weekday)."""
_EXCHANGES = ("NASDAQ", "NASDAQ", "NYSE", "NYSE", "LSE", "XETRA", "TSX", "HKEX", "ASX", "TSE")
_KEYS = (
    "C major", "G major", "D major", "A major", "E major", "F major", "Bb major", "Eb major", "A minor",
    "E minor", "D minor", "B minor", "F# minor", "C minor", "G minor",
)  # fmt: skip
_AIRCRAFT = (
    "Airbus A320", "Airbus A320neo", "Airbus A321", "Airbus A350-900", "Boeing 737-800",
    "Boeing 737 MAX 8", "Boeing 787-9", "Boeing 777-300ER", "Embraer E175", "ATR 72-600",
)  # fmt: skip
REGIONS = (
    "us-east-1", "us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1", "ap-northeast-1",
    "sa-east-1",
)  # fmt: skip
"""Cloud regions as AWS names them (the commonest first, twice)."""
_BRANCHES = (
    "main", "main", "main", "develop", "feature/login-page", "feature/search-filters", "fix/null-timezone",
    "release/2.4", "chore/update-deps",
)  # fmt: skip

_RULES = _name_rules.named(
    (
        (r"(^|_)npi(_number)?$", _npi),
        (r"(^|_)vin(_number)?$|^vehicle_identification_number$", _vin),
        (r"(^|_)cusip$", _cusip),
        (r"(^|_)isin$", _isin),
        (r"(^|_)(aba_)?routing_(number|no)$|^aba(_number)?$", _routing),
        (r"(^|_)ndc(_code)?$", _ndc),
        (r"(^|_)icd_?10(_cm)?(_code)?$|^(diagnosis|dx)_code$", _pool(*_ICD10)),
        (r"(^|_)loinc(_code)?$", _pool(*_LOINC)),
        (r"(^|_)mcc$|^merchant_category_code$", _pool(*_MCC)),
        (
            r"(^|_)(git_|commit_|head_|base_|parent_|merge_commit_|after_|before_)?sha1?$|^commit(_id|_hash)$",
            _hex(40),
        ),
        (r"(^|_)sha_?256$", _hex(64)),
        (r"(^|_)sha_?512$", _hex(128)),
        (r"(^|_)cron(_expression|_schedule|tab)?$|^schedule_expression$", _pool(*_CRON)),
        (r"(^|_)(mrn|medical_record_number)$", _numbered("", 8)),
        (r"(^|_)(rx|prescription)_(number|no)$", _numbered("", 7)),
        (r"(^|_)(licen[cs]e|medical_licen[cs]e|drivers?_licen[cs]e)_(number|no)$", _numbered("D", 7)),
        (r"(^|_)serial(_number|_no)?$", _serial),
        (r"(^|_)mls_(number|no|id)$", _numbered("", 8)),
        (r"(^|_)(license|licence|number)_plate$|(^|_)plate(_number|_no)?$", _plate),
        (r"(^|_)(tail_number|aircraft_registration)$", _tail),
        (
            r"(^|_)(warehouse|fulfil?l?ment_center|fc|depot|distribution_center|dc|hub)_code$",
            lambda st: f"{choice(st.rng, AIRPORTS)}{1 + below(st.rng, 9)}",
        ),  # as Amazon's: LHR2, SFO7
        (r"^(aircraft|aircraft_type|aircraft_model|equipment_type)$", _pool(*_AIRCRAFT)),
        (
            r"^airline_(iata|code|iata_code)$|^(marketing|operating)_carrier(_code)?$",
            _pool("AA", "AF", "BA", "DL", "EK", "IB", "KL", "LH", "QF", "SQ", "TP", "UA"),
        ),
        (r"^(stock_)?exchange(_code|_name)?$|^(listing_)?mic$", _pool(*_EXCHANGES)),
        (r"^(musical_key|key_signature|song_key|track_key)$", _pool(*_KEYS)),
        (r"^season(_name|_label)?$", _season),
        (r"^(thread_)?ts$", _slack_ts),
        (r"^(issue|ticket|jira)_key$", issue_key),
        (r"^(team|project)_key$", _pool(*_PROJECT_KEYS)),
        (r"^(aws_|cloud_|gcp_|azure_)region$|^region_code$", _pool(*REGIONS)),
        (
            r"^(head_|base_|source_|target_|default_)?branch(_name)?$|^target_commitish$|^(head|base)_ref$",
            _pool(*_BRANCHES),
        ),
    )
)  # fmt: skip


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill of a code or identifier the snake_case ``name`` alone asks for, or None."""
    return _name_rules.by_name(_RULES, name)
