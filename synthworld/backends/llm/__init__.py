"""LLM backends: a chat model plays each tool, its answer validated (and repaired) against the
tool's ``returns`` schema. `LLMBackend` speaks to any OpenAI-compatible server (Chat Completions, or
the Responses API with ``api="responses"``), `AnthropicBackend` to Anthropic's Messages API; pair
either with ``FixtureBackend`` to record answers once and replay them without a network call."""

from synthworld.backends.llm.anthropic import AnthropicBackend
from synthworld.backends.llm.openai import LLMBackend

__all__ = ["AnthropicBackend", "LLMBackend"]
