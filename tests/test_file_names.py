"""File names look like files people keep (``invoice_2024.pdf``, ``IMG_4821.jpg``), their
extension one such a file has, not Faker's lorem word with any extension (``give.pages``); an
``extension`` is a common one, and a path ends in such a name; a name whose extension follows
its media type has a stem of that kind too (no ``IMG_2025.pdf``). Over many seeds."""

from __future__ import annotations

import re
from typing import Literal

import pytest
from typing_extensions import TypedDict

from synthworld import SyntheticWorld, generate

_EXTENSIONS = {"pdf", "docx", "txt", "md", "jpg", "png", "gif", "webp", "csv", "xlsx", "json", "mp3"}
_EXTENSIONS |= {"wav", "mp4", "mov", "webm", "zip"}
_NAME = re.compile(r"(?P<stem>[A-Za-z]+(_[a-z]+)?)_(?P<number>\d{4})\.(?P<ext>[a-z0-9]+)")
_IMAGES = {"jpg", "png", "gif", "webp"}


def _drawn(key: str) -> list[str]:
    schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
    return [generate(schema, seed=seed)[key] for seed in range(40)]


@pytest.mark.parametrize("key", ["file_name", "filename", "fileName"])
def test_file_names_look_like_real_files(key: str) -> None:
    for name in _drawn(key):
        found = _NAME.fullmatch(name)
        assert found is not None, name
        assert found["ext"] in _EXTENSIONS, name
        if found["stem"] in ("IMG", "photo", "screenshot"):
            assert found["ext"] in _IMAGES, name  # the stem and the extension are of one kind


def test_extensions_and_paths_are_common_ones() -> None:
    assert set(_drawn("file_extension")) <= _EXTENSIONS
    for path in _drawn("file_path"):
        assert path.startswith("/"), path
        assert _NAME.fullmatch(path.rsplit("/", 1)[1]), path


_KINDS = {
    "image": ({"IMG", "photo", "screenshot", "scan", "logo", "avatar", "banner"}, _IMAGES),
    "audio": ({"voice_memo", "recording", "podcast", "track"}, {"mp3", "wav"}),
    "video": ({"clip", "demo", "video", "webinar"}, {"mp4", "mov", "webm"}),
    "data": ({"export", "customers", "orders", "sales", "inventory", "transactions"}, {"csv", "xlsx"}),
}


class Attachment(TypedDict):
    attachment_id: str
    file_name: str
    mime_type: Literal["application/pdf", "image/png", "text/csv", "audio/mpeg", "video/mp4", "text/html"]


def test_a_name_made_to_fit_its_media_type_has_a_stem_of_that_kind() -> None:
    names = []
    for seed in range(40):
        world = SyntheticWorld(seed=seed)
        world.tool(get_attachment)
        names.append(world.call("get_attachment", {"attachment_id": "a1"})["file_name"])
    for name in names:
        found = _NAME.fullmatch(name)
        assert found is not None, name
        stem_kind = next((k for k, (stems, _) in _KINDS.items() if found["stem"] in stems), "document")
        ext_kind = next((k for k, (_, exts) in _KINDS.items() if found["ext"] in exts), "document")
        assert stem_kind == ext_kind, name  # no IMG_2025.pdf, no voice_memo_2019.png


def get_attachment(attachment_id: str) -> Attachment:
    """Fetch an attachment."""
