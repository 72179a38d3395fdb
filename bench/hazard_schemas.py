"""Tool sets for bench_hazards_real.py: an MCP-style set with hand-written output schemas, typed
stubs (TypedDict and pydantic), and the OpenAPI documents of tests/openapi and bench/data."""

from __future__ import annotations

import gzip
import json
import warnings
from pathlib import Path
from typing import Any, Literal, Optional, TypedDict

import pydantic

from synthworld import SyntheticWorld, ToolSpec, openapi_tools

ROOT = Path(__file__).resolve().parent.parent


def _obj(required: list[str], closed: bool = False, **properties: Any) -> dict[str, Any]:
    schema = {"type": "object", "properties": properties, "required": required}
    return {**schema, "additionalProperties": False} if closed else schema


_LABEL = _obj(
    ["name"],
    closed=True,
    name={"type": "string"},
    color={"type": "string", "pattern": "^[0-9a-f]{6}$"},
    description={"type": ["string", "null"]},
)
_RESULT = _obj(
    ["doc_id", "snippet", "score", "kind"],
    doc_id={"type": "string", "format": "uuid"},
    snippet={"type": "string", "maxLength": 400},
    content={"type": "string", "minLength": 200},
    score={"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    kind={"const": "document"},
    page={"type": "integer", "minimum": 1, "maximum": 999},
    price={"type": "number", "minimum": 0.5, "maximum": 99.5, "multipleOf": 0.25},
    lang={"type": "string", "pattern": "^[a-z]{2}$"},
    published={"type": "string", "format": "date"},
)
_CARD = _obj(
    ["type", "last4"],
    closed=True,
    type={"const": "card"},
    last4={"type": "string", "pattern": "^[0-9]{4}$"},
    holder_name={"type": "string"},
)
_BANK = _obj(
    ["type", "iban"],
    closed=True,
    type={"const": "bank"},
    iban={"type": "string", "minLength": 15, "maxLength": 34},
    bank_name={"type": "string"},
)
MCP_TOOLS: list[dict[str, Any]] = [
    {
        "name": "get_issue",
        "description": "Get a GitHub issue.",
        "inputSchema": _obj(["repo", "number"], repo={"type": "string"}, number={"type": "integer"}),
        "outputSchema": _obj(
            ["number", "title", "state", "user", "labels", "created_at", "html_url"],
            closed=True,
            number={"type": "integer", "minimum": 1},
            title={"type": "string", "minLength": 1, "maxLength": 256},
            body={"type": ["string", "null"]},
            state={"enum": ["open", "closed"]},
            user=_obj(["login"], login={"type": "string", "pattern": "^[a-zA-Z0-9-]{1,39}$"}),
            labels={"type": "array", "items": _LABEL},
            comments={"type": "integer", "minimum": 0},
            created_at={"type": "string", "format": "date-time"},
            closed_at={"type": ["string", "null"], "format": "date-time"},
            html_url={"type": "string", "format": "uri"},
            reactions={"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        ),
    },
    {
        "name": "search_docs",
        "description": "Search documents.",
        "inputSchema": _obj(["query"], query={"type": "string"}),
        "outputSchema": _obj(
            ["results"],
            results={"type": "array", "minItems": 1, "maxItems": 5, "items": _RESULT},
            next_cursor={"type": ["string", "null"]},
            total={"type": "integer", "minimum": 0, "exclusiveMaximum": 10000},
        ),
    },
    {
        "name": "send_message",
        "description": "Send a message to a channel.",
        "inputSchema": _obj(["channel", "text"], channel={"type": "string"}, text={"type": "string"}),
        "outputSchema": _obj(
            ["ok", "ts"], ok={"type": "boolean"}, ts={"type": "string", "pattern": r"^\d+\.\d+$"}
        ),
    },
    {
        "name": "get_payment",
        "description": "Get a payment.",
        "inputSchema": _obj(["payment_id"], payment_id={"type": "string"}),
        "outputSchema": _obj(
            ["payment_id", "amount", "method"],
            payment_id={"type": "string"},
            amount={"type": "integer", "minimum": 50, "maximum": 99999999},
            currency={"type": "string", "minLength": 3, "maxLength": 3},
            memo={"type": "string", "maxLength": 40},
            method={"oneOf": [{"title": "Card", **_CARD}, {"title": "Bank", **_BANK}]},
            refunds={
                "type": "array",
                "minItems": 2,
                "maxItems": 4,
                "items": {"type": "integer", "minimum": 1},
            },
            metadata={"type": "object", "additionalProperties": {"type": "string", "maxLength": 500}},
        ),
    },
]


class Review(pydantic.BaseModel):
    review_id: str
    rating: int = pydantic.Field(ge=1, le=5)
    text: str = pydantic.Field(min_length=10, max_length=2000)
    author: Optional[str] = None  # noqa: UP045 (the spelling typed stubs use)
    helpful_votes: int = pydantic.Field(0, ge=0)
    images: list[str] = pydantic.Field(default_factory=list, max_length=3)


class Address(TypedDict):
    street: str
    city: str
    zip: Optional[str]  # noqa: UP045


class Line(TypedDict):
    sku: str
    quantity: int
    note: Optional[str]  # noqa: UP045


class Order(TypedDict):
    order_id: str
    status: Literal["placed", "shipped", "cancelled"]
    lines: list[Line]
    ship_to: Optional[Address]  # noqa: UP045
    tags: list[list[str]]
    comment: str


def typed_world(seed: int) -> SyntheticWorld:
    """Typed stubs: a TypedDict order, a pydantic review list, and a destructive tool to name."""
    world = SyntheticWorld(seed=seed)

    @world.tool
    def get_order(order_id: str) -> Order:
        """Fetch an order."""

    @world.tool
    def cancel_order(order_id: str, reason: str) -> dict[str, Any]:
        """Cancel an order."""

    @world.tool
    def list_reviews(product_id: str) -> list[Review]:
        """List a product's reviews."""

    return world


def mcp_world(seed: int) -> SyntheticWorld:
    """The MCP-style tools, read as `ToolSpec.from_mcp` reads a listed tool."""
    world = SyntheticWorld(seed=seed)
    for tool in MCP_TOOLS:
        world.register_tool(ToolSpec.from_mcp(tool))
    return world


def openapi_documents() -> dict[str, Any]:
    """The test suite's OpenAPI documents (but the one with references to other files), Stripe
    and Kubernetes."""
    found: dict[str, Any] = {
        p.name: p
        for p in sorted((ROOT / "tests" / "openapi").glob("*"))
        if p.suffix in (".yaml", ".json") and "external" not in p.name
    }
    for name in ("stripe", "kubernetes"):
        found[name] = json.loads(gzip.decompress((ROOT / "bench" / "data" / f"{name}.json.gz").read_bytes()))
    return found


def openapi_specs(document: Any, stride: int = 1) -> list[ToolSpec]:
    """Every `stride`-th tool of `document`, by name."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        specs = sorted(openapi_tools(document, on_error="skip"), key=lambda spec: spec.name)
    return specs[::stride]


def world_of(specs: list[ToolSpec], seed: int) -> SyntheticWorld:
    """A world of `specs`."""
    world = SyntheticWorld(seed=seed)
    for spec in specs:
        world.register_tool(spec)
    return world
