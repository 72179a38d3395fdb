"""Words and names of trades a field's name asks for, alone or in the object holding it.

A pipeline stage's ``stage_name`` is ``build``, a certificate's ``common_name`` a host name and its
``issuer_cn`` a certificate authority's, a pod's ``node_name`` a machine's, an image manifest's
``platform`` ``linux/amd64``, a transit departure's ``platform`` ``4``, an artwork's ``medium``
``Oil on canvas``, a candidate's ``party`` ``Democratic``; a ``court_name`` is a court's, a
``vaccine`` a vaccine's, a ``dish_name`` a dish's, an ``allergen`` one of the fourteen the EU
lists. Without these the names drew one lorem word (``medium: "assume"``) or, for ``*_name``, a
person's name (``stage_name: "Miguel Jones"``, ``vessel_name: "Susan Li"``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from synthworld.schema import _name_rules, _realistic
from synthworld.schema._draw import below, choice, text
from synthworld.schema._name_rules import Fill
from synthworld.schema._name_rules import pool as _pool
from synthworld.schema._nodes import State

__all__ = ["by_name", "in_parent", "reference"]

_HEX = "0123456789abcdef"


def _provider(name: str) -> Fill:
    return lambda st: _realistic.pick(st.rng, st.locale, name)


_STARS = ("Kepler-22", "TRAPPIST-1", "HD 209458", "WASP-12", "TOI-700", "GJ 1214")
"""Stars known for their planets."""


def _sha(st: State) -> str:
    return text(st.rng, _HEX, 40)


def _object_key(st: State) -> str:
    """A storage object's key: a folder by kind and date, and a file (``exports/2024/11/orders_0042.csv``)."""
    folder = choice(st.rng, ("exports", "uploads", "backups", "logs", "reports", "images"))
    file = _realistic.pick(st.rng, st.locale, "file_name")
    return f"{folder}/{st.now.year - below(st.rng, 2)}/{1 + below(st.rng, 12):02}/{file}"


def _host(st: State) -> str:
    """A host name on the reserved example domains (``api.example.com``)."""
    sub = choice(st.rng, ("www", "api", "app", "mail", "cdn", "shop", "status", "auth", "static", "portal"))
    return f"{sub}.example.{choice(st.rng, ('com', 'org', 'net'))}"


def _nameserver(st: State) -> str:
    return f"ns{1 + below(st.rng, 4)}.example.{choice(st.rng, ('com', 'org', 'net'))}"


def _pod(st: State) -> str:
    """A Deployment's pod: app, ReplicaSet hash, pod suffix (``billing-api-7d9f8b6c4d-x2k9p``)."""
    alnum = "bcdfghjklmnpqrstvwxz2456789"  # Kubernetes' safe alphabet
    return f"{choice(st.rng, _APPS)}-{text(st.rng, alnum, 10)}-{text(st.rng, alnum, 5)}"


_APPS = ("billing-api", "web", "worker", "auth-service", "search", "gateway", "scheduler", "notifications")


def _node(st: State) -> str:
    """A cluster node's name, as EKS, GKE or a kubeadm cluster names them."""
    kind = below(st.rng, 3)
    if kind == 0:
        return f"ip-10-0-{below(st.rng, 256)}-{1 + below(st.rng, 254)}.ec2.internal"
    if kind == 1:
        return (
            f"gke-prod-default-pool-{text(st.rng, _HEX, 8)}-{text(st.rng, 'abcdefghijklmnopqrstuvwxyz', 4)}"
        )
    return f"worker-{1 + below(st.rng, 12)}"


def _vessel(st: State) -> str:
    line = choice(st.rng, ("MSC", "Maersk", "CMA CGM", "Ever", "ONE", "HMM", "COSCO"))
    return f"{line} {_realistic.pick(st.rng, st.locale, 'city')}"


def _credit_line(st: State) -> str:
    """A museum's credit line (``Gift of Ann Lee, 1987``)."""
    person, year = _realistic.pick(st.rng, st.locale, "name"), 1900 + below(st.rng, 124)
    how = choice(st.rng, ("Gift of {p}, {y}", "Bequest of {p}, {y}", "Purchase, {s} Fund, {y}"))
    return how.format(p=person, y=year, s=person.split()[-1])


