"""What credentials an operation asks for: its security requirements (the operation's own, else
the document's), each alternative as the places its credentials travel in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from synthworld.sources.openapi.document import Document

__all__ = ["credentials_of"]

_AUTHORIZATION = {"in": "header", "name": "Authorization"}


def credentials_of(doc: Document, op: Mapping[str, Any]) -> list[list[dict[str, str]]] | None:
    """The alternatives an operation accepts, each the credentials it needs at once
    (``[[{"in": "header", "name": "X-API-Key"}], [{"in": "header", "name": "Authorization"}]]``:
    an API key or a token). None when the operation needs none: no requirement, an empty one
    (``security: [{}]``, anonymous access), or a scheme whose credentials are not in the request
    (mutual TLS) or not defined."""
    required = op.get("security", doc.data.get("security"))
    if not isinstance(required, list) or not required:
        return None
    schemes = _schemes(doc)
    alternatives = []
    for requirement in required:
        if not isinstance(requirement, Mapping) or not requirement:
            return None
        needed = [_credential(schemes.get(str(name))) for name in requirement]
        if any(credential is None for credential in needed):
            return None
        alternatives.append([credential for credential in needed if credential is not None])
    return alternatives


def _schemes(doc: Document) -> Mapping[str, Any]:
    if doc.swagger:
        found = doc.data.get("securityDefinitions")
    else:
        components = doc.data.get("components")
        found = components.get("securitySchemes") if isinstance(components, Mapping) else None
    return found if isinstance(found, Mapping) else {}


def _credential(scheme: Any) -> dict[str, str] | None:
    if not isinstance(scheme, Mapping):
        return None
    kind = scheme.get("type")
    if kind == "apiKey" and scheme.get("in") in ("header", "query", "cookie"):
        return {"in": str(scheme["in"]), "name": str(scheme.get("name", ""))}
    if kind in ("http", "basic", "oauth2", "openIdConnect"):
        return dict(_AUTHORIZATION)
    return None
