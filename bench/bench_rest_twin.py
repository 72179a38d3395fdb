"""The REST twin (`synthworld serve --openapi SPEC --rest`) beside Stoplight Prism (`prism mock`):
startup, requests per second, and how many answers are valid against the documented schema.

Both servers run as the user runs them, a process on 127.0.0.1, and get the same requests: one
valid request per operation (an input drawn from the tool's parameters, written as the document
says: path, query in its style, headers, credentials, JSON/form/multipart body; see
tests/_rest_client.py), ROUNDS times over. Measured:

- startup: from spawning the process to the first answer;
- requests/s: one client sending the requests one after another, and THREADS clients at once;
- valid: answers whose status is the documented success and whose JSON body the tool's returns
  schema (python-jsonschema, formats checked) accepts, out of all answers (the deleting requests
  are sent in the last round only); the others by status, or ``body`` when the body is invalid.

Prism is optional (``--prism PATH``, from ``npm install --prefix /tmp/prism @stoplight/prism-cli``);
it runs with ``-d`` (dynamic: answers generated from the schema, as the twin's are) and serves
the paths at the root, without the server URL's path the twin serves them under.

    python bench/bench_rest_twin.py [--doc tests/openapi/petstore-3.1.yaml] [--rounds 20]
        [--threads 4] [--prism /tmp/prism/node_modules/.bin/prism]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema

from synthworld import SyntheticWorld, ToolSpec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests._rest_client import request_for, valid_input  # noqa: E402 (after the path is set)

LIMIT = 60.0


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def child_env() -> dict[str, str]:
    """This process's environment, with this checkout first on the child's ``PYTHONPATH``."""
    return dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    )


@contextlib.contextmanager
def _process(command: list[str], probe: str) -> Iterator[float]:
    """Run `command`; yield the seconds until `probe` (a URL) first answered."""
    env = child_env()
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{command[0]} exited with {process.returncode} before answering")
            with contextlib.suppress(httpx.TransportError):
                httpx.get(probe, timeout=1)
                break
            if time.perf_counter() - started > LIMIT:
                raise RuntimeError(f"{command[0]} did not answer within {LIMIT} s")
            time.sleep(0.02)
        yield time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(timeout=LIMIT)


def _requests(specs: list[ToolSpec]) -> list[tuple[ToolSpec, dict[str, Any]]]:
    """One valid request per operation, the deleting ones last (a round deletes what it read)."""
    out = []
    for spec in sorted(specs, key=lambda spec: spec.metadata["openapi"]["method"] == "DELETE"):
        args = valid_input(spec)
        if args is not None:
            out.append((spec, request_for(spec, args)))
    return out


def _verdict(spec: ToolSpec, response: httpx.Response) -> str:
    """``valid``, or why not: ``status NNN`` (not the documented success) or ``body``."""
    meta = spec.metadata["openapi"]
    status = meta["status"] if meta["status"] is not None else meta.get("empty_status")
    if str(response.status_code) != str(status) and not (status == "default" and response.is_success):
        return f"status {response.status_code}"
    if meta["status"] is None or not response.headers.get("content-type", "").split(";")[0].endswith("json"):
        return "valid"  # no body, or a text or binary one: nothing to validate as JSON
    try:
        body = response.json()
    except ValueError:
        return "body"
    validator = jsonschema.Draft202012Validator(spec.returns, format_checker=jsonschema.FormatChecker())
    return "valid" if validator.is_valid(body) else "body"


def _at_root(requests: list[tuple[ToolSpec, dict[str, Any]]]) -> list[tuple[ToolSpec, dict[str, Any]]]:
    """The requests without the base path (Prism serves every path at its root)."""
    out = []
    for spec, request in requests:
        base = str(spec.metadata["openapi"].get("base_path", ""))
        out.append((spec, {**request, "url": request["url"][len(base) :]}))
    return out


def _run(
    base: str, requests: list[tuple[ToolSpec, dict[str, Any]]], rounds: int, threads: int
) -> dict[str, Any]:
    verdicts: Counter[str] = Counter()
    with httpx.Client(base_url=base, timeout=LIMIT) as client:
        started = time.perf_counter()
        for round_ in range(rounds):
            for spec, request in requests:
                if request["method"] == "DELETE" and round_ < rounds - 1:
                    continue  # deleted in the last round only: a GET after it is rightly 404
                verdicts[_verdict(spec, client.request(**request))] += 1
        serial = sum(verdicts.values()) / (time.perf_counter() - started)

    def worker() -> None:
        with httpx.Client(base_url=base, timeout=LIMIT) as client:
            for _ in range(rounds):
                for _spec, request in requests:
                    client.request(**request)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    started = time.perf_counter()
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    parallel = threads * rounds * len(requests) / (time.perf_counter() - started)
    return {"serial": serial, "parallel": parallel, "verdicts": verdicts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--doc", default="tests/openapi/petstore-3.1.yaml")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--prism", default=None, help="the prism command (npm @stoplight/prism-cli)")
    args = parser.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        started = time.perf_counter()
        world = SyntheticWorld.from_openapi(ROOT / args.doc, seed=1, on_error="skip")
        built = time.perf_counter() - started
    requests = _requests(list(world.tools.values()))
    print(f"{args.doc}: {len(world.tools)} operations, {len(requests)} requests x {args.rounds} rounds")
    print(f"from_openapi in process: {built * 1000:.0f} ms")
    servers: dict[str, list[str]] = {}
    port = free_port()
    servers["synthworld --rest"] = [
        sys.executable,
        "-m",
        "synthworld",
        "serve",
        "--openapi",
        args.doc,
        "--rest",
        "--port",
        str(port),
    ]
    if args.prism:
        servers["prism mock -d"] = [args.prism, "mock", "-d", "-p", str(free_port()), args.doc]
    print(
        f"| server | startup s | requests/s, 1 client | requests/s, {args.threads} clients "
        "| valid answers | the others |"
    )
    print("|---|---|---|---|---|---|")
    for name, command in servers.items():
        server_port = command[command.index("-p" if "-p" in command else "--port") + 1]
        base = f"http://127.0.0.1:{server_port}"
        sent = requests if name.startswith("synthworld") else _at_root(requests)
        with _process(command, f"{base}/") as startup:
            run = _run(base, sent, args.rounds, args.threads)
        print(
            f"| {name} | {startup:.2f} | {run['serial']:.0f} | {run['parallel']:.0f} | "
            f"{run['verdicts']['valid']}/{sum(run['verdicts'].values())} | "
            f"{', '.join(f'{why}: {n}' for why, n in sorted(run['verdicts'].items()) if why != 'valid')} |"
        )


if __name__ == "__main__":
    main()
