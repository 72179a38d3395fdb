"""Redaction: secrets never reach the cassette file, and redacted recordings still replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from synthworld import BackendError, SyntheticWorld, ToolSpec
from synthworld._redact import MASK, Redactor, as_redactor
from synthworld.backends.base import CallContext
from synthworld.backends.fixtures import FixtureBackend
from synthworld.cassette import load_cassette

LOGIN = ToolSpec(
    "login",
    "Log in.",
    {
        "type": "object",
        "properties": {
            "user": {"type": "string"},
            "password": {"type": "string"},
            "headers": {"type": "object"},
        },
    },
    {"type": "object"},
)


def session(ctx: CallContext) -> dict[str, Any]:
    return {"access_token": "tok-SECRET-1", "user": ctx.input.get("user"), "max_tokens": 5}


@pytest.mark.parametrize(
    ("key", "secret"),
    [
        ("api_key", True),
        ("X-Api-Key", True),
        ("apiKey", True),
        ("APIKEY", True),
        ("access_token", True),
        ("client_secret", True),
        ("Authorization", True),
        ("password", True),
        ("Cookie", True),
        ("max_tokens", False),
        ("secretary", False),
        ("keyboard", False),
        ("user", False),
        ("total_tokens", False),
    ],
)
def test_default_secret_keys(key: str, secret: bool) -> None:
    assert Redactor().is_secret(key) is secret


def test_redaction_reaches_nested_objects_and_lists() -> None:
    value = {"a": [{"token": "t", "ok": 1}], "b": {"Authorization": "Bearer x", "n": [1]}}
    assert Redactor()(value) == {"a": [{"token": MASK, "ok": 1}], "b": {"Authorization": MASK, "n": [1]}}
    assert value["a"][0]["token"] == "t"  # the input is left alone


def test_secrets_in_inputs_and_outputs_never_reach_the_file(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with SyntheticWorld(backend=FixtureBackend(path, fallback=session)) as world:
        world.register_tool(LOGIN)
        live = world.call(
            "login", {"user": "ada", "password": "hunter2", "headers": {"Authorization": "Bearer abc"}}
        )
    assert live["access_token"] == "tok-SECRET-1"  # the agent still sees the real answer while recording
    text = path.read_text()
    for secret in ("hunter2", "Bearer abc", "tok-SECRET-1"):
        assert secret not in text
    (saved,) = load_cassette(path).interactions
    assert saved.input == {"user": "ada", "password": MASK, "headers": {"Authorization": MASK}}
    assert saved.output == {"access_token": MASK, "user": "ada", "max_tokens": 5}


def test_the_journal_is_redacted_too(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    world = SyntheticWorld(backend=FixtureBackend(path, fallback=session))
    world.register_tool(LOGIN)
    world.call("login", {"user": "ada", "password": "hunter2"})
    journal = (tmp_path / "c.yaml.journal").read_text()
    assert "hunter2" not in journal
    assert "tok-SECRET-1" not in journal


def test_a_redacted_recording_matches_a_call_with_any_secret(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with SyntheticWorld(backend=FixtureBackend(path, fallback=session)) as world:
        world.register_tool(LOGIN)
        world.call("login", {"user": "ada", "password": "hunter2"})
    replay = SyntheticWorld(backend=FixtureBackend(path, mode="none"))
    replay.register_tool(LOGIN)
    assert replay.call("login", {"user": "ada", "password": "another"})["access_token"] == MASK


def test_redaction_can_be_chosen_or_turned_off(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with SyntheticWorld(backend=FixtureBackend(path, fallback=session, redact=["user"])) as world:
        world.register_tool(LOGIN)
        world.call("login", {"user": "ada", "password": "hunter2"})
    (saved,) = load_cassette(path).interactions
    assert saved.input == {"user": MASK, "password": MASK}  # besides the policy's keys, not instead
    plain = tmp_path / "plain.yaml"
    with SyntheticWorld(backend=FixtureBackend(plain, fallback=session, redact=None)) as world:
        world.register_tool(LOGIN)
        world.call("login", {"user": "ada", "password": "hunter2"})
    assert "hunter2" in plain.read_text()


def test_a_list_of_keys_masks_them_besides_the_policy_as_it_is_at_each_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``redact=["ssn"]`` once replaced the policy's keys: ``password``, ``api_key`` and the keys of
    ``SYNTHWORLD_SECRET_KEYS`` were written in the clear."""
    from synthworld import set_redactor

    redactor = as_redactor(["ssn"])
    monkeypatch.setenv("SYNTHWORLD_SECRET_KEYS", "dob")
    value = {"ssn": "078-05-1120", "password": "hunter2", "dob": "1990-01-01", "user": "ada"}
    assert redactor(value) == {"ssn": MASK, "password": MASK, "dob": MASK, "user": "ada"}
    previous = set_redactor(Redactor(["user"], mask="***"))
    try:
        assert redactor(value) == {"ssn": "***", "password": "hunter2", "dob": "1990-01-01", "user": "***"}
        assert redactor.mask == "***"  # type: ignore[attr-defined]
    finally:
        set_redactor(previous)


