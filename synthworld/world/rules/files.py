"""A file's name, media type and extension agree (no ``report.png`` of type ``application/pdf``).

The media type is the typed field, so the name's extension follows it, and a made-up name's stem
becomes one of a file of that kind (``IMG_2025.jpg`` of type ``application/pdf`` becomes
``invoice_2025.pdf``); a name the input or memory fixed sets the media type instead.

The table is written here rather than read from the standard library's ``mimetypes``: that one
reads the platform's ``mime.types`` files and changes between Python versions, and the same seed
must give the same name everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from synthworld.schema._words import FILES
from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext
from synthworld.world.shapes import Shapes

__all__ = ["Files"]

_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "application/json": ("json",), "application/pdf": ("pdf",), "text/plain": ("txt", "log", "text"),
    "text/csv": ("csv",), "text/html": ("html", "htm"), "text/markdown": ("md",), "text/css": ("css",),
    "text/calendar": ("ics",), "text/xml": ("xml",), "application/xml": ("xml",),
    "application/javascript": ("js",), "text/javascript": ("js",), "image/png": ("png",),
    "image/jpeg": ("jpg", "jpeg"), "image/gif": ("gif",), "image/svg+xml": ("svg",), "image/webp": ("webp",),
    "image/bmp": ("bmp",), "image/tiff": ("tiff", "tif"), "application/zip": ("zip",),
    "application/gzip": ("gz",), "application/x-tar": ("tar",), "audio/mpeg": ("mp3",),
    "audio/wav": ("wav",), "audio/x-wav": ("wav",), "audio/ogg": ("ogg",), "audio/flac": ("flac",),
    "video/mp4": ("mp4",), "video/webm": ("webm",), "video/quicktime": ("mov",), "application/rtf": ("rtf",),
    "application/msword": ("doc",), "application/vnd.ms-excel": ("xls",),
    "application/vnd.ms-powerpoint": ("ppt",),
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ("xlsx",),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ("docx",),
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ("pptx",),
}  # fmt: skip
"""Common media types and their extensions, the usual one first (``application/octet-stream``
is any file: not listed)."""
_TYPES: dict[str, str] = {}
for _type, _exts in _EXTENSIONS.items():
    for _ext in _exts:
        _TYPES.setdefault(_ext, _type)
"""The media type of each extension (the first one listed: ``xml`` is ``text/xml``)."""

_KIND_EXTENSIONS = {"image": "png", "audio": "mp3", "video": "mp4", "application/gzip": "zip"}
_KIND_EXTENSIONS["application/x-tar"] = "zip"
"""For a media type whose extension no kind of made-up file has: an extension of its kind's
(``image/tiff``: an image), else a document's."""

_NAMES = ("file_name", "filename", "original_filename", "original_name", "name", "title", "display_name")
_MIMES = ("mime_type", "mimetype", "mime", "content_type", "media_type", "file_type")
_EXTS = ("extension", "ext", "file_extension", "file_ext")


class Keys(NamedTuple):
    name: str | None
    mime: str | None
    ext: str | None


@lru_cache(maxsize=4096)
def _keys(keys: tuple[str, ...]) -> Keys | None:
    """Which keys of an object hold a file's name, media type and extension (two at least)."""
    names = {snake(k): k for k in keys}
    found = [next((names[n] for n in words if n in names), None) for words in (_NAMES, _MIMES, _EXTS)]
    return Keys(*found) if sum(k is not None for k in found) >= 2 else None


def _split(name: Any) -> tuple[str, str] | None:
    """A file name's stem and extension (None when it has none)."""
    if type(name) is not str or "." not in name.strip(".") or " " in name.rsplit(".", 1)[1]:
        return None
    stem, ext = name.rsplit(".", 1)
    return (stem, ext) if 1 <= len(ext) <= 8 and ext.isalnum() else None


def _mime(value: Any) -> str | None:
    """A media type without its parameters (``text/plain; charset=utf-8`` -> ``text/plain``)."""
    return value.split(";", 1)[0].strip().lower() if type(value) is str else None


class Files:
    """The extension of a file's name (and an ``extension`` field) fits its media type."""

    name = "file_type"
    triggers: frozenset[str] = frozenset()

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return _keys(tuple(props)) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        keys = _keys(tuple(node))
        if keys is None:
            return
        parts = _split(node[keys.name]) if keys.name else None
        if keys.name is not None and parts is not None and keys.mime is not None:
            self._name_and_type(node, keys, parts, ctx)
            parts = _split(node[keys.name])
        if keys.ext is not None and type(node[keys.ext]) is str:
            ext = parts[1] if parts else self._ext_of(node, keys)
            if ext is not None:
                dot = "." if node[keys.ext].startswith(".") else ""
                self._set(node, keys.ext, dot + ext, ctx)

    def _name_and_type(
        self, node: dict[str, Any], keys: Keys, parts: tuple[str, str], ctx: RuleContext
    ) -> None:
        name_key: Any = keys.name
        mime_key: Any = keys.mime
        stem, ext = parts
        mime = _mime(node[mime_key])
        exts = _EXTENSIONS.get(mime or "")
        if exts is None or ext.lower() in exts:
            return  # a type of any extension, or they agree
        if ctx.free(node, name_key):
            self._set(node, name_key, f"{_restemmed(stem, exts[0], mime or '')}.{exts[0]}", ctx)
        elif ext.lower() in _TYPES:
            self._set(node, mime_key, _TYPES[ext.lower()], ctx)

    @staticmethod
    def _ext_of(node: dict[str, Any], keys: Keys) -> str | None:
        exts = _EXTENSIONS.get(_mime(node[keys.mime]) or "") if keys.mime else None
        return exts[0] if exts else None

    def _set(self, node: dict[str, Any], key: str, value: str, ctx: RuleContext) -> None:
        if node[key] != value and ctx.free(node, key):
            ctx.edits.begin(self.name)
            ctx.set(node, key, value)


def _restemmed(stem: str, ext: str, mime: str) -> str:
    """A made-up file's `stem` (``IMG_2025``) as the same-numbered one of a file with extension
    `ext` (``invoice_2025`` for a pdf), when its kind has no such extension; any other as it is."""
    folder, slash, name = stem.rpartition("/")
    base, sep, number = name.rpartition("_")
    own = next((group for group in FILES if base in group[0]), None)
    if not (sep and number.isdigit()) or own is None or ext in own[1]:
        return stem
    usual = _KIND_EXTENSIONS.get(mime, _KIND_EXTENSIONS.get(mime.split("/")[0], "pdf"))
    stems = next((group for group in FILES if ext in group[1]), None) or _group(usual)
    return f"{folder}{slash}{stems[0][own[0].index(base) % len(stems[0])]}_{number}"


def _group(ext: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return next(group for group in FILES if ext in group[1])
