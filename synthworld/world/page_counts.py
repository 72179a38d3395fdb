"""Whether a page's ``count`` is the page's or the whole collection's. Its description decides
when it says (``total``, ``all``, ``matching``, ``across``...: the whole; ``this page``,
``returned``, ``in the response``...: the page); else a sibling count that is the whole
(``total``, ``total_count``...) makes it the page's, and without one it is the whole (Django REST
framework's ``{count, next, previous, results}``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["COUNT_KEYS", "count_is_whole"]

COUNT_KEYS = ("count", "Count")
_WHOLE = re.compile(r"\b(total|all|overall|matching|match|available|across|entire|whole|collection)\b", re.I)
_PAGE = re.compile(
    r"\b(this page|the page|current page|returned|in the response|this response|per page|on the page)\b", re.I
)


def count_is_whole(schema: Any, has_total: bool) -> bool:
    """Whether a ``count`` of schema `schema` counts the whole collection; `has_total`: a sibling
    already does."""
    said = schema.get("description") if isinstance(schema, Mapping) else None
    text = said if isinstance(said, str) else ""
    if _WHOLE.search(text):
        return True
    if _PAGE.search(text):
        return False
    return not has_total
