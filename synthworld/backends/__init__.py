"""Backends answer a world's calls: seeded random values, recorded fixtures, an LLM, a function or a
real handler. Anything with ``respond(ctx)`` is a backend; a plain function of ``ctx`` (or of
``tool_name`` and ``input``, as `FunctionBackend` takes it) is too."""

from synthworld.backends.base import (
    Answer,
    Backend,
    BackendLike,
    CallContext,
    as_backend,
    backend_name,
    unwrap,
)
from synthworld.backends.fixtures import FixtureBackend
from synthworld.backends.function import FunctionBackend
from synthworld.backends.handler import HandlerBackend
from synthworld.backends.hypothesis import HypothesisBackend
from synthworld.backends.llm import AnthropicBackend, LLMBackend
from synthworld.backends.random import RandomBackend

__all__ = [
    "Answer",
    "AnthropicBackend",
    "Backend",
    "BackendLike",
    "CallContext",
    "FixtureBackend",
    "FunctionBackend",
    "HandlerBackend",
    "HypothesisBackend",
    "LLMBackend",
    "RandomBackend",
    "as_backend",
    "backend_name",
    "unwrap",
]
