"""A ``base_url`` with a key in its query (``https://host/v1?key=...``): every request carries the
query, and nothing the backend shows (repr, errors and their causes, logs, answers) holds the key.
Real openai and anthropic clients over real HTTP to a scripted server on 127.0.0.1."""

from __future__ import annotations

import io
import json
import logging
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld._redact import MASK, logs, redact_url
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from synthworld.backends.llm.openai import OPENAI
from synthworld.errors import BackendError
from synthworld.scenario.llm_key import llm_options
from tests._openai_server import Body, Completion, Failure, OpenAIServer
from tests.test_llm_backend import GET_ORDER, GOOD, KEY
from tests.test_llm_backend_anthropic import message, tool_use
from tests.test_llm_deadline import good

SECRET = "qk-9f2e7c1a5b3d8e4f"
QUERY = f"?key={SECRET}&api-version=2024-06-01"
SHOWN = f"?key={MASK}&api-version=2024-06-01"


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def backend(server: OpenAIServer, vendor: str, **options: Any) -> Any:
    options = {"api_key": "unused", "timeout": 5.0, "max_retries": 0, **options}
    if vendor == "openai":
        return LLMBackend("m", base_url=server.url + QUERY, **options)
    return AnthropicBackend("m", base_url=server.url.removesuffix("/v1") + QUERY, **options)


def ask(llm: Any) -> Any:
    with SyntheticWorld(seed=3, backend=llm) as world:
        world.register_tool(GET_ORDER)
        return world.call("get_order", {"order_id": "A1"})


def chain(exc: BaseException | None) -> str:
    """The messages of `exc` and of every exception it was raised from (a traceback shows them)."""
    text = ""
    while exc is not None:
        text += f"{exc!s} {exc!r}\n"
        exc = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    return text


@pytest.mark.parametrize("vendor", ["openai", "anthropic"])
def test_every_request_carries_the_query_world_after_world(server: OpenAIServer, vendor: str) -> None:
    """The SDKs put the endpoint after the query: POST /v1/?key=K&api-version=2024-06-01chat/completions."""
    server.default = good(vendor)
    llm = backend(server, vendor)
    assert ask(llm) == GOOD
    assert ask(llm) == GOOD  # after the first world closed the backend's connections
    path = "/v1/chat/completions" if vendor == "openai" else "/v1/messages"
    assert [r.path for r in server.received] == [path + QUERY] * 2
    assert SECRET in llm.base_url  # the real value, for code that asks for it
    assert repr(llm).endswith(
        f"base_url='{server.url.removesuffix('/v1')}{'/v1/' if vendor == 'openai' else ''}{SHOWN}')"
    )
    llm.close()


@pytest.mark.parametrize(
    "reply",
    [Failure(500, "The server had an error"), Body(502, "text/html", "<h1>Bad Gateway</h1>")],
    ids=["HTTP 500", "not JSON"],
)
def test_errors_and_their_causes_mask_the_key(server: OpenAIServer, reply: Any) -> None:
    server.default = reply
    with pytest.raises(BackendError) as caught:
        ask(backend(server, "openai"))
    assert f"to {server.url}/chat/completions{SHOWN} (model 'm') failed" in str(caught.value)
    assert SECRET not in chain(caught.value)


def test_logs_and_answers_mask_the_key(server: OpenAIServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="synthworld")
    note = ToolSpec("note", "A note.", {"type": "object"}, {"type": "object", "required": ["note"]})
    server.push(Failure(400, "response_format json_schema is not supported"))
    server.default = Completion(json.dumps({"note": f"called with key {SECRET}"}))
    with SyntheticWorld(seed=1, backend=backend(server, "openai")) as world:
        world.register_tool(note)
        assert world.call("note", {}) == {"note": f"called with key {MASK}"}
    messages = [r.getMessage() for r in caplog.records if r.name == "synthworld.llm"]
    assert any(f"{SHOWN} rejected response_format json_schema" in m for m in messages)
    assert SECRET not in caplog.text
    assert SECRET not in world.trace.to_json(redact=False)


