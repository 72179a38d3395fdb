"""Schemathesis as the oracle of the REST twin: ``schemathesis run`` (every check) against
``synthworld serve --openapi DOC --rest`` for vendored documents, and against ``prism mock -d``
beside it, counting test cases and failures by check.

schemathesis is not a synthworld dependency (it pins jsonschema-rs below the version synthworld's
dev environment has): install it in a venv of its own, ``python -m venv /tmp/st && /tmp/st/bin/pip
install schemathesis``, and pass its command.

    python bench/bench_rest_conformance.py --schemathesis /tmp/st/bin/schemathesis
        [--prism /tmp/prism/node_modules/.bin/prism] [--examples 20] [--seed 1] [--documents NAME...]
"""

from __future__ import annotations

import argparse
import contextlib
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from bench_rest_twin import child_env, free_port  # the same child processes as the twin bench

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = {  # document: the path its servers put before every path (Prism serves at the root)
    "petstore-3.1.yaml": "/v1",
    "openapi-core-petstore-3.0.yaml": "/v1",
    "shelter-3.1.yaml": "",
    "fleet-2.0.yaml": "/api",
    "billing-3.0.yaml": "/v1",
    "stripe-products-slice.json": "",
    "kubernetes-apiextensions-slice.json": "",
    "inheritance-3.0.yaml": "",
    "deployments-merge-patch-3.0.yaml": "",
}
_FAILURE = re.compile(r"❌ (ST\d+) ([^:]+): (\d+)")
_CASES = re.compile(r"(\d+) generated")
LIMIT = 120.0


@contextlib.contextmanager
def _serving(command: list[str], port: int) -> Iterator[None]:
    env = child_env()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.TransportError):
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            time.sleep(0.1)
        yield
    finally:
        process.terminate()
        process.wait(timeout=LIMIT)


def _schemathesis(command: str, doc: str, url: str, examples: int, seed: int) -> tuple[int, dict[str, int]]:
    with tempfile.TemporaryDirectory() as elsewhere:  # its cache (.schemathesis/) is not ours to keep
        run = subprocess.run(
            [
                command,
                "run",
                str(ROOT / doc),
                "--url",
                url,
                "-n",
                str(examples),
                "--seed",
                str(seed),
                "--no-color",
            ],
            cwd=elsewhere,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    summary = run.stdout[run.stdout.rfind("SUMMARY") :]
    failures = {f"{code} {name}": int(n) for code, name, n in _FAILURE.findall(summary)}
    cases = _CASES.search(summary)
    return (int(cases.group(1)) if cases else 0), failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--schemathesis", required=True)
    parser.add_argument("--prism", default=None)
    parser.add_argument("--examples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--documents", nargs="+", choices=sorted(DOCUMENTS), default=list(DOCUMENTS))
    args = parser.parse_args()
    print("| document | server | test cases | failures by check |")
    print("|---|---|---|---|")
    for name in args.documents:
        base = DOCUMENTS[name]
        doc = f"tests/openapi/{name}"
        servers = {"synthworld --rest": base}
        if args.prism:
            servers["prism mock -d"] = ""
        for server, prefix in servers.items():
            port = free_port()
            if server.startswith("synthworld"):
                command = [sys.executable, "-m", "synthworld", "serve", "--openapi", doc, "--rest"]
                command += ["--port", str(port), "--seed", "1"]
            else:
                command = [args.prism, "mock", "-d", "-p", str(port), doc]
            with _serving(command, port):
                url = f"http://127.0.0.1:{port}{prefix}"
                cases, failures = _schemathesis(args.schemathesis, doc, url, args.examples, args.seed)
            found = ", ".join(f"{check}: {n}" for check, n in sorted(failures.items())) or "none"
            print(f"| {name} | {server} | {cases} | {found} |", flush=True)


if __name__ == "__main__":
    main()