def test_a_function_redacts_as_it_likes() -> None:
    def drop_user(value: Any) -> Any:
        return {k: v for k, v in value.items() if k != "user"} if isinstance(value, dict) else value

    assert as_redactor(drop_user)({"user": 1, "x": 2}) == {"x": 2}
    with pytest.raises(TypeError, match=r"pass True .* a list of key names, a function"):
        as_redactor("password")


USAGE = ToolSpec(
    "usage",
    "A session's usage.",
    {"type": "object", "properties": {"user": {"type": "string"}}},
    {
        "type": "object",
        "properties": {
            "token_count": {"type": "integer"},
            "auth_required": {"type": "boolean"},
            "session_id": {"type": "string", "format": "uuid"},
            "note": {"type": "string"},
        },
        "required": ["token_count", "auth_required", "session_id", "note"],
    },
)


def usage(ctx: CallContext) -> dict[str, Any]:
    return {
        "token_count": 47,
        "auth_required": True,
        "session_id": "0f8e1c2a-6b4d-4e7f-9a1b-3c5d7e9f1a2b",
        "note": "password: hunter2",
    }


def test_a_redacted_value_its_schema_rejects_replays_as_a_stand_in(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    with SyntheticWorld(backend=FixtureBackend(path, fallback=usage)) as world:
        world.register_tool(USAGE)
        world.call("usage", {"user": "ada"})
    assert "0f8e1c2a" not in path.read_text()
    replays = []
    for _ in range(2):
        with SyntheticWorld(backend=FixtureBackend(path, mode="none")) as replay:
            replay.register_tool(USAGE)
            replays.append(replay.call("usage", {"user": "ada"}))
    assert replays[0] == replays[1]  # the stand-ins are seeded by the call
    assert USAGE.returns_validator.is_valid(replays[0])
    assert replays[0]["note"] == f"password: {MASK}"  # a mask the schema takes replays as recorded
    assert replays[0]["session_id"] != MASK


def test_a_redact_function_that_breaks_the_value_is_refused_before_the_journal_has_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "c.yaml"
    world = SyntheticWorld(backend=FixtureBackend(path, fallback=session, redact=lambda value: None))
    world.register_tool(LOGIN)
    with pytest.raises(BackendError, match=r"login call was not recorded: redact=.*\$\.input: None"):
        world.call("login", {"user": "ada"})
    world.close()
    assert not (tmp_path / "c.yaml.journal").exists()  # nothing a later open would choke on
    assert FixtureBackend(path, mode="none").unplayed() == []

    def keys_only(value: Any) -> Any:
        return dict.fromkeys(value.keys(), MASK)  # breaks on a list output

    lister = SyntheticWorld(backend=FixtureBackend(path, fallback=lambda ctx: [1], redact=keys_only))
    lister.register_tool(ToolSpec("ids", "Ids.", {"type": "object"}, {"type": "array"}))
    with pytest.raises(BackendError, match=r"redact=.*keys_only.* raised AttributeError.*the output of"):
        lister.call("ids", {})
