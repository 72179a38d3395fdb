"""A small real MCP server of notes (the `mcp` package's MCPServer) whose list tool answers a list,
which MCPServer wraps as ``{"result": [...]}``: its twin must list what the twin created.

    python tests/mcp_servers/notes.py   # stdio
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel

server = MCPServer("notes")


class Note(BaseModel):
    note_id: str
    title: str
    body: str
    tags: list[str]


@server.tool()
def create_note(title: str, body: str, tags: list[str] | None = None) -> Note:
    """Create a note."""
    return Note(note_id="n1", title=title, body=body, tags=tags or [])


@server.tool()
def list_notes(tag: str | None = None) -> list[Note]:
    """List the notes, those with `tag` if given."""
    return []


@server.tool()
def get_note(note_id: str) -> Note:
    """Get one note."""
    return Note(note_id=note_id, title="", body="", tags=[])


if __name__ == "__main__":
    server.run()
