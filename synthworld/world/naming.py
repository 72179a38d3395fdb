"""Names: the words of a tool name, its leading verb and the entity kind it is about.

A tool's kind is its name without a leading verb and a ``_by_...`` tail, singular
(``get_order`` -> ``order``, ``search_orders`` -> ``order``, ``getOrderById`` -> ``order``,
``close_ticket`` -> ``ticket``). A verb that ends a name leads it (``issues.create``,
``issueCreate`` -> ``create`` ``issue``), and a name spelt like a REST path is about its last
collection (``get_orders_order_id`` -> ``order``, ``get_users_user_id_posts`` -> ``post``).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["MAKING", "VERBS", "singular", "snake", "tool_kind", "tool_words"]

VERBS = frozenset(
    {
        # reading
        "get", "fetch", "read", "lookup", "find", "search", "list", "query", "show", "describe",
        "view", "retrieve", "load", "check", "browse", "filter", "download",
        # creating
        "create", "add", "new", "make", "insert", "register", "open", "save", "post", "place",
        "upload", "schedule", "book", "send",
        # changing
        "update", "edit", "patch", "set", "put", "upsert", "modify", "rename", "change", "assign",
        "move", "replace", "adjust", "reschedule",
        # deleting
        "delete", "remove", "destroy", "drop", "purge", "erase", "discard", "unregister",
        # state changes
        "close", "cancel", "archive", "unarchive", "approve", "reject", "complete", "publish",
        "unpublish", "ship", "resolve", "reopen", "activate", "deactivate", "suspend", "enable",
        "disable", "confirm", "decline", "accept", "lock", "unlock", "restore", "refund", "return", "pay",
        "block", "unblock", "pause", "resume", "submit", "finish", "start", "stop", "merge",
        "fulfill", "deliver", "void", "expire", "hold", "release", "verify", "dismiss", "terminate",
        "escalate", "snooze", "checkout", "deny", "revoke", "solve", "acknowledge", "ack",
    }
)  # fmt: skip
"""Words a tool name may start with that are not part of the entity kind."""


@lru_cache(maxsize=4096)
def singular(word: str) -> str:
    """A plural English word made singular, roughly (``categories`` -> ``category``)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 2:
        return word[:-1]
    return word


@lru_cache(maxsize=4096)
def snake(name: str) -> str:
    """`name` in snake_case: ``getOrderById`` -> ``get_order_by_id``, ``fetch-user`` -> ``fetch_user``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower().replace("-", "_").replace(".", "_")


MAKING = frozenset({"issue", "process", "initiate"})
"""Verbs that make an entity named by a noun that is also a verb: ``issue_refund`` makes a refund
(it does not refund an issue)."""
_VERB_NOUNS = frozenset({"refund", "return"})


@lru_cache(maxsize=4096)
def _words(name: str) -> tuple[str, ...]:
    words = [w for w in snake(name).split("_") if w]
    if len(words) == 2 and words[0] in MAKING and words[1] in _VERB_NOUNS:
        return tuple(words)
    if len(words) > 2 and words[0] not in VERBS and words[1] in VERBS:
        return tuple(words[1:])
    if len(words) > 1 and words[0] not in VERBS and words[-1] in VERBS:
        return (words[-1], *words[:-1])
    return tuple(words)


def tool_words(name: str) -> list[str]:
    """The words of a tool name, in snake_case, without empty ones, verb first: without a
    namespace in front of the verb (``github_list_issues``, ``jira.create_issue``), and with a
    verb that ends the name put first (``issues.create``, ``issueCreate``, ``ContainerList``)."""
    return list(_words(name))


def tool_kind(name: str) -> str:
    """The entity kind a tool is about: ``get_order`` -> ``order``, ``list_users`` -> ``user``."""
    words = tool_words(name)
    if len(words) > 1 and words[0] in VERBS:
        words = words[1:]
    if "by" in words[1:]:
        words = words[: words.index("by", 1)]
    path = _without_path_ids(words)
    if path is not None:
        return singular(path[-1])
    return singular("_".join(words)) if words else name


def _without_path_ids(words: list[str]) -> list[str] | None:
    """The words of a name spelt like a REST path, without its ``{<kind>_id}`` parameters
    (``orders_order_id`` -> ``orders``, ``users_user_id_posts`` -> ``users posts``); None when the
    name holds no collection followed by its own id."""
    kept: list[str] = []
    at = 0
    while at < len(words):
        if words[at + 1 : at + 2] == ["id"] and kept and singular(kept[-1]) == words[at] != kept[-1]:
            at += 2
            continue
        kept.append(words[at])
        at += 1
    return kept if len(kept) < len(words) else None
