"""What a tool's name says its answer is (``getPetById``: a pet), for the name-like fields that
nothing nearer names (an inlined ``Pet`` with ``id``, ``name``, ``tag``: its ``name`` is a pet's)."""

from __future__ import annotations

import re
from functools import lru_cache

from synthworld.schema._plurals import singular
from synthworld.schema._realistic import snake

__all__ = ["KINDS", "tool_kind"]

_KINDS_WORDS = """
    user people person author owner member customer contact employee assignee creator artist profile
    student teacher driver patient participant attendee speaker guest actor player passenger
    traveler album track song playlist show episode book movie film audiobook chapter podcast
    article post story video course talk paper recipe event festival conference meetup concert
    ticket issue bug incident pet dog cat puppy kitten animal project task subtask goal milestone
    sprint epic campaign portfolio board document doc note report dashboard survey meeting repo
    repository package module branch bucket queue service app application bot environment namespace
    cluster database table channel label tag topic keyword category genre company organization
    organisation org team vendor brand publisher merchant store shop business supplier employer
    agency manufacturer airline bank workspace tenant partner product sku offering variant
    merchandise file attachment asset upload city venue hotel restaurant airport country
"""
KINDS = frozenset(_KINDS_WORDS.split())
"""The kinds a tool's name may give (each one a word of `_parent_kinds.PARENTS`): an
entity's, not a word's (``getStatus``, ``listTypes``, ``getItem`` say no kind of name)."""

_CUT = frozenset(["by", "for", "with", "from", "of", "in", "on", "to", "at", "using", "via", "per", "into"])
"""Words after which a tool's name says where, not what (``getPetById``, ``addItemToCart``)."""
_VERBS_WORDS = """
    get list show create add new update patch put post delete remove search find fetch retrieve read
    query lookup look set upsert replace inspect describe view edit modify save load count check all
    my v1 v2 v3 api id ids uuid by batch bulk one many page paged paginated detail details info
"""
_VERBS = frozenset(_VERBS_WORDS.split())
_SPLIT = re.compile(r"[^a-z0-9]+")


@lru_cache(maxsize=1024)
def tool_kind(name: str) -> str:
    """The kind ``name`` (a tool's, any spelling) gives its answer (``listPets``: ``pet``), or ``""``:
    its last noun before a preposition, verbs and generic words left out, if it is one of `KINDS`."""
    words = [w for w in _SPLIT.split(snake(name).lower()) if w]
    cut = next((i for i, w in enumerate(words) if w in _CUT and i > 0), len(words))
    nouns = [w for w in words[:cut] if w not in _VERBS and not w.isdigit()]
    if not nouns:
        return ""
    last = _singular(nouns[-1])
    return last if last in KINDS else ""


def _singular(word: str) -> str:
    return word if word == "people" else singular(word)
