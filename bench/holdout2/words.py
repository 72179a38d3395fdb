"""The second half of the second hold-out's field judges (``judges.FIELD`` continues here, in
order: the first pattern that matches judges): shipping, manufacturing, libraries, museums,
parking, food, gaming, charity, elections, transit, genomics, astronomy and rotas."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from holdout import judges as first
from holdout.judges import COUNTRIES

from holdout2.standards import (
    NATIONS,
    code,
    container,
    contains,
    gtin,
    host,
    imo,
    lei,
    named,
    orcid,
)

__all__ = ["FIELD_REST"]

_PARTIES = frozenset(
    {"Democratic", "Republican", "Independent", "Green", "Libertarian", "Labour", "Conservative",
     "Liberal Democrats", "Reform UK", "SNP", "Nonpartisan", "Working Families"}
)  # fmt: skip

_person, _lorem_alone, _rx, _words_of, _title = (
    first._person, first._lorem_alone, first._rx, first._words_of, first._title,
)  # fmt: skip

FIELD_REST: tuple[tuple[str, str, Callable[[Any], bool]], ...] = (
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
    ("code: container number", r"^container_number$", container),
    ("code: imo number", r"^vessel_imo$", imo),
    ("name: vessel", r"^vessel_name$", named),
    ("code: port", r"^port_of_(loading|discharge)$", lambda v: _rx(r"[A-Z]{2} ?[A-Z2-9]{3}")(v) or named(v)),
    (
        "code: work/part/lot/bin/zone/stop reference",
        r"^(work_order_no|part_number|lot_number|bin_code|zone_code|stop_code|card_serial|meter_serial|"
        r"job_ref|order_ref|donation_ref|session_ref|item_barcode|accession_number|"
        r"space_number)$",
        code,
    ),
    ("code: gallery", r"^gallery_room$", lambda v: isinstance(v, str) and any(c.isdigit() for c in v)),
    ("code: aisle", r"^aisle$", _rx(r"[A-Z]{1,2}\d{0,3}|\d{1,3}[A-Z]?")),
    ("code: gtin", r"^gtin$", gtin),
    ("code: library card", r"^patron_card_number$", _rx(r"\d{10,14}")),
    (
        "code: call number",
        r"^call_number$",
        _rx(
            r"\d{3}(\.\d+)?( [A-Z][A-Za-z]{1,3})?( \d{4})?|[A-Z]{1,3}\d{1,4}(\.\d+)?( ?\.[A-Z]\d+)*( \d{4})?"
        ),
    ),
    ("code: language", r"(^|_)lang$", _rx(r"[a-z]{2}(-[A-Z]{2})?")),
    ("code: lei", r"^lei$", lei),
    ("code: isin", r"(^|_)isin$", first._isin),
    (
        "code: credit rating",
        r"^credit_rating$",
        _rx(
            r"(AAA|AA[+-]?|A[+-]?|BBB[+-]?|BB[+-]?|B[+-]?|CCC[+-]?|Aaa|Aa[123]|A[123]|Baa[123]|Ba[123]|B[123]|Caa[123])"
        ),
    ),
    ("code: cidr", r"(^|_)cidr$", _rx(r"(\d{1,3}\.){3}\d{1,3}/\d{1,2}|[0-9a-f:]+/\d{1,3}")),
    ("name: plot", r"^plot_name$", named),
    ("vocabulary: crop", r"^crop_variety$", named),
    ("name: tariff", r"^tariff_name$", named),
    ("name: site", r"^site_name$", named),
    (
        "code: inverter model",
        r"^inverter_model$",
        lambda v: isinstance(v, str) and any(c.isdigit() for c in v) and not _lorem_alone(v),
    ),
    ("title", r"^(book_title|artwork_title|game_title)$", _title),
    (
        "vocabulary: art medium",
        r"^medium$",
        contains(
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
    ("name: restaurant", r"^restaurant$", named),
    ("name: dish", r"^dish_name$", named),
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
    ("code: receipt", r"^receipt_number$", code),
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
    ("name: stop", r"^(stop_name|last_tap_stop|headsign)$", named),
    ("code: route", r"^route_short_name$", _rx(r"[A-Z]{0,2}\d{1,3}[A-Z]?|[A-Z]{1,3}")),
    ("code: platform", r"^platform_code$", _rx(r"\d{1,2}[A-Z]?|[A-Z]")),
    (
        "vocabulary: fare product",
        r"^fare_product$",
        contains(
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
    ("code: orcid", r"orcid$", orcid),
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
                or (named(v) and not _person(v))
            )
        ),
    ),
    ("name: telescope", r"^telescope_name$", named),
    ("name: star", r"^host_star$", lambda v: named(v) and not host(v)),
    (
        "name: planet",
        r"^planet_name$",
        lambda v: isinstance(v, str) and bool(re.fullmatch(r"\S.* ?[b-i]", v)) and not _person(v),
    ),
    (
        "name: shift",
        r"^shift_label$",
        contains(
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
