"""The tool schemas of MCP servers as an archive `bench_holdout.py` reads: each tool's input schema
(and output schema, when it has one) as the server's ``tools/list`` answers, written to
``package/<server>/<tool>.input.json`` (what an agent is asked to fill) and ``.output.json``.

Each server is a command started here and spoken to over stdio (newline-delimited JSON-RPC:
``initialize``, ``notifications/initialized``, ``tools/list`` and its pages), so servers of any
language are read the same way:

    python bench/holdout_mcp.py HOLDOUT/mcp-servers.tar.gz \\
        'git=VENV/bin/python -m mcp_server_git' 'time=VENV/bin/python -m mcp_server_time' \\
        'everything=node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio'
"""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
import tarfile
from typing import Any

PROTOCOL = "2025-06-18"


def listed_tools(command: str, timeout: float = 60.0) -> list[dict[str, Any]]:
    """The tools the server ``command`` starts lists (every page)."""
    pipe = subprocess.PIPE
    process = subprocess.Popen(
        shlex.split(command), stdin=pipe, stdout=pipe, stderr=subprocess.DEVNULL, text=True
    )
    writer, reader = process.stdin, process.stdout
    if writer is None or reader is None:
        raise RuntimeError(f"{command}: no pipes")
    ids = iter(range(1, 1000))

    def send(message: dict[str, Any]) -> None:
        writer.write(json.dumps(message) + "\n")
        writer.flush()

    def ask(method: str, params: dict[str, Any]) -> Any:
        number = next(ids)
        send({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
        for line in reader:  # a server's log lines, if any, are not JSON-RPC
            message = json.loads(line) if line.strip().startswith("{") else {}
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{command}: {method}: {message['error']}")
                return message["result"]
        raise RuntimeError(f"{command} closed before answering {method}")

    try:
        client = {"name": "synthworld-holdout", "version": "0"}
        ask("initialize", {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": client})
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        tools: list[dict[str, Any]] = []
        cursor = None
        while True:
            page = ask("tools/list", {"cursor": cursor} if cursor else {})
            tools += page.get("tools", [])
            cursor = page.get("nextCursor")
            if not cursor:
                return tools
    finally:
        process.kill()
        process.wait(timeout)


def main() -> None:
    out, servers = sys.argv[1], sys.argv[2:]
    with tarfile.open(out, "w:gz") as tar:
        for server in servers:
            name, _, command = server.partition("=")
            tools = listed_tools(command)
            for tool in sorted(tools, key=lambda t: t["name"]):
                for kind in ("input", "output"):
                    schema = tool.get(f"{kind}Schema")
                    if schema is None:
                        continue
                    data = json.dumps(schema, indent=1).encode()
                    info = tarfile.TarInfo(f"package/{name}/{tool['name']}.{kind}.json")
                    info.size, info.mtime = len(data), 0
                    tar.addfile(info, io.BytesIO(data))
            print(f"{name}: {len(tools)} tools")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
