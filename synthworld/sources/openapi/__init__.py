"""Tools from an OpenAPI 2.0, 3.0 or 3.1 document: one `ToolSpec` per operation."""

from synthworld.sources.openapi.document import Document, load_document
from synthworld.sources.openapi.naming import NAME_PATTERN
from synthworld.sources.openapi.responses import ERROR_CODES, error_code
from synthworld.sources.openapi.tools import METHODS, openapi_tools

__all__ = [
    "ERROR_CODES",
    "METHODS",
    "NAME_PATTERN",
    "Document",
    "error_code",
    "load_document",
    "openapi_tools",
]