def _object_date(st: State) -> str:
    """When a work of art was made, as museums write it (``ca. 1650``, ``1887``, ``1920-25``)."""
    year = 1450 + below(st.rng, 560)
    kind = below(st.rng, 3)
    return (f"ca. {year}", str(year), f"{year}-{(year + 1 + below(st.rng, 8)) % 100:02}")[kind]


def _restaurant(st: State) -> str:
    kind = choice(st.rng, ("Kitchen", "Grill", "Pizzeria", "Noodle Bar", "Taqueria", "Bistro", "Diner"))
    return f"{_realistic.pick(st.rng, st.locale, 'last_name')}'s {kind}"


def _stop(st: State) -> str:
    """A bus stop at a corner (``Main St & 5th Ave``)."""
    street = _realistic.pick(st.rng, st.locale, "street_name")
    return f"{street} & {choice(st.rng, ('1st', '2nd', '3rd', '5th', '8th', '12th'))} Ave"


def _destination(st: State) -> str:
    place = _realistic.pick(st.rng, st.locale, "city")
    return f"{place} {choice(st.rng, ('Station', 'Terminal', 'Airport', 'Downtown', 'Park & Ride'))}"


def _plan_code(st: State) -> str:
    head = choice(st.rng, ("UNL", "DATA", "TALK", "SIM", "FLEX", "BIZ"))
    return f"{head}{choice(st.rng, (5, 10, 20, 50, 100))}-{choice(st.rng, ('12', '24', 'M'))}"


def _mobile_plan(st: State) -> str:
    size = choice(st.rng, ("5GB", "20GB", "50GB", "100GB", "Unlimited"))
    return f"{choice(st.rng, ('Essentials', 'Plus', 'Max', 'SIM Only', 'Family', '5G'))} {size}"


def _site(st: State) -> str:
    kind = choice(st.rng, ("Solar Farm", "Rooftop Array", "PV Plant"))
    return f"{_realistic.pick(st.rng, st.locale, 'city')} {kind}"


_ISSUERS = (
    "R10", "R11", "E5", "E6", "DigiCert Global G2 TLS RSA SHA256 2020 CA1", "GTS CA 1C3",
    "Sectigo RSA Domain Validation Secure Server CA", "Amazon RSA 2048 M02",
)  # fmt: skip
"""Issuing CAs of public TLS certificates (Let's Encrypt's R10/E5, DigiCert, Google, Sectigo, Amazon)."""
_STAGES = ("build", "test", "lint", "deploy", "package", "security-scan", "integration-tests", "publish")
_ARTS = _pool(
    "Oil on canvas", "Oil on canvas", "Bronze", "Marble", "Watercolor on paper", "Gelatin silver print",
    "Tempera on panel", "Acrylic on canvas", "Etching", "Glazed earthenware",
)  # fmt: skip

_SKY_OBJECTS = _pool(
    "M31", "M42", "M13", "M57", "NGC 7000", "NGC 253", "IC 434", "Vega", "Betelgeuse", "NGC 6543"
)
"""Messier and NGC objects and bright stars, as observing logs name targets."""
_SKY = frozenset({"observation", "sky_observation", "exposure", "sky", "astronomy", "frame", "pointing"})
_CERT = frozenset({"certificate", "cert", "tls", "ssl", "x509", "tls_certificate", "ssl_certificate", "leaf"})
_K8S = frozenset({"pod", "pod_status", "node", "container", "kubernetes", "k8s", "replica", "workload"})
_CI = frozenset(
    {"pipeline", "pipeline_run", "pipeline_stage", "build", "ci", "job", "workflow", "workflow_run"}
)
_IMAGES = frozenset({"image", "manifest", "image_manifest", "docker_image", "container_image", "layer"})
_TRANSIT = frozenset(
    {"departure", "transit_departure", "arrival", "stop", "train", "trip", "station", "journey"}
)
_ART = frozenset(
    {"artwork", "artwork_record", "painting", "sculpture", "art", "collection", "museum", "exhibit"}
)
_ELECTIONS = frozenset({"candidate", "tally", "candidate_tally", "election", "ballot", "race", "contest",
                        "legislator", "representative", "politician", "vote"})  # fmt: skip
