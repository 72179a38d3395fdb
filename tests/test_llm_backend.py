"""LLMBackend against a real OpenAI client over real HTTP to a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import socket
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.base import Answer
from synthworld.backends.llm import LLMBackend
from synthworld.backends.random import RandomBackend
from synthworld.errors import BackendError
from tests._openai_server import Completion, Failure, Hang, OpenAIServer

KEY = "sk-test-7f3a9c2e5b1d4e8f"
ORDER = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string"},
        "status": {"type": "string", "enum": ["pending", "shipped", "delivered"]},
        "total": {"type": "number", "minimum": 0},
    },
    "required": ["order_id", "status", "total"],
    "additionalProperties": False,
}
GET_ORDER = ToolSpec(
    "get_order",
    "Look up an order by its ID.",
    {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    ORDER,
)
GOOD = {"order_id": "A1", "status": "shipped", "total": 42.5}
FAST = "1"  # retry-after-ms: the client waits 1 ms before retrying


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def make_world(server: OpenAIServer, **options: Any) -> SyntheticWorld:
    options = {"timeout": 5.0, "max_retries": 2, **options}
    backend = LLMBackend("test-model", base_url=server.url, api_key=KEY, **options)
    world = SyntheticWorld(seed=3, backend=backend)
    world.register_tool(GET_ORDER)
    return world


def call_order(server: OpenAIServer, order_id: str = "A1", **options: Any) -> tuple[Any, SyntheticWorld]:
    with make_world(server, **options) as world:
        return world.call("get_order", {"order_id": order_id}), world


def test_valid_answer_and_the_request_the_server_received(server: OpenAIServer) -> None:
    server.push(Completion(json.dumps(GOOD), prompt_tokens=100, completion_tokens=20))
    value, world = call_order(server)
    assert value == GOOD
    [request] = server.received
    assert request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "test-model"
    assert request.body["temperature"] == 0.0
    assert request.body["seed"] == world.trace[0].seed % 2**31
    assert request.body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "get_order", "schema": ORDER, "strict": True},
    }
    user = request.body["messages"][1]["content"]
    assert json.dumps({"order_id": "A1"}, indent=2) in user
    assert json.dumps(ORDER, indent=2) in user
    assert "Look up an order by its ID." in user
    assert world.trace[0].backend == "llm"
    assert world.trace[0].usage == {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}


def test_invalid_json_is_sent_back_then_the_valid_answer_is_used(server: OpenAIServer) -> None:
    server.push(Completion('{"order_id": "A1", "status": '), Completion(json.dumps(GOOD)))
    value, world = call_order(server)
    assert value == GOOD
    first, second = server.received
    assert first.body["messages"] == second.body["messages"][:2]
    assistant, repair = second.body["messages"][2:]
    assert assistant == {"role": "assistant", "content": '{"order_id": "A1", "status": '}
    assert "not valid JSON" in repair["content"]
    assert world.trace[0].usage == {"prompt_tokens": 22, "completion_tokens": 14, "total_tokens": 36}


def test_schema_violation_is_repaired_with_the_validation_errors(server: OpenAIServer) -> None:
    server.push(Completion(json.dumps({"order_id": "A1", "status": "lost"})), Completion(json.dumps(GOOD)))
    value, _ = call_order(server)
    assert value == GOOD
    repair = server.received[1].body["messages"][-1]["content"]
    assert "'total' is a required property" in repair
    assert "'lost' is not one of ['pending', 'shipped', 'delivered']" in repair


def rejects(*types: str) -> Any:
    """A server that answers 400 to the response_format types given, and GOOD otherwise."""

    def reply(body: dict[str, Any]) -> Completion | Failure:
        requested = (body.get("response_format") or {}).get("type")
        if requested in types:
            return Failure(400, f"response_format type {requested!r} is not supported by this model")
        return Completion("Here is the order:\n```json\n" + json.dumps(GOOD) + "\n```")

    return reply


def test_json_schema_rejection_falls_back_to_json_object_and_is_remembered(server: OpenAIServer) -> None:
    server.default = rejects("json_schema")
    with make_world(server) as world:
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
        assert world.backend.output_mode == "json_object"  # type: ignore[attr-defined]
    assert [r.format_type for r in server.received] == ["json_schema", "json_object", "json_object"]


def test_rejection_of_both_json_modes_falls_back_to_text_with_extraction(server: OpenAIServer) -> None:
    server.default = rejects("json_schema", "json_object")
    value, _ = call_order(server)
    assert value == GOOD
    assert [r.format_type for r in server.received] == ["json_schema", "json_object", None]
    assert "response_format" not in server.received[-1].body


def test_429_with_retry_after_is_retried(server: OpenAIServer) -> None:
    server.push(Failure(429, "Rate limit reached", {"Retry-After": "0.01"}), Completion(json.dumps(GOOD)))
    value, world = call_order(server)
    assert value == GOOD
    assert len(server.received) == 2
    assert world.trace[0].usage == {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}


def test_500_forever_raises_after_the_bounded_retries(server: OpenAIServer) -> None:
    server.default = Failure(500, "The server had an error", {"retry-after-ms": FAST})
    with make_world(server, max_retries=2) as world, pytest.raises(BackendError) as caught:
        world.call("get_order", {"order_id": "A1"})
    assert len(server.received) == 3
    message = str(caught.value)
    assert "HTTP 500 after 2 retries" in message
    assert "The server had an error" in message
    assert world.trace[0].error is not None
    assert world.trace[0].error["code"] == "backend_error"


def test_a_hanging_response_times_out_and_raises(server: OpenAIServer) -> None:
    server.default = Hang()
    with make_world(server, timeout=0.2, max_retries=1) as world, pytest.raises(BackendError) as caught:
        world.call("get_order", {"order_id": "A1"})
    assert "APITimeoutError after 0 retries (timeout=0.2s for the whole call; it ran out)" in str(
        caught.value
    )
    assert "raise timeout=" in str(caught.value)
    assert len(server.received) == 1  # the deadline is for the whole call: no time left to retry


def test_connection_refused_raises_with_a_hint() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    backend = LLMBackend("m", base_url=f"http://127.0.0.1:{port}/v1", api_key=KEY, max_retries=0, timeout=2)
    with SyntheticWorld(backend=backend) as world:
        world.register_tool(GET_ORDER)
        with pytest.raises(BackendError, match=r"APIConnectionError.*check base_url="):
            world.call("get_order", {"order_id": "A1"})


def test_giving_up_raises_with_the_last_problems(server: OpenAIServer) -> None:
    server.default = Completion(json.dumps({"order_id": 7, "status": "shipped", "total": 1}))
    with pytest.raises(BackendError) as caught:
        call_order(server, max_attempts=2)
    assert len(server.received) == 2
    assert "no valid output for tool 'get_order' in 2 attempt(s)" in str(caught.value)
    assert "$.order_id: 7 is not of type 'string'" in str(caught.value)


def test_on_failure_random_answers_from_random_backend_and_marks_the_trace(server: OpenAIServer) -> None:
    server.default = Completion("not json at all")
    value, world = call_order(server, max_attempts=2, on_failure="random")
    with SyntheticWorld(seed=3, backend=RandomBackend()) as plain:
        plain.register_tool(GET_ORDER)
        assert value == plain.call("get_order", {"order_id": "A1"})
    assert world.trace[0].backend == "llm->random"
    assert world.trace[0].usage == {"prompt_tokens": 22, "completion_tokens": 14, "total_tokens": 36}


def test_the_api_key_never_leaks_into_errors_traces_or_logs(
    server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    server.push(Completion(json.dumps(GOOD)), Failure(401, f"Incorrect API key provided: {KEY}."))
    with make_world(server) as world:
        world.call("get_order", {"order_id": "A1"})
        with pytest.raises(BackendError) as caught:
            world.call("get_order", {"order_id": "B2"})
    assert "failed with HTTP 401: " in str(caught.value)
    assert "Incorrect API key provided: [REDACTED]." in str(caught.value)
    fix = "Fix: check the api_key argument or the OPENAI_API_KEY environment variable."
    assert str(caught.value).endswith(fix)
    assert caught.value.__cause__ is None  # the openai error quoting the key is not chained
    assert KEY not in str(caught.value)
    assert KEY not in world.trace.to_json()
    assert KEY not in repr(world.backend)
    assert caplog.records  # the openai client did log at DEBUG: the check below is not vacuous
    assert KEY not in caplog.text


def test_a_dummy_key_of_a_local_server_masks_no_text_of_an_error(server: OpenAIServer) -> None:
    """A local server takes any key (``api_key="x"``); masking it read "E[REDACTED]pecting value"."""
    server.default = Completion("not json")
    world = SyntheticWorld(seed=1, backend=LLMBackend("m", base_url=server.url, api_key="x", max_retries=0))
    world.register_tool(GET_ORDER)
    with world, pytest.raises(BackendError) as caught:
        world.call("get_order", {"order_id": "A1"})
    assert "the reply is not valid JSON (Expecting value at line 1 column 1)" in str(caught.value)


def test_history_and_context_reach_the_prompt(server: OpenAIServer) -> None:
    server.default = Completion(json.dumps(GOOD))
    with make_world(server, history=1) as world:
        world.context = "Order A1 was shipped yesterday."
        for order_id in ("FIRST", "SECOND", "THIRD"):
            world.call("get_order", {"order_id": order_id})
    last = server.received[-1].text
    assert "Order A1 was shipped yesterday." in last
    assert '{"tool":"get_order","input":{"order_id":"SECOND"},"output":' in last
    assert '"FIRST"' not in last
    assert "(none)" in server.received[0].text


def test_backend_context_wins_over_the_world_context(server: OpenAIServer) -> None:
    server.default = Completion(json.dumps(GOOD))
    with make_world(server, context="Backend fact.") as world:
        world.context = "World fact."
        world.call("get_order", {"order_id": "A1"})
    assert "Backend fact." in server.received[0].text
    assert "World fact." not in server.received[0].text


def test_a_non_object_returns_schema_travels_in_an_envelope(server: OpenAIServer) -> None:
    tags = ToolSpec("tags", "List tags.", {"type": "object"}, {"type": "array", "items": {"type": "string"}})
    server.push(Completion(json.dumps({"result": ["urgent", "billing"]})))
    backend = LLMBackend("m", base_url=server.url, api_key=KEY)
    with SyntheticWorld(backend=backend) as world:
        world.register_tool(tags)
        assert world.call("tags", {}) == ["urgent", "billing"]
    sent = server.received[0].body["response_format"]["json_schema"]
    assert sent["strict"] is True
    assert sent["schema"]["properties"]["result"] == tags.returns


def test_a_schema_outside_strict_mode_is_sent_with_strict_false(server: OpenAIServer) -> None:
    loose = ToolSpec(
        "loose", "Anything with a name.", {"type": "object"}, {"type": "object", "required": ["n"]}
    )
    server.push(Completion('{"n": 1}'))
    backend = LLMBackend("m", base_url=server.url, api_key=KEY)
    with SyntheticWorld(backend=backend) as world:
        world.register_tool(loose)
        assert world.call("loose", {}) == {"n": 1}
    assert server.received[0].body["response_format"]["json_schema"]["strict"] is False


def test_explicit_seed_and_no_temperature(server: OpenAIServer) -> None:
    server.push(Completion(json.dumps(GOOD)))
    call_order(server, seed=1234, temperature=None)
    assert server.received[0].body["seed"] == 1234
    assert "temperature" not in server.received[0].body


def test_respond_returns_an_answer_with_source_and_usage(server: OpenAIServer) -> None:
    server.push(Completion(json.dumps(GOOD), prompt_tokens=5, completion_tokens=3))
    with make_world(server) as world:
        world.call("get_order", {"order_id": "A1"})
    assert world.trace[0].output == GOOD
    answer = Answer(GOOD, source="llm", usage={"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8})
    assert (world.trace[0].output, world.trace[0].backend, world.trace[0].usage) == (
        answer.value,
        answer.source,
        answer.usage,
    )


def test_an_openai_client_can_be_passed_in(server: OpenAIServer) -> None:
    import openai

    server.push(Completion(json.dumps(GOOD)))
    client = openai.OpenAI(api_key=KEY, base_url=server.url)
    backend = LLMBackend("m", client=client, timeout=3.0, max_retries=0)
    with SyntheticWorld(backend=backend) as world:
        world.register_tool(GET_ORDER)
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
    assert backend.base_url == server.url + "/"
    client.close()


def test_a_missing_key_for_openai_itself_is_an_error_that_says_how_to_fix_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(BackendError, match=r"pass api_key=\.\.\. or set OPENAI_API_KEY"):
        LLMBackend("gpt-4o-mini")


@pytest.mark.parametrize(
    ("backend", "url"), [("openai", "https://api.openai.com/v1/"), ("anthropic", "https://api.anthropic.com")]
)
def test_an_empty_base_url_variable_counts_as_unset(
    monkeypatch: pytest.MonkeyPatch, backend: str, url: str
) -> None:
    """``OPENAI_BASE_URL=`` (a CI file's empty line) sent every request to '/chat/completions',
    failing with 'Connection error.'."""
    from synthworld.backends.llm import AnthropicBackend

    make = LLMBackend if backend == "openai" else AnthropicBackend
    env = "OPENAI" if backend == "openai" else "ANTHROPIC"
    monkeypatch.setenv(f"{env}_BASE_URL", "")
    monkeypatch.setenv(f"{env}_API_KEY", KEY)
    llm = make("m")
    assert llm.base_url == url
    llm.close()
    monkeypatch.delenv(f"{env}_API_KEY")
    with pytest.raises(BackendError, match=f"set {env}_API_KEY"):
        make("m")


@pytest.mark.parametrize("url", ["localhost:11434/v1", "127.0.0.1:8000/v1"])
def test_a_base_url_without_a_scheme_is_refused_with_the_fix(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """It sent every request to a relative path: 'to /11434/v1/chat/completions ... Connection error'."""
    with pytest.raises(ValueError, match=f"base_url='{url}' needs a scheme, e.g. 'http://{url}'"):
        LLMBackend("llama3.1", base_url=url)
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    with pytest.raises(ValueError, match=f"OPENAI_BASE_URL='{url}' needs a scheme"):
        LLMBackend("llama3.1")
    assert LLMBackend("llama3.1", base_url=f"http://{url}").base_url == f"http://{url}/"


def test_a_local_server_needs_no_key(server: OpenAIServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    server.push(Completion(json.dumps(GOOD)))
    with SyntheticWorld(backend=LLMBackend("llama3", base_url=server.url)) as world:
        world.register_tool(GET_ORDER)
        assert world.call("get_order", {"order_id": "A1"}) == GOOD


def test_without_openai_installed_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)
    with pytest.raises(ImportError, match=r"pip install 'synthworld\[llm\]'"):
        LLMBackend("m", base_url="http://127.0.0.1:9/v1")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"max_attempts": 0}, "max_attempts=0 must be at least 1"),
        ({"history": -1}, "history=-1 must be 0 or more"),
        ({"on_failure": "ignore"}, "on_failure='ignore'; choose 'raise' or 'random'"),
        ({"timeout": 0}, "timeout=0 must be a positive number"),
        ({"max_retries": -1}, "max_retries=-1 must be 0 or more"),
        ({"timeout": None}, "timeout=None must be a positive number of seconds: the deadline of a whole"),
        ({"timeout": float("inf")}, "timeout=inf must be a positive number"),
        ({"max_attempts": "3"}, "max_attempts='3' must be a whole number, at least 1"),
        ({"history": 2.5}, "history=2.5 must be a whole number, 0 or more"),
        ({"max_retries": None}, "max_retries=None must be a whole number, 0 or more"),
    ],
)
def test_bad_options_are_rejected(options: dict[str, Any], expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        LLMBackend("m", base_url="http://127.0.0.1:9/v1", **options)


def test_record_llm_answers_once_then_replay_without_a_request(server: OpenAIServer, tmp_path: Any) -> None:
    from synthworld.backends.fixtures import FixtureBackend

    cassette = tmp_path / "cassette.yaml"
    server.push(Completion(json.dumps(GOOD)))

    def run(mode: str) -> SyntheticWorld:
        llm = LLMBackend("test-model", base_url=server.url, api_key=KEY, max_retries=0)
        with SyntheticWorld(seed=3, backend=FixtureBackend(cassette, mode=mode, fallback=llm)) as world:
            world.register_tool(GET_ORDER)
            assert world.call("get_order", {"order_id": "A1"}) == GOOD
        llm.close()
        return world

    recording = run("new_episodes")
    assert (recording.trace[0].backend, len(server.received)) == ("llm", 1)
    assert recording.trace[0].usage == {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    assert KEY not in cassette.read_text()
    replay = run("none")
    assert len(server.received) == 1  # the replay made no HTTP request
    assert replay.trace[0].backend == "fixtures"


def test_concurrent_calls_share_one_backend(server: OpenAIServer) -> None:
    import asyncio

    server.default = rejects("json_schema")
    with make_world(server) as world:

        async def main() -> list[Any]:
            calls = [world.acall("get_order", {"order_id": "A1"}) for _ in range(6)]
            return await asyncio.gather(*calls)

        assert asyncio.run(main()) == [GOOD] * 6
    formats = [r.format_type for r in server.received]
    assert formats.count("json_object") == 6  # every call answered once, after the fallback
    assert set(formats) == {"json_schema", "json_object"}


def test_remembered_entities_reach_the_prompt(server: OpenAIServer) -> None:
    b7 = {"order_id": "B7", "status": "delivered", "total": 9.5}
    server.push(Completion(json.dumps(GOOD)), Completion(json.dumps(b7)))
    with make_world(server) as world:
        world.state.remember("order", "B7", b7)
        world.call("get_order", {"order_id": "A1"})
        world.call("get_order", {"order_id": "B7"})
    marker = "Known records this call refers to (keep them consistent):\n"
    first, second = (r.body["messages"][1]["content"] for r in server.received)
    assert marker + "(none)" in first
    known = second.split(marker, 1)[1].split("\n\n", 1)[0]
    assert json.loads(known) == {"order": {"B7": b7}}


def test_blocked_by_the_environment(server: OpenAIServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SYNTHWORLD_BLOCK_LLM", "1")
    with make_world(server) as world, pytest.raises(BackendError, match="LLM calls are blocked"):
        world.call("get_order", {"order_id": "A1"})
    assert server.received == []
