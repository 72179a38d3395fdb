"""``LLMBackend(api="responses")``: OpenAI's Responses API, with the chat path's promises. A real
openai client over real HTTP to a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from synthworld import FixtureBackend, ScenarioError, SyntheticWorld, ToolSpec, load_scenario
from synthworld.backends.llm import LLMBackend
from synthworld.backends.llm.prompt import SYSTEM_PROMPT
from synthworld.errors import BackendError
from synthworld.serve.commands import run as run_command
from tests._openai_server import Body, Completion, Failure, OpenAIServer, Output
from tests.test_cli_run import invoke
from tests.test_llm_backend import GET_ORDER, GOOD, KEY, ORDER


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as srv:
        yield srv


def responses_backend(server: OpenAIServer, **options: Any) -> LLMBackend:
    options = {"timeout": 5.0, "max_retries": 0, "api": "responses", **options}
    return LLMBackend("test-model", base_url=server.url, api_key=KEY, **options)


def call_order(server: OpenAIServer, **options: Any) -> tuple[Any, SyntheticWorld]:
    with SyntheticWorld(seed=3, backend=responses_backend(server, **options)) as world:
        world.register_tool(GET_ORDER)
        return world.call("get_order", {"order_id": "A1"}), world


def test_a_valid_answer_and_the_request_the_server_received(server: OpenAIServer) -> None:
    server.push(Output(json.dumps(GOOD), input_tokens=100, output_tokens=20, reasoning=True))
    value, world = call_order(server)
    assert value == GOOD
    [request] = server.received
    assert request.path == "/v1/responses"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    user = request.body["input"][0]["content"]
    assert request.body == {
        "model": "test-model",
        "instructions": SYSTEM_PROMPT,
        "input": [{"role": "user", "content": user}],
        "store": False,
        "temperature": 0.0,
        "text": {"format": {"type": "json_schema", "name": "get_order", "schema": ORDER, "strict": True}},
    }  # no seed: the Responses API has none
    assert json.dumps({"order_id": "A1"}, indent=2) in user
    assert "Look up an order by its ID." in user
    assert world.trace[0].backend == "llm"
    assert world.trace[0].usage == {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}


def test_an_invalid_answer_goes_back_with_its_problems_in_the_whole_input(server: OpenAIServer) -> None:
    server.push(Output(json.dumps({"order_id": "A1", "status": "lost"})), Output(json.dumps(GOOD)))
    value, world = call_order(server)
    assert value == GOOD
    first, second = server.received
    assert second.body["instructions"] == first.body["instructions"] == SYSTEM_PROMPT
    assert second.body["input"][:1] == first.body["input"]  # stateless: the whole conversation again
    assistant, repair = second.body["input"][1:]
    assert assistant == {"role": "assistant", "content": json.dumps({"order_id": "A1", "status": "lost"})}
    assert repair["role"] == "user"
    assert "'total' is a required property" in repair["content"]
    assert "'lost' is not one of ['pending', 'shipped', 'delivered']" in repair["content"]
    assert "previous_response_id" not in second.body
    assert second.body["store"] is False
    assert world.trace[0].usage == {"prompt_tokens": 22, "completion_tokens": 14, "total_tokens": 36}


def rejects(*types: str) -> Any:
    """A server that answers 400 to the text.format types given, and GOOD in a fence otherwise."""

    def reply(body: dict[str, Any]) -> Output | Failure:
        requested = ((body.get("text") or {}).get("format") or {}).get("type")
        if requested in types:
            return Failure(400, f"text.format type {requested!r} is not supported", param="text.format")
        return Output("Here is the order:\n```json\n" + json.dumps(GOOD) + "\n```")

    return reply


def test_a_rejected_format_falls_back_and_is_remembered(server: OpenAIServer) -> None:
    server.default = rejects("json_schema")
    with SyntheticWorld(seed=3, backend=responses_backend(server)) as world:
        world.register_tool(GET_ORDER)
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
    assert [r.format_type for r in server.received] == ["json_schema", "json_object", "json_object"]
    assert server.received[1].body["text"] == {"format": {"type": "json_object"}}


def test_both_json_formats_rejected_falls_back_to_plain_text(server: OpenAIServer) -> None:
    server.default = rejects("json_schema", "json_object")
    value, _ = call_order(server)
    assert value == GOOD
    assert [r.format_type for r in server.received] == ["json_schema", "json_object", None]
    assert "text" not in server.received[-1].body


def test_a_returns_schema_that_is_not_an_object_travels_in_the_envelope(server: OpenAIServer) -> None:
    spec = ToolSpec("count", "Count the orders.", {"type": "object"}, {"type": "integer"})
    server.push(Output('{"result": 12}'))
    with SyntheticWorld(seed=3, backend=responses_backend(server)) as world:
        world.register_tool(spec)
        assert world.call("count", {}) == 12
    assert server.received[0].body["text"]["format"] == {
        "type": "json_schema",
        "name": "count",
        "schema": {
            "type": "object",
            "properties": {"result": {"type": "integer"}},
            "required": ["result"],
            "additionalProperties": False,
        },
        "strict": True,
    }


def test_a_schema_outside_the_strict_subset_is_sent_without_strict(server: OpenAIServer) -> None:
    open_order = {k: v for k, v in ORDER.items() if k != "additionalProperties"}
    spec = ToolSpec("get_order", "Look up an order.", GET_ORDER.parameters, open_order)
    server.push(Output(json.dumps(GOOD)))
    with SyntheticWorld(seed=3, backend=responses_backend(server)) as world:
        world.register_tool(spec)
        assert world.call("get_order", {"order_id": "A1"}) == GOOD
    fmt = server.received[0].body["text"]["format"]
    assert (fmt["schema"], fmt["strict"]) == (open_order, False)


def test_an_answer_cut_off_at_max_output_tokens_says_to_raise_max_tokens(server: OpenAIServer) -> None:
    """A reasoning model may spend the whole limit reasoning: no message at all."""
    server.default = Output(None, incomplete="max_output_tokens", reasoning=True)
    with pytest.raises(BackendError) as caught:
        call_order(server, max_tokens=64, max_attempts=2)
    assert [r.body["max_output_tokens"] for r in server.received] == [64, 64]
    assert "max_tokens" not in server.received[0].body
    message = str(caught.value)
    assert "cut off at the token limit (incomplete: max_output_tokens)" in message
    assert "The reply did not fit in max_tokens=64: raise max_tokens=" in message


def test_a_cut_off_answer_is_sent_back_for_a_shorter_one(server: OpenAIServer) -> None:
    server.push(Output('{"order_id": "A1", "sta', incomplete="max_output_tokens"), Output(json.dumps(GOOD)))
    value, _ = call_order(server)
    assert value == GOOD
    repair = server.received[1].body["input"][-1]["content"]
    assert "cut off at the token limit (incomplete: max_output_tokens)" in repair


def test_a_refusal_is_sent_back_and_an_empty_answer_is_not_resent(server: OpenAIServer) -> None:
    server.push(Output(None, refusal="I can't help with that."), Output(json.dumps(GOOD)))
    value, _ = call_order(server)
    assert value == GOOD
    first, second = server.received
    [repair] = second.body["input"][1:]  # no empty assistant message: the API takes none
    assert second.body["input"][0] == first.body["input"][0]
    assert 'the model refused ("I can\'t help with that.")' in repair["content"]


@pytest.mark.parametrize(
    "answer",
    [
        Failure(404, "Not Found"),
        Body(404, "text/plain", "404 page not found"),
        Failure(405, "Method Not Allowed"),
    ],
)
def test_a_server_without_the_responses_api_says_to_use_chat(server: OpenAIServer, answer: Any) -> None:
    server.default = answer
    with pytest.raises(BackendError) as caught:
        call_order(server)
    message = str(caught.value)
    assert f"to {server.url}/responses" in message
    assert "Fix: a server without the Responses API (/v1/responses) answers so: pass api='chat'" in message


def test_a_model_served_only_by_the_responses_api_says_so_on_chat(server: OpenAIServer) -> None:
    server.default = Failure(
        404, "This model is only supported in v1/responses and not in v1/chat/completions."
    )
    with pytest.raises(BackendError) as caught:
        call_order(server, api="chat")
    assert "Fix: the model is served only by the Responses API: pass api='responses'." in str(caught.value)
    assert server.received[0].path == "/v1/chat/completions"


def test_a_model_served_only_by_chat_says_so_on_the_responses_api(server: OpenAIServer) -> None:
    server.default = Failure(400, "This model is only supported in v1/chat/completions.")
    with pytest.raises(BackendError) as caught:
        call_order(server)
    assert "Fix: the model is served only by Chat Completions: pass api='chat'." in str(caught.value)


def test_a_rate_limit_is_retried_and_a_rejected_format_is_logged(
    server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="synthworld.llm")
    server.push(
        Failure(429, "Rate limit reached", {"retry-after-ms": "1"}),
        Failure(400, "'json_schema' is not supported", param="text.format"),
        Output(json.dumps(GOOD)),
    )
    value, world = call_order(server, max_retries=1)
    assert value == GOOD
    assert [r.format_type for r in server.received] == ["json_schema", "json_schema", "json_object"]
    assert world.trace[0].usage == {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
    assert f"{server.url}/ rejected text.format json_schema (HTTP 400); using json_object" in caplog.text


def test_the_key_an_error_echoes_is_masked(server: OpenAIServer) -> None:
    server.default = Failure(401, f"Incorrect API key provided: {KEY}.")
    with pytest.raises(BackendError) as caught:
        call_order(server)
    assert KEY not in str(caught.value)
    assert caught.value.__cause__ is None  # the SDK's error holds the key
    assert "check the api_key argument or the OPENAI_API_KEY environment variable" in str(caught.value)


def test_a_model_that_refuses_temperature_gets_none_from_then_on(server: OpenAIServer) -> None:
    server.push(
        Failure(
            400, "Unsupported parameter: 'temperature' is not supported with this model.", param="temperature"
        )
    )
    server.default = Output(json.dumps(GOOD))
    with SyntheticWorld(seed=3, backend=responses_backend(server)) as world:
        world.register_tool(GET_ORDER)
        world.call("get_order", {"order_id": "A1"})
        world.call("get_order", {"order_id": "A2"})
    assert ["temperature" in r.body for r in server.received] == [True, False, False]


def test_the_same_call_sends_the_same_bytes(server: OpenAIServer) -> None:
    server.default = Output(json.dumps(GOOD))
    for _ in range(2):
        call_order(server)
    first, second = server.received
    assert first.data == second.data
    assert json.loads(first.data) == first.body


def test_a_seed_cannot_be_given_with_the_responses_api() -> None:
    with pytest.raises(ValueError, match=r"^LLM backend: ") as caught:
        LLMBackend("m", base_url="http://127.0.0.1:9/v1", api="responses", seed=7)
    assert str(caught.value) == (
        "LLM backend: seed=7 cannot be sent with api='responses' (the Responses API takes no seed); "
        "drop seed=, or use api='chat'"
    )


def test_an_unknown_api_is_named_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"^LLM backend: ") as caught:
        LLMBackend("m", base_url="http://127.0.0.1:9/v1", api="completions")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "LLM backend: api='completions'; choose 'chat' (Chat Completions) or 'responses' (the Responses API)"
    )


def test_a_cassette_records_and_replays_whichever_api_recorded_it(
    server: OpenAIServer, tmp_path: Path
) -> None:
    cassette = tmp_path / "orders.yaml"
    server.default = Completion(json.dumps(GOOD))
    for api in ("chat", "responses"):
        backend = FixtureBackend(cassette, mode="new_episodes", fallback=responses_backend(server, api=api))
        with SyntheticWorld(seed=3, backend=backend) as world:
            world.register_tool(GET_ORDER)
            assert world.call("get_order", {"order_id": "A1"}) == GOOD  # recorded by chat, replayed
            assert world.call("get_order", {"order_id": api}) == {**GOOD, "order_id": api}  # recorded now
    assert [r.path for r in server.received] == [
        "/v1/chat/completions",
        "/v1/chat/completions",
        "/v1/responses",
    ]
    assert KEY not in cassette.read_text()
    with SyntheticWorld(seed=3, backend=FixtureBackend(cassette, mode="none")) as replay:
        replay.register_tool(GET_ORDER)
        answers = [replay.call("get_order", {"order_id": o}) for o in ("A1", "chat", "responses")]
    assert answers == [GOOD, {**GOOD, "order_id": "chat"}, {**GOOD, "order_id": "responses"}]
    assert len(server.received) == 3


def scenario(tmp_path: Path, llm: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(
        "synthworld_scenario: 1\nname: responses\n"
        "tools: [{name: ping, parameters: {type: object}, returns: {type: object}}]\n"
        f"backend: {{llm: {{model: o3-pro, api_key: unused, {llm}}}}}\n"
    )
    return path


def test_a_scenario_file_speaks_the_responses_api(tmp_path: Path, server: OpenAIServer) -> None:
    server.default = Output(json.dumps(GOOD))
    path = scenario(tmp_path, f"base_url: '{server.url}', api: responses, max_tokens: 900")
    assert load_scenario(path).run(agent=lambda world, task: world.call("ping", {})).output == GOOD
    [request] = server.received
    assert request.path == "/v1/responses"
    assert (request.body["model"], request.body["max_output_tokens"], request.body["store"]) == (
        "o3-pro",
        900,
        False,
    )


def test_a_scenario_files_bad_api_is_named_when_it_loads(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario(tmp_path, "api: completions"))
    assert "s.yaml:4: backend.llm.api: 'completions' is not one of ['chat', 'responses']" in str(caught.value)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario(tmp_path, "api: responses, seed: 4"))
    assert "seed=4 cannot be sent with api='responses'" in str(caught.value)


def ping(world: SyntheticWorld, task: Any) -> Any:
    return world.call("ping", {})


def test_the_command_line_chooses_the_api(
    tmp_path: Path, server: OpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "synthworld_scenario: 1\nname: cli\nagent: tests.test_llm_responses:ping\n"
        "tools: [{name: ping, parameters: {type: object}, returns: {type: object}}]\n"
    )
    server.default = Completion(json.dumps(GOOD))  # in the shape of the path asked
    for api in (["--api", "responses"], ["--api", "chat"], []):
        assert invoke(run_command, str(path), "--backend", "llm:m", "--base-url", server.url, *api) == 0
    assert [r.path for r in server.received] == [
        "/v1/responses",
        "/v1/chat/completions",
        "/v1/chat/completions",
    ]
    capsys.readouterr()
    assert invoke(run_command, str(path), "--api", "responses") == 2
    assert capsys.readouterr().err == "synthworld run: --api goes with --backend llm:MODEL\n"
