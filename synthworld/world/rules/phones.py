"""Phones: a phone number and the country beside it agree. Faker's en_US numbers are North
American (``255-428-1422``, ``001-256-732-0307``); beside a country that dials another code, the
number takes that code (``+44 255 428 1422`` for the United Kingdom), keeping its digits. Beside a
country this table does not know, the country becomes the one the number belongs to (the United
States, as a name or a code as the field holds it). Countries that dial +1 (Canada, the Bahamas,
Puerto Rico...) keep both."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.world.rules.base import RuleContext
from synthworld.world.rules.pairs import PairRule

__all__ = ["Phones", "plain_takes"]

_PHONE = re.compile(r"(^|_)(phone|phone_number|mobile|mobile_number|telephone|tel|cell|cell_phone)$")
_COUNTRY = re.compile(r"(^|_)country(_code|_name)?$")
_NANP = re.compile(r"^(?:\+?1[-. ]?|001-)?\(?(\d{3})\)?[-. ]?(\d{3})[-. ]?(\d{4})$")
_DIALS = {
    "GB United Kingdom": 44, "DE Germany": 49, "FR France": 33, "ES Spain": 34, "PT Portugal": 351,
    "IT Italy": 39, "NL Netherlands;Kingdom of the Netherlands": 31, "AU Australia": 61,
    "IE Ireland": 353, "BE Belgium": 32, "CH Switzerland": 41, "AT Austria": 43, "SE Sweden": 46,
    "NO Norway": 47, "DK Denmark": 45, "FI Finland": 358, "PL Poland": 48, "CZ Czech Republic;Czechia": 420,
    "GR Greece": 30, "HU Hungary": 36, "RO Romania": 40, "IS Iceland": 354, "LU Luxembourg": 352,
    "LI Liechtenstein": 423, "EE Estonia": 372, "LV Latvia": 371, "LT Lithuania": 370, "JP Japan": 81,
    "CN China": 86, "IN India": 91, "BR Brazil": 55, "MX Mexico": 52, "AR Argentina": 54,
    "ZA South Africa": 27, "NZ New Zealand": 64, "SG Singapore": 65, "KR Korea;South Korea": 82,
    "IL Israel": 972, "TR Turkey": 90, "AE United Arab Emirates": 971, "EG Egypt": 20,
    "NG Nigeria": 234, "KE Kenya": 254, "RU Russian Federation;Russia": 7, "UA Ukraine": 380,
    "CL Chile": 56, "CO Colombia": 57, "PE Peru": 51, "PH Philippines": 63, "ID Indonesia": 62,
    "TH Thailand": 66, "VN Vietnam": 84, "MY Malaysia": 60, "PK Pakistan": 92, "SA Saudi Arabia": 966,
}  # fmt: skip
_CODES: dict[str, int] = {}
for _key, _code in _DIALS.items():
    _iso, _names = _key.split(" ", 1)
    _CODES.update(dict.fromkeys([_iso, *_names.split(";")], _code))
_PLUS_ONE = frozenset(
    (
        "US", "USA", "CA", "United States", "United States of America", "Canada", "Bahamas", "Barbados",
        "Bermuda", "Jamaica", "Puerto Rico", "Guam", "Trinidad and Tobago", "Dominican Republic",
        "Cayman Islands", "Virgin Islands, U.S.", "Antigua and Barbuda", "Grenada", "Saint Lucia",
        "Dominica", "Saint Kitts and Nevis", "Saint Vincent and the Grenadines", "Anguilla", "Montserrat",
        "Turks and Caicos Islands", "British Virgin Islands", "Sint Maarten", "Northern Mariana Islands",
        "American Samoa", "United States Minor Outlying Islands",
    )
)  # fmt: skip
"""Countries whose numbers are North American (+1)."""


def plain_takes(value: str, schema: Mapping[str, Any]) -> bool:
    """Whether a plain string schema takes `value` (no enum, pattern or format to break)."""
    if any(word in schema for word in ("enum", "const", "pattern", "format")):
        return False
    high = schema.get("maxLength")
    return not (isinstance(high, int) and len(value) > high) and len(value) >= schema.get("minLength", 0)


class Phones(PairRule):
    """A North American number beside a country that dials another code takes that code."""

    name = "phones"
    first, second = _PHONE, _COUNTRY

    def apply(self, node: dict[str, Any], hint: str, ctx: RuleContext, phone: str, country: str) -> None:
        number, place = node[phone], node[country]
        if type(number) is not str or type(place) is not str or place in _PLUS_ONE:
            return
        digits = _NANP.match(number)
        if digits is None:
            return
        code = _CODES.get(place)
        if code is not None:
            wanted = f"+{code} {' '.join(digits.groups())}"
            if ctx.free(node, phone) and plain_takes(wanted, ctx.prop(hint, phone)):
                ctx.edits.begin(self.name)
                ctx.set(node, phone, wanted)
            return
        home = "US" if len(place) == 2 else "United States"
        if ctx.free(node, country) and plain_takes(home, ctx.prop(hint, country)):
            ctx.edits.begin(self.name)
            ctx.set(node, country, home)
