"""One redaction policy for everything that leaves the process: files, renderings, reports, logs.

In-memory records (``world.trace``, ``RunRecord``) keep the real values for assertions; what is
written or rendered is masked.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import synthworld
from synthworld import (
    FixtureBackend,
    Redactor,
    RunRecord,
    ScenarioResult,
    SyntheticWorld,
    ToolSpec,
    _redact,
    redact,
    register_secret,
    set_redactor,
)
from synthworld._redact import MASK, redact_text
from synthworld.cassette import load_cassette
from synthworld.eval import EvalReport
from synthworld.eval.html import report_html
from synthworld.scenario.console import print_result
from synthworld.scenario.report import format_result
from tests._plugin_support import isolate, run

pytest_plugins = ["pytester"]

JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
SECRETS = {
    "api_key": "key-live-0001",
    "password": "hunter2-0002",
    "token": "tok-0003",
    "Authorization": "Basic dXNlcjpwYXNz-0004",
}
LOGIN = ToolSpec(
    "login",
    "Log in.",
    {
        "type": "object",
        "properties": {**{k: {"type": "string"} for k in SECRETS}, "note": {"type": "string"}},
    },
    {"type": "object", "properties": {"session": {"type": "string"}}, "required": ["session"]},
)
INPUT = {**SECRETS, "note": f"Bearer {JWT}"}


def leaked(text: str) -> list[str]:
    return [s for s in [*SECRETS.values(), JWT] if s in text]


@pytest.fixture
def world() -> Iterator[SyntheticWorld]:
    with SyntheticWorld(seed=1) as w:
        w.register_tool(LOGIN)
        w.call("login", INPUT)
        yield w


@pytest.fixture
def policy() -> Iterator[None]:
    """Restore the process policy after a test that changes it (none chosen: the environment's)."""
    chosen = _redact._chosen[0]
    yield
    _redact._chosen[0] = chosen


# -- the policy -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "secret"),
    [
        ("auth", True),
        ("X-Auth-Token", True),
        ("pwd", True),
        ("private_key", True),
        ("privateKey", True),
        ("credentials", True),
        ("bearer", True),
        ("session_id", True),
        ("sessionId", True),
        ("Set-Cookie", True),
        ("aws_secret_access_key", True),
        ("author", False),
        ("authority", False),
        ("max_tokens", False),
        ("session", False),
        ("keyboard", False),
    ],
)
def test_the_broader_default_key_list(key: str, secret: bool) -> None:
    assert Redactor().is_secret(key) is secret


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (f"Bearer {JWT}", f"Bearer {MASK}"),
        ("Bearer abc123", f"Bearer {MASK}"),
        ("authorization was bearer 9f8e7d", f"authorization was bearer {MASK}"),
        (f"token was {JWT}.", f"token was {MASK}."),
        ("use sk-proj-4f2a9c1e7b3d5a8f0e6c2b", f"use {MASK}"),
        ("sk_live_4f2a9c1e7b3d5a8f0e6c", MASK),
        ("sk-abc1234567", MASK),
        ("ghp_0123456789abcdefghijABCDEFGHIJ", MASK),
        ("AKIAIOSFODNN7EXAMPLE", MASK),
        ("https://ada:s3cret@db.example.com/x", f"https://{MASK}@db.example.com/x"),
        (
            "https://api.example.com/v1?q=1&api_key=abc123&x=2",
            f"https://api.example.com/v1?q=1&api_key={MASK}&x=2",
        ),
        ("GET /u?access_token=abc&page=2", f"GET /u?access_token={MASK}&page=2"),
        ('{"password": "hunter2", "name": "Ada"}', f'{{"password": "{MASK}", "name": "Ada"}}'),
        ("{'session_id': 'abc'}", f"{{'session_id': '{MASK}'}}"),
        ("the bearer of this card", "the bearer of this card"),
        (
            "https://maps.example.com/api?center=x&key=AbC123xyz",
            f"https://maps.example.com/api?center=x&key={MASK}",
        ),
        ("/t?subscription-key=ab12&api-version=2024", f"/t?subscription-key={MASK}&api-version=2024"),
        ("s3/k?X-Amz-Date=1&X-Amz-Signature=deadbeef", f"s3/k?X-Amz-Date=1&X-Amz-Signature={MASK}"),
        ("/b?sv=2022&sig=abc%2Fdef", f"/b?sv=2022&sig={MASK}"),
        ("/cb?code=4/0AX4xyz&state=s1", f"/cb?code={MASK}&state=s1"),
        (
            "/s?monkey=1&keyboard=2&country_code=US&zipcode=123&KEYS=4",
            "/s?monkey=1&keyboard=2&country_code=US&zipcode=123&KEYS=4",
        ),
        (
            "max_tokens=5, author: Ada, https://example.com:8080/a",
            "max_tokens=5, author: Ada, https://example.com:8080/a",
        ),
    ],
)
def test_value_patterns_mask_secrets_under_any_key(text: str, masked: str) -> None:
    assert Redactor().text(text) == masked
    assert Redactor()({"note": [text]}) == {"note": [masked]}


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (
            "invalid input for tool 'login': $.password: 'hunter2' is too long",
            f"invalid input for tool 'login': $.password: '{MASK}' is too long",
        ),
        ("url=https://x.example/?token=abc&page=2", f"url=https://x.example/?token={MASK}&page=2"),
        ("note: api_key=abc123", f"note: api_key={MASK}"),
    ],
)
def test_a_secret_pair_inside_another_pairs_value_is_masked(text: str, masked: str) -> None:
    assert Redactor().text(text) == masked


