"""An MCP server (the `mcp` package's MCPServer, once FastMCP) with many kinds of tools: pydantic
models, enums, ``Annotated`` fields, optional parameters, a recursive model, a dotted name, and
tools listed without an ``outputSchema`` (unstructured, an image, an embedded resource).
``--odd`` adds a tool whose name synthworld cannot take (``héllo wörld``)."""

from __future__ import annotations

import enum
import sys
from typing import Annotated, Literal

from mcp.server.mcpserver import Image, MCPServer
from mcp.types import EmbeddedResource, TextResourceContents, ToolAnnotations
from pydantic import BaseModel, Field

server = MCPServer("zoo")


class Color(str, enum.Enum):
    red = "red"
    green = "green"


class Address(BaseModel):
    street: str
    zip: Annotated[str, Field(pattern=r"^[0-9]{5}$", description="five digits")]


class Person(BaseModel):
    name: str = Field(description="full name")
    age: Annotated[int, Field(ge=0, le=150)]
    address: Address
    email: str | None = None
    favorite: Color = Color.red


class Tree(BaseModel):
    value: int
    children: list[Tree] = []


@server.tool()
def make_person(
    name: Annotated[str, Field(description="the name")], age: int, address: Address, email: str | None = None
) -> Person:
    """Make a person."""
    return Person(name=name, age=age, address=address, email=email)


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, title="Paint"))
def paint(color: Color, shade: Literal["light", "dark"] = "light") -> str:
    """Name a paint."""
    return f"{shade} {color.value}"


@server.tool(name="get-weather.v2")
def weather(city: str) -> dict[str, float]:
    """The weather in a city."""
    return {"temp": 21.5}


@server.tool()
def tree(depth: int = 2) -> Tree:
    """A tree."""
    return Tree(value=depth)


@server.tool(structured_output=False)
def unstructured(x: str) -> dict[str, str]:
    """Answered as text, listed without an output schema."""
    return {"x": x}


@server.tool()
def image() -> Image:
    """A one-pixel PNG."""
    return Image(data=b"\x89PNG\r\n", format="png")


@server.tool()
def resource() -> EmbeddedResource:
    """An embedded text resource."""
    contents = TextResourceContents(uri="file:///a.txt", text="hello", mime_type="text/plain")
    return EmbeddedResource(type="resource", resource=contents)


if "--odd" in sys.argv:

    @server.tool(name="héllo wörld")
    def hello() -> str:
        """A name with spaces and accents."""
        return "hi"


if __name__ == "__main__":
    server.run()
