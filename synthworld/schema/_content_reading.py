"""Draft 6 and 7's ``contentEncoding``/``contentMediaType`` as the two validators read them:
jsonschema-rs asserts them there (a string must decode, and parse as its media type),
python-jsonschema takes them as annotations, which every value meets. Where the words must hold
the readings meet (any string is valid to python-jsonschema); under a ``not``, an ``if`` or a
``oneOf`` they do not: ``if: {contentEncoding: base64}`` always holds to python-jsonschema, so its
``then`` binds every string, and the strings built failed it. Such a schema gets each value
checked by python-jsonschema, the reference, and a refusal says why."""

from __future__ import annotations

import re
from typing import Any

from synthworld.schema._resolve import DRAFT6, DRAFT7

__all__ = ["CONTENT_NOTE", "python_judges_content"]

_ASSERTED = frozenset({DRAFT6, DRAFT7})
"""The dialects whose content words jsonschema-rs asserts and python-jsonschema does not."""
_CONTENT = re.compile(r'"content(?:Encoding|MediaType)"\s*:')
_WORDS = frozenset({"contentEncoding", "contentMediaType"})
_NEGATING = frozenset({"not", "if", "oneOf"})
"""Words whose subschemas a value may have to fail (or that decide without holding: ``if``)."""
_DEEPEST = 64

CONTENT_NOTE = (
    " (in drafts 6 and 7 python-jsonschema reads contentEncoding and contentMediaType as "
    "annotations, which every value meets, so no value fails them under a not; jsonschema-rs "
    "asserts them; fix: use a pattern, or $schema 2019-09 or later, where both read them as "
    "annotations)"
)
"""What a refusal of such a schema adds to the generic message."""


def python_judges_content(text: str, schema: Any, dialect: str) -> bool:
    """Whether every value of ``schema`` (its JSON text ``text``, of ``dialect``) must be checked
    by python-jsonschema: it is of draft 6 or 7, with a content word under a `_NEGATING` word."""
    if dialect not in _ASSERTED or _CONTENT.search(text) is None:
        return False
    return _negated_content(schema, False, 0)


def _negated_content(node: Any, negated: bool, depth: int) -> bool:
    if depth > _DEEPEST:
        return True
    if isinstance(node, list):
        return any(_negated_content(item, negated, depth + 1) for item in node)
    if not isinstance(node, dict):
        return False
    if negated and not _WORDS.isdisjoint(node):
        return True
    return any(_negated_content(v, negated or w in _NEGATING, depth + 1) for w, v in node.items())
