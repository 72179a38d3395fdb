"""ISO 4217 minor units: how many decimals an amount in a currency has (2 unless listed).

Written here: no dependency carries them but Babel, whose CLDR data differs from ISO 4217 where it
matters (it gives ``IQD`` 0 digits, ISO 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CURRENCY_KEYS", "currency_digits", "minor_units"]

_WHOLE = frozenset({
    "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
    "XAF", "XOF", "XPF",
})  # fmt: skip
"""ISO 4217 currencies without minor units (0 decimals)."""
_MINOR_UNITS: dict[str, int] = {
    **dict.fromkeys(_WHOLE, 0),
    **dict.fromkeys(("BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"), 3),
    **dict.fromkeys(("CLF", "UYW"), 4),
}
"""ISO 4217 currencies whose minor units are not 2: their number of decimals."""
CURRENCY_KEYS = ("currency", "currency_code", "currencyCode", "currency-code")
"""Keys of an object that name the currency of its amounts."""


def minor_units(currency: Any) -> int | None:
    """The decimals of `currency` (``"KWD"``: 3, ``"jpy"``: 0) when it is not 2 (else None)."""
    return _MINOR_UNITS.get(currency.upper()) if type(currency) is str else None


def currency_digits(*holders: Mapping[str, Any] | None) -> int:
    """The decimals of the currency the first of `holders` (an account, the input, the answer)
    that names one names: 2 when none does."""
    for holder in holders:
        code = next((holder[k] for k in CURRENCY_KEYS if holder and type(holder.get(k)) is str), None)
        if code is not None:
            digits = minor_units(code)
            return 2 if digits is None else digits
    return 2
