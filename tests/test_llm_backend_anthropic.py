"""AnthropicBackend: the real anthropic client over real HTTP to a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.llm import AnthropicBackend
from synthworld.errors import BackendError
from tests._openai_server import Failure, OpenAIServer, Raw
from tests.test_llm_backend import GET_ORDER, GOOD, ORDER

KEY = "sk-ant-test-41c8e0b9d2"


def message(*content: dict[str, Any], input_tokens: int = 30, output_tokens: int = 12) -> Raw:
    return Raw(
        {
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "content": list(content),
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
        }
    )


def tool_use(value: Any, call_id: str = "toolu_1") -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "tool_output", "input": value}


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def run(server: OpenAIServer, spec: ToolSpec = GET_ORDER, **options: Any) -> tuple[Any, SyntheticWorld]:
    options = {"timeout": 5.0, "max_retries": 2, **options}
    backend = AnthropicBackend("claude-test", base_url=server.url.removesuffix("/v1"), api_key=KEY, **options)
    with SyntheticWorld(seed=3, backend=backend, context="Order A1 shipped yesterday.") as world:
        world.register_tool(spec)
        return world.call(spec.name, {"order_id": "A1"} if spec is GET_ORDER else {}), world


def test_a_forced_tool_call_answers(server: OpenAIServer) -> None:
    server.push(message(tool_use(GOOD)))
    value, world = run(server)
    assert value == GOOD
    [request] = server.received
    assert request.path == "/v1/messages"
    assert KEY in (
        request.headers.get("x-api-key"),
        request.headers.get("authorization", "").removeprefix("Bearer "),
    )
    assert request.body["model"] == "claude-test"
    assert request.body["tools"][0]["input_schema"] == ORDER
    assert request.body["tool_choice"] == {"type": "tool", "name": "tool_output"}
    assert "tool_output" in request.body["system"]
    [user] = request.body["messages"]
    assert json.dumps({"order_id": "A1"}, indent=2) in user["content"]
    assert "Order A1 shipped yesterday." in user["content"]
    assert "temperature" not in request.body
    assert world.trace[0].backend == "anthropic"
    assert world.trace[0].usage == {"prompt_tokens": 30, "completion_tokens": 12, "total_tokens": 42}


def test_a_schema_violation_goes_back_as_an_error_tool_result(server: OpenAIServer) -> None:
    server.push(message(tool_use({"order_id": "A1", "status": "lost", "total": 1}, "toolu_9")))
    server.push(message(tool_use(GOOD, "toolu_10")))
    value, world = run(server, temperature=0.0)
    assert value == GOOD
    assistant, result = server.received[1].body["messages"][1:]
    assert assistant["content"][0]["id"] == "toolu_9"
    [block] = result["content"]
    assert (block["type"], block["tool_use_id"], block["is_error"]) == ("tool_result", "toolu_9", True)
    assert "'lost' is not one of" in block["content"]
    assert server.received[0].body["temperature"] == 0.0
    assert world.trace[0].usage == {"prompt_tokens": 60, "completion_tokens": 24, "total_tokens": 84}


def test_a_reply_without_the_tool_call_is_repaired(server: OpenAIServer) -> None:
    server.push(message({"type": "text", "text": "I think it shipped."}), message(tool_use(GOOD)))
    value, _ = run(server)
    assert value == GOOD
    repair = server.received[1].body["messages"][-1]
    assert "no call to the tool `tool_output`" in repair["content"]


def test_a_non_object_output_travels_in_the_envelope(server: OpenAIServer) -> None:
    spec = ToolSpec("count", "Count things.", {"type": "object"}, {"type": "integer", "minimum": 0})
    server.push(message(tool_use({"result": 7})))
    value, _ = run(server, spec)
    assert value == 7
    assert server.received[0].body["tools"][0]["input_schema"]["properties"]["result"] == spec.returns


def test_giving_up_with_on_failure_random(server: OpenAIServer) -> None:
    server.default = message(tool_use({"wrong": True}))
    _, world = run(server, max_attempts=2, on_failure="random")
    assert world.trace[0].backend == "anthropic->random"
    assert len(server.received) == 2


def test_overload_forever_raises_after_retries_without_the_key(
    server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    server.default = Failure(529, f"Overloaded (key {KEY})", {"retry-after-ms": "1"})
    with pytest.raises(BackendError) as caught:
        run(server, max_retries=1)
    assert len(server.received) == 2
    assert "HTTP 529 after 1 retries" in str(caught.value)
    assert KEY not in str(caught.value)
    assert KEY not in caplog.text
    assert caught.value.__cause__ is None


def unanswered_tool_uses(body: dict[str, Any]) -> list[str]:
    """The ``tool_use`` ids of an assistant turn that the next user turn leaves without a
    ``tool_result`` (the Messages API refuses such a request with a 400)."""
    messages, missing = body["messages"], []
    for turn, following in zip(messages, [*messages[1:], None], strict=True):
        content = turn["content"] if turn["role"] == "assistant" and isinstance(turn["content"], list) else []
        answers = following["content"] if following and isinstance(following["content"], list) else []
        answered = {block.get("tool_use_id") for block in answers if block.get("type") == "tool_result"}
        missing += [b["id"] for b in content if b["type"] == "tool_use" and b["id"] not in answered]
    return missing


def like_the_messages_api(body: dict[str, Any]) -> Failure | Raw:
    """A good answer, or the 400 Anthropic gives for a tool_use left without its tool_result."""
    missing = unanswered_tool_uses(body)
    if missing:
        said = "tool_use ids were found without tool_result blocks immediately after"
        return Failure(400, f"{said}: {missing}")
    return message(tool_use(GOOD, "toolu_ok"))


@pytest.mark.parametrize(
    "content",
    [
        [tool_use({"status": "lost"}, "toolu_1"), tool_use({"status": "gone"}, "toolu_2")],
        [{"type": "tool_use", "id": "toolu_3", "name": "get_order", "input": {"order_id": "A1"}}],
        [{"type": "text", "text": "Let me look."}, tool_use({}, "toolu_4"), tool_use(GOOD, "toolu_5")],
    ],
    ids=["two output calls", "a call to another tool", "text and two calls"],
)
def test_every_tool_use_of_a_repaired_reply_gets_its_tool_result(
    server: OpenAIServer, content: list[dict[str, Any]]
) -> None:
    """A repair left all but one tool_use without a result: the API refused the request (400)."""
    server.push(message(*content))
    server.default = like_the_messages_api
    value, _ = run(server)
    assert value == GOOD
    assert unanswered_tool_uses(server.received[-1].body) == []
