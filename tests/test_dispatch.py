"""Tool-call dispatch for hand-rolled agent loops: realistic OpenAI and Anthropic messages."""

from __future__ import annotations

import json
from typing import Any, Literal, TypedDict

import anthropic.types
import pytest
from openai.types.chat import ChatCompletionMessage, ChatCompletionToolMessageParam
from openai.types.responses import ResponseFunctionToolCall
from openai.types.responses.response_input_param import FunctionCallOutput
from pydantic import TypeAdapter

from synthworld import BackendError, SyntheticWorld
from synthworld.world.dispatch import ToolOutcome, invoke


class Weather(TypedDict):
    city: str
    temperature: float
    sky: Literal["clear", "cloudy", "rain"]


def make_world(**options: Any) -> SyntheticWorld:
    world = SyntheticWorld(seed=11, **options)

    @world.tool
    def get_weather(city: str, unit: Literal["c", "f"] = "c") -> Weather:
        """Current weather for a city."""

    @world.tool
    def book_table(restaurant: str, people: int) -> dict[str, str]:
        """Book a table."""

    world.script(
        "book_table", error={"code": "not_found", "message": "no such restaurant"}, when={"restaurant": "X"}
    )
    return world


def chat_call(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


CHAT_CALLS = [
    chat_call("call_ok", "get_weather", '{"city": "Oslo"}'),
    chat_call("call_badjson", "get_weather", '{"city": "Oslo"'),
    chat_call("call_schema", "get_weather", '{"city": 7, "unit": "kelvin"}'),
    chat_call("call_unknown", "get_wether", '{"city": "Oslo"}'),
    chat_call("call_fault", "book_table", '{"restaurant": "X", "people": 2}'),
    chat_call("call_empty", "book_table", ""),
]
ASSISTANT = {"role": "assistant", "content": None, "tool_calls": CHAT_CALLS}


def error_of(text: str) -> dict[str, Any]:
    payload = json.loads(text)
    assert set(payload) == {"error"}
    return payload["error"]  # type: ignore[no-any-return]


class TestOpenAIChat:
    def test_one_tool_message_per_call_in_order(self) -> None:
        replies = make_world().handle_openai(ASSISTANT)
        assert [r["tool_call_id"] for r in replies] == [c["id"] for c in CHAT_CALLS]
        for reply in replies:
            TypeAdapter(ChatCompletionToolMessageParam).validate_python(reply)
            assert set(reply) == {"role", "tool_call_id", "content"}
            assert reply["role"] == "tool"

    def test_success_is_the_json_value_of_the_call(self) -> None:
        replies = make_world().handle_openai(ASSISTANT)
        assert json.loads(replies[0]["content"]) == make_world().call("get_weather", {"city": "Oslo"})

    def test_every_failure_is_an_error_the_model_can_read(self) -> None:
        replies = make_world().handle_openai(ASSISTANT)
        codes = [error_of(r["content"])["code"] for r in replies[1:]]
        assert codes == ["invalid_input", "invalid_input", "unknown_tool", "not_found", "invalid_input"]

    def test_bad_json_names_the_problem(self) -> None:
        error = error_of(make_world().handle_openai(ASSISTANT)[1]["content"])
        assert "arguments for tool 'get_weather' are not valid JSON" in error["message"]
        assert "send the arguments as one JSON object" in error["message"]

    def test_schema_violations_list_every_problem(self) -> None:
        error = error_of(make_world().handle_openai(ASSISTANT)[2]["content"])
        assert error["problems"] == [
            "$.city: 7 is not of type 'string'",
            "$.unit: 'kelvin' is not one of ['c', 'f']",
        ]

    def test_unknown_tool_suggests_the_closest(self) -> None:
        error = error_of(make_world().handle_openai(ASSISTANT)[3]["content"])
        assert "Did you mean 'get_weather'?" in error["message"]
        assert error["tools"] == ["get_weather", "book_table"]

    def test_scripted_fault_keeps_its_code_and_message(self) -> None:
        error = error_of(make_world().handle_openai(ASSISTANT)[4]["content"])
        assert error == {"code": "not_found", "message": "no such restaurant"}

    def test_empty_arguments_mean_no_arguments(self) -> None:
        error = error_of(make_world().handle_openai(ASSISTANT)[5]["content"])
        assert error["problems"] == [
            "$: 'people' is a required property",
            "$: 'restaurant' is a required property",
        ]

    def test_sdk_message_dict_and_call_list_give_the_same_replies(self) -> None:
        message = ChatCompletionMessage.model_validate(ASSISTANT)
        from_sdk = make_world().handle_openai(message)
        assert from_sdk == make_world().handle_openai(ASSISTANT)
        assert from_sdk == make_world().handle_openai(message.tool_calls)
        assert from_sdk == make_world().handle_openai(CHAT_CALLS)

    def test_every_call_is_in_the_trace(self) -> None:
        world = make_world()
        world.handle_openai(ASSISTANT)
        assert world.trace.tools == ["get_weather", "get_weather", "book_table", "book_table"]
        assert [call.ok for call in world.trace] == [True, False, False, False]

    def test_message_without_tool_calls_needs_no_replies(self) -> None:
        assert make_world().handle_openai({"role": "assistant", "content": "Done."}) == []
        assert make_world().handle_openai(ChatCompletionMessage(role="assistant", content="Done.")) == []

    def test_custom_tool_calls_get_an_error_reply(self) -> None:
        custom = {"id": "c1", "type": "custom", "custom": {"name": "grammar", "input": "x"}}
        [reply] = make_world().handle_openai({"role": "assistant", "tool_calls": [custom]})
        assert reply["tool_call_id"] == "c1"
        assert error_of(reply["content"])["code"] == "unsupported_tool_call"

    def test_return_error_policy_still_reports_an_error(self) -> None:
        world = make_world(on_invalid_input="return_error")
        reply = world.handle_openai([chat_call("c", "get_weather", '{"city": 1}')])[0]
        assert error_of(reply["content"])["code"] == "invalid_input"
        assert len(world.trace.errors) == 1

    def test_a_broken_world_raises(self) -> None:
        world = SyntheticWorld(seed=0, backend=lambda ctx: "not an object")

        @world.tool
        def status() -> dict[str, int]:
            """Status."""

        with pytest.raises(BackendError, match="breaks its returns schema"):
            world.handle_openai([chat_call("c", "status", "{}")])

    def test_wrong_kind_of_object_is_a_type_error(self) -> None:
        with pytest.raises(TypeError, match="must be a dict or an SDK object"):
            make_world().handle_openai(42)


RESPONSE_ITEMS: list[dict[str, Any]] = [
    {"type": "reasoning", "id": "rs_1", "summary": []},
    {"type": "function_call", "call_id": "fc_1", "name": "get_weather", "arguments": '{"city": "Lima"}'},
    {"type": "function_call", "call_id": "fc_2", "name": "get_weather", "arguments": "{oops"},
]


class TestOpenAIResponses:
    def test_function_call_outputs_in_order(self) -> None:
        replies = make_world().handle_openai(RESPONSE_ITEMS)
        assert [r["call_id"] for r in replies] == ["fc_1", "fc_2"]
        for reply in replies:
            TypeAdapter(FunctionCallOutput).validate_python(reply)
            assert set(reply) == {"type", "call_id", "output"}
        assert json.loads(replies[0]["output"]) == make_world().call("get_weather", {"city": "Lima"})
        assert error_of(replies[1]["output"])["code"] == "invalid_input"

    def test_sdk_items_and_whole_response_give_the_same_replies(self) -> None:
        items = [ResponseFunctionToolCall.model_validate(item) for item in RESPONSE_ITEMS[1:]]
        expected = make_world().handle_openai(RESPONSE_ITEMS)
        assert make_world().handle_openai(items) == expected
        assert make_world().handle_openai({"id": "resp_1", "output": RESPONSE_ITEMS}) == expected
        assert make_world().handle_openai(items[0]) == expected[:1]


CLAUDE_MESSAGE: dict[str, Any] = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 10, "output_tokens": 20},
    "content": [
        {"type": "text", "text": "Let me check."},
        {
            "type": "tool_use",
            "id": "tu_ok",
            "name": "get_weather",
            "input": {"city": "Rome", "unit": "f"},
        },
        {"type": "tool_use", "id": "tu_bad", "name": "get_weather", "input": {"town": "Rome"}},
        {
            "type": "tool_use",
            "id": "tu_fault",
            "name": "book_table",
            "input": {"restaurant": "X", "people": 4},
        },
        {"type": "tool_use", "id": "tu_unknown", "name": "order_pizza", "input": {}},
    ],
}


