"""``max_tokens``: the limit of each reply. Real openai and anthropic clients over real HTTP to a
scripted server on 127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from synthworld import SyntheticWorld, load_scenario
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from synthworld.errors import BackendError
from tests._openai_server import Completion, Failure, OpenAIServer
from tests.test_llm_backend import GET_ORDER, GOOD
from tests.test_llm_deadline import call, good
from tests.test_llm_replies import claude, completion


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def limits(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k in ("max_tokens", "max_completion_tokens")}


def test_max_tokens_is_sent_only_when_given(server: OpenAIServer) -> None:
    server.default = Completion(json.dumps(GOOD))
    assert call(server, "openai", timeout=5.0) == GOOD
    assert call(server, "openai", timeout=5.0, max_tokens=300) == GOOD
    assert [limits(r.body) for r in server.received] == [{}, {"max_tokens": 300}]


def test_anthropic_sends_its_default_or_the_given_limit(server: OpenAIServer) -> None:
    server.default = good("anthropic")
    assert call(server, "anthropic", timeout=5.0) == GOOD
    assert call(server, "anthropic", timeout=5.0, max_tokens=300) == GOOD
    assert [r.body["max_tokens"] for r in server.received] == [2048, 300]


REASONING_MODEL = Failure(
    400,
    "Unsupported parameter: 'max_tokens' is not supported with this model. "
    "Use 'max_completion_tokens' instead.",
    param="max_tokens",
)


def test_a_model_that_refuses_max_tokens_gets_max_completion_tokens_from_then_on(
    server: OpenAIServer,
) -> None:
    server.push(REASONING_MODEL)
    server.default = Completion(json.dumps(GOOD))
    llm = LLMBackend("o3-mini", base_url=server.url, api_key="unused", timeout=5.0, max_tokens=500)
    with SyntheticWorld(seed=3, backend=llm) as world:
        world.register_tool(GET_ORDER)
        world.call("get_order", {"order_id": "A1"})
        world.call("get_order", {"order_id": "A2"})
    assert [limits(r.body) for r in server.received] == [
        {"max_tokens": 500},
        {"max_completion_tokens": 500},
        {"max_completion_tokens": 500},
    ]


@pytest.mark.parametrize(
    ("options", "failure"),
    [
        (
            {"max_tokens": 100_000},
            Failure(
                400,
                "max_tokens is too large: 100000. This model supports at most 16384 completion "
                "tokens, whereas you provided 100000.",
                param="max_tokens",
            ),
        ),
        (
            {"temperature": 1.8},  # within OpenAI's 0-2, over this server's limit
            Failure(
                400,
                "Invalid 'temperature': decimal above maximum value. Expected a value <= 1.5, but got "
                "1.8 instead.",
                param="temperature",
            ),
        ),
    ],
    ids=["max_tokens", "temperature"],
)
def test_an_option_out_of_range_is_an_error_not_a_refusal(
    server: OpenAIServer, options: dict[str, Any], failure: Failure
) -> None:
    """A 400 about the parameter was read as 'the model refuses it': the user's temperature
    was dropped without a word, and an answer came back made without it."""
    server.push(failure)
    server.default = Completion(json.dumps(GOOD))
    with pytest.raises(BackendError, match="failed with HTTP 400: .*" + failure.message[:20]):
        call(server, "openai", timeout=5.0, **options)
    assert len(server.received) == 1


CUT_OFF = {
    "openai": completion({"content": '{"order_id": "A1", "sta'}, "length"),
    "anthropic": claude([{"type": "tool_use", "id": "t", "name": "tool_output", "input": {}}], "max_tokens"),
}


@pytest.mark.parametrize(
    ("vendor", "options", "fix"),
    [
        ("openai", {}, "The server's default token limit cut the reply off: pass max_tokens= large enough"),
        ("openai", {"max_tokens": 50}, "The reply did not fit in max_tokens=50: raise max_tokens="),
        ("anthropic", {}, "The reply did not fit in max_tokens=2048: raise max_tokens="),
    ],
)
def test_a_reply_cut_off_at_the_token_limit_says_to_raise_max_tokens(
    server: OpenAIServer, vendor: str, options: dict[str, Any], fix: str
) -> None:
    """The fix offered was 'Raise max_attempts=, simplify the returns schema, ...': more
    attempts at the same limit are cut off the same way."""
    server.default = CUT_OFF[vendor]
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=5.0, max_attempts=2, **options)
    assert fix in str(caught.value)
    assert "max_attempts=" not in str(caught.value)


@pytest.mark.parametrize(
    ("make", "value", "expected"),
    [
        (LLMBackend, 0, "max_tokens=0 must be at least 1"),
        (LLMBackend, "512", "max_tokens='512' must be a whole number, at least 1"),
        (LLMBackend, True, "max_tokens=True must be a whole number, at least 1"),
        (LLMBackend, 2.5, "max_tokens=2.5 must be a whole number, at least 1"),
        (AnthropicBackend, 0, "max_tokens=0 must be at least 1"),
        (AnthropicBackend, None, "max_tokens=None must be a whole number, at least 1"),
    ],
)
def test_a_bad_max_tokens_is_refused_with_the_others(make: Any, value: Any, expected: str) -> None:
    with pytest.raises(ValueError, match=f"history=-1 must be 0 or more; {expected}"):
        make("m", base_url="http://127.0.0.1:9/v1", api_key="unused", history=-1, max_tokens=value)


def test_a_scenario_file_may_set_max_tokens(tmp_path: Path, server: OpenAIServer) -> None:
    """It was refused: "'max_tokens' is not an LLMBackend option"."""
    server.default = Completion('{"ok": true}')
    path = tmp_path / "s.yaml"
    path.write_text(
        "synthworld_scenario: 1\nname: limit\n"
        "tools: [{name: ping, parameters: {type: object}, returns: {type: object}}]\n"
        f"backend: {{llm: {{model: m, base_url: '{server.url}', api_key: unused, max_tokens: 64}}}}\n"
    )
    assert load_scenario(path).run(agent=lambda world, task: world.call("ping", {})).output == {"ok": True}
    assert [limits(r.body) for r in server.received] == [{"max_tokens": 64}]
