"""Secrets a recording developer's cassette held in the clear (stop 50's new users): header and
environment lists (``{"name": "X-Api-Key", "value": ...}``, ``[["Authorization", ...]]``),
plural keys (``secrets:``, ``api_keys:``), secrets as object keys, PEM private keys, and the token
shapes of more vendors and webhook URLs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import FixtureBackend, FunctionBackend, Redactor, SyntheticWorld, ToolSpec
from synthworld.errors import FixtureMissError

MASK = "[REDACTED]"


@pytest.mark.parametrize(
    ("value", "masked"),
    [
        (  # HAR / Postman headers, a Kubernetes env list, AWS tags
            [{"name": "X-Api-Key", "value": "header-pair-value"}, {"name": "Accept", "value": "json"}],
            [{"name": "X-Api-Key", "value": MASK}, {"name": "Accept", "value": "json"}],
        ),
        (
            [{"key": "Authorization", "value": "Basic dXNlcjpwYXNz"}],
            [{"key": "Authorization", "value": MASK}],
        ),
        ([{"name": "DB_PASSWORD", "value": "k8s-env-value"}], [{"name": "DB_PASSWORD", "value": MASK}]),
        ([{"Key": "api_key", "Value": "tag-value-1"}], [{"Key": "api_key", "Value": MASK}]),
        (  # headers as httpx and requests take them
            [["X-Api-Key", "pair-value-12"], ["Accept", "json"]],
            [["X-Api-Key", MASK], ["Accept", "json"]],
        ),
        ((("Cookie", "sid=abc123456"),), [["Cookie", MASK]]),
        ({"secrets": {"db": "plural-secret"}, "api_keys": ["k1-x"]}, {"secrets": MASK, "api_keys": MASK}),
        (
            {"passwords": ["a"], "cookies": "c", "private_keys": "p"},
            {"passwords": MASK, "cookies": MASK, "private_keys": MASK},
        ),
    ],
)
def test_named_entries_pairs_and_plural_keys_are_masked(value: Any, masked: Any) -> None:
    assert Redactor()(value) == masked


@pytest.mark.parametrize(
    "value",
    [
        {"tokens": ["the", "cat"], "max_tokens": 5, "prompt_tokens": 9},  # counts and a tokenizer's answer
        [{"name": "color", "value": "red"}],
        [["title", "Dune"], ["author", "Herbert"]],
        ["password", "reset"],  # a list of two words is no pair list
        {"name": "password", "description": "the user's password"},  # a parameter listing, no value
    ],
)
def test_lookalikes_stay(value: Any) -> None:
    assert Redactor()(value) == (list(value) if isinstance(value, tuple) else value)


def test_secret_text_in_object_keys_is_masked_and_no_entry_is_lost() -> None:
    value = {"sessions": {"sk-aaaaaaaaaaaaaaaa": 1, "sk-bbbbbbbbbbbbbbbb": 2, "ann": 3}}
    assert Redactor()(value) == {"sessions": {MASK: 1, f"{MASK} (2)": 2, "ann": 3}}


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("-----BEGIN RSA PRIVATE KEY-----\nMIIEpA7bq\n-----END RSA PRIVATE KEY-----\n", "MIIEpA7bq"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n", "b3BlbnNzaC1rZXk"),  # cut short
        ("-----BEGIN ENCRYPTED PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nQUJD\n-----END", "QUJD"),
        ("post to https://hooks.slack.com/services/T0001/B0002/XXXXXXXXXXXX", "T0001/B0002/XXXXXXXXXXXX"),
        ("https://discord.com/api/webhooks/123456/abcDEF-ghi_jkl", "abcDEF-ghi_jkl"),
        ("stripe whsec_ABCDEFGHIJKLMNOPQRSTUVWX", "whsec_ABCDEFGHIJKLMNOPQRSTUVWX"),
        ("hf_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef", "hf_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"),
        ("npm_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "npm_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
        ("SG.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", "SG.abcdefghijklmnopqrstuv"),
        ("xapp-1-A0123456789-abcdefabcdef", "xapp-1-A0123456789-abcdefabcdef"),
        ("ya29.a0AfH6SMBx1234567890abcdefgh", "ya29.a0AfH6SMBx1234567890abcdefgh"),
    ],
)
def test_more_vendor_shapes_are_masked_in_free_text(text: str, gone: str) -> None:
    masked = Redactor().text(text)
    assert gone not in masked
    assert MASK in masked


def _http_spec() -> ToolSpec:
    pairs = {"type": "array", "items": {"type": "object", "additionalProperties": {"type": "string"}}}
    return ToolSpec(
        name="http_request",
        description="Make an HTTP request",
        parameters={
            "type": "object",
            "properties": {"url": {"type": "string"}, "headers": pairs, "env": pairs},
            "required": ["url"],
        },
        returns={"type": "object", "additionalProperties": True},
    )


def _answer(ctx: Any) -> dict[str, Any]:
    return {
        "echo": f"sent {ctx.input['headers'][0]['value']}",
        "secrets": {"db": "plural-secret-value"},
        "sessions": {"sk-dictkeyABCDEFGHIJKLMNOP": {"user": "ann"}},
    }


def test_a_recorded_cassette_holds_none_of_them_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "http.yaml"
    call = {
        "url": "https://api.example.com/v1",
        "headers": [{"name": "X-Api-Key", "value": "header-pair-value-3"}],
        "env": [{"name": "DB_PASSWORD", "value": "k8s-env-pair-value-4"}],
    }
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=FunctionBackend(_answer))) as world:
        world.register_tool(_http_spec())
        live = world.call("http_request", call)
    text = path.read_text()
    for secret in ("header-pair-value-3", "k8s-env-pair-value-4", "plural-secret-value", "sk-dictkey"):
        assert secret not in text
        assert secret not in world.trace.to_json()
    assert live["echo"] == "sent header-pair-value-3"  # the agent saw the real answer
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="none")) as replay:
        replay.register_tool(_http_spec())
        assert replay.call("http_request", call)["echo"] == f"sent {MASK}"
        with pytest.raises(FixtureMissError) as miss:
            replay.call("http_request", {**call, "url": "https://api.example.com/v2"})
    assert "k8s-env-pair-value-4" not in str(miss.value)
    assert "header-pair-value-3" not in str(miss.value)


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (  # a request body recorded as text
            '{"headers": [{"name": "X-Api-Key", "value": "abc123"}, {"name": "Accept", "value": "json"}]}',
            '{"headers": [{"name": "X-Api-Key", "value": "[REDACTED]"}, '
            '{"name": "Accept", "value": "json"}]}',
        ),
        ("[{'name': 'DB_PASSWORD', 'value': 'hunter2'}]", "[{'name': 'DB_PASSWORD', 'value': '[REDACTED]'}]"),
        ("name=DB_PASSWORD&value=hunter2&x=1", "name=DB_PASSWORD&value=[REDACTED]&x=1"),
        ('{"name": "color", "value": "red"}', '{"name": "color", "value": "red"}'),
    ],
)
def test_named_entries_written_as_text_are_masked(text: str, masked: str) -> None:
    assert Redactor().text(text) == masked


def test_a_cassette_recorded_before_these_shapes_were_masked_still_replays(tmp_path: Path) -> None:
    # a guard of the change, not of an old defect: live inputs are masked more now, recordings too
    path = tmp_path / "old.yaml"
    path.write_text(
        "synthworld_cassette: 1\ninteractions:\n- tool: http_request\n  input:\n    url: https://a.example.com\n"
        "    headers: [{name: X-Api-Key, value: header-pair-value-3}]\n  output: {ok: true}\n"
    )
    call = {
        "url": "https://a.example.com",
        "headers": [{"name": "X-Api-Key", "value": "header-pair-value-3"}],
    }
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="none")) as replay:
        replay.register_tool(_http_spec())
        assert replay.call("http_request", call) == {"ok": True}
