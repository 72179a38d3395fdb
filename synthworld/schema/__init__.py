"""The JSON Schema engine: resolve -> canonicalise -> generate, each stage a pure function."""

from synthworld.schema._api import DEFAULT_NOW, Generator, compile_generator, generate
from synthworld.schema._canonicalise import canonicalise

__all__ = ["DEFAULT_NOW", "Generator", "canonicalise", "compile_generator", "generate"]