def test_a_secret_in_an_input_error_never_reaches_the_saved_trace(tmp_path: Path) -> None:
    parameters = {"type": "object", "properties": {"password": {"type": "string", "maxLength": 8}}}
    with SyntheticWorld(seed=1) as world:
        world.register_tool(ToolSpec("login", "Log in.", parameters, {"type": "object"}))
        with pytest.raises(synthworld.ToolInputError):
            world.call("login", {"password": "hunter2-too-long-0005"})
    saved = world.trace.save(tmp_path / "t.json").read_text()
    assert "hunter2-too-long-0005" not in saved + world.trace.format()
    assert MASK in saved


def test_an_input_errors_message_never_quotes_a_secret() -> None:
    properties = {"password": {"type": "string", "maxLength": 8}, "echo": {"type": "integer"}}
    with SyntheticWorld(seed=1) as world:
        world.register_tool(ToolSpec("login", "Log in.", {"type": "object", "properties": properties}, {}))
        with pytest.raises(synthworld.ToolInputError) as caught:  # logged, printed, told to a model
            world.call("login", {"password": "hunter2-too-long-0005", "echo": "hunter2-too-long-0005"})
    shown = str(caught.value) + repr(caught.value) + "".join(caught.value.problems)
    assert "hunter2-too-long-0005" not in shown
    assert f"$.password: '{MASK}' is too long" in str(caught.value)
    assert f"$.echo: '{MASK}' is not of type 'integer'" in str(caught.value)


def test_a_registered_secret_is_masked_everywhere_but_short_ones_are_not() -> None:
    register_secret("zq-registered-9f8e7d6c")
    register_secret("abc")  # too short: it would mask ordinary words
    assert redact_text("a zq-registered-9f8e7d6c b abc") == f"a {MASK} b abc"
    assert Redactor(keys=(), patterns=())({"x": "zq-registered-9f8e7d6c"}) == {"x": MASK}


def test_the_policy_is_configurable(
    world: SyntheticWorld, policy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_redactor(synthworld.get_redactor().extended(keys=["note"]))
    assert json.loads(world.trace.to_json())["calls"][0]["input"]["note"] == MASK
    monkeypatch.setenv("SYNTHWORLD_SECRET_KEYS", "login_hint, ssn")
    set_redactor(None)  # the default again, with the keys the environment adds
    assert redact({"ssn": "1", "login_hint": "2", "x": "3"}) == {"ssn": MASK, "login_hint": MASK, "x": "3"}
    with pytest.raises(TypeError, match=r"pass a synthworld\.Redactor"):
        set_redactor(["ssn"])  # type: ignore[arg-type]


def test_secret_keys_set_in_the_environment_after_import_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_redactor(None)  # the default policy, as a test session starts with
    monkeypatch.setenv("SYNTHWORLD_SECRET_KEYS", "ssn")  # as a conftest.py or pytest-env would
    assert redact({"ssn": "123-45-6789"}) == {"ssn": MASK}
    path = tmp_path / "c.yaml"
    with SyntheticWorld(backend=FixtureBackend(path, fallback=synthworld.RandomBackend())) as world:
        params = {"type": "object", "properties": {"ssn": {"type": "string"}}}
        world.register_tool(ToolSpec("lookup", "Look up.", params, {"type": "object"}))
        world.call("lookup", {"ssn": "123-45-6789"})
    assert "123-45-6789" not in path.read_text()
    monkeypatch.delenv("SYNTHWORLD_SECRET_KEYS")
    assert redact({"ssn": "1"}) == {"ssn": "1"}


# -- traces -----------------------------------------------------------------------------------


def test_the_trace_in_memory_keeps_the_real_values(world: SyntheticWorld) -> None:
    assert world.trace[0].input == INPUT
    assert world.trace.calls("login", password="hunter2-0002")


def test_a_calls_repr_masks_secrets_as_an_assertion_shows_it(world: SyntheticWorld) -> None:
    [call] = world.trace
    assert leaked(repr(call)) == []
    assert "login" in repr(call)
    with pytest.raises(AssertionError) as info:
        assert not call.ok, call  # pytest prints the message's repr on failure
    assert leaked(str(info.value)) == []
    assert call.redacted().rules == call.rules  # names and numbers stay as they are


def test_to_json_and_save_mask_secrets(world: SyntheticWorld, tmp_path: Path) -> None:
    text = world.trace.to_json()
    assert leaked(text) == []
    saved = json.loads(world.trace.save(tmp_path / "t.json").read_text())
    assert saved["calls"][0]["input"] == {**dict.fromkeys(SECRETS, MASK), "note": f"Bearer {MASK}"}
    assert leaked(world.trace.to_json(redact=False)) != []  # asked for: the real values


def test_html_text_and_failure_messages_mask_secrets(world: SyntheticWorld) -> None:
    assert leaked(world.trace._repr_html_()) == []
    assert leaked(world.trace.format()) == []
    with pytest.raises(AssertionError) as caught:
        world.trace.assert_called("login", password="hunter2-0002", times=2)
    assert leaked(str(caught.value)) == []


def test_the_cassette_masks_value_patterns_too(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=synthworld.RandomBackend())) as w:
        w.register_tool(LOGIN)
        w.call("login", INPUT)
    assert leaked(path.read_text()) == []
    assert load_cassette(path).interactions[0].input["note"] == f"Bearer {MASK}"