_MOBILE = frozenset(
    {"mobile", "mobile_plan", "mobile_line", "sim", "cellular", "telecom", "wireless", "line"}
)
_BILLS = frozenset({"bill", "billing", "cost", "usage", "cloud_bill", "cloud_bill_line", "cost_line"})
_SOLAR = frozenset({"solar", "solar_array", "array", "pv", "plant", "installation", "farm"})

_PARENTED: tuple[tuple[str, frozenset[str], Fill], ...] = (
    ("^(common_name|cn|subject_cn)$", _CERT, _host),
    ("^(issuer|issuer_cn|issuer_name|issuer_common_name)$", _CERT, _pool(*_ISSUERS)),
    ("^(serial|serial_hex|serial_number)$", _CERT, lambda st: text(st.rng, "0123456789ABCDEF", 32)),
    ("^(node|node_name|host_name)$", _K8S, _node),
    ("^(stage|stage_name|step_name|job_name)$", _CI, _pool(*_STAGES)),
    ("^(revision|rev|commit)$", _CI | {"deployment", "deploy", "release", "run"}, _sha),
    ("^platform$", _IMAGES, _pool("linux/amd64", "linux/amd64", "linux/arm64", "linux/arm/v7")),
    ("^(platform|platform_code|track)$", _TRANSIT, _pool("1", "2", "3", "4", "5", "6", "7", "9", "12", "2a")),
    ("^(medium|materials?|technique)$", _ART, _ARTS),
    ("^(gallery|room|gallery_room|location)$", _ART, lambda st: f"Gallery {100 + below(st.rng, 900)}"),
    ("^accession(_number|_no)?$", _ART, lambda st: f"{1890 + below(st.rng, 134)}.{1 + below(st.rng, 400)}"),
    ("^(party|party_name|affiliation)$", _ELECTIONS,
     _pool("Democratic", "Republican", "Democratic", "Republican", "Independent", "Green", "Libertarian")),
    ("^(plan_name|plan_title|plan|tariff_name)$", _MOBILE, _mobile_plan),
    ("^(service_code|service|product_code)$", _BILLS,
     _pool("AmazonEC2", "AmazonS3", "AmazonRDS", "AWSLambda", "AmazonCloudFront", "AmazonDynamoDB")),
    ("^usage_type$", _BILLS,
     _pool("USE1-BoxUsage:m5.large", "USE1-TimedStorage-ByteHrs", "USW2-DataTransfer-Out-Bytes",
           "EUC1-Requests-Tier1", "USE1-Lambda-GB-Second", "USE1-InstanceUsage:db.t3.medium")),
    ("^(site|site_name)$", _SOLAR, _site),
    ("^(target|target_name|object|object_name)$", _SKY, _SKY_OBJECTS),
)  # fmt: skip
_IN_PARENT = _name_rules.parented(_PARENTED)


def in_parent(name: str, parents: tuple[str, ...]) -> Fill | None:
    """The fill a field's snake_case ``name`` asks for in the objects named ``parents`` (nearest
    first), or None."""
    return _name_rules.in_parent(_IN_PARENT, name, parents)


