"""A decimal that is no money (``count: Decimal``, ``weight_kg``, a pydantic ``Decimal``) is plain
decimal text in the range its name says (``"12.5"``, a count ``"21"``), not what its pattern
happens to build (``"+21288e931"``, ``"-04545.066"``); every value stays valid."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

from synthworld import SyntheticWorld, generate

SEEDS = range(30)
_PLAIN = re.compile(r"-?(0|[1-9]\d*)(\.\d{1,2})?")
_PYDANTIC = r"^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)$"  # as a stub's Decimal


@dataclass
class Stats:
    count: Decimal
    weight_kg: Decimal
    latitude: Decimal


class Reading(BaseModel):
    score: Decimal


def _answers(returns: type) -> list[dict[str, Any]]:
    out = []
    for seed in SEEDS:
        world = SyntheticWorld(seed=seed)

        def get_stats(stats_id: str) -> Any:
            """Fetch the stats."""

        get_stats.__annotations__["return"] = returns
        world.tool(get_stats)
        answer = world.call("get_stats", {"stats_id": "s1"})
        jsonschema.validate(answer, world.tools["get_stats"].returns)
        out.append(answer)
    return out


def test_decimal_fields_of_a_stub_are_plain_decimal_text() -> None:
    answers = _answers(Stats)
    assert all(re.fullmatch(r"\d+", a["count"]) and 0 <= int(a["count"]) <= 50 for a in answers), answers
    assert all(_PLAIN.fullmatch(a["weight_kg"]) for a in answers), answers
    assert all(_PLAIN.fullmatch(a["latitude"]) and abs(float(a["latitude"])) <= 90 for a in answers)


def test_a_pydantic_decimal_is_plain_decimal_text() -> None:
    scores = [a["score"] for a in _answers(Reading) if isinstance(a["score"], str)]
    assert scores
    assert all(_PLAIN.fullmatch(s) and 1 <= float(s) <= 5 for s in scores), scores


@pytest.mark.parametrize("pattern", [_PYDANTIC, r"^-?\d+(\.\d+)?$"])
def test_a_decimal_pattern_gives_plain_decimals(pattern: str) -> None:
    values = [_drawn(pattern, seed) for seed in SEEDS]
    assert all(_PLAIN.fullmatch(v) for v in values), values
    assert all(re.fullmatch(r"\d{6}", _drawn(r"^\d{6}$", seed)) for seed in SEEDS)  # digits: no decimal


def _drawn(pattern: str, seed: int) -> Any:
    schema = {"type": "object", "properties": {"ratio": {"type": "string", "pattern": pattern}}}
    return generate({**schema, "required": ["ratio"]}, seed=seed)["ratio"]
