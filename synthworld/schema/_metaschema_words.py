"""A metaschema violation in words: an unknown ``type`` name with the seven names and the one
meant, and a keyword written in an older draft's form with the fix."""

from __future__ import annotations

import difflib
from typing import Any

import jsonschema

__all__ = ["metaschema_message", "metaschema_violation"]

_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")
_TYPE_ALIASES = {
    "int": "integer", "str": "string", "bool": "boolean", "float": "number", "double": "number",
    "decimal": "number", "dict": "object", "map": "object", "list": "array", "none": "null",
}  # fmt: skip
_FORMAT_WORDS = frozenset(
    {"date", "date-time", "datetime", "time", "timestamp", "email", "uri", "url", "uuid"}
)


_OLDER_FORMS = {
    ("exclusiveMinimum", bool): "draft 4's form (zod-to-json-schema's openApi3, openAi and 2019-09 "
    "targets write it); fix: give the bound itself, exclusiveMinimum: <the minimum>, and drop "
    'minimum, or declare "$schema": "http://json-schema.org/draft-04/schema#"',
    ("exclusiveMaximum", bool): "draft 4's form (zod-to-json-schema's openApi3, openAi and 2019-09 "
    "targets write it); fix: give the bound itself, exclusiveMaximum: <the maximum>, and drop "
    'maximum, or declare "$schema": "http://json-schema.org/draft-04/schema#"',
    ("items", list): "a tuple as drafts 4 to 2019-09 write it (TypeBox's Type.Tuple and pydantic v1's "
    'schema() do, without a $schema, so it is read as 2020-12); fix: declare "$schema": '
    '"http://json-schema.org/draft-07/schema#", or write prefixItems: [...] and items: false',
}
"""Hints for a keyword written in an older draft's form in a schema read as a newer draft."""
_NAMED = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
"""Keywords whose keys are names, not keywords."""


def metaschema_message(error: jsonschema.ValidationError) -> str:
    """The metaschema's message, but for an unknown ``type`` name: the seven names, and the one
    meant; for a keyword in an older draft's form (`_OLDER_FORMS`): which form, and the fix."""
    word = error.instance
    path = list(error.absolute_path)
    keyword = path[-1] if path and (len(path) < 2 or path[-2] not in _NAMED) else None
    older = _OLDER_FORMS.get((keyword, type(word))) if isinstance(keyword, str) else None
    if older is not None:
        return f"{error.message}: {older}"
    if list(error.absolute_schema_path)[-3:] != ["properties", "type", "anyOf"] or not isinstance(word, str):
        return error.message
    meant = _TYPE_ALIASES.get(word.lower()) or next(
        iter(difflib.get_close_matches(word.lower(), _TYPES, 1)), None
    )
    if word.lower() in _FORMAT_WORDS:
        hint = f" ({word!r} is a format: type 'string' with format {word!r})"
    else:
        hint = f" (did you mean {meant!r}?)" if meant else ""
    return f"{word!r} is not a JSON Schema type{hint}; a type is one of {', '.join(map(repr, _TYPES))}"


def metaschema_violation(schema: Any, cls: Any) -> tuple[str, str] | None:
    """``(json_pointer, message)`` of the most relevant reason `schema` breaks the metaschema of the
    python-jsonschema validator class `cls` (formats unchecked), or None when it is valid."""
    meta = cls(cls.META_SCHEMA)
    error = jsonschema.exceptions.best_match(meta.iter_errors(schema))
    if error is None:
        return None
    return "".join(f"/{p}" for p in error.absolute_path), metaschema_message(error)
