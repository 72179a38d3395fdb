"""What `LLMBackend` adds to a chat-completions (or Responses API) round trip, against a local
scripted server.

Times `world.call` through `LLMBackend` (prompt, request, JSON reading, validation, trace) and a
bare `client.chat.completions.create` (``--api responses``: `client.responses.create`) with the
same request to the same 127.0.0.1 server; the difference is synthworld's per-call overhead. Also
prints the prompt size with 8 history calls and the request body's bytes.

    python bench/bench_llm_backend.py [--calls 1000] [--api chat|responses]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import openai

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.llm import LLMBackend
from tests._openai_server import Completion, OpenAIServer

ORDER = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string"},
        "status": {"type": "string", "enum": ["pending", "shipped", "delivered"]},
        "total": {"type": "number", "minimum": 0},
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"sku": {"type": "string"}, "quantity": {"type": "integer"}},
                "required": ["sku", "quantity"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["order_id", "status", "total", "items"],
    "additionalProperties": False,
}
SPEC = ToolSpec(
    "get_order",
    "Look up an order by its ID.",
    {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    ORDER,
)
ANSWER = {"order_id": "A1", "status": "shipped", "total": 42.5, "items": [{"sku": "KB-101", "quantity": 2}]}


def timed(fn: Callable[[int], object], index: int) -> float:
    start = time.perf_counter()
    fn(index)
    return time.perf_counter() - start


def interleaved(
    first: Callable[[int], object], second: Callable[[int], object], calls: int
) -> tuple[float, float]:
    """Median ms/call of each, alternating calls so both see the same machine load."""
    a, b = [], []
    for index in range(calls):
        a.append(timed(first, index))
        b.append(timed(second, index))
    return statistics.median(a) * 1000, statistics.median(b) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--api", choices=["chat", "responses"], default="chat")
    args = parser.parse_args()
    with OpenAIServer(default=Completion(json.dumps(ANSWER))) as server:
        backend = LLMBackend("bench", base_url=server.url, api_key="sk-bench", history=8, api=args.api)
        client = openai.OpenAI(api_key="sk-bench", base_url=server.url)
        create = client.responses.create if args.api == "responses" else client.chat.completions.create
        with SyntheticWorld(seed=1, backend=backend) as world:
            world.register_tool(SPEC)
            for index in range(10):  # warm up, and fill the history the prompt quotes
                world.call("get_order", {"order_id": f"W{index}"})
            request, sent = server.received[-1].body, len(server.received[-1].data)
            through, bare = interleaved(
                lambda i: world.call("get_order", {"order_id": f"A{i}"}),
                lambda i: create(**request),
                args.calls,
            )
        client.close()
    messages = request.get("messages") or [{"content": request["instructions"]}, *request["input"]]
    prompt_chars = sum(len(m["content"]) for m in messages)
    versions = f"python {platform.python_version()}, openai {openai.__version__}"
    print(f"{versions}, api {args.api}, {args.calls} calls each (interleaved)")
    print(f"world.call via LLMBackend: {through:.2f} ms/call (median)")
    print(f"bare {create.__qualname__}: {bare:.2f} ms/call (median)")
    print(f"synthworld overhead: {through - bare:.2f} ms/call")
    print(f"prompt with 8 history calls: {prompt_chars} characters (~{prompt_chars // 4} tokens)")
    print(f"request body: {sent} bytes")


if __name__ == "__main__":
    main()
