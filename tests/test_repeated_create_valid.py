"""Echo and recall both setting one key, each breaking the answer's schema: dropping the later
group must go back to what the key held, not to the earlier (dropped) group's value. Stripe's
second identical ``POST /v1/prices`` recalled the entity the first one remembered, whose
``tiers[0].up_to`` is the request's ``"inf"``; both groups were dropped and the answer kept
the echo's invalid value, unchecked."""

from __future__ import annotations

import random
from pathlib import Path

import jsonschema

from synthworld import SyntheticWorld
from synthworld.schema import compile_generator
from synthworld.world.edits import Edits

STRIPE = Path(__file__).parent / "openapi" / "stripe-products-slice.json"


def test_dropping_a_later_group_restores_what_the_key_holds_now() -> None:
    value = {"options": {"ok": 1}}
    edits = Edits()
    edits.begin("echo", single=True)
    edits.set(value, "options", {"bad": "inf"})
    edits.begin("recall", single=True)
    edits.set(value, "options", {"bad": "still"})

    def valid(v: dict[str, object]) -> bool:
        return "bad" not in v["options"]  # type: ignore[operator]

    undone, checked = edits.keep_valid(value, valid)
    assert value == {"options": {"ok": 1}}
    assert (undone, checked) == (True, False)  # nothing kept: the world checks the answer itself


def test_an_identical_create_repeated_answers_within_the_schema() -> None:
    world = SyntheticWorld.from_openapi(STRIPE, seed=1)
    spec = world.tools["PostPrices"]
    request = compile_generator(spec.parameters).generate(random.Random(7))
    assert request["currency_options"]  # the case: options whose tiers say up_to "inf"
    check = jsonschema.Draft202012Validator(spec.returns)
    answers = [world.call("PostPrices", request) for _ in range(3)]
    assert [sorted(e.message for e in check.iter_errors(a)) for a in answers] == [[], [], []]
