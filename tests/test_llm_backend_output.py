"""The LLM backend's pure parts: output modes, the strict check, JSON extraction, the prompt."""

from __future__ import annotations

import datetime
import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from synthworld import ToolSpec
from synthworld.backends.base import CallContext
from synthworld.backends.llm.output import (
    is_format_rejection,
    is_strict_compatible,
    needs_envelope,
    output_schema,
    read_answer,
    response_format,
    text_format,
)
from synthworld.backends.llm.prompt import build_messages, history_lines, repair_message
from synthworld.trace import ToolCall, Trace


def closed(**properties: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


STRING = {"type": "string"}


@pytest.mark.parametrize(
    ("schema", "strict"),
    [
        (closed(name=STRING), True),
        (closed(tags={"type": "array", "items": STRING, "maxItems": 3}), True),
        (closed(at={"type": "string", "format": "date-time"}), True),
        (closed(x={"anyOf": [STRING, {"type": "null"}]}), True),
        (closed(inner=closed(n={"type": "integer", "minimum": 0})), True),
        ({**closed(p={"$ref": "#/$defs/P"}), "$defs": {"P": closed(v=STRING)}}, True),
        (
            {"type": "object", "properties": {"name": STRING}, "required": [], "additionalProperties": False},
            False,
        ),
        ({"type": "object", "properties": {"name": STRING}, "required": ["name"]}, False),
        (closed(inner={"type": "object", "properties": {}, "additionalProperties": True}), False),
        (closed(name={"type": "string", "minLength": 1}), False),
        (closed(name={"type": "string", "format": "uri"}), False),
        (closed(x={"oneOf": [STRING, {"type": "integer"}]}), False),
        (closed(x={}), False),
        (closed(pair={"type": "array", "items": [STRING, STRING]}), False),
        (closed(obj={"type": "object", "additionalProperties": False}), False),
        ({"type": "array", "items": STRING}, False),
        ({"anyOf": [closed(a=STRING), closed(b=STRING)]}, False),
    ],
)
def test_strict_compatibility(schema: dict[str, Any], strict: bool) -> None:
    assert is_strict_compatible(schema) is strict


def test_an_object_schema_is_sent_as_is() -> None:
    schema = closed(name=STRING)
    assert not needs_envelope(schema)
    assert output_schema(schema) is schema


def test_the_envelope_keeps_definitions_reachable() -> None:
    returns = {"type": "array", "items": {"$ref": "#/$defs/Tag"}, "$defs": {"Tag": {"type": "string"}}}
    envelope = output_schema(returns)
    assert envelope["$defs"] == returns["$defs"]
    assert "$defs" not in envelope["properties"]["result"]
    validator = jsonschema.Draft202012Validator(envelope)
    assert validator.is_valid({"result": ["a"]})
    assert not validator.is_valid({"result": [1]})
    assert is_strict_compatible(envelope)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("json_object", {"type": "json_object"}),
        ("text", None),
        (
            "json_schema",
            {
                "type": "json_schema",
                "json_schema": {"name": "crm_get_user_v2", "schema": closed(a=STRING), "strict": True},
            },
        ),
    ],
)
def test_response_format(mode: str, expected: dict[str, Any] | None) -> None:
    assert response_format(mode, closed(a=STRING), name="crm.get user v2") == expected


@pytest.mark.parametrize("mode", ["json_schema", "json_object", "text"])
def test_text_format_is_the_response_format_flat_under_format(mode: str) -> None:
    """The Responses API's ``text`` parameter carries what ``response_format`` carries on chat."""
    chat = response_format(mode, closed(a=STRING), name="crm.get user v2")
    fmt = text_format(mode, closed(a=STRING), name="crm.get user v2")
    if chat is None:
        assert fmt is None
        return
    assert fmt == {"format": {"type": chat["type"], **chat.get("json_schema", {})}}
    if mode == "json_schema":
        assert fmt["format"]["name"] == "crm_get_user_v2"
        assert fmt["format"]["strict"] is True


@pytest.mark.parametrize(
    ("status", "message", "rejected"),
    [
        (400, "response_format 'json_schema' is not supported", True),
        (400, "Unknown parameter: json_object", True),
        (422, "Structured output is unavailable for this model", True),
        (400, "Invalid value for 'text.format.type': 'json_schema' is not supported", True),
        (400, "Invalid parameter: 'text.format' must be an object", True),
        (400, "messages: field required", False),
        (500, "response_format failed", False),
        (429, "json_schema rate limit", False),
    ],
)
def test_format_rejection(status: int, message: str, rejected: bool) -> None:
    assert is_format_rejection(status, message) is rejected


