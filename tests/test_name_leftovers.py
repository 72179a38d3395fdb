"""Values a reader of the example worlds and the vendored OpenAPI documents called wrong (stop 50):
a ``last_login`` that was a user name (``jessica00``), Docker's ``JobStatus.LastExecution`` a word
(``land``), the travel world's ``origin`` described as an "IATA airport code" a word
(``capital``), and a flight's ``carrier`` a law firm's name ("Boyd, Baker and Meyers")."""

from __future__ import annotations

import datetime as dt
from random import Random
from typing import Any

import pytest

from synthworld.schema import compile_generator
from synthworld.schema._words import AIRLINES, AIRPORTS

_S = {"type": "string"}


def _obj(props: dict[str, Any], title: str | None = None) -> dict[str, Any]:
    schema = {"type": "object", "properties": props, "required": list(props)}
    return {**schema, "title": title} if title else schema


def _draws(schema: dict[str, Any], key: str) -> list[Any]:
    generator = compile_generator(schema)
    return [generator.generate(Random(seed))[key] for seed in range(8)]


@pytest.mark.parametrize("name", ["last_login", "LastExecution", "lastSeen", "expires", "newDateOfExpiry"])
def test_a_last_or_expiry_time_is_a_time(name: str) -> None:
    for text in _draws(_obj({"id": _S, name: _S}), name):
        dt.datetime.fromisoformat(text.replace("Z", "+00:00"))  # raises on a user name or a word


def test_a_login_alone_is_still_a_user_name() -> None:
    assert not any(text[:4].isdigit() for text in _draws(_obj({"login": _S}), "login"))


def test_an_iata_code_described_is_an_airport() -> None:
    origin = {"type": "string", "description": "IATA airport code, e.g. LIS"}
    assert set(_draws(_obj({"origin": origin, "destination": origin}), "origin")) <= set(AIRPORTS)


def test_a_flights_carrier_is_an_airline() -> None:
    flight = _obj({"flight_id": _S, "carrier": _S, "price": {"type": "number"}}, title="Flight")
    schema = {"type": "array", "items": flight, "minItems": 1}
    generator = compile_generator(schema)
    carriers = [item["carrier"] for seed in range(8) for item in generator.generate(Random(seed))]
    assert set(carriers) <= set(AIRLINES), carriers