SIGNATURE = "Zq7+Wp/Lm3=="
"""A query value the URL carries percent-encoded (``Zq7%2BWp%2FLm3%3D%3D``), as SAS signatures are."""


@pytest.mark.parametrize("level", [logging.INFO, logging.DEBUG], ids=["INFO", "DEBUG"])
@pytest.mark.parametrize("vendor", ["openai", "anthropic"])
def test_the_sdks_and_http_librarys_own_logs_mask_the_key(
    server: OpenAIServer, vendor: str, level: int, caplog: pytest.LogCaptureFixture
) -> None:
    """httpx logs 'HTTP Request: POST http://host/v1/chat/completions?key=K...' at INFO (and the
    SDK and httpcore more at DEBUG), on loggers of their own that synthworld's filter did not see."""
    caplog.set_level(level)
    server.default = good(vendor)
    root = server.url if vendor == "openai" else server.url.removesuffix("/v1")
    url = f"{root}{QUERY}&sig={urllib.parse.quote(SIGNATURE, safe='')}"
    make = LLMBackend if vendor == "openai" else AnthropicBackend
    assert ask(make("m", base_url=url, api_key="unused", timeout=5.0, max_retries=0)) == GOOD
    [request] = [r.getMessage() for r in caplog.records if r.name.startswith("httpx")]
    assert f"?key={MASK}&api-version=2024-06-01&sig={MASK} " in request
    assert SECRET not in caplog.text
    assert "Zq7" not in caplog.text


def test_a_url_without_a_scheme_is_shown_masked() -> None:
    with pytest.raises(ValueError, match="needs a scheme") as caught:
        LLMBackend("m", base_url=f"localhost:8080/v1{QUERY}")
    assert SECRET not in str(caught.value)
    assert SHOWN in str(caught.value)


def test_a_scenario_files_base_url_is_shown_masked() -> None:
    with pytest.raises(ValueError, match="comes from this file") as caught:
        llm_options({"model": "m", "base_url": f"https://gateway.example/v1{QUERY}"}, OPENAI)
    assert f"'https://gateway.example/v1{SHOWN}'" in str(caught.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://h/v1?key=abc&api-version=1", f"https://h/v1?key={MASK}&api-version=1"),
        ("https://h/v1?api-key=abc#top", f"https://h/v1?api-key={MASK}#top"),
        ("https://h/v1?subscription-key=abc&sig=def", f"https://h/v1?subscription-key={MASK}&sig={MASK}"),
        ("https://h/api?code=abc&access_token=def", f"https://h/api?code={MASK}&access_token={MASK}"),
        ("https://ada:pw@h/v1?flag&model=x&key=", f"https://{MASK}@h/v1?flag&model=x&key="),
        ("https://h/v1", "https://h/v1"),
    ],
)
def test_redact_url_masks_secret_query_values_only(url: str, shown: str) -> None:
    assert redact_url(url) == shown


SDK_LOGGER = {"openai": "openai._base_client", "anthropic": "anthropic"}
"""A logger of each vendor's SDK: a backend masks its own SDK's loggers (and its HTTP library's)."""


def made_later(vendor: str) -> tuple[str, ...]:
    """Loggers first made after the backend (as ``httpcore.http2`` is, when HTTP/2 is first used)."""
    return tuple(f"{parent}.made_after_{vendor}" for parent in ("httpx", SDK_LOGGER[vendor], "httpcore"))


@pytest.fixture
def first_backend() -> Iterator[None]:
    """The process as before its first LLM backend: no logger's records masked yet. Earlier tests
    made backends of both vendors, which a test run alone or on another xdist worker has not;
    afterwards every logger masked before is masked again."""
    before = logs._LOGGED[0]
    logs._LOGGED[0] = (frozenset(), ())
    yield
    logs.redact_logs(*before[0])


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """Everything the root logger's handlers write at DEBUG, tracebacks included, as text."""
    stream, root = io.StringIO(), logging.getLogger()
    handler, level = logging.StreamHandler(stream), root.level
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


