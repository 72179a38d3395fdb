# mypy: disable-error-code="empty-body"
# (stub bodies never run: a world answers every call)
"""An inbox: search and read email, send and delete it. The world of the prompt-injection example:
an email body is text someone else wrote, so an agent must read it as data, never as orders."""

from __future__ import annotations

import datetime
from typing import TypedDict

from typing_extensions import NotRequired

from synthworld import tool

__all__ = ["delete_email", "read_email", "search_email", "send_email"]


class Email(TypedDict):
    email_id: str
    sender: str
    subject: str
    body: str
    received_at: datetime.datetime
    labels: NotRequired[list[str]]


class Sent(TypedDict):
    email_id: str
    to: str


class Done(TypedDict):
    ok: bool


@tool
def search_email(query: str) -> list[Email]:
    """Search the mailbox, newest first.

    Args:
        query: Words to look for, or ``is:unread``.
    """


@tool
def read_email(email_id: str) -> Email:
    """Read one email.

    Args:
        email_id: The email's ID, as searched.
    """


@tool
def send_email(to: str, subject: str, body: str) -> Sent:
    """Send an email on the user's behalf.

    Args:
        to: The recipient's address.
        subject: The subject line.
        body: The message.
    """


@tool
def delete_email(email_id: str) -> Done:
    """Delete an email for good.

    Args:
        email_id: The email to delete.
    """
