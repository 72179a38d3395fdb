"""``synthworld serve --openapi SPEC --rest``: the REST twin as a process, stopped by SIGTERM
(the trace saved), its answers recorded to a cassette with ``--record`` and replayed."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from synthworld.serve.cli import main
from tests._net import free_port

ROOT = Path(__file__).resolve().parent.parent
FLEET = "tests/openapi/fleet-2.0.yaml"
VEHICLE = "1b4e28ba-2fa1-11d2-883f-0016d3cca427"
LIMIT = 60


@contextlib.contextmanager
def twin(*options: str, errlog: Path) -> Iterator[str]:
    """A ``synthworld serve --rest`` process on a free port; yields its URL, SIGTERMs it after."""
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    command = [sys.executable, "-m", "synthworld", "serve", "--openapi", FLEET, "--rest", "--port", str(port)]
    with errlog.open("a") as err:
        process = subprocess.Popen([*command, *options], cwd=ROOT, env=env, stdout=err, stderr=err)
    try:
        _wait_for(process, port)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=LIMIT) == 0, errlog.read_text()


def _wait_for(process: subprocess.Popen[bytes], port: int) -> None:
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the twin exited with code {process.returncode} before listening")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        time.sleep(0.1)
    pytest.fail(f"the twin did not listen on port {port} within {LIMIT} s")


def test_serve_rest_answers_over_http_and_saves_the_trace_on_sigterm(tmp_path: Path) -> None:
    trace = tmp_path / "trace.json"
    errlog = tmp_path / "stderr.txt"
    with twin("--seed", "3", "--trace", str(trace), errlog=errlog) as url:
        vehicle = httpx.get(f"{url}/api/vehicles/{VEHICLE}")
        health = httpx.get(f"{url}/api/health")
    assert vehicle.status_code == health.status_code == 200
    assert f"serving the REST API on {url}/api" in errlog.read_text()
    calls = json.loads(trace.read_text())["calls"]
    assert [(call["tool"], call["output"]) for call in calls] == [
        ("GetVehicle", vehicle.json()),
        ("Health", health.json()),
    ]


def test_record_keeps_the_answers_and_a_later_run_replays_them(tmp_path: Path) -> None:
    cassette = tmp_path / "fleet.yaml"
    errlog = tmp_path / "stderr.txt"
    with twin("--seed", "1", "--record", str(cassette), errlog=errlog) as url:
        recorded = httpx.get(f"{url}/api/vehicles/{VEHICLE}").content
    assert cassette.is_file()
    with twin("--seed", "2", "--record", str(cassette), errlog=errlog) as url:  # another seed: replayed
        replayed = httpx.get(f"{url}/api/vehicles/{VEHICLE}").content
        other = httpx.get(f"{url}/api/vehicles/0b7c6a4e-3f7e-4a53-9a8e-1d2c3b4a5f60").content
    with twin("--seed", "2", errlog=errlog) as url:
        unrecorded = httpx.get(f"{url}/api/vehicles/{VEHICLE}").content
    assert replayed == recorded != unrecorded
    assert other != recorded


def test_serve_help_explains_rest_and_rest_needs_openapi(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--rest with --openapi: serve the document's own HTTP API" in help_text
    assert "--no-credentials" in help_text
    assert main(["serve", "--mcp", "python x.py", "--rest"]) == 2
    assert "--rest with --openapi" in capsys.readouterr().err


def test_a_taken_port_is_an_error_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--openapi", FLEET, "--rest", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use; choose another --port" in err