# -- scenario reports, rich tables, eval records ------------------------------------------------


def failed_result(world: SyntheticWorld) -> ScenarioResult:
    return ScenarioResult(
        scenario="login",
        path="",
        seed=1,
        passed=False,
        failures=["expect.calls[0]: expected login with password='hunter2-0002'"],
        output={"token": "tok-0003"},
        trace=world.trace,
        error=None,
        state={},
        diverged_at=0,
    )


def test_scenario_reports_and_rich_tables_mask_secrets(world: SyntheticWorld) -> None:
    result = failed_result(world)
    assert leaked(format_result(result)) == []
    console = Console(file=io.StringIO(), width=400)
    print_result(console, result)
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert MASK in shown
    assert leaked(shown) == []


def test_eval_records_mask_secrets_when_written(world: SyntheticWorld, tmp_path: Path) -> None:
    result = failed_result(world)
    record = synthworld.eval.record.record_from_result(result)
    assert record.trace[0].input["password"] == "hunter2-0002"  # in memory
    assert leaked(json.dumps(record.to_dict())) == []
    report = EvalReport(agent="a", runs=[record])
    assert leaked(report.save(tmp_path / "r.jsonl").read_text()) == []
    assert leaked(report_html(report)) == []
    assert RunRecord.from_dict(record.to_dict(redact=False)).trace[0].input == INPUT


def test_pytest_failure_output_masks_secrets(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pyt = isolate(pytester, monkeypatch)
    (pyt.path / "scenarios").mkdir()
    (pyt.path / "scenarios" / "agent.py").write_text(
        f"def agent(world, task):\n    world.call('login', {INPUT!r})\n    return {{'token': 'tok-0003'}}\n"
    )
    (pyt.path / "scenarios" / "login.yaml").write_text(
        "synthworld_scenario: 1\nname: login\n"
        "tools: [{name: login, returns: {type: object},\n"
        "         parameters: {type: object, additionalProperties: true}}]\n"
        "agent: agent.py:agent\n"
        "expect: {calls: [{tool: login, input: {password: other}}]}\n"
    )
    result = run(pyt, "scenarios", "-p", "no:randomly", "--junitxml=report.xml")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "input.password" in out
    assert leaked(out) == []
    assert leaked((pyt.path / "report.xml").read_text()) == []


@pytest.mark.parametrize("style", ["auto", "native"])
def test_a_failing_synth_world_tests_traceback_masks_secrets(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, style: str
) -> None:
    pyt = isolate(pytester, monkeypatch)
    monkeypatch.setenv("DB_PASSWORD", "hunter2-from-env-0006")
    pyt.makepyfile("""
        import os
        from synthworld import ToolSpec

        def test_login(synth_world):
            short = {"type": "object", "properties": {"password": {"type": "string", "maxLength": 8}}}
            synth_world.register_tool(ToolSpec("login", "Log in.", short, {"type": "object"}))
            synth_world.call("login", {"password": os.environ["DB_PASSWORD"]})
    """)
    result = run(pyt, f"--tb={style}", "--junitxml=report.xml")
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "ToolInputError" in out
    assert "hunter2-from-env-0006" not in out + (pyt.path / "report.xml").read_text()
    assert 'os.environ["DB_PASSWORD"]' in out or style == "native"  # the source reads as written


# -- call contexts ---------------------------------------------------------------------------


def test_a_call_contexts_repr_masks_secrets() -> None:
    seen: list[Any] = []
    with SyntheticWorld(seed=1, backend=lambda ctx: seen.append(ctx) or {"session": "s"}) as w:
        w.register_tool(LOGIN)
        w.call("login", INPUT)
    shown = repr(seen[0])  # what a backend's own log line or error shows
    assert leaked(shown) == []
    assert shown.startswith("CallContext(tool='login', input={'api_key': '[REDACTED]'")
