"""Addresses: city, postcode, state and country of one address belong together.

Faker keeps them together per locale: a German address gets a German city, a German postcode
and Germany; a US one a state with a postcode of that state. The places come from a pool Faker
made once with a fixed seed (`place_table`); which place an address gets is chosen by a stable
hash of what it held, so the same answer always gets the same place.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.place_table import PLACES
from synthworld.world.shapes import Shapes

__all__ = ["Address", "Place", "places"]

_CITY = ("city", "town", "locality", "city_name")
_POSTCODE = ("postcode", "postal_code", "postalCode", "zip", "zip_code", "zipCode", "zipcode", "post_code")
_COUNTRY = ("country", "country_name", "countryName")
_CODE = ("country_code", "countryCode", "country_iso", "iso_country")
_STATE = ("state", "province", "region", "state_name", "county")
_STATE_CODE = ("state_code", "stateCode", "state_abbr", "province_code")
_PARTS = (_CITY, _POSTCODE, _COUNTRY, _CODE, _STATE, _STATE_CODE)


class Place(NamedTuple):
    """One coherent place."""

    city: str
    postcode: str
    country: str
    country_code: str
    state: str
    state_code: str


@cache
def places() -> tuple[Place, ...]:
    """The pool of places: 12 per locale of ten, the same in every process and Faker release."""
    return tuple(Place(*row) for row in PLACES)


@cache
def _fields(keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``(part, key)`` for each part of a place an object's keys hold (none unless two or more)."""
    node = dict.fromkeys(keys)
    found = tuple(
        (part, key)
        for part, options in zip(Place._fields, _PARTS, strict=True)
        if (key := first_key(node, options)) is not None
    )
    parts = {part for part, _ in found}
    return found if len(found) >= 2 and ("city" in parts or "postcode" in parts) else ()


@cache
def _pool(parts: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The values of `parts` of every place that has them all (not every country has states)."""
    rows = (tuple(getattr(place, part) for part in parts) for place in places())
    return tuple(dict.fromkeys(row for row in rows if all(row)))


@cache
def _known(parts: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    return frozenset(_pool(parts))


class Address:
    """City, postcode, state and country of one object taken from one place."""

    name = "address"
    triggers = frozenset(_CITY + _POSTCODE + _COUNTRY + _CODE)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return not self.triggers.isdisjoint(props) and bool(_fields(tuple(props)))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        fields = _fields(tuple(node))
        if not fields:
            return
        parts = tuple(part for part, _ in fields)
        keys = tuple(key for _, key in fields)
        values = tuple(node[key] for key in keys)
        if not all(type(v) is str for v in values):
            return
        pool = self._candidates(node, fields, hint, ctx)
        if values in _known(parts) and (pool is _pool(parts) or values in pool):
            return  # already one place
        if not pool:
            return
        place = pool[zlib.crc32("|".join(values).encode()) % len(pool)]
        ctx.edits.begin(self.name)
        for key, value in zip(keys, place, strict=True):
            ctx.set(node, key, value)

    @staticmethod
    def _candidates(
        node: dict[str, Any], fields: tuple[tuple[str, str], ...], hint: str, ctx: RuleContext
    ) -> tuple[tuple[str, ...], ...]:
        """The places that fit: every one, unless a part is pinned or the schema lists values."""
        pool = _pool(tuple(part for part, _ in fields))
        pinned = [(i, node[key]) for i, (_, key) in enumerate(fields) if not ctx.free(node, key)]
        enums = [
            (i, e)
            for i, (_, key) in enumerate(fields)
            if isinstance(e := ctx.prop(hint, key).get("enum"), list)
        ]
        if not pinned and not enums:
            return pool
        return tuple(
            row
            for row in pool
            if all(row[i] == value for i, value in pinned) and all(row[i] in allowed for i, allowed in enums)
        )
