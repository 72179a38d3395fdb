"""A realistic MCP server (the `mcp` package's MCPServer): a help desk with tools of several
shapes (pydantic models, an enum, optional arguments, lists, plain text, an image, an embedded
resource), one tool with a title, icons, ``_meta`` and annotations, and a resource; it introduces
itself with a title, a version and instructions.
``--port PORT`` serves streamable HTTP on 127.0.0.1 instead of stdio."""

from __future__ import annotations

import base64
import enum
import sys

from mcp.server.mcpserver import Image, MCPServer
from mcp.types import EmbeddedResource, Icon, TextResourceContents, ToolAnnotations
from pydantic import BaseModel, Field

INSTRUCTIONS = "Search before opening a ticket; never open two tickets for one problem."
server = MCPServer("helpdesk", title="ACME Help Desk", version="3.1.4", instructions=INSTRUCTIONS)
PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=="
)


class Priority(str, enum.Enum):
    low = "low"
    normal = "normal"
    urgent = "urgent"


class Ticket(BaseModel):
    id: str = Field(description="the ticket's id, e.g. T-1")
    subject: str
    priority: Priority
    tags: list[str] = Field(default_factory=list)
    assignee: str | None = None


TICKETS = [Ticket(id="T-1", subject="Printer on fire", priority=Priority.urgent, tags=["hardware"])]


@server.tool(
    title="Open a ticket",
    icons=[Icon(src="https://example.com/ticket.png", mimeType="image/png", sizes=["48x48"])],
    meta={"example.com/team": "support"},
    annotations=ToolAnnotations(destructiveHint=False, openWorldHint=False),
)
def open_ticket(subject: str, priority: Priority = Priority.normal, tags: list[str] | None = None) -> Ticket:
    """Open a help-desk ticket."""
    return Ticket(id="T-2", subject=subject, priority=priority, tags=tags or [])


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, title="Search tickets"))
def search_tickets(query: str, priority: Priority | None = None, limit: int = 10) -> list[Ticket]:
    """Find tickets whose subject contains `query`."""
    return [t for t in TICKETS if query.lower() in t.subject.lower()][:limit]


@server.tool()
def count_open() -> int:
    """How many tickets are open."""
    return len(TICKETS)


@server.tool()
def summarize_ticket(ticket_id: str) -> str:
    """Summarize a ticket's conversation in a sentence or two."""
    return f"{ticket_id}: the customer reports a printer fire; an engineer is on the way."


@server.tool(structured_output=False)
def draft_reply(ticket_id: str, tone: str = "friendly") -> str:
    """Draft a reply email to the customer of a ticket."""
    return f"Hello! About {ticket_id}: we are on it. Kind regards, the help desk ({tone})."


@server.tool()
def ticket_chart(ticket_id: str) -> Image:
    """A chart of a ticket's activity, as a PNG image."""
    return Image(data=PIXEL, format="png")


@server.tool()
def export_ticket(ticket_id: str) -> EmbeddedResource:
    """The ticket as a JSON document."""
    text = TICKETS[0].model_dump_json()
    contents = TextResourceContents(uri=f"tickets://{ticket_id}", mimeType="application/json", text=text)
    return EmbeddedResource(type="resource", resource=contents)


@server.resource("tickets://{ticket_id}")
def ticket_resource(ticket_id: str) -> str:
    """A ticket as JSON."""
    return TICKETS[0].model_dump_json()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--port":  # streamable HTTP on 127.0.0.1
        server.run("streamable-http", port=int(sys.argv[2]))
    else:
        server.run()
