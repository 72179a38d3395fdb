"""The field judges of ``bench_realism_holdout.py --set holdout2``: for one leaf of an answer, "is this
what a field of that name holds in its trade?", written from each field's meaning before any fix
(formats from their standards: DEA numbers' check digit, IMEI's and ICCID's Luhn digit, ISO 6346
container numbers, IMO ship numbers, GS1 GTINs, ORCID's ISO 7064 digit, ISO 17442 LEIs, EU MRNs
and EORIs, HS codes, SPDX licences, Subresource Integrity, RFC 5545 RRULEs, RFC 1035 names, OCI
digests; vocabularies a reviewer of that trade expects). Names these judges do not know fall back
to the first hold-out's judges (``holdout.judges``), which know the common ones (email, url, id,
currency...). ``judge_field(key, value, parent)`` gives ``(category, plausible)`` or None."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from holdout import judges as first
from holdout.judges import COUNTRY_NAMES, US_STATES, snake

from holdout2.quantities import NUMBER_RANGES
from holdout2.standards import (
    HOSTNAME,
    code,
    contains,
    dea,
    digits_luhn,
    host,
    ipv4,
    named,
    person_name,
    rdata,
)
from holdout2.words import FIELD_REST

__all__ = ["HOSTNAME", "ipv4", "judge_field"]

_person, _lorem_alone, _rx, _words_of, _title = (
    first._person, first._lorem_alone, first._rx, first._words_of, first._title,
)  # fmt: skip

FIELD: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
    ("code: court case number", r"^case_number$", code),
    ("name: court", r"^court_name$", contains("court", "tribunal", "district")),
    (
        "person name",
        r"^(presiding_judge|attorney_name|pharmacist_name|vet_name|operator_name|translator_name|"
        r"driver_name|rider_name|courier_name|donor_name|artist_display_name|candidate|signatories)$",
        person_name,
    ),
    (
        "name: party to a case",
        r"^(plaintiff|defendant)$",
        lambda v: isinstance(v, str) and v[:1].isupper() and not _lorem_alone(v),
    ),
    ("name: firm", r"^(counterparty_name|law_firm|issuer_name|registrar|as_name)$", named),
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
    ("code: bar number", r"^bar_number$", code),
    (
        "vocabulary: practice area",
        r"^practice_area$",
        contains(
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
    ("code: dea number", r"^dea_number$", dea),
    (
        "name: pet",
        r"^pet_name$",
        lambda v: isinstance(v, str) and v[:1].isupper() and len(v.split()) == 1 and not _lorem_alone(v),
    ),
    ("vocabulary: breed", r"^breed$", named),
    ("code: microchip", r"^microchip_number$", _rx(r"\d{15}|[0-9A-F]{10}")),
    (
        "vocabulary: vaccine",
        r"^vaccines_given$",
        contains(
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
    ("code: imei", r"^imei$", digits_luhn(15)),
    ("code: iccid", r"^iccid$", digits_luhn(19, 20, prefix="89")),
    ("code: plan code", r"^plan_code$", _rx(r"[A-Z0-9][A-Z0-9_-]{2,24}")),
    (
        "name: mobile plan",
        r"^plan_(name|title)$",
        lambda v: (
            named(v)
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
    ("code: hostname", r"^(fqdn|common_name|subject_alt_names|nameservers|registered_domain)$", host),
    ("code: dns rdata", r"^rdata$", rdata),
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
)
_FIELD = tuple((cat, re.compile(rx), ok) for cat, rx, ok in FIELD + FIELD_REST)
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
