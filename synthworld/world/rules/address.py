"""Addresses: city, postcode, state and country of one address belong together.

Faker keeps them together per locale: a German address gets a German city, a German postcode
and Germany; a US one a state with a postcode of that state. The places come from a pool built
once per process by a Faker with a fixed seed; which place an address gets is chosen by a stable
hash of what it held, so the same answer always gets the same place.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from faker import Faker
from faker.providers.address.en_US import Provider as _UsAddress

from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.shapes import Shapes

__all__ = ["Address", "Place", "places"]

_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "en_CA", "en_AU", "pt_PT")
_PER_LOCALE = 12
_SEED = 20250101
_CITY = ("city", "town", "locality", "city_name")
_POSTCODE = ("postcode", "postal_code", "postalCode", "zip", "zip_code", "zipCode", "zipcode", "post_code")
_COUNTRY = ("country", "country_name", "countryName")
_CODE = ("country_code", "countryCode", "country_iso", "iso_country")
_STATE = ("state", "province", "region", "state_name", "county")
_STATE_CODE = ("state_code", "stateCode", "state_abbr", "province_code")
_PARTS = (_CITY, _POSTCODE, _COUNTRY, _CODE, _STATE, _STATE_CODE)
_LOCK = threading.Lock()
_US_STATES = {
    **dict(zip([a for a in _UsAddress.states_abbr if a != "DC"], _UsAddress.states, strict=True)),
    "DC": "District of Columbia",
}


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
    """The pool of places: `_PER_LOCALE` per locale, the same in every process."""
    with _LOCK:
        return tuple(place for locale in _LOCALES for place in _locale_places(locale))


def _locale_places(locale: str) -> list[Place]:
    fake = Faker(locale)
    fake.seed_instance(f"{_SEED}:{locale}")
    found = []
    for _ in range(_PER_LOCALE):
        if locale == "en_US":
            code = fake.state_abbr(include_territories=False, include_freely_associated_states=False)
            state, postcode = _US_STATES.get(code, code), fake.postcode_in_state(code)
        else:
            state = fake.administrative_unit() if hasattr(fake, "administrative_unit") else ""
            code, postcode = "", fake.postcode()
        found.append(
            Place(fake.city(), postcode, fake.current_country(), fake.current_country_code(), state, code)
        )
    return found


class Address:
    """City, postcode, state and country of one object taken from one place."""

    name = "address"
    triggers = frozenset(_CITY + _POSTCODE + _COUNTRY + _CODE)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return bool(self._fields(tuple(props)))

    @staticmethod
    def _fields(keys: tuple[str, ...]) -> dict[str, str]:
        """Which key of an object holds which part of a place (empty unless two parts or more)."""
        node = dict.fromkeys(keys)
        found = {
            part: key
            for part, options in zip(Place._fields, _PARTS, strict=True)
            if (key := first_key(node, options)) is not None
        }
        return found if len(found) >= 2 and ("city" in found or "postcode" in found) else {}

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        fields = self._fields(tuple(node))
        if not fields or not all(isinstance(node[key], str) for key in fields.values()):
            return
        place = self._choose(node, fields, hint, ctx)
        if place is None or all(node[key] == getattr(place, part) for part, key in fields.items()):
            return
        ctx.edits.begin(self.name)
        for part, key in fields.items():
            ctx.set(node, key, getattr(place, part))

    def _choose(
        self, node: dict[str, Any], fields: dict[str, str], hint: str, ctx: RuleContext
    ) -> Place | None:
        """A place that agrees with the parts pinned by input or memory and with the schema."""
        candidates = [p for p in places() if self._allowed(p, node, fields, hint, ctx)]
        if not candidates:
            return None
        current = [p for p in candidates if all(node[k] == getattr(p, part) for part, k in fields.items())]
        if current:
            return current[0]
        seed = "|".join(str(node[key]) for key in fields.values())
        return candidates[zlib.crc32(seed.encode()) % len(candidates)]

    @staticmethod
    def _allowed(
        place: Place, node: dict[str, Any], fields: dict[str, str], hint: str, ctx: RuleContext
    ) -> bool:
        for part, key in fields.items():
            value = getattr(place, part)
            if not ctx.free(node, key) and node[key] != value:
                return False
            schema = ctx.prop(hint, key)
            enum = schema.get("enum")
            if isinstance(enum, list) and value not in enum:
                return False
            if not value and part in ("state", "state_code"):
                return False
        return True
