"""Small OpenAPI documents for the tests: a 3.x document around some paths, and a 200 answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

DOCS = Path(__file__).parent / "openapi"
OK = {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}


def doc3(
    paths: dict[str, Any], schemas: dict[str, Any] | None = None, version: str = "3.0.3"
) -> dict[str, Any]:
    return {
        "openapi": version,
        "info": {"title": "t", "version": "1"},
        "paths": paths,
        "components": {"schemas": schemas or {}},
    }


def returning(schema: Any) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}
