"""Reading a schema in: its cache key (its JSON text), its root, its metaschema check, and whether
its values need checking whole."""

from __future__ import annotations

import re
from typing import Any

import referencing

from synthworld._json import json_problems
from synthworld.errors import SchemaError, show_pointer
from synthworld.schema._pattern_size import refuse_oversized_patterns
from synthworld.schema._resolve import DIALECTS, root_loc
from synthworld.schema._texts import schema_text
from synthworld.schema._validate import PYTHON_CLASSES, metaschema_error, passed_metaschema

__all__ = ["UNSURE_WORDS", "check_schema", "root_of", "schema_key", "unsure"]

UNSURE_WORDS = re.compile(r'"(unevaluatedProperties|unevaluatedItems|\$dynamicRef|\$recursiveRef)"')
"""Keywords whose values the nodes do not build valid by construction: schemas using them get
every value checked."""


def unsure(text: str) -> bool:
    """Whether the JSON text ``text`` uses one of `UNSURE_WORDS` (two plain scans rule most out)."""
    return ('"unevaluated' in text or 'Ref"' in text) and UNSURE_WORDS.search(text) is not None


def root_of(schema: Any, registry: referencing.Registry[Any] | None, text: str) -> Any:
    """`root_loc`, or the `SchemaError` of a schema ``referencing`` cannot read (``"$id": 5``)."""
    try:
        return root_loc(schema, registry, text)
    except (AttributeError, TypeError):  # referencing reads $id and $schema as strings
        found = metaschema_error(schema, PYTHON_CLASSES[DIALECTS[-1]])
        if found is None:
            raise
        path, message = found
        raise SchemaError(
            f"invalid schema at {show_pointer(path)}: {message}; fix: make it valid against its metaschema",
            path=path,
        ) from None


def check_schema(loc: Any, text: str) -> None:
    """Raise `SchemaError` naming the JSON path when the schema (whose JSON text is ``text``) breaks
    its dialect's metaschema (formats unchecked: a pattern Python cannot read fails later).
    A text `schema_problems` found valid (a tool's registration) is not checked again. A pass here
    is not recorded: the generator is cached by the same text, and recording it costs more than
    checking again (2-4 us against 1.4 us for a small schema) for the one case it would serve, a
    compile of a text whose generator was evicted."""
    refuse_oversized_patterns(loc.schema, text)
    if passed_metaschema(text):
        return
    found = metaschema_error(loc.schema, PYTHON_CLASSES[loc.dialect])
    if found is not None:
        path, message = found
        raise SchemaError(
            f"invalid schema at {show_pointer(path)}: {message}; fix: make it valid against its metaschema",
            path=path,
        )


def schema_key(schema: Any) -> str:
    """The cache key of a schema: its JSON text; `SchemaError` when it is not a JSON Schema at all."""
    if not isinstance(schema, (dict, bool)):
        raise SchemaError(f"a JSON Schema is an object or a boolean, got {type(schema).__name__}")
    text = schema_text(schema)
    # orjson refuses a lone surrogate, so only `json.dumps`'s text (it starts with a space) escapes one
    surrogates = text is not None and text.startswith(" ") and "\\ud" in text
    problems = json_problems(schema, max_depth=1_000) if text is None or surrogates else []
    if text is not None and not problems:
        return text
    shown = "; ".join(problems or ["nested too deeply to read"])
    raise SchemaError(f"schema is not JSON data: {shown}; fix: pass dicts, lists, str, numbers")
