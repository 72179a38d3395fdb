"""People: a person's email and username come from their name (``Julia Nichols`` ->
``julia.nichols@example.com``, ``jnichols``), and a full name agrees with first and last name.

The spelling is chosen from the name itself (a stable hash), so one person is spelled the same
in every answer and every world. An email or username already drawn from the name is kept
(an LLM's or a recording's answer is left alone when it is already coherent).
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.shapes import Shapes

__all__ = ["Persona", "person_name"]

_FIRST = ("first_name", "firstName", "given_name", "givenName", "fname", "first")
_LAST = ("last_name", "lastName", "family_name", "familyName", "surname", "lname", "last")
_FULL = ("name", "full_name", "fullName", "display_name", "displayName", "real_name", "realName")
_EMAIL = ("email", "email_address", "emailAddress", "e_mail", "mail", "primary_email", "work_email")
_USER = ("username", "user_name", "userName", "login", "handle", "screen_name", "screenName")
_NOT_PEOPLE = frozenset(
    {
        "company", "organization", "organisation", "org", "team", "vendor", "brand", "store", "shop",
        "business", "merchant", "supplier", "repo", "repository", "project", "product", "group",
        "channel", "workspace", "tenant", "place", "venue", "hotel", "airline", "carrier", "bank",
    }
)  # fmt: skip
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "prof", "mx", "sir", "madam", "rev"})
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "v", "md", "dds", "phd", "dvm", "esq", "mba", "cpa"})
_COMPANY = frozenset({"inc", "llc", "ltd", "plc", "group", "and", "co", "corp", "gmbh", "sa", "ag", "&"})
_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_LOCAL_EMAIL = ("{f}.{l}", "{f}{l}", "{i}{l}", "{f}_{l}", "{f}.{l}{n}", "{i}.{l}")
_LOCAL_USER = ("{i}{l}", "{f}.{l}", "{f}_{l}", "{f}{j}", "{f}{l}{n}", "{l}{i}")


@lru_cache(maxsize=8192)
def _ascii(word: str) -> str:
    """`word` in lowercase ASCII letters (``José`` -> ``jose``, ``O'Brien`` -> ``obrien``)."""
    folded = unicodedata.normalize("NFKD", word.replace("ß", "ss")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", folded.lower())


@lru_cache(maxsize=8192)
def person_name(text: str) -> tuple[str, str] | None:
    """``(first, last)`` of a person's full name, or None when `text` does not read as one
    (a company, a title, a single word)."""
    words = [w for w in _WORD.findall(text) if w.lower().strip(".") not in _TITLES]
    if "," in text or any(w.lower() in _COMPANY for w in words):
        return None
    while words and words[-1].lower() in _SUFFIXES:
        words.pop()
    if not 2 <= len(words) <= 4 or not all(w[0].isupper() for w in words):
        return None
    return words[0], words[-1]


def _spellings(first: str, last: str, salt: str = "") -> tuple[str, str] | None:
    """``(email local part, username)`` for a person, chosen by a stable hash of the name (and
    of the person's id, `salt`, so two people of the same name are seldom spelled the same)."""
    f, l = _ascii(first), _ascii(last)  # noqa: E741 - l is the last name, as f is the first
    if len(f) < 1 or len(l) < 2:
        return None
    h = zlib.crc32(f"{f} {l}{' ' + salt if salt else ''}".encode())
    parts = {"f": f, "l": l, "i": f[0], "j": l[0], "n": str(1 + h // 7 % 98)}
    return _LOCAL_EMAIL[h % len(_LOCAL_EMAIL)].format(**parts), _LOCAL_USER[
        h // 11 % len(_LOCAL_USER)
    ].format(**parts)


def _drawn_from(text: str, first: str, last: str) -> bool:
    """Whether an email's local part or a username already comes from the name."""
    local = _ascii(text.split("@", 1)[0])
    f, l = _ascii(first), _ascii(last)  # noqa: E741
    return len(l) >= 2 and l in local and (local.startswith(f[:1]) or f in local)


@lru_cache(maxsize=4096)
def _groups(
    keys: tuple[str, ...],
) -> tuple[tuple[str | None, str | None, str | None, str | None, str | None], ...]:
    """``(first, last, full, email, username)`` key groups of an object: its own, and prefixed
    ones (``customer_name`` with ``customer_email``)."""
    found = []
    node = dict.fromkeys(keys)
    own = (first_key(node, _FIRST), first_key(node, _LAST), first_key(node, _FULL))
    targets = (first_key(node, _EMAIL), first_key(node, _USER))
    if ((own[0] and own[1]) or own[2]) and (targets[0] or targets[1] or (own[0] and own[2])):
        found.append((*own, *targets))
    for key in keys:
        name = snake(key)
        if name.endswith("_name") and name not in (
            "first_name",
            "last_name",
            "full_name",
            "user_name",
            "display_name",
        ):
            prefix = key[: -len("name")]
            email = next((k for k in (prefix + "email", prefix + "email_address") if k in keys), None)
            user = next((k for k in (prefix + "username", prefix + "login") if k in keys), None)
            if email or user:
                found.append((None, None, key, email, user))
    return tuple(found)


def _salt(node: dict[str, Any]) -> str:
    """The person's id, if the object has one."""
    found = node.get("id")
    return str(found) if isinstance(found, (str, int)) and not isinstance(found, bool) else ""


class Persona:
    """Email and username from the person's name; full name from first and last name."""

    name = "persona"
    triggers: frozenset[str] = frozenset()
    """None: prefixed pairs (``customer_name`` with ``customer_email``) have no fixed key; `fits`
    plans the rule only for objects that have a group."""

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return bool(_groups(tuple(props)))

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        if hint in _NOT_PEOPLE:
            return
        for first_k, last_k, full_k, email_k, user_k in _groups(tuple(node)):
            names = self._names(node, first_k, last_k, full_k, ctx)
            if names is None:
                continue
            ctx.edits.begin(self.name)
            first, last = names
            spelled = _spellings(first, last, _salt(node))
            if spelled is None:
                continue
            local, username = spelled
            self._email(node, email_k, local, first, last, ctx)
            if user_k is not None and self._stale(node.get(user_k), first, last):
                ctx.set(node, user_k, username)

    def _names(
        self,
        node: dict[str, Any],
        first_k: str | None,
        last_k: str | None,
        full_k: str | None,
        ctx: RuleContext,
    ) -> tuple[str, str] | None:
        first, last = node.get(first_k or ""), node.get(last_k or "")
        if isinstance(first, str) and isinstance(last, str) and first.strip() and last.strip():
            full = node.get(full_k or "")
            if full_k and isinstance(full, str) and person_name(full) != (first, last) and person_name(full):
                ctx.edits.begin(self.name)
                ctx.set(node, full_k, f"{first} {last}")
            return first.split()[0], last.split()[-1]
        full = node.get(full_k or "")
        return person_name(full) if isinstance(full, str) else None

    def _email(
        self, node: dict[str, Any], key: str | None, local: str, first: str, last: str, ctx: RuleContext
    ) -> None:
        current = node.get(key) if key else None
        if key is None or not isinstance(current, str) or not self._stale(current, first, last):
            return
        domain = current.rsplit("@", 1)[1] if "@" in current else "example.com"
        if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", domain):
            domain = "example.com"
        ctx.set(node, key, f"{local}@{domain.lower()}")

    @staticmethod
    def _stale(value: Any, first: str, last: str) -> bool:
        return isinstance(value, str) and not _drawn_from(value, first, last)
