"""An answer property named like an input parameter in another case style echoes it:
``get_profile(user_id=...)`` answering ``userId`` answers that user, and ``lookup(userId=...)``
answering ``user_id`` too."""

from __future__ import annotations

from typing import Any

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, ToolSpec

SEEDS = range(6)


class Profile(TypedDict):
    userId: str
    displayName: str


@pytest.mark.parametrize("seed", SEEDS)
def test_a_camel_case_answer_echoes_a_snake_case_parameter(seed: int) -> None:
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_profile(user_id: str) -> Profile: ...

    assert get_profile("u-77")["userId"] == "u-77"


def _spec(param: str, answer: str) -> ToolSpec:
    returns: dict[str, Any] = {
        "type": "object",
        "properties": {answer: {"type": "string"}, "plan": {"type": "string"}},
        "required": [answer, "plan"],
    }
    parameters = {"type": "object", "properties": {param: {"type": "string"}}, "required": [param]}
    return ToolSpec("get_subscription", "Fetch a subscription", parameters, returns)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("param", "answer"), [("accountId", "account_id"), ("account_id", "account-id")])
def test_every_case_style_pairs_up(seed: int, param: str, answer: str) -> None:
    world = SyntheticWorld(seed=seed)
    world.register_tool(_spec(param, answer))
    assert world.call("get_subscription", {param: "ACC-5"})[answer] == "ACC-5"
