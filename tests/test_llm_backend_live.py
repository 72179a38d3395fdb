"""One call against a real OpenAI-compatible endpoint (opt-in: needs a key or a local server).

Set ``OPENAI_API_KEY`` (OpenAI) or ``SYNTHWORLD_LLM_BASE_URL`` (e.g. ``http://localhost:11434/v1``
for Ollama), and optionally ``SYNTHWORLD_LLM_MODEL`` (default ``gpt-4o-mini``).
"""

from __future__ import annotations

import os

import pytest

from synthworld import SyntheticWorld, ToolSpec
from synthworld.backends.llm import LLMBackend

BASE_URL = os.environ.get("SYNTHWORLD_LLM_BASE_URL")
MODEL = os.environ.get("SYNTHWORLD_LLM_MODEL", "gpt-4o-mini")

pytestmark = pytest.mark.skipif(
    not (os.environ.get("OPENAI_API_KEY") or BASE_URL),
    reason="live LLM test: set OPENAI_API_KEY or SYNTHWORLD_LLM_BASE_URL to run one real call",
)

WEATHER = ToolSpec(
    "get_weather",
    "Current weather for a city.",
    {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
    {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "temperature_c": {"type": "number"},
            "conditions": {"type": "string"},
        },
        "required": ["city", "temperature_c", "conditions"],
        "additionalProperties": False,
    },
)


def test_one_real_call_gives_a_schema_valid_answer_with_usage() -> None:
    backend = LLMBackend(MODEL, base_url=BASE_URL, timeout=60.0)
    with SyntheticWorld(seed=1, backend=backend, context="It is snowing in Oslo.") as world:
        world.register_tool(WEATHER)
        answer = world.call("get_weather", {"city": "Oslo"})
    assert WEATHER.returns_validator.is_valid(answer)
    assert world.trace[0].backend == "llm"
    assert world.trace[0].usage is not None
    assert world.trace[0].usage["total_tokens"] > 0
