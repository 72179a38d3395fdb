"""``async def`` answers: a real async tool as a handler, and async backend functions, are
awaited (they were passed on as a coroutine object: 'answered with non-JSON data')."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from synthworld import FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.backends.base import CallContext


async def get_weather(city: str) -> dict[str, Any]:
    """The weather in a city."""
    await asyncio.sleep(0)
    return {"city": city, "celsius": 21}


def weather_world(**options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=1, **options)
    world.register_tool(ToolSpec.from_function(get_weather), handler=get_weather)
    return world


def test_an_async_handler_is_awaited_by_call_and_acall() -> None:
    with weather_world() as world:
        assert world.call("get_weather", {"city": "Oslo"}) == {"city": "Oslo", "celsius": 21}
        assert asyncio.run(world.acall("get_weather", {"city": "Rome"})) == {"city": "Rome", "celsius": 21}
        assert [call.backend for call in world.trace] == ["handler", "handler"]


def test_a_sync_call_inside_running_async_code_awaits_the_handler_too() -> None:
    async def agent(world: SyntheticWorld) -> Any:
        return world.call("get_weather", {"city": "Lima"})  # a loop runs in this thread

    with weather_world() as world:
        assert asyncio.run(agent(world)) == {"city": "Lima", "celsius": 21}


def test_an_async_generator_handler_is_collected() -> None:
    async def stream(topic: str) -> AsyncIterator[str]:
        """Stream a summary."""
        for word in ("all ", "about ", topic):
            yield word

    parameters = {"type": "object", "properties": {"topic": {"type": "string"}}, "required": ["topic"]}
    spec = ToolSpec("stream", "Stream a summary.", parameters, {"type": "string"})
    with SyntheticWorld(seed=1) as world:
        world.register_tool(spec, handler=stream)
        assert world.call("stream", {"topic": "owls"}) == "all about owls"


async def two_args(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"city": args["city"], "celsius": 5}


async def of_ctx(ctx: CallContext) -> dict[str, Any]:
    return {"city": ctx.input["city"], "celsius": 6}


@pytest.mark.parametrize(
    ("backend", "celsius"), [(FunctionBackend(two_args), 5), (FunctionBackend(of_ctx), 6), (of_ctx, 6)]
)
def test_async_backend_functions_are_awaited(backend: Any, celsius: int) -> None:
    with SyntheticWorld(seed=1, backend=backend) as world:
        world.register_tool(ToolSpec.from_function(get_weather))
        assert world.call("get_weather", {"city": "Oslo"}) == {"city": "Oslo", "celsius": celsius}
