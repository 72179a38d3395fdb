"""``temperature`` and ``seed``: checked with the other options, in code and in scenario files, and
sent as given. Real openai and anthropic clients over real HTTP to a scripted server on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from synthworld import ScenarioError, load_scenario
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from tests._openai_server import OpenAIServer
from tests.test_llm_backend import GOOD
from tests.test_llm_deadline import call, good

URL = "http://127.0.0.1:9/v1"


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"temperature": 2.5}, "temperature=2.5 must be from 0 to 2, or None to send none"),
        ({"temperature": -0.1}, "temperature=-0.1 must be from 0 to 2"),
        ({"temperature": float("nan")}, "temperature=nan must be from 0 to 2"),
        ({"temperature": float("inf")}, "temperature=inf must be from 0 to 2"),
        ({"temperature": "0.7"}, "temperature='0.7' must be a number, from 0 to 2, or None to send none"),
        ({"temperature": True}, "temperature=True must be a number, from 0 to 2"),
        ({"seed": True}, "seed=True must be a whole number, or None to send each call's own seed"),
        ({"seed": "7"}, "seed='7' must be a whole number"),
        ({"seed": 7.0}, "seed=7.0 must be a whole number"),
    ],
)
def test_a_bad_temperature_or_seed_is_refused_with_the_others(options: dict[str, Any], expected: str) -> None:
    with pytest.raises(ValueError, match=f"^LLM backend: history=-1 must be 0 or more; {expected}"):
        LLMBackend("m", base_url=URL, api_key="unused", history=-1, **options)


def test_every_bad_option_is_named_at_once() -> None:
    with pytest.raises(ValueError, match="LLM backend: ") as caught:
        LLMBackend("m", base_url=URL, max_attempts=0, temperature=3, seed=False)
    assert str(caught.value) == (
        "LLM backend: max_attempts=0 must be at least 1; temperature=3 must be from 0 to 2, or None "
        "to send none; seed=False must be a whole number, or None to send each call's own seed"
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1.5, "temperature=1.5 must be from 0 to 1, or None to send none"),
        ("hot", "temperature='hot' must be a number, from 0 to 1"),
        (False, "temperature=False must be a number, from 0 to 1"),
    ],
)
def test_anthropic_takes_a_temperature_from_0_to_1(value: Any, expected: str) -> None:
    with pytest.raises(ValueError, match=f"^LLM backend: {expected}"):
        AnthropicBackend("m", base_url=URL, api_key="unused", temperature=value)


def test_the_edges_of_the_range_and_numpys_numbers_are_sent_as_json(server: OpenAIServer) -> None:
    """A numpy seed reached the SDK as it was given, and the SDK cannot write it as JSON."""
    np = pytest.importorskip("numpy")
    server.default = good("openai")
    for temperature, seed in [(0, 0), (2, 2**40), (np.float32(0.5), np.int64(7))]:
        assert call(server, "openai", timeout=5.0, temperature=temperature, seed=seed) == GOOD
    sent = [(r.body["temperature"], r.body["seed"]) for r in server.received]
    assert sent == [(0, 0), (2, 2**40), (0.5, 7)]
    server.default = good("anthropic")
    assert call(server, "anthropic", timeout=5.0, temperature=np.float64(1.0)) == GOOD
    assert server.received[-1].body["temperature"] == 1.0


def scenario(tmp_path: Path, llm: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(
        "synthworld_scenario: 1\nname: options\n"
        "tools: [{name: ping, parameters: {type: object}, returns: {type: object}}]\n"
        f"backend: {{llm: {{model: m, api_key: unused, {llm}}}}}\n"
    )
    return path


def test_a_scenario_files_temperature_and_seed_are_checked_when_it_loads(tmp_path: Path) -> None:
    """They were only checked when a run built the backend (and `synthworld check` passed them)."""
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario(tmp_path, "temperature: 5, seed: '7', max_attempts: 0"))
    message = str(caught.value)
    assert "s.yaml:4: backend.llm: cannot build the LLM backend: temperature=5 must be from 0 to 2" in message
    assert "cannot build the LLM backend: seed='7' must be a whole number" in message
    assert "cannot build the LLM backend: max_attempts=0 must be at least 1" in message


def test_a_scenario_file_sends_its_temperature_and_seed(tmp_path: Path, server: OpenAIServer) -> None:
    server.default = good("openai")
    path = scenario(tmp_path, f"base_url: '{server.url}', temperature: 1.2, seed: 99, max_tokens: null")
    assert load_scenario(path).run(agent=lambda world, task: world.call("ping", {})).output == GOOD
    [request] = server.received
    assert (request.body["temperature"], request.body["seed"]) == (1.2, 99)
    assert "max_tokens" not in request.body