_NAMED = _name_rules.named(
    (
        (r"^(fqdn|subject_alt_names?|sans?|dns_names?|domain_fqdn)$", _host),
        (r"^(nameservers?|name_servers?|ns_records?)$", _nameserver),
        (r"^(rdata|record_value|record_data)$", lambda st: f"203.0.113.{1 + below(st.rng, 254)}"),  # RFC 5737
        (r"^(k8s|kube|kubernetes)_namespace$",
         _pool("default", "kube-system", "payments-prod", "checkout-staging", "search-dev", "monitoring",
               "ingress-nginx", "data-pipeline")),
        (r"^pod(_name)?$|_pod_name$", _pod),
        (r"^(docker|container|oci)_image(_name|_ref)?$", lambda st: _image(st)),  # a tag alone is 2.4.1
        (r"^(court_name|tribunal)$",
         _pool("U.S. District Court for the Southern District of New York", "Superior Court of California",
               "Circuit Court of Cook County", "U.S. Bankruptcy Court for the District of Delaware",
               "High Court of Justice", "Court of Appeal")),
        (r"^(governing_law|jurisdiction)$",
         _pool("Delaware", "New York", "California", "England and Wales", "Texas", "State of New York")),
        (r"^(practice_areas?|area_of_practice|legal_specialty)$",
         _pool("Litigation", "Corporate", "Employment", "Intellectual Property", "Real Estate", "Tax",
               "Family Law", "Immigration", "Criminal Defense", "Bankruptcy")),
        (r"^(counterparty|counterparty_name|issuer_name|law_firm|firm|firm_name)$",  # a JWT's issuer is a URL
         _provider("company")),
        (r"^(vaccines?(_given|_administered)?|vaccinations?|immuni[sz]ations?)$",
         _pool("Rabies", "DHPP", "Bordetella", "Leptospirosis", "FVRCP", "FeLV", "Canine Influenza", "Lyme")),
        (r"^breed(_name)?$",
         _pool("Labrador Retriever", "German Shepherd", "Golden Retriever", "French Bulldog", "Beagle",
               "Domestic Shorthair", "Maine Coon", "Siamese", "Mixed Breed")),
        (r"^(pet|dog|cat|animal)_name$",
         _pool("Bella", "Max", "Luna", "Charlie", "Lucy", "Cooper", "Milo", "Daisy", "Bailey", "Oliver")),
        (r"^(vessel|ship)(_name)?$", _vessel),
        (r"^(crop|crop_type|crop_variety|cultivar|crop_name)$",
         _pool("Winter Wheat", "Spring Barley", "Soybean", "Yellow Dent Corn", "Canola", "Russet Potato",
               "Alfalfa", "Grain Sorghum")),
        (r"^(plot|paddock|field_plot)_name$|^paddock$",
         lambda st: f"{choice(st.rng, ('North', 'South', 'East', 'West', 'River', 'Hilltop'))} "
                    f"{choice(st.rng, ('Field', 'Paddock', 'Block'))} {1 + below(st.rng, 12)}"),
        (r"^(tariff|energy_tariff|rate_plan)(_name)?$",
         _pool("Standard Variable", "Economy 7", "Fixed 12M", "Time of Use", "EV Night Saver")),
        (r"^(inverter|charger|battery)_model$",
         _pool("SolarEdge SE7600H", "Enphase IQ8M", "Fronius Primo 8.2-1", "SMA Sunny Boy 6.0",
               "Huawei SUN2000-10KTL")),
        (r"^(object_date|date_made)$", _object_date),
        (r"^credit_line$", _credit_line),
        (r"^(dish|menu_item|meal)(_name)?$",
         _pool("Margherita Pizza", "Chicken Tikka Masala", "Pad Thai", "Caesar Salad", "Beef Burrito",
               "Salmon Poke Bowl", "Miso Ramen", "Falafel Wrap", "Cheeseburger", "Vegetable Lasagna")),
        (r"^restaurant$", _restaurant),
        (r"^allergens?$",
         _pool("gluten", "milk", "eggs", "peanuts", "tree nuts", "soy", "sesame", "fish", "shellfish")),
        (r"^(fund|fund_designation|designated_fund)$",
         _pool("General Fund", "Where Needed Most", "Scholarship Fund", "Building Fund", "Disaster Relief",
               "Endowment Fund")),
        (r"^precinct(_name)?$", lambda st: f"Precinct {1 + below(st.rng, 80)}"),
        (r"^(stop_name|from_stop|to_stop|last_tap_stop|boarding_stop|alighting_stop)(_name)?$", _stop),
        (r"^(headsign|trip_headsign|destination_name)$", _destination),
        (r"^stop_(code|number|no)$", lambda st: str(10_000 + below(st.rng, 90_000))),
        (r"^route_(short_name|number|no)$",
         _pool("1", "7", "12", "42", "101", "M15", "B44", "N8", "X27", "S1")),
        (r"^(fare_product|fare_type|pass_type)$",
         _pool("Adult Monthly Pass", "7-Day Pass", "Pay As You Go", "Student Semester Pass",
               "Senior Reduced Fare", "Day Pass")),
        (r"^(sky|celestial)_object$|^sky_target(_name)?$", _SKY_OBJECTS),
        (r"^(telescope|observatory)(_name)?$",
         _pool("Hale 200-inch", "Keck I", "VLT UT4", "Gemini North", "Subaru", "WIYN 3.5m")),
        (r"^(host_)?star(_name)?$", _pool(*_STARS, "Proxima Centauri", "51 Pegasi", "HD 189733")),
        (r"^(planet|exoplanet)(_name)?$",
         lambda st: f"{choice(st.rng, _STARS)} {choice(st.rng, 'bcde')}"),
        (r"^shift(_name|_label|_type)?$", _pool("Early", "Day", "Late", "Night", "Weekend Day", "On-call")),
        (r"^aisle(_code|_no|_number)?$",
         lambda st: f"{choice(st.rng, 'ABCDEFGH')}{1 + below(st.rng, 30):02}"),
        (r"^bin_(code|location|label)$",
         lambda st: f"{choice(st.rng, 'ABCDEFGH')}-{1 + below(st.rng, 30):02}-{1 + below(st.rng, 6):02}"),
        (r"^(zone|parking_zone)_(code|number|no)$", lambda st: str(1000 + below(st.rng, 9000))),
        (r"^(space|spot|bay|stall)_(number|no|code)$",
         lambda st: f"{choice(st.rng, 'ABCDEF')}{1 + below(st.rng, 200)}"),
        (r"^(plan|rate_plan|tariff)_code$", _plan_code),
        (r"^(object_key|s3_key|blob_name|blob_key|storage_key)$", _object_key),
        (r"^(letter_grade|final_grade|grade_letter)$",
         _pool("A", "A-", "B+", "B", "B", "B-", "C+", "C", "D", "F")),
        (r"^(course|class|module|subject)_code$",
         lambda st: f"{choice(st.rng, ('CS', 'MATH', 'ECON', 'HIST', 'BIO', 'CHEM', 'PHYS', 'ENG'))} "
         f"{100 * (1 + below(st.rng, 4)) + below(st.rng, 100)}"),  # a catalogue's department and level
        (r"^(credit|bond|issuer|issue)_rating$",
         _pool("AAA", "AA+", "AA", "AA-", "A+", "A", "A-", "BBB+", "BBB", "BBB-", "BB+", "BB")),  # S&P
        (r"^mobile_plan_(name|title)$", _mobile_plan),
    )
)  # fmt: skip


