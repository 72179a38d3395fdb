"""Secrets that come back: the LLM backend's own key, or a secret an agent gave, repeated by a
model (in this call's answer or a later one's), by an error or a handler, and in log lines, are
masked wherever they are written. The policy itself is tested in ``test_redaction.py``."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

import synthworld
from synthworld import FixtureBackend, LLMBackend, ScenarioResult, SyntheticWorld, ToolSpec
from synthworld._redact import MASK, redact_text
from synthworld.cassette import load_cassette
from tests._openai_server import Completion, Failure, OpenAIServer

KEY = "sk-test-echoed-5e1f0a9b7c"
ORDER = ToolSpec(
    "get_order",
    "Look up an order.",
    {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    {"type": "object", "properties": {"note": {"type": "string"}}, "required": ["note"]},
)


def test_the_backend_key_echoed_in_an_answer_is_masked_everywhere(tmp_path: Path) -> None:
    with OpenAIServer(default=Completion(json.dumps({"note": f"your key is {KEY}"}))) as server:
        llm = LLMBackend("m", base_url=server.url, api_key=KEY, max_retries=0)
        path = tmp_path / "c.yaml"
        with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=llm)) as w:
            w.register_tool(ORDER)
            answer = w.call("get_order", {"order_id": "A1"})
        assert answer == {"note": f"your key is {MASK}"}  # not even the agent sees it
        assert KEY not in w.trace.to_json(redact=False)
        assert KEY not in path.read_text()
        assert redact_text(f"anything {KEY}") == f"anything {MASK}"


PASSWORD = "correct-horse-battery"
SIGN_IN = ToolSpec(
    "sign_in",
    "Sign in.",
    {"type": "object", "properties": {k: {"type": "string"} for k in ("user", "password", "note")}},
    {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]},
)


def test_an_input_secret_a_model_repeats_in_its_answer_is_masked_where_it_is_written(
    tmp_path: Path,
) -> None:
    reply = Completion(json.dumps({"message": f"Welcome ada, signed in with {PASSWORD}"}))
    with OpenAIServer(default=reply) as server:
        llm = LLMBackend("m", base_url=server.url, api_key=KEY, max_retries=0)
        path = tmp_path / "c.yaml"
        with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=llm)) as w:
            w.register_tool(SIGN_IN)
            answer = w.call("sign_in", {"user": "ada", "password": PASSWORD, "note": f"again {PASSWORD}"})
            journal = path.with_name("c.yaml.journal").read_text()
        assert answer == {"message": f"Welcome ada, signed in with {PASSWORD}"}  # the agent's view
        w.trace.save(tmp_path / "trace.json")
    written = [journal, path.read_text(), (tmp_path / "trace.json").read_text(), repr(w.trace[0])]
    assert [PASSWORD in text for text in written] == [False] * 4
    assert f"signed in with {MASK}" in path.read_text()
    assert load_cassette(path).interactions[0].input == {
        "user": "ada",
        "password": MASK,
        "note": f"again {MASK}",
    }


PROFILE = ToolSpec(
    "profile",
    "The signed-in user's profile.",
    {"type": "object", "properties": {"user": {"type": "string"}}},
    {"type": "object", "properties": {"bio": {"type": "string"}}, "required": ["bio"]},
)


def test_a_secret_one_call_was_given_is_masked_where_a_later_call_repeats_it(tmp_path: Path) -> None:
    """A model plays the world from its history: the password the agent gave ``sign_in`` comes
    back in the answer of ``profile``, whose input holds no secret. It was written in the clear
    to the cassette, the saved trace, its HTML and the eval record (each masked call by call)."""
    replies = [
        Completion(json.dumps({"message": "Welcome ada"})),
        Completion(json.dumps({"bio": f"ada, who signs in with {PASSWORD}"})),
    ]
    path = tmp_path / "c.yaml"
    with OpenAIServer(*replies) as server:
        llm = LLMBackend("m", base_url=server.url, api_key=KEY, max_retries=0)
        with SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="new_episodes", fallback=llm)) as w:
            w.register_tool(SIGN_IN)
            w.register_tool(PROFILE)
            w.call("sign_in", {"user": "ada", "password": PASSWORD})
            assert w.call("profile", {"user": "ada"}) == {"bio": f"ada, who signs in with {PASSWORD}"}
            journal = path.with_name("c.yaml.journal").read_text()
        assert PASSWORD in server.received[1].text  # the model was told it, as the agent's history
    w.trace.save(tmp_path / "trace.json")
    record = synthworld.eval.record.record_from_result(
        ScenarioResult(scenario="s", path="", seed=1, passed=True, failures=[], output=None, trace=w.trace)
    )
    written = {
        "journal": journal,
        "cassette": path.read_text(),
        "trace.json": (tmp_path / "trace.json").read_text(),
        "html": w.trace._repr_html_(),
        "format": w.trace.format(width=200),
        "eval record": json.dumps(record.to_dict()),
    }
    assert [name for name, text in written.items() if PASSWORD in text] == []
    assert f"ada, who signs in with {MASK}" in written["cassette"]
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="none")) as replay:
        replay.register_tool(SIGN_IN)
        replay.register_tool(PROFILE)
        replay.call("sign_in", {"user": "ada", "password": PASSWORD})
        assert replay.call("profile", {"user": "ada"}) == {"bio": f"ada, who signs in with {MASK}"}


def test_an_input_secret_repeated_in_an_error_or_by_a_handler_is_masked(tmp_path: Path) -> None:
    def refuse(ctx: Any) -> Any:
        raise synthworld.ToolError("unauthorized", f"wrong password {ctx.input['password']}")

    path = tmp_path / "c.yaml"
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=refuse)) as w:
        w.register_tool(SIGN_IN)
        with pytest.raises(synthworld.ToolError, match=PASSWORD):  # the agent sees what the tool said
            w.call("sign_in", {"user": "ada", "password": PASSWORD})
    assert PASSWORD not in path.read_text() + w.trace.to_json()
    assert f"wrong password {MASK}" in path.read_text()


def test_log_messages_are_masked(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="synthworld")

    def reply(body: dict[str, Any]) -> Completion | Failure:
        if (body.get("response_format") or {}).get("type") == "json_schema":
            return Failure(400, "response_format json_schema is not supported")
        return Completion(json.dumps({"note": "ok"}))

    with OpenAIServer(default=reply) as server:
        url = server.url.replace("http://", "http://ada:pw-in-url-77@")
        with SyntheticWorld(seed=1, backend=LLMBackend("m", base_url=url, api_key=KEY, max_retries=0)) as w:
            w.register_tool(ORDER)
            w.call("get_order", {"order_id": "A1"})
    messages = [r.getMessage() for r in caplog.records if r.name == "synthworld.llm"]
    assert any("rejected response_format" in m for m in messages)
    assert not any("pw-in-url-77" in m for m in messages)
    assert "pw-in-url-77" not in repr(w.backend)
