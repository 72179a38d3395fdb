"""The JSON Schema engine: resolve -> canonicalise -> generate, each stage a pure function, and the
validators every part checks values with."""

from synthworld.schema._api import DEFAULT_NOW, Generator, compile_generator, compile_owned, generate
from synthworld.schema._canonicalise import canonicalise
from synthworld.schema._realistic import check_locale
from synthworld.schema._texts import schema_text, shared_texts
from synthworld.schema._validate import (
    CompiledValidator,
    compile_validator,
    schema_problem_paths,
    schema_problems,
)
from synthworld.schema._validate import capped as capped_problems

__all__ = [
    "CompiledValidator",
    "DEFAULT_NOW",
    "Generator",
    "canonicalise",
    "capped_problems",
    "check_locale",
    "compile_generator",
    "compile_owned",
    "compile_validator",
    "generate",
    "schema_problem_paths",
    "schema_problems",
    "schema_text",
    "shared_texts",
]
