"""A user's type-checked code against synthworld: checked by ``mypy`` (strict) with the package.

Not a test module: mypy fails the build when synthworld's public API stops type-checking in
user code (a ``tools=`` a typed client refuses, a decorator that erases a stub's type).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from synthworld import SyntheticWorld, ToolSpec


class FunctionTool(TypedDict):
    """Stands for a client's typed tool parameter (``openai``'s, ``anthropic``'s TypedDicts)."""

    type: str


def create(tools: Iterable[FunctionTool]) -> None:
    """Stands for a client's ``create(tools=...)``."""


world = SyntheticWorld(seed=1)


@world.tool
def get_weather(city: str, days: int = 1) -> dict[str, str]:
    """The forecast for a city."""
    raise NotImplementedError


create(tools=world.to_openai())
create(tools=world.to_openai(api="responses"))
create(tools=world.to_anthropic())
spec: ToolSpec = world.tools["get_weather"]
answer: object = world.call("get_weather", {"city": "Oslo"})
