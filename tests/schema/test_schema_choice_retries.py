"""A choice whose every alternative fails names a reason for those that failed after retries (a
search that found nothing, not a proof) too: what it kept failing on, at the branch's place
(stop 49 named only the proven ones, or, when such a branch was tried last, none: "no valid value
could be built ... fix: simplify it"). The same message on every seed and in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from random import Random
from typing import Any

import pytest

from synthworld.errors import SchemaError, UnsatisfiableSchemaError
from synthworld.schema import _nodes, generate
from synthworld.schema._api import DEFAULT_NOW

EMPTY_INTEGERS = {"type": "integer", "minimum": 5, "maximum": 1}
NO_A = {"type": "string", "pattern": "^a+$", "not": {"pattern": "a"}}  # found by no search, proved by none
DIGIT_EMAIL = {"type": "string", "format": "email", "pattern": "^[0-9]+$"}


def required(branches: list[Any], word: str = "anyOf") -> dict[str, Any]:
    return {"type": "object", "required": ["a"], "properties": {"a": {word: branches}}}


def refusal(schema: Any, seed: int = 0) -> str:
    with pytest.raises(UnsatisfiableSchemaError) as info:
        generate(schema, seed)
    return str(info.value)


NOT_FOUND = (
    "no valid value found at '/properties/a/anyOf/1': no string drawn in 12 tries (and its harder "
    "draws) had pattern '^a+$', none of its nots"
)


def test_a_branch_that_failed_after_retries_is_named_beside_a_proven_one() -> None:
    message = refusal(required([EMPTY_INTEGERS, NO_A]))
    assert message == (
        "no alternative at '/properties/a' can be built, each for its own reason: (1) no integer lies "
        "within the bounds at '/properties/a/anyOf/0'; fix: widen minimum/maximum or change multipleOf; "
        f"(2) {NOT_FOUND}"
    )


def test_every_branch_failing_after_retries_is_named() -> None:
    message = refusal(required([NO_A, DIGIT_EMAIL]))
    assert message.startswith("no alternative at '/properties/a' can be built, each for its own reason: ")
    assert "(1) no valid value found at '/properties/a/anyOf/0': no string drawn in 12 tries" in message
    assert "(2) no valid value found at '/properties/a/anyOf/1': " in message
    assert "had pattern '^[0-9]+$', format 'email'" in message


def test_a_nested_choice_gives_its_own_reasons() -> None:
    message = refusal(required([EMPTY_INTEGERS, {"anyOf": [NO_A, DIGIT_EMAIL]}]))
    assert "(2) no alternative at '/properties/a/anyOf/1' can be built, each for its own reason: " in message
    assert "at '/properties/a/anyOf/1/anyOf/1': no string drawn" in message


def test_the_same_message_on_every_seed_and_in_a_fresh_process() -> None:
    schema = required([EMPTY_INTEGERS, NO_A, DIGIT_EMAIL])
    here = refusal(schema)
    assert {refusal(schema, seed) for seed in range(4)} == {here}
    code = (
        "import json\nfrom synthworld.schema import generate\n"
        f"schema = json.loads({json.dumps(json.dumps(schema))})\n"
        "try:\n    generate(schema, 7)\nexcept Exception as err:\n    print(err)\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "321"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == here


class _Searching:
    """A node that never finds a value: a `Retry` with its reason."""

    def __init__(self, what: str) -> None:
        self.what = what

    def gen(self, st: _nodes.State, hint: str) -> Any:
        err = _nodes.Retry()
        err.reason = lambda: self.what
        raise err


def _refuse(text: str) -> _nodes.Node:
    raise UnsatisfiableSchemaError(f"{text} cannot hold", path=f"/anyOf/{text[-1]}")


def _said(node: Any, seed: int) -> str:
    from synthworld.schema._choice_errors import explained, joined  # new in stop 50

    state = _nodes.State(Random(seed), DEFAULT_NOW, True, "en_US", budget=50)
    try:
        node.gen(state, "")
    except SchemaError as err:
        return str(err)
    except _nodes.ChoiceRetry as err:
        return str(joined(explained(err.failures, err.places)))
    raise AssertionError("a value was built")


def test_the_choice_says_the_same_whichever_alternative_the_seed_tries_first() -> None:
    """Alternatives met in every order (the draw picks the first): a proven reason or a retry
    last, the same text."""
    options = [
        _nodes.LazyNode(_refuse, "branch 0"),
        _Searching("kept finding nothing"),
        _nodes.LazyNode(_refuse, "branch 2"),
    ]
    choice = _nodes.ChoiceNode(options, ["/anyOf/0", "/anyOf/1", "/anyOf/2"])
    assert {_said(choice, seed) for seed in range(12)} == {
        "no alternative at the root can be built, each for its own reason: (1) branch 0 cannot hold; "
        "(2) no valid value found at '/anyOf/1': kept finding nothing; (3) branch 2 cannot hold"
    }


def test_a_satisfiable_choice_beside_a_searching_branch_still_answers() -> None:
    schema = required([NO_A, {"type": "integer", "minimum": 3, "maximum": 4}])
    assert {generate(schema, seed)["a"] for seed in range(6)} <= {3, 4}
