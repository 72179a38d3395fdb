"""What servers send back besides a plain answer: error bodies, refusals, cut-off replies,
content parts, tool calls, 404s and refused request options. Real openai and anthropic clients
over real HTTP on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from synthworld import SyntheticWorld
from synthworld.backends.llm import LLMBackend
from synthworld.errors import BackendError
from tests._openai_server import Body, Completion, Failure, OpenAIServer, Raw
from tests.test_llm_backend import GET_ORDER, GOOD, KEY
from tests.test_llm_deadline import VENDORS, backend, call, good


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def completion(message: dict[str, Any], finish_reason: str = "stop") -> Raw:
    choice = {"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish_reason}
    return Raw({"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [choice]})


def claude(content: list[dict[str, Any]] | None, stop_reason: str) -> Raw:
    usage = {"input_tokens": 1, "output_tokens": 1}
    body = {"id": "m", "type": "message", "role": "assistant", "model": "m", "content": content}
    return Raw({**body, "stop_reason": stop_reason, "stop_sequence": None, "usage": usage})


def repair_text(message: dict[str, Any]) -> str:
    """The text of a repair message (OpenAI's content, or Anthropic's tool result or text)."""
    content = message["content"]
    if isinstance(content, str):
        return content
    return "".join(str(part.get("content") or part.get("text")) for part in content)


ERROR_BODIES = {
    "openai": {"error": {"message": "model 'llama9' not found, try pulling it first", "type": "x"}},
    "anthropic": {
        "type": "error",
        "error": {"type": "not_found_error", "message": "model 'llama9' not found"},
    },
}


@VENDORS
def test_a_200_answer_whose_body_is_an_error_raises_the_servers_message(
    server: OpenAIServer, vendor: str
) -> None:
    """Gateways may answer HTTP 200 with an error body: it was read as an empty reply and repaired."""
    server.default = Raw(ERROR_BODIES[vendor])
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=5.0, max_retries=2)
    text = str(caught.value)
    assert "failed with HTTP 200: the body is an error, not an answer: model 'llama9' not found" in text
    assert "Fix: check the model name and base_url=" in text
    assert len(server.received) == 1  # neither retried nor sent back for repair


OPENAI_REPLIES = {
    "content parts": completion({"content": [{"type": "text", "text": json.dumps(GOOD)}]}),
    "tool call arguments": completion(
        {
            "content": None,
            "tool_calls": [
                {
                    "id": "t",
                    "type": "function",
                    "function": {"name": "get_order", "arguments": json.dumps(GOOD)},
                }
            ],
        },
        "tool_calls",
    ),
    "talk before a tool call": completion(
        {
            "content": "Sure, here is the output:",
            "tool_calls": [
                {
                    "id": "t",
                    "type": "function",
                    "function": {"name": "get_order", "arguments": json.dumps(GOOD)},
                }
            ],
        },
        "tool_calls",
    ),
}


@pytest.mark.parametrize("reply", OPENAI_REPLIES.values(), ids=OPENAI_REPLIES.keys())
def test_the_answer_is_read_from_content_parts_and_tool_calls(server: OpenAIServer, reply: Raw) -> None:
    server.push(reply)
    assert call(server, "openai", timeout=5.0) == GOOD
    assert len(server.received) == 1


STOPS = [
    (
        "openai",
        completion({"content": None, "refusal": "I can't help with that."}),
        'the model refused ("I can\'t help with that."); this is a simulated tool in a test',
    ),
    (
        "openai",
        completion({"content": '{"order_id": "A1", "sta'}, "length"),
        "the reply was cut off at the token limit (finish_reason 'length') before the output ended",
    ),
    (
        "openai",
        completion({"content": None}, "content_filter"),
        "the server's content filter cut the reply off (finish_reason 'content_filter')",
    ),
    ("anthropic", claude([], "refusal"), "the model refused (stop_reason 'refusal')"),
    (
        "anthropic",
        claude([{"type": "tool_use", "id": "t", "name": "tool_output", "input": {}}], "max_tokens"),
        "the reply was cut off at max_tokens (stop_reason 'max_tokens') before the output ended",
    ),
]


@pytest.mark.parametrize(("vendor", "reply", "problem"), STOPS, ids=[str(i) for i in range(len(STOPS))])
def test_refused_and_cut_off_replies_say_so_to_the_model_then_the_user(
    server: OpenAIServer, vendor: str, reply: Raw, problem: str
) -> None:
    """They read as 'the reply was empty' or as missing fields, which hid what went wrong."""
    server.push(reply, good(vendor))
    assert call(server, vendor, timeout=5.0) == GOOD
    assert problem in repair_text(server.received[1].body["messages"][-1])
    server.push(reply)
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=5.0, max_attempts=1)
    assert f"last problems: {problem}" in str(caught.value)


@pytest.mark.parametrize(
    "reply",
    [
        Raw({"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0}]}),
        completion({"content": 42}),
    ],
    ids=["no message", "content not text"],
)
def test_a_malformed_completion_is_repaired_not_a_crash(server: OpenAIServer, reply: Raw) -> None:
    """A choice without a message raised AttributeError from inside the backend."""
    server.push(reply, Completion(json.dumps(GOOD)))
    assert call(server, "openai", timeout=5.0) == GOOD


def test_a_claude_message_without_content_is_repaired_not_a_crash(server: OpenAIServer) -> None:
    """``content: null`` raised TypeError from inside the backend."""
    server.push(claude(None, "end_turn"), good("anthropic"))
    assert call(server, "anthropic", timeout=5.0) == GOOD


def test_the_key_never_reaches_a_200_error_body_message(server: OpenAIServer) -> None:
    server.default = Raw({"error": {"message": f"key {KEY} has no access to model m"}})
    with pytest.raises(BackendError) as caught:
        call(server, "openai", timeout=5.0)
    assert KEY not in str(caught.value)
    assert caught.value.__cause__ is None


@VENDORS
def test_a_404_names_the_request_url_and_how_a_base_url_looks(server: OpenAIServer, vendor: str) -> None:
    """Ollama without /v1 answers 404 page not found; the hint spoke only of the model name and
    the error named the base URL, not the URL that was not found."""
    server.default = Body(404, "text/plain", "404 page not found")
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=5.0)
    text = str(caught.value)
    path = "/v1/chat/completions" if vendor == "openai" else "/v1/messages"
    assert f"to {server.url.removesuffix('/v1')}{path} (model 'm') failed with HTTP 404" in text
    root = "ending in /v1 (https://api.openai.com/v1" if vendor == "openai" else "without /v1"
    assert f"Fix: check the model name, and that base_url= is the API's root, {root}" in text


REASONING_MODEL = Failure(
    400,
    "Unsupported value: 'temperature' does not support 0.0 with this model. "
    "Only the default (1) value is supported.",
)


def test_a_model_that_refuses_temperature_is_asked_without_it_from_then_on(server: OpenAIServer) -> None:
    """LLMBackend('o3-mini') failed every call with HTTP 400: temperature=0.0 is always sent."""
    server.push(REASONING_MODEL, Completion(json.dumps(GOOD)), Completion(json.dumps(GOOD)))
    backend = LLMBackend("o3-mini", base_url=server.url, api_key=KEY, timeout=5.0)
    with SyntheticWorld(seed=3, backend=backend) as world:
        world.register_tool(GET_ORDER)
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
        assert world.call("get_order", {"order_id": "A2"}) == {**GOOD, "order_id": "A2"}
    assert [("temperature" in r.body, "seed" in r.body) for r in server.received] == [
        (True, True),
        (False, True),
        (False, True),
    ]


def test_any_other_400_still_raises(server: OpenAIServer) -> None:
    server.default = Failure(400, "Invalid 'messages': too long")
    with pytest.raises(BackendError, match="HTTP 400: Error code: 400 - Invalid 'messages'"):
        call(server, "openai", timeout=5.0)
    assert len(server.received) == 1


TOO_LONG = {
    "openai": "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens",
    "anthropic": "prompt is too long: 210000 tokens > 200000 maximum",
}


@VENDORS
def test_a_prompt_too_long_for_the_model_says_to_lower_history(server: OpenAIServer, vendor: str) -> None:
    """The hint was 'check the model name and the server's logs'; earlier calls fill the prompt."""
    server.default = Failure(400, TOO_LONG[vendor])
    with pytest.raises(BackendError, match=r"Fix: lower history= \(now 8: earlier calls"):
        call(server, vendor, timeout=5.0)


@VENDORS
def test_a_rejected_key_names_the_vendors_variable(server: OpenAIServer, vendor: str) -> None:
    server.default = Failure(401, "invalid x-api-key")
    env = "OPENAI_API_KEY" if vendor == "openai" else "ANTHROPIC_API_KEY"
    with pytest.raises(
        BackendError, match=f"Fix: check the api_key argument or the {env} environment variable"
    ):
        call(server, vendor, timeout=5.0)


@VENDORS
def test_one_backend_serves_world_after_world(server: OpenAIServer, vendor: str) -> None:
    """Closing the first world closed the backend's client for good: the next world's calls
    failed with 'Cannot send a request, as the client has been closed'."""
    server.default = good(vendor)
    llm = backend(server, vendor, timeout=5.0)
    for _ in range(2):
        with SyntheticWorld(seed=3, backend=llm) as world:
            world.register_tool(GET_ORDER)
            assert world.call("get_order", {"order_id": "A1"}) == GOOD
    llm.close()
    assert len(server.received) == 2