@pytest.mark.usefixtures("first_backend")
@pytest.mark.parametrize("vendor", ["openai", "anthropic"])
def test_loggers_made_after_the_backend_mask_the_key_too(
    server: OpenAIServer, captured: io.StringIO, vendor: str
) -> None:
    """A filter on the loggers that existed when the backend was made missed these: a record
    passed up from a logger under a filtered one skips that logger's filters. Each vendor's
    backend is the first of the process (`first_backend`): it masks its own SDK's loggers."""
    later = made_later(vendor)
    assert not set(later) & set(logging.root.manager.loggerDict)
    server.default = good(vendor)
    llm = backend(server, vendor, api_key=KEY)
    own = io.StringIO()  # a handler on the new logger itself, as a user may add one
    for name in later:
        log = logging.getLogger(name)
        log.addHandler(logging.StreamHandler(own))
        try:
            raise ConnectionError(f"POST {server.url}/chat/completions{QUERY} refused")
        except ConnectionError:
            log.debug("retrying with key %s at %s", KEY, llm.base_url, exc_info=True)
        log.info("secret %s", SECRET, stack_info=True)
    assert ask(llm) == GOOD  # a real request: httpx logs its URL, with the query
    text = captured.getvalue() + own.getvalue()
    assert KEY not in text
    assert SECRET not in text
    assert text.count(MASK) >= 4 * len(later) + 1  # the records were written, masked
    assert f"ConnectionError: POST {server.url}/chat/completions{SHOWN} refused" in text  # the traceback
    llm.close()


HEADER_KEY = "hk-5e1d9c7b3a2f8e6d"
TOKEN = "at-7c3e9a1f5d2b8e4c"


def client_with_header_key(server: OpenAIServer, vendor: str) -> Any:
    """A client the user made: its key in a default header (a gateway's ``X-Api-Key``), or an
    Anthropic ``auth_token`` (``Authorization: Bearer ...``); no ``api_key`` for synthworld to see."""
    if vendor == "openai":
        import openai

        client = openai.OpenAI(
            api_key="unused", base_url=server.url, default_headers={"X-Api-Key": HEADER_KEY}, max_retries=0
        )
        return LLMBackend("m", client=client, timeout=5.0, max_retries=0)
    import anthropic

    client = anthropic.Anthropic(auth_token=TOKEN, base_url=server.url.removesuffix("/v1"), max_retries=0)
    return AnthropicBackend("m", client=client, timeout=5.0, max_retries=0)


@pytest.mark.parametrize(("vendor", "key"), [("openai", HEADER_KEY), ("anthropic", TOKEN)])
def test_a_key_in_a_clients_headers_is_masked_where_the_server_echoes_it(
    server: OpenAIServer, vendor: str, key: str, tmp_path: Any
) -> None:
    """Servers echo the key they refused (``invalid key 'hk-...'``) or a header in an answer."""
    server.push(Failure(401, f"invalid key {key!r} for this project"))
    note = ToolSpec("note", "A note.", {"type": "object"}, {"type": "object", "required": ["note"]})
    answer = {"note": f"your header was {key}"}
    server.default = Completion(json.dumps(answer)) if vendor == "openai" else message(tool_use(answer))
    llm = client_with_header_key(server, vendor)
    with SyntheticWorld(seed=1, backend=llm) as world, llm._client:  # the user's client: theirs to close
        world.register_tool(note)
        with pytest.raises(BackendError) as caught:
            world.call("note", {})
        assert key not in chain(caught.value)
        assert f"invalid key '{MASK}' for this project" in str(caught.value)
        assert world.call("note", {}) == {"note": f"your header was {MASK}"}
        world.trace.save(tmp_path / "trace.json")
    assert key not in (tmp_path / "trace.json").read_text(encoding="utf-8")