def _image(st: State) -> str:
    """A container image with its tag (``ghcr.io/acme/billing-api:2.4.1``)."""
    repo = choice(st.rng, ("ghcr.io/acme", "registry.example.com/platform", "acme"))
    return f"{repo}/{choice(st.rng, _APPS)}:{below(st.rng, 4)}.{below(st.rng, 20)}.{below(st.rng, 10)}"


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill a field's snake_case ``name`` alone asks for, among the trades' words here."""
    return _name_rules.by_name(_NAMED, name)


_REFERENCE = re.compile(r"^(?P<kind>[a-z]+(_[a-z]+)?)_(number|no|num|ref|reference)$")
_NOT_REFERENCES = frozenset(
    {
        "page", "version", "build", "line", "port", "sequence", "step", "phone", "mobile", "fax", "tel",
        "telephone", "card", "house", "street", "building", "apartment", "unit", "floor", "room", "seat",
        "row", "week", "day", "month", "year", "model", "contact", "whatsapp", "cell", "home", "work",
        "security",
        "insurance", "tax", "vat", "id", "tag", "branch", "commit", "head", "base", "git", "source", "target",
        "parent", "upstream", "remote", "doc", "url", "link", "file", "path", "schema", "type", "object",
    }
)  # fmt: skip
"""Last words of a kind whose ``*_number`` is no record's reference (a page's, a street's, a phone's;
a git ``tag_ref``, a ``source_ref``)."""
_SHORT = {
    "work_order": "WO",
    "purchase_order": "PO",
    "part": "PN",
    "lot": "LOT",
    "batch": "BATCH",
    "job": "JOB",
}


@lru_cache(maxsize=4096)
def reference(name: str) -> Fill | None:
    """A record's reference for ``*_number``, ``*_no``, ``*_ref`` names no other rule knows
    (``work_order_no`` -> ``WO-482913``, ``donation_ref`` -> ``DON-104837``): a prefix of the
    kind's initials (or its first three letters) and six digits, not a lone word."""
    found = _REFERENCE.match(name)
    if found is None or found["kind"].rpartition("_")[2] in _NOT_REFERENCES:
        return None
    kind = found["kind"]
    words = kind.split("_")
    prefix = _SHORT.get(kind) or ("".join(w[0] for w in words) if len(words) > 1 else kind[:3]).upper()
    return lambda st: f"{prefix}-{choice(st.rng, '123456789')}{text(st.rng, '0123456789', 5)}"
