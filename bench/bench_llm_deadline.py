"""How long an LLM call takes against a slow or stalling server: `timeout` is the whole call.

Against the scripted server of ``tests/_openai_server.py`` on 127.0.0.1, with the real openai and
anthropic clients: an answer trickled one byte every 2 s (`timeout=3`), and ``429`` with
``Retry-After: 60`` (`timeout=3`, `max_retries=2`). Prints the seconds each call took and how it
ended. Run from the repository root:

    python bench/bench_llm_deadline.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from tests._openai_server import Completion, Failure, OpenAIServer, Raw, Trickle

SPEC = ToolSpec(
    "get_order",
    "Look up an order.",
    {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    {"type": "object", "properties": {"status": {"type": "string"}}, "required": ["status"]},
)
GOOD = {"status": "shipped"}


def good(vendor: str) -> Completion | Raw:
    if vendor == "openai":
        return Completion(json.dumps(GOOD))
    block = {"type": "tool_use", "id": "t1", "name": "tool_output", "input": GOOD}
    return Raw(
        {
            "id": "m",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [block],
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )


def timed_call(server: OpenAIServer, vendor: str, **options: Any) -> str:
    if vendor == "openai":
        backend: Any = LLMBackend("m", base_url=server.url, api_key="sk-bench-0000000001", **options)
    else:
        backend = AnthropicBackend("m", base_url=server.url.removesuffix("/v1"), api_key="k", **options)
    with SyntheticWorld(seed=1, backend=backend) as world:
        world.register_tool(SPEC)
        start = time.monotonic()
        try:
            world.call("get_order", {"order_id": "A1"})
            outcome = "answered"
        except Exception as exc:
            outcome = f"{type(exc).__name__}: {str(exc)[:90]}..."
        return f"{time.monotonic() - start:.2f} s, {len(server.received)} request(s): {outcome}"


def main() -> None:
    for vendor in ("openai", "anthropic"):
        with OpenAIServer(default=Trickle(good(vendor), interval=2.0)) as server:
            took = timed_call(server, vendor, timeout=3, max_retries=0)
            print(f"{vendor}, 1 byte / 2 s, timeout=3, max_retries=0: {took}")
        with OpenAIServer(Failure(429, "slow down", {"Retry-After": "60"}), good(vendor)) as server:
            took = timed_call(server, vendor, timeout=3, max_retries=2)
            print(f"{vendor}, Retry-After: 60, timeout=3, max_retries=2: {took}")


if __name__ == "__main__":
    main()
