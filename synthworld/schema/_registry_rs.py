"""jsonschema-rs over a caller's ``referencing`` registry: the documents a schema's references
reach are handed to jsonschema-rs from the registry (never fetched), so a reference nothing
resolves is named as it is for a schema given without one, and each document is read in its
own dialect (python-jsonschema reads a document reached by ``$ref`` with its referrer's rule of
which keywords apply: a draft-07 ``$ref`` beside ``type`` was read as 2020-12's, both applying)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema_rs
import referencing
import referencing.exceptions

from synthworld.schema._resolve import resource_dialect
from synthworld.schema._rs_formats import rs_formats

__all__ = ["registry_retriever", "registry_rs_validator"]


def registry_retriever(registry: referencing.Registry[Any]) -> Callable[[str], Any]:
    """A jsonschema-rs retriever answering from ``registry`` (as python-jsonschema looks the URI
    up), refusing what it does not hold: synthworld never fetches a document. A document without
    ``$schema`` whose resource was made in another dialect than 2020-12 (``DRAFT7.create_resource``)
    is handed over declaring it (`_resolve.resource_dialect`), as the compiler reads it."""

    def retrieve(uri: str) -> Any:
        for key in dict.fromkeys((uri, uri.rstrip("#"))):
            try:
                resource = registry.get_or_retrieve(key).value
            except (referencing.exceptions.NoSuchResource, referencing.exceptions.Unretrievable):
                continue
            contents = resource.contents
            if isinstance(contents, dict) and "$schema" not in contents:
                dialect = resource_dialect(resource, "")
                return {**contents, "$schema": dialect} if dialect else contents
            return contents
        raise ValueError(f"synthworld never fetches {uri!r} (it is not in the registry given)")

    return retrieve


def registry_rs_validator(schema: Any, registry: referencing.Registry[Any]) -> Any:
    """jsonschema-rs's validator of ``schema`` (formats checked) whose references reach the
    documents of ``registry``; None when it cannot compile it."""
    try:
        return jsonschema_rs.validator_for(
            schema, validate_formats=True, formats=rs_formats(schema), retriever=registry_retriever(registry)
        )
    except (jsonschema_rs.ValidationError, jsonschema_rs.ReferencingError, ValueError):
        return None
