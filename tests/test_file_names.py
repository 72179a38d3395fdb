"""File names look like files people keep (``invoice_2024.pdf``, ``IMG_4821.jpg``), their
extension one such a file has, not Faker's lorem word with any extension (``give.pages``); an
``extension`` is a common one, and a path ends in such a name. Over many seeds."""

from __future__ import annotations

import re

import pytest

from synthworld import generate

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
