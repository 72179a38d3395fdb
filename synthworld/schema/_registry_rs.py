"""jsonschema-rs over a caller's ``referencing`` registry: the documents a schema's references
reach are handed to jsonschema-rs from the registry (never fetched), so a reference nothing
resolves is named as it is for a schema given without one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import referencing
import referencing.exceptions

__all__ = ["registry_retriever"]


def registry_retriever(registry: referencing.Registry[Any]) -> Callable[[str], Any]:
    """A jsonschema-rs retriever answering from ``registry`` (as python-jsonschema looks the URI
    up), refusing what it does not hold: synthworld never fetches a document."""

    def retrieve(uri: str) -> Any:
        for key in dict.fromkeys((uri, uri.rstrip("#"))):
            try:
                return registry.get_or_retrieve(key).value.contents
            except (referencing.exceptions.NoSuchResource, referencing.exceptions.Unretrievable):
                continue
        raise ValueError(f"synthworld never fetches {uri!r} (it is not in the registry given)")

    return retrieve