@pytest.mark.parametrize(
    ("content", "value"),
    [
        ('{"a": 1}', {"a": 1}),
        ("  [1, 2]\n", [1, 2]),
        ('Sure!\n```json\n{"a": 1}\n```\nAnything else?', {"a": 1}),
        ('```\n{"a": 2}\n```', {"a": 2}),
        ('The answer is {"a": [1, {"b": null}]} as requested.', {"a": [1, {"b": None}]}),
        ('"plain string"', "plain string"),
        ("true", True),
    ],
)
def test_json_is_extracted_from_replies(content: str, value: Any) -> None:
    assert read_answer(content, enveloped=False) == (value, [])


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "the reply was empty"),
        ("   ", "the reply was empty"),
        ('{"a": ', "not valid JSON (Expecting value at line 1 column 6)"),
        ("no json here", "not valid JSON (Expecting value at line 1 column 1)"),
        ('{"a": NaN}', "not valid JSON"),
    ],
)
def test_unreadable_replies_give_problems(content: str | None, problem: str) -> None:
    value, problems = read_answer(content, enveloped=False)
    assert value is None
    assert len(problems) == 1
    assert problem in problems[0]


@pytest.mark.parametrize("content", ['["a"]', '{"value": ["a"]}', '{"result": ["a"], "extra": 1}'])
def test_an_enveloped_reply_must_be_the_envelope(content: str) -> None:
    value, problems = read_answer(content, enveloped=True)
    assert value is None
    assert problems == ['the reply must be a JSON object with the single key "result": {"result": ...}']


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=10,
)


@given(JSON)
def test_any_json_value_round_trips(value: Any) -> None:
    assert read_answer(json.dumps(value), enveloped=False) == (value, [])
    assert read_answer(json.dumps({"result": value}), enveloped=True) == (value, [])


SPEC = ToolSpec(
    "get_order",
    "Look up an order.",
    {"type": "object", "properties": {"order_id": {"type": "string", "description": "The order's ID."}}},
    closed(status=STRING),
)
NOW = datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.timezone.utc)


def context_with(trace: Trace, order_id: str = "A1") -> CallContext:
    return CallContext(SPEC, {"order_id": order_id}, 5, random.Random(5), 0, {}, trace, NOW, None)


def test_the_prompt_holds_everything_the_model_needs() -> None:
    earlier = Trace(
        [ToolCall(0, "get_order", {"order_id": "Z9"}, error={"code": "not_found", "message": "no"})]
    )
    system, user = build_messages(context_with(earlier), context="A1 shipped.", history=8, enveloped=False)
    assert system["role"] == "system"
    assert "placeholders" in system["content"]
    assert "example.com" in system["content"]
    text = user["content"]
    for part in (
        "Tool: get_order",
        "Description: Look up an order.",
        f"Input schema (JSON Schema):\n{json.dumps(SPEC.parameters, indent=2)}",  # meanings, defaults
        "The order's ID.",
        json.dumps(SPEC.returns, indent=2),
        "World facts:\nA1 shipped.",
        '{"tool":"get_order","input":{"order_id":"Z9"},"error":{"code":"not_found","message":"no"}}',
        "Current time in the world: 2025-03-01T12:00:00+00:00",
        json.dumps({"order_id": "A1"}, indent=2),
        "as a JSON object",
    ):
        assert part in text


def test_history_zero_sends_no_calls() -> None:
    earlier = Trace([ToolCall(0, "get_order", {"order_id": "Z9"}, output={"status": "new"})])
    _, user = build_messages(context_with(earlier), context=None, history=0, enveloped=True)
    assert "Z9" not in user["content"]
    assert "World facts:\n(none given)" in user["content"]
    assert '{"result": <output>}' in user["content"]


def test_history_lines() -> None:
    calls = [
        ToolCall(0, "a", {"x": 1}, output=[1, 2]),
        ToolCall(1, "b", {}, error={"code": "timeout", "message": "slow", "retry_after": 2}),
    ]
    assert history_lines(calls) == (
        '{"tool":"a","input":{"x":1},"output":[1,2]}\n'
        '{"tool":"b","input":{},"error":{"code":"timeout","message":"slow"}}'
    )
    assert history_lines([]) == "(none)"


def test_repair_message_lists_every_problem() -> None:
    message = repair_message(["$.a: bad", "$.b: worse"], enveloped=False)
    assert message["role"] == "user"
    assert "- $.a: bad\n- $.b: worse" in message["content"]
