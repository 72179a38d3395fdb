"""What a model behind a real API reads when a world's tool fails under pydantic-ai: the requests
pydantic-ai's OpenAI and Anthropic models send to a scripted server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from anthropic import AsyncAnthropic
from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.models.anthropic import AnthropicModel
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.anthropic import AnthropicProvider
from pydantic_ai.providers.openai import OpenAIProvider

from synthworld import SyntheticWorld, ToolError, ToolSpec
from tests._openai_server import OpenAIServer, Raw

GET_USER = ToolSpec(
    "get_user",
    "Fetch a user by id.",
    {"type": "object", "properties": {"user_id": {"type": "string"}}, "required": ["user_id"]},
    {"type": "object", "properties": {"login": {"type": "string"}}, "required": ["login"]},
)
BAD = {"user_id": 7}
GONE = {"user_id": "u404"}
INVALID = (
    "invalid input for tool 'get_user': $.user_id: 7 is not of type 'string'. "
    "Parameters: user_id (string, required)."
)
FAILED = "rate_limit: slow down (retry after 2 s)"


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def make_world() -> SyntheticWorld:
    world = SyntheticWorld(seed=5)
    world.register_tool(GET_USER)
    world.script("get_user", error=ToolError("rate_limit", "slow down", retry_after=2), when=GONE)
    return world


def openai_reply(*calls: dict[str, Any]) -> Raw:
    tool_calls = [
        {"id": f"call_{i}", "type": "function", "function": {"name": "get_user", "arguments": json.dumps(c)}}
        for i, c in enumerate(calls)
    ]
    message = {"role": "assistant", "content": None if calls else "done", "tool_calls": tool_calls or None}
    choice = {"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    return Raw(
        {
            "id": "c",
            "object": "chat.completion",
            "created": 0,
            "model": "m",
            "choices": [choice],
            "usage": usage,
        }
    )


def anthropic_reply(*calls: dict[str, Any]) -> Raw:
    content = [
        {"type": "tool_use", "id": f"call_{i}", "name": "get_user", "input": c} for i, c in enumerate(calls)
    ]
    return Raw(
        {
            "id": "msg",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": content or [{"type": "text", "text": "done"}],
            "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )


def run(client: Any, model: Any) -> None:
    """Run the agent to its end, closing the client in the loop that used it."""

    async def main() -> Any:
        async with client:
            return (await Agent(model, tools=make_world().to_pydantic_ai()).run("who?")).output

    assert asyncio.run(main()) == "done"


def test_openai_reads_each_failure_as_one_error_text_not_json_inside_json(server: OpenAIServer) -> None:
    server.push(openai_reply(BAD, GONE), openai_reply())
    client = AsyncOpenAI(base_url=server.url, api_key="sk-test")
    run(client, OpenAIChatModel("gpt-4.1", provider=OpenAIProvider(openai_client=client)))
    sent = {
        m["tool_call_id"]: m["content"] for m in server.received[1].body["messages"] if m["role"] == "tool"
    }
    assert {k: json.loads(v) for k, v in sent.items()} == {
        "call_0": {"error": INVALID},
        "call_1": {"error": FAILED},
    }


def test_anthropic_reads_each_failure_as_error_text_in_its_error_channel(server: OpenAIServer) -> None:
    server.push(anthropic_reply(BAD, GONE), anthropic_reply())
    client = AsyncAnthropic(base_url=server.url.removesuffix("/v1"), api_key="sk-ant-test")
    run(client, AnthropicModel("claude-test", provider=AnthropicProvider(anthropic_client=client)))
    [results] = [m["content"] for m in server.received[1].body["messages"] if m["role"] == "user"][-1:]
    sent = {
        r["tool_use_id"]: (r.get("is_error"), r["content"]) for r in results if r["type"] == "tool_result"
    }
    text = {
        k: (err, c if isinstance(c, str) else "".join(p["text"] for p in c)) for k, (err, c) in sent.items()
    }
    assert text == {"call_0": (True, INVALID), "call_1": (True, FAILED)}
