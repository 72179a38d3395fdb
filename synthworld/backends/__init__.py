"""Backends answer a world's calls: seeded random values, recorded fixtures, an LLM, or a function."""

from synthworld.backends.base import Answer, Backend, BackendLike, CallContext
from synthworld.backends.function import FunctionBackend
from synthworld.backends.random import RandomBackend

__all__ = ["Answer", "Backend", "BackendLike", "CallContext", "FunctionBackend", "RandomBackend"]
