"""The world, the scripted calls and the checks every bench/frameworks_more.py check shares."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from synthworld import SyntheticWorld, ToolSpec

USER_ID = {
    "type": "object",
    "properties": {"user_id": {"type": "string", "description": "The user's id."}},
    "required": ["user_id"],
}
USER = {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["login"]}
GET_USER = ToolSpec("get_user", "Fetch a user by id.", USER_ID, USER)
CALLS = [{"user_id": "u1"}, {"user_id": "u404"}, {"user_id": 7}]
"""What the scripted model sends, in this order (one turn each)."""
FAILURE = "no user u404"
FIND_USERS = ToolSpec(
    "find_users",
    "Find users by name.",
    {
        "type": "object",
        "properties": {
            "name-prefix": {"type": "string", "description": "The start of the name."},
            "limit": {"type": "integer", "default": 10},
        },
        "required": ["name-prefix"],
    },
    {"type": "array", "items": USER},
)
"""A stub of it has a parameter renamed (``name_prefix``) and one without a description."""


def make_world() -> SyntheticWorld:
    """One tool, ``get_user``; the user ``u404`` fails with ``not_found``."""
    world = SyntheticWorld(seed=7)
    world.register_tool(GET_USER)
    world.script("get_user", error={"code": "not_found", "message": FAILURE}, when={"user_id": "u404"})
    return world


def answer() -> dict[str, Any]:
    """What the world answers for ``u1`` (the same for every fresh world: the seed is fixed)."""
    value: dict[str, Any] = make_world().call("get_user", {"user_id": "u1"})
    return value


def check_results(results: list[str], world: SyntheticWorld | None = None) -> str:
    """Assert the model was shown the answer, the failure and an error for the bad call, as three
    tool results in order, and that the world recorded the calls it got; say what the bad call got."""
    assert len(results) == 3, f"expected 3 tool results, the model saw {len(results)}: {results}"
    good, failed, bad = results
    assert answer()["login"] in good, f"the answer is not in the first result: {good!r}"
    assert FAILURE in failed, f"the failure's text is not in the second result: {failed!r}"
    assert "user_id" in bad, f"the third result does not name the bad parameter: {bad!r}"
    if world is not None:
        inputs = [c.input for c in world.trace]
        assert inputs[:2] == CALLS[:2], f"the world recorded {inputs}"
        reached = "the world refused it" if inputs[2:] == CALLS[2:] else "the framework refused it"
        return f"bad call: {reached}: {short(bad)}"
    return f"bad call: {short(bad)}"


def short(text: str, limit: int = 110) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def run_async(coroutine: Any) -> Any:
    """`coroutine` run to its end in a new event loop."""
    return asyncio.run(coroutine)


def adk_model(turns: list[dict[str, Any] | str], results: list[str], *, tool: str = "get_user") -> Any:
    """An ADK ``BaseLlm`` that answers each turn from `turns` (tool-call arguments, or the final
    text) and keeps in `results` the function responses it was sent."""
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_response import LlmResponse
    from google.genai import types

    class ScriptedLlm(BaseLlm):
        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            results[:] = [
                json.dumps(part.function_response.response)
                for content in llm_request.contents
                for part in content.parts or []
                if part.function_response is not None
            ]
            turn = turns.pop(0)
            if isinstance(turn, str):
                part = types.Part(text=turn)
            else:
                call = types.FunctionCall(name=tool, args=turn, id=f"c{len(turns)}")
                part = types.Part(function_call=call)
            yield LlmResponse(content=types.Content(role="model", parts=[part]))

    return ScriptedLlm(model="scripted")
