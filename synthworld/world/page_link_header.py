"""GitHub-style page links as text: an RFC 8288 ``Link`` header value, ``<https://...?page=2>;
rel="next", <https://...?page=5>; rel="last"``, in a response header (the REST twin) or in a
string field of the answer named ``link``. Each URL is the call's query with the place of the
page it names (`synthworld.world.page_urls`), so an agent that reads ``rel="next"`` and calls the
list with that query gets the next page. A page with no page before or after it has none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.world.page_urls import next_link

__all__ = ["LINK_TEXT_KEYS", "link_header"]

LINK_TEXT_KEYS = ("link", "Link", "link_header", "linkHeader")
"""String fields beside the items holding a ``Link`` header's value."""
_ORDER = ("next", "last", "first", "prev")
"""GitHub's order of the relations."""


def link_header(base: Any, places: Mapping[str, Mapping[str, Any] | None]) -> str:
    """The ``Link`` header value naming the pages `places` gives (``next``, ``prev``, and
    ``first``/``last`` when there is a page before or after), each URL on `base`'s scheme, host
    and path (a made-up host when `base` is no absolute URL); ``""`` when there is neither."""
    if places.get("next") is None and places.get("prev") is None:
        return ""
    parts = []
    for rel in _ORDER:
        query = places.get(rel)
        if query is not None:
            parts.append(f'<{next_link(base, query)}>; rel="{rel}"')
    return ", ".join(parts)
