"""What kind of name a ``name``/``title``/``label`` holds by the kind of object holding it (an
album's: a song's title; a pet's: a pet's name; a button's label: "Save changes"), the table
`_context` reads for a field's parents, a tool's kind and an answer's siblings."""

from __future__ import annotations

from synthworld.schema import _titles
from synthworld.schema._name_rules import Fill
from synthworld.schema._string_fills import event_name as _event_name
from synthworld.schema._string_fills import pool_of as _pool
from synthworld.schema._string_fills import product as _product
from synthworld.schema._string_fills import provider as _provider
from synthworld.schema._string_fills import short_title as _short_title
from synthworld.schema._string_fills import slug as _slug
from synthworld.schema._string_fills import ticket_title as _ticket_title
from synthworld.schema._string_fills import title as _title
from synthworld.schema._string_fills import word as _word
from synthworld.schema._words import GENRES, LABELS, PET_NAMES, STATUSES

__all__ = ["JOB", "LABEL_PARENTS", "PARENTS", "PERSON", "PERSON_NAME", "PET_NAME"]

PERSON = (
    "user people person author owner member customer contact employee assignee creator artist profile "
    "account reviewer sender recipient student teacher driver patient manager admin participant attendee "
    "speaker guest friend actor player follower collaborator approver requester reporter signer "
    "passenger traveler buyer seller agent host narrator"
)
PERSON_NAME, JOB, PET_NAME = _provider("name"), _provider("job"), _pool(PET_NAMES)
_PARENT_WORDS: tuple[tuple[str, Fill], ...] = (
    (PERSON, PERSON_NAME),
    ("book movie film show episode audiobook chapter podcast story video", _titles.creative_title),
    ("album track song playlist single", _titles.song_title),
    ("article post course talk paper discussion thread announcement", _titles.article_title),
    ("recipe", _titles.recipe_title),
    ("release record", _title),
    ("event festival conference meetup concert", _event_name),
    ("ticket issue bug incident", _ticket_title),
    ("pet dog cat puppy kitten animal", PET_NAME),
    ("task subtask todo goal milestone epic", _titles.task_title),
    ("project portfolio campaign board", _titles.project_name),
    ("sprint", _titles.sprint_name),
    ("section folder view list pipeline workflow", _short_title),
    ("ability move stat nature characteristic trait skill", _word),
    (
        "pokemon species berry form habitat generation version region pokedex machine channel repo "
        "repository package module branch bucket queue service app application bot environment namespace "
        "cluster database table column field key variable setting flag feature model engine type kind slug",
        _slug,
    ),
    ("label tag topic keyword category interest hobby", _pool(LABELS)),
    ("genre", _pool(GENRES)),
    ("status state", _pool(STATUSES)),
    (
        "company organization organisation org team vendor brand publisher merchant store shop business "
        "supplier employer enterprise agency manufacturer carrier airline bank workspace tenant partner "
        "client",
        _provider("company"),
    ),
    ("product item sku offering variant good merchandise material", _product),
    ("file attachment asset upload", _provider("file_name")),
    (
        "city venue location place site destination origin airport hotel restaurant",
        _provider("city"),
    ),
    ("country nation", _provider("country")),
)
_DOCUMENTS = "template page document doc note report dashboard survey meeting checklist"
PARENTS: dict[str, Fill] = {
    **{word: fill for words, fill in _PARENT_WORDS for word in words.split()},
    **{word: _titles.document_title(word) for word in _DOCUMENTS.split()},
}
"""The fill for a ``name``/``title`` by the kind of object that holds it."""
LABEL_PARENTS: dict[str, Fill] = {
    **dict.fromkeys(
        ["button", "action", "cta", "menu", "menu_item", "tab", "nav", "toolbar"], _pool(_titles.UI_LABELS)
    ),
    **dict.fromkeys(["field", "input", "form_field"], _pool(_titles.FIELD_LABELS)),
}
"""The fill for a ``label``/``caption`` by the kind of object that holds it (a button's: "Save
changes"; a form field's: "Email address")."""