class TestAnthropic:
    def test_tool_result_blocks_in_order(self) -> None:
        replies = make_world().handle_anthropic(CLAUDE_MESSAGE["content"])
        assert [r["tool_use_id"] for r in replies] == ["tu_ok", "tu_bad", "tu_fault", "tu_unknown"]
        assert [r["is_error"] for r in replies] == [False, True, True, True]
        for reply in replies:
            TypeAdapter(anthropic.types.ToolResultBlockParam).validate_python(reply)
            assert reply["type"] == "tool_result"

    def test_contents(self) -> None:
        replies = make_world().handle_anthropic(CLAUDE_MESSAGE["content"])
        assert json.loads(replies[0]["content"]) == make_world().call(
            "get_weather", {"city": "Rome", "unit": "f"}
        )
        assert error_of(replies[1]["content"])["problems"] == [
            "unexpected parameter 'town' (valid parameters: city, unit)",
            "$: 'city' is a required property",
        ]
        assert error_of(replies[2]["content"])["code"] == "not_found"
        assert error_of(replies[3]["content"])["code"] == "unknown_tool"

    def test_sdk_message_and_its_blocks_give_the_same_replies(self) -> None:
        message = anthropic.types.Message.model_validate(CLAUDE_MESSAGE)
        expected = make_world().handle_anthropic(CLAUDE_MESSAGE["content"])
        assert make_world().handle_anthropic(message) == expected
        assert make_world().handle_anthropic(message.content) == expected
        assert make_world().handle_anthropic(CLAUDE_MESSAGE) == expected

    def test_text_only_message_needs_no_replies(self) -> None:
        assert make_world().handle_anthropic([{"type": "text", "text": "Hello"}]) == []


class TestInvoke:
    def test_outcome_text(self) -> None:
        assert ToolOutcome([1, "a"]).text == '[1, "a"]'
        assert ToolOutcome(error={"code": "timeout", "message": "slow"}).text == (
            '{"error": {"code": "timeout", "message": "slow"}}'
        )

    def test_arguments_may_be_text_or_a_dict(self) -> None:
        assert invoke(make_world(), "get_weather", '{"city": "Oslo"}') == invoke(
            make_world(), "get_weather", {"city": "Oslo"}
        )

    def test_non_object_json_is_an_input_error(self) -> None:
        outcome = invoke(make_world(), "get_weather", "[1, 2]")
        assert not outcome.ok
        assert outcome.error is not None
        assert "input must be an object" in outcome.error["message"]
