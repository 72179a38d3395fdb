"""A scenario file never sends the user's key to a host the user did not choose."""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from synthworld import ScenarioError, load_scenario
from synthworld.serve.commands import run as run_command
from tests._openai_server import Completion, OpenAIServer

USERS_KEY = "sk-users-own-key-0123456789"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIServer]:
    monkeypatch.setenv("OPENAI_API_KEY", USERS_KEY)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with OpenAIServer(default=Completion('{"ok": true}')) as srv:
        yield srv


def scenario_file(tmp_path: Path, llm: str) -> Path:
    (tmp_path / "agent.py").write_text("def agent(world, task):\n    return world.call('ping', {})\n")
    path = tmp_path / "s.yaml"
    path.write_text(
        textwrap.dedent(
            f"""\
            synthworld_scenario: 1
            name: keys
            tools: [{{name: ping, parameters: {{type: object}}, returns: {{type: object}}}}]
            backend: {{llm: {llm}}}
            agent: agent.py:agent
            """
        )
    )
    return path


def keys_sent(server: OpenAIServer) -> list[str]:
    return [r.headers.get("authorization", "") for r in server.received]


def test_a_file_naming_another_host_gets_no_key_from_the_environment(
    tmp_path: Path, server: OpenAIServer
) -> None:
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}'}}")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path).build_world(0)
    message = str(caught.value)
    assert "s.yaml:4: backend.llm: cannot build the LLM backend: " in message
    assert "will not send it the key in OPENAI_API_KEY" in message
    assert "api_key_env: NAME" in message
    assert server.received == []


def test_synthworld_run_sends_nothing_and_says_why(
    tmp_path: Path, server: OpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}'}}")
    parser = argparse.ArgumentParser()
    run_command.add_arguments(parser)
    assert run_command.run(parser.parse_args([str(path)])) == 2
    assert "api_key_env" in capsys.readouterr().err
    assert USERS_KEY not in " ".join(keys_sent(server))


def test_run_backend_llm_with_base_url_answers_from_that_server_without_the_users_key(
    tmp_path: Path, server: OpenAIServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`synthworld run --backend llm:MODEL --base-url URL` (a local server, as --help says) works:
    the URL is the user's own choice, not the file's, and gets no key."""
    path = scenario_file(tmp_path, "{model: other}")
    parser = argparse.ArgumentParser()
    run_command.add_arguments(parser)
    args = parser.parse_args([str(path), "--backend", "llm:m", "--base-url", server.url, "--json"])
    assert run_command.run(args) == 0, capsys.readouterr().err
    assert '"output": {"ok": true}' in capsys.readouterr().out
    assert keys_sent(server) == ["Bearer unused"]
    assert server.received[0].body["model"] == "m"


def test_the_key_comes_from_the_variable_the_file_names(
    tmp_path: Path, server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PING_SERVER_KEY", "key-for-ping-server-42")
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}', api_key_env: PING_SERVER_KEY}}")
    assert load_scenario(path).run().output == {"ok": True}
    assert keys_sent(server) == ["Bearer key-for-ping-server-42"]


def test_a_named_variable_that_is_not_set_is_an_error(tmp_path: Path, server: OpenAIServer) -> None:
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}', api_key_env: NOT_SET_ANYWHERE}}")
    with pytest.raises(
        ScenarioError, match="api_key_env: NOT_SET_ANYWHERE is not set; set it to the key of http"
    ):
        load_scenario(path).build_world(0)


def test_a_key_written_in_the_file_is_the_files_own(tmp_path: Path, server: OpenAIServer) -> None:
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}', api_key: unused}}")
    assert load_scenario(path).run().output == {"ok": True}
    assert keys_sent(server) == ["Bearer unused"]


def test_the_users_own_base_url_may_have_the_users_key(
    tmp_path: Path, server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/")
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}'}}")
    assert load_scenario(path).run().output == {"ok": True}
    assert keys_sent(server) == [f"Bearer {USERS_KEY}"]


def test_a_bad_variable_name_is_refused_by_the_schema(tmp_path: Path, server: OpenAIServer) -> None:
    path = scenario_file(tmp_path, f"{{model: m, base_url: '{server.url}', api_key_env: 'not a name'}}")
    with pytest.raises(ScenarioError, match=r"s\.yaml:4: backend"):
        load_scenario(path)
