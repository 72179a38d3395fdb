"""The fill a string field's name alone asks for (``sku``, ``flight_number``, ``isrc``, ``upc``...),
and a ``code``'s or a ``symbol``'s by the kind of object holding it (an airport's code, a stock's
symbol): the last of `_context`'s signals."""

from __future__ import annotations

import re
from functools import lru_cache

from synthworld.schema._name_rules import Fill
from synthworld.schema._string_fills import digits as _digits
from synthworld.schema._string_fills import emoji as _emoji
from synthworld.schema._string_fills import flight_number as _flight_number
from synthworld.schema._string_fills import gate as _gate
from synthworld.schema._string_fills import hex32 as _hex
from synthworld.schema._string_fills import hex_color as _hex_color
from synthworld.schema._string_fills import image_url as _image
from synthworld.schema._string_fills import isrc as _isrc
from synthworld.schema._string_fills import pool_of as _pool
from synthworld.schema._string_fills import product as _product
from synthworld.schema._string_fills import provider as _provider
from synthworld.schema._string_fills import seat as _seat
from synthworld.schema._string_fills import semver as _semver
from synthworld.schema._string_fills import sku as _sku
from synthworld.schema._string_fills import ticker as _ticker
from synthworld.schema._string_fills import token as _token
from synthworld.schema._string_fills import url as _url
from synthworld.schema._titles import FIELD_LABELS, UI_LABELS, UNITS
from synthworld.schema._words import AIRLINES, AIRPORTS, CUISINES, GENRES, LABELS, PRONOUNS, STATUSES

__all__ = ["CODES", "CODE_LIKE", "SYMBOLS", "by_name"]


_NAMES: tuple[tuple[re.Pattern[str], Fill], ...] = tuple(
    (re.compile(rx), fill)
    for rx, fill in (
        (r"^(product|item)_?(name|title)$", _product),
        (r"(^|_)sku$", _sku),
        (r"(^|_)ticker(_symbol)?$|^stock_?symbol$", _ticker),
        (r"^((origin|destination|departure|arrival)_)?(airport|iata)(_code)?$", _pool(AIRPORTS)),
        (r"^flight_?(number|no|code)$", _flight_number),
        (r"^(boarding_)?gate$", _gate),
        (r"^seat(_number|_no)?$", _seat),
        (r"^cuisines?$", _pool(CUISINES)),
        (r"(^|_)isrc$", _isrc),
        (r"(^|_)(ean|gtin|barcode)(_?13)?$", _digits(13)),
        (r"(^|_)upc$", _digits(12)),
        (r"(^|_)(status|state)$", _pool(STATUSES)),
        (r"^(labels?|tags?|topics?|keywords?)$", _pool(LABELS)),
        (r"(^|_)unit_?label$", _pool(UNITS)),  # what a price counts: a ``seat``
        (r"(^|_)(status|state)_label$", _pool(STATUSES)),
        (r"(^|_)(button|action|cta|submit|cancel|confirm|menu|tab|nav|aria)_(label|text)$", _pool(UI_LABELS)),
        (r"(^|_)(field|input)_label$", _pool(FIELD_LABELS)),
        (r"(^|_)label(_\d+)?$", _pool(LABELS)),  # a label's name (a free map's ``label_744`` too)
        (r"^genres?$", _pool(GENRES)),
        (r"pronouns?$", _pool(PRONOUNS)),
        (r"emoji", _emoji),
        (r"(^|_)(hash|checksum|etag|sha\d*|md5)$", _hex),
        (r"(^|_)(image|avatar|icon|photo|picture|thumbnail|logo)(_\d+|_url)?$", _image),
        (r"(^|_)(url|uri|href|link|website|homepage|blog)s?$", _url),
        (r"(^|_)version$", _semver),
        (r"(^|_)(token|secret|api_key)$", _token),
        (r"(^|_)colou?r_?(hex|code)$|(^|_)hex_?colou?r(_code)?$", _hex_color),
    )
)  # fmt: skip


CODE_LIKE = frozenset({"code", "iso_code", "iso", "symbol"})
CODES: dict[str, Fill] = {
    "airport": _pool(AIRPORTS), "airline": _pool(AIRLINES), "carrier": _pool(AIRLINES),
    "country": _provider("country_code"), "currency": _provider("currency_code"),
    "language": _provider("language_code"), "locale": _provider("language_code"),
}  # fmt: skip
"""The fill for a ``code`` by the kind of object that holds it (its nearest parent)."""
SYMBOLS: dict[str, Fill] = {
    "stock": _ticker, "ticker": _ticker, "security": _ticker, "company": _ticker,
    "currency": _pool(("$", "€", "£", "¥", "₹", "₩", "R$", "kr", "zł", "CHF")),
}  # fmt: skip
"""The fill for a ``symbol`` by the kind of object that holds it."""


@lru_cache(maxsize=4096)
def by_name(name: str) -> Fill | None:
    """The fill a field's name alone asks for (names recur under many parents)."""
    if not name:
        return None
    for rx, fill in _NAMES:
        if rx.search(name):
            return fill
    return None
