"""A small FastMCP server for bench/bench_mcp_real.py: a list, a string, an object and a failure,
the shapes FastMCP answers in (``python bench/fastmcp_server.py``, stdio)."""

from __future__ import annotations

from fastmcp import FastMCP
from typing_extensions import TypedDict  # pydantic reads only this one on Python < 3.12

server = FastMCP("bench-fastmcp")


class Point(TypedDict):
    a: int
    b: str


@server.tool
def nums(n: int) -> list[int]:
    """Numbers up to n."""
    return list(range(n))


@server.tool
def greet(name: str) -> str:
    """Say hello."""
    return f"hello {name}"


@server.tool
def point(a: int) -> Point:
    """A point."""
    return {"a": a, "b": "é"}


@server.tool
def fails(x: int) -> int:
    """Always fails."""
    raise ValueError(f"no good: {x}")


if __name__ == "__main__":
    server.run(show_banner=False)
