"""LLM backends: ``timeout`` is a deadline for the whole call; non-JSON answers are retried.

Real openai and anthropic clients over real HTTP to a scripted server on 127.0.0.1. No test
measures time: each case uses a server that would answer correctly if the backend waited past
its deadline (a trickle that completes, a Retry-After that is then honoured), so the outcome
(an error naming the deadline, and how many requests the server saw) shows the deadline held.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from synthworld import SyntheticWorld
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from synthworld.backends.llm.retries import retry_wait
from synthworld.errors import BackendError
from tests._openai_server import Body, Completion, Failure, OpenAIServer, Trickle
from tests.test_llm_backend import GET_ORDER, GOOD
from tests.test_llm_backend_anthropic import message, tool_use

HTML = "<html><body><h1>502 Bad Gateway</h1></body></html>"


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def backend(server: OpenAIServer, vendor: str, **options: Any) -> Any:
    if vendor == "openai":
        return LLMBackend("m", base_url=server.url, api_key="sk-test-deadline-0001", **options)
    return AnthropicBackend("m", base_url=server.url.removesuffix("/v1"), api_key="k-test-0002", **options)


def good(vendor: str) -> Any:
    return Completion(json.dumps(GOOD)) if vendor == "openai" else message(tool_use(GOOD))


def call(server: OpenAIServer, vendor: str, **options: Any) -> Any:
    with SyntheticWorld(seed=3, backend=backend(server, vendor, **options)) as world:
        world.register_tool(GET_ORDER)
        return world.call("get_order", {"order_id": "A1"})


VENDORS = pytest.mark.parametrize("vendor", ["openai", "anthropic"])


@VENDORS
def test_a_trickling_answer_ends_at_the_deadline(server: OpenAIServer, vendor: str) -> None:
    """One byte every 0.25 s never trips a per-read timeout of 1 s; the deadline ends it."""
    server.default = Trickle(good(vendor), interval=0.25)  # a whole answer, given a minute or two
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=1.0, max_retries=3)
    assert "after 0 retries (timeout=1.0s for the whole call; it ran out)" in str(caught.value)
    assert "Timeout" in str(caught.value)
    assert len(server.received) == 1


@VENDORS
def test_a_retry_after_longer_than_what_is_left_ends_the_call_at_once(
    server: OpenAIServer, vendor: str
) -> None:
    server.push(Failure(429, "Rate limit reached", {"Retry-After": "60"}), good(vendor))
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=3.0, max_retries=2)
    message_text = str(caught.value)
    assert (
        "HTTP 429 after 0 retries (timeout=3.0s for the whole call; the server asked to wait 60s"
        in message_text
    )
    assert len(server.received) == 1  # it did not wait a minute to try again


@VENDORS
def test_a_retry_after_that_fits_is_honoured(server: OpenAIServer, vendor: str) -> None:
    server.push(Failure(503, "busy", {"Retry-After": "0.05"}), good(vendor))
    assert call(server, vendor, timeout=5.0, max_retries=1) == GOOD
    assert len(server.received) == 2


@VENDORS
@pytest.mark.parametrize("content_type", ["text/html", "application/json"])
def test_an_html_answer_is_retried_then_named_with_url_and_status(
    server: OpenAIServer, vendor: str, content_type: str
) -> None:
    server.default = Body(200, content_type, HTML)
    with pytest.raises(BackendError) as caught:
        call(server, vendor, timeout=5.0, max_retries=1, max_attempts=1)
    text = str(caught.value)
    path = "/v1/chat/completions" if vendor == "openai" else "/v1/messages"
    assert f"to {server.url.removesuffix('/v1')}{path} " in text
    assert "failed with HTTP 200 after 1 retries" in text
    assert f"with a body that is not a JSON object ({content_type}: '<html><body><h1>502 Bad Gateway" in text
    assert "check that base_url= is the API's URL" in text
    assert len(server.received) == 2


@VENDORS
def test_an_html_answer_then_a_good_one_answers(server: OpenAIServer, vendor: str) -> None:
    server.push(Body(200, "text/html", HTML), good(vendor))
    assert call(server, vendor, timeout=5.0, max_retries=1) == GOOD


def test_the_deadline_covers_repair_rounds_too(server: OpenAIServer) -> None:
    """Each invalid answer takes a fraction of the time, together they outlast it: the call ends."""
    server.default = Trickle(Completion('{"order_id": 1}'), interval=0.002)  # invalid, ~0.5 s each
    ran_out = r"timeout=1\.0s for the whole call; (it ran out|the [0-9.e-]+s left were too few)"
    with pytest.raises(BackendError, match=ran_out):  # (a loaded machine may end a hair before 0)
        call(server, "openai", timeout=1.0, max_retries=0, max_attempts=50)
    assert len(server.received) < 50


class FakeResponse:
    def __init__(self, headers: dict[str, str]) -> None:
        self.headers = headers


class WithHeaders(Exception):
    def __init__(self, headers: dict[str, str]) -> None:
        self.response = FakeResponse(headers)


@pytest.mark.parametrize(
    ("headers", "retries", "expected"),
    [
        ({"retry-after-ms": "250"}, 0, (0.25, True)),
        ({"retry-after": "2"}, 0, (2.0, True)),
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0, (0.0, True)),
        ({"retry-after": "soon"}, 1, (1.0, False)),
        ({}, 0, (0.5, False)),
        ({}, 10, (8.0, False)),
    ],
)
def test_retry_waits(headers: dict[str, str], retries: int, expected: tuple[float, bool]) -> None:
    assert retry_wait(WithHeaders(headers), retries) == expected
