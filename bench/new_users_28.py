"""The journeys of stop 50's three new users, rerun as checks: each line says whether a step the
user took went right (a secret kept off disk, an error that names the place and the fix).

1. A developer records a function tool's HTTP traffic into a cassette (secrets in headers, URLs,
   JSON bodies, header and env lists, plural keys, object keys, PEM keys, vendor tokens), then
   kills a recording process with SIGKILL and records again.
2. A scenario author writes YAML with a no-break space, a full-width colon, an empty ``calls:``
   and list items outdented to their parent's keys.
3. A user passes cyclic values, a Flag combination and a cyclic dataclass to a world.

    PYTHONPATH=TREE python bench/new_users_28.py
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import synthworld
from synthworld import FixtureBackend, FunctionBackend, SyntheticWorld, ToolSpec
from synthworld.errors import SynthworldError

TREE = str(Path(synthworld.__file__).resolve().parents[1])
SECRETS = {
    "bearer header": "abcDEF123456ghiJKL789",
    "URL password": "Sup3rS3cretPw",
    "URL ?api_key=": "AIzaQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ",
    "JSON body password": "hunter2-pass-xyz",
    "sk- in free text": "sk-proj-ABCDEFGHIJKLMNOPQRSTUV1234",
    "AWS key id": "AKIAIOSFODNN7EXAMPLE",
    "GitHub token": "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "Slack token": "xoxb-1234567890-abcdefghijk",
    "Slack webhook path": "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "secrets: {db: ...}": "plural-secret-value-1",
    "api_keys: [...]": "plural-apikey-value-2",
    "header list {name, value}": "header-pair-value-3",
    "k8s env {name, value}": "k8s-env-pair-value-4",
    "[[name, value]] pairs": "raw-pair-value-5",
    "JSON body header list": "body-pair-value-6",
    "sk- as an object key": "sk-dictkeyABCDEFGHIJKLMNOP",
    "PEM private key body": "MIIEpAIBAAKCAQEA7bq98fakePEMbody",
    "Stripe whsec_": "whsec_ABCDEFGHIJKLMNOPQRSTUVWX",
    "Hugging Face hf_": "hf_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef",
    "npm token": "npm_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "SendGrid key": "SG.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefg",
}
S = SECRETS
HTTP = ToolSpec(
    name="http_request",
    description="Make an HTTP request",
    parameters={"type": "object", "additionalProperties": True, "properties": {"url": {"type": "string"}}},
    returns={"type": "object", "additionalProperties": True},
)


def _answer(ctx: Any) -> dict[str, Any]:
    return {
        "note": f"Deployed with {S['sk- in free text']} and {S['AWS key id']}; slack {S['Slack token']}; "
        f"token {S['GitHub token']}",
        "secrets": {"db": S["secrets: {db: ...}"]},
        "api_keys": [S["api_keys: [...]"]],
        "sessions": {S["sk- as an object key"]: {"user": "ann"}},
        "file": f"-----BEGIN RSA PRIVATE KEY-----\n{S['PEM private key body']}\n-----END",
        "webhook": f"https://hooks.slack.com/services/{S['Slack webhook path']}",
        "vendors": [S["Stripe whsec_"], S["Hugging Face hf_"], S["npm token"], S["SendGrid key"]],
    }


def _request() -> dict[str, Any]:
    return {
        "url": f"https://admin:{S['URL password']}@api.example.com/v1/x?api_key={S['URL ?api_key=']}",
        "headers": {"Authorization": f"Bearer {S['bearer header']}"},
        "body": json.dumps(
            {
                "password": S["JSON body password"],
                "headers": [{"name": "X-Api-Key", "value": S["JSON body header list"]}],
            }
        ),
        "header_list": [{"name": "X-Api-Key", "value": S["header list {name, value}"]}],
        "env": [{"name": "DB_PASSWORD", "value": S["k8s env {name, value}"]}],
        "raw_headers": [["X-Api-Key", S["[[name, value]] pairs"]]],
    }


def secrets_journey(folder: Path) -> list[tuple[str, bool]]:
    """Each secret shape, and whether it stayed off disk and out of every text shown."""
    path = folder / "http.yaml"
    shown: list[str] = []
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, fallback=FunctionBackend(_answer))) as world:
        world.register_tool(HTTP)
        world.call("http_request", _request())
        shown += [world.trace.to_json(), world.trace.format(), repr(world)]
    with SyntheticWorld(seed=1, backend=FixtureBackend(path, mode="none")) as replay:
        replay.register_tool(HTTP)
        try:
            replay.call("http_request", {**_request(), "url": "https://api.example.com/v2"})
        except SynthworldError as exc:
            shown.append(str(exc))
    on_disk = "".join(p.read_text(errors="replace") for p in folder.iterdir() if p.is_file())
    return [(f"secret kept: {name}", value not in on_disk + "".join(shown)) for name, value in S.items()]


WRITER = textwrap.dedent(
    """
    import os, signal, sys
    from synthworld import FixtureBackend, RandomBackend, SyntheticWorld, ToolSpec
    params = {"type": "object", "properties": {"x": {"type": "integer"}}}
    spec = ToolSpec("echo", "Echo.", params, {"type": "integer"})
    world = SyntheticWorld(backend=FixtureBackend(sys.argv[1], mode="new_episodes", fallback=RandomBackend()))
    world.register_tool(spec)
    print(" ".join(str(world.call("echo", {"x": x})) for x in range(20)), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def kill_journey(folder: Path) -> list[tuple[str, bool]]:
    """A writer killed with SIGKILL, then the same calls recorded again: is the cassette written?"""
    path = folder / "echo.yaml"
    env = {**os.environ, "PYTHONPATH": TREE}
    done = subprocess.run([sys.executable, "-c", WRITER, str(path)], capture_output=True, text=True, env=env)
    answered = [int(x) for x in done.stdout.split()]
    spec = ToolSpec(
        "echo", "Echo.", {"type": "object", "properties": {"x": {"type": "integer"}}}, {"type": "integer"}
    )
    with SyntheticWorld(backend=FixtureBackend(path, mode="new_episodes")) as world:
        world.register_tool(spec)
        replayed = [world.call("echo", {"x": x}) for x in range(20)]
    kept = path.exists() and len(synthworld.cassette.load_cassette(path).interactions) == len(answered)
    return [
        (
            "kill -9: killed writer's calls replayed",
            done.returncode == -signal.SIGKILL and replayed == answered,
        ),
        ("kill -9: cassette file written by the next recording run", kept),
    ]


HEAD = "synthworld_scenario: 1\nname: x\ntools: synthworld.examples.shop\n"
SCENARIOS = {
    "no-break space after a colon": (HEAD + "seed:\u00a01\n", "U+00A0"),
    "full-width colon": (HEAD + "seed\uff1a 1\n", "U+FF1A"),
    "no-break space in an indentation": (HEAD + "expect:\n  calls:\n  \u00a0 - tool: x\n", "U+00A0"),
    "empty calls: (items not under it)": (HEAD + "expect:\n  calls:\n  not_called: []\n", "nothing is given"),
    "list items outdented to the keys": (HEAD + "expect:\n  calls:\n- tool: get_order\n", "indent it under"),
}


def scenario_journey(folder: Path) -> list[tuple[str, bool]]:
    """Each mistake, and whether the error names it (file and line are named by every message)."""
    from synthworld.scenario import load_scenario

    out = []
    for name, (text, said) in SCENARIOS.items():
        path = folder / "s.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            load_scenario(path)
            message = ""
        except SynthworldError as exc:
            message = str(exc)
        out.append((f"scenario names it: {name}", said in message and "s.yaml:" in message))
    return out


@dataclasses.dataclass
class Emp:
    name: str
    reports: list[Any] = dataclasses.field(default_factory=list)


class Perm(enum.Flag):
    READ = 1
    WRITE = 2


def _error_of(step: Callable[[], Any]) -> str:
    try:
        step()
    except (SynthworldError, TypeError) as exc:
        return str(exc)
    except RecursionError:
        return "RecursionError"
    return ""


def hostile_journey() -> list[tuple[str, bool]]:
    """Cyclic values, a Flag combination and a cyclic dataclass: named, refused or taken?"""
    spec = ToolSpec("save", "Save.", {"type": "object", "properties": {"doc": {}}}, {})
    loop: list[Any] = [1]
    loop.append(loop)
    world = SyntheticWorld()
    world.register_tool(spec)
    looping = SyntheticWorld(backend=FunctionBackend(lambda ctx: {"x": loop}))
    looping.register_tool(spec)

    boss = Emp("Ann")
    boss.reports.append(boss)

    def grant(perm: Perm) -> Perm:
        """Grant."""

    def save_employee(employee: Emp) -> None:
        """Save."""

    stubs = SyntheticWorld()
    granted = stubs.tool(grant)
    saved = stubs.tool(save_employee)
    return [
        (
            "cyclic input named as a cycle",
            "(a cycle)" in _error_of(lambda: world.call("save", {"doc": loop})),
        ),
        ("cyclic handler answer named", "(a cycle)" in _error_of(lambda: looping.call("save", {"doc": 1}))),
        ("cyclic state= named", "(a cycle)" in _error_of(lambda: SyntheticWorld(state={"doc": loop}))),
        ("Flag.READ | Flag.WRITE taken", _error_of(lambda: granted(Perm.READ | Perm.WRITE)) == ""),
        ("cyclic dataclass argument named", "(a cycle" in _error_of(lambda: saved(boss))),
    ]


def main() -> None:
    rows: list[tuple[str, bool]] = []
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as two:
        rows += secrets_journey(Path(one))
        rows += kill_journey(Path(two))
    with tempfile.TemporaryDirectory() as three:
        rows += scenario_journey(Path(three))
    rows += hostile_journey()
    for name, good in rows:
        print(f"{'ok  ' if good else 'FAIL'} {name}")
    print(f"{sum(good for _, good in rows)} of {len(rows)} steps right")


if __name__ == "__main__":
    main()
