"""Time zones: an object's time zone lies in the country beside it. A ``timezone`` drawn on its
own (``Asia/Singapore`` beside ``country_code: "NL"``) becomes the country's main zone
(``Europe/Amsterdam``); one of the country's own zones (``America/Chicago`` in the US) is kept.
Only a country written as its ISO 3166 code is read, and only a zone the field's schema takes is
written."""

from __future__ import annotations

import re
from typing import Any

from synthworld.world.rules.base import RuleContext
from synthworld.world.rules.pairs import PairRule
from synthworld.world.rules.phones import plain_takes
from synthworld.world.rules.zone_table import ZONES

__all__ = ["Zones"]

_ZONE = re.compile(r"(^|_)(time_?zone|tz|iana_time_?zone)$")
_COUNTRY = re.compile(r"(^|_)country(_code|_iso|_iso2)?$")


class Zones(PairRule):
    """A time zone of another country than the one beside it becomes that country's main zone."""

    name = "zones"
    first, second = _ZONE, _COUNTRY

    def apply(self, node: dict[str, Any], hint: str, ctx: RuleContext, zone: str, country: str) -> None:
        zones = ZONES.get(node[country]) if type(node[country]) is str else None
        if zones is None or type(node[zone]) is not str or node[zone] in zones:
            return
        if ctx.free(node, zone) and plain_takes(zones[0], ctx.prop(hint, zone)):
            ctx.edits.begin(self.name)
            ctx.set(node, zone, zones[0])
