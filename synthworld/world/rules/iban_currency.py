"""An account's currency is its IBAN's country's: a ``GB`` IBAN beside ``currency: "USD"`` makes
it ``GBP``, a ``DE`` or ``FR`` one ``EUR``. Only an IBAN of a country with one currency of its
own is read (the ISO 13616 registry's countries, their ISO 4217 codes), and only a currency the
field's schema takes is written (one of its enum, or plain text)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from synthworld.world.rules.base import RuleContext
from synthworld.world.rules.pairs import PairRule
from synthworld.world.rules.phones import plain_takes

__all__ = ["IbanCurrency"]

_EURO = "AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC MT NL PT SI SK SM VA"
_CURRENCY: dict[str, str] = {
    **dict.fromkeys(_EURO.split(), "EUR"),
    "GB": "GBP", "CH": "CHF", "LI": "CHF", "SE": "SEK", "NO": "NOK", "DK": "DKK", "PL": "PLN", "CZ": "CZK",
    "HU": "HUF", "RO": "RON", "BG": "BGN", "IS": "ISK", "TR": "TRY", "AE": "AED", "SA": "SAR", "IL": "ILS",
    "QA": "QAR", "KW": "KWD", "BH": "BHD", "JO": "JOD", "GE": "GEL", "UA": "UAH", "RS": "RSD", "BR": "BRL",
}  # fmt: skip
"""The currency of an IBAN's country (its first two letters)."""
_IBAN = re.compile(r"(^|_)iban$")
_CURRENCY_KEY = re.compile(r"(^|_)currency(_code)?$")


def _takes(value: str, schema: Mapping[str, Any]) -> bool:
    allowed = schema.get("enum")
    return value in allowed if isinstance(allowed, list) else plain_takes(value, schema)


class IbanCurrency(PairRule):
    """A currency other than the IBAN's country's becomes that country's."""

    name = "iban_currency"
    first, second = _IBAN, _CURRENCY_KEY

    def apply(self, node: dict[str, Any], hint: str, ctx: RuleContext, iban: str, currency: str) -> None:
        value = node[iban]
        own = _CURRENCY.get(value[:2].upper()) if type(value) is str else None
        if own is None or type(node[currency]) is not str or node[currency] == own:
            return
        if ctx.free(node, currency) and _takes(own, ctx.prop(hint, currency)):
            ctx.edits.begin(self.name)
            ctx.set(node, currency, own)
