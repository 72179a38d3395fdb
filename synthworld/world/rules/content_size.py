"""Content size: a file made or changed from content the input gives (``upload_file(name,
content="hello world")``) says that content's size: its ``size``, ``size_bytes``, ``file_size``,
``content_length``... is the content's length in bytes (UTF-8 text; base64 text named so,
decoded), as a store answers the upload it stored."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import Any

from synthworld.world.naming import snake
from synthworld.world.rules.base import RuleContext, first_key
from synthworld.world.rules.ranges import fits_number
from synthworld.world.shapes import Shapes

__all__ = ["ContentSize"]

_SIZES = (
    "size_bytes", "sizeBytes", "size", "file_size", "fileSize", "bytes", "byte_size", "content_length",
    "contentLength", "size_in_bytes", "sizeInBytes",
)  # fmt: skip
_TEXT = frozenset({"content", "contents", "data", "body", "text", "file_content", "file_contents"})
_BASE64 = frozenset({"content_base64", "data_base64", "base64_content", "base64", "content_b64"})


def _size(args: Mapping[str, Any]) -> int | None:
    """The bytes of the content the input gives (None: it gives none)."""
    for key, value in args.items():
        name = snake(key)
        if type(value) is not str:
            continue
        if name in _TEXT:
            return len(value.encode("utf-8", "surrogatepass"))
        if name in _BASE64:
            try:
                return len(base64.b64decode(value, validate=True))
            except (binascii.Error, ValueError):
                return None
    return None


class ContentSize:
    """size/size_bytes/file_size = the length in bytes of the content the input gives."""

    name = "size"
    triggers: frozenset[str] = frozenset(_SIZES)

    def fits(self, props: Mapping[str, Any], shapes: Shapes) -> bool:
        return first_key(props, _SIZES) is not None

    def __call__(self, node: dict[str, Any], hint: str, ctx: RuleContext) -> None:
        key = first_key(node, _SIZES)
        if key is None or type(node[key]) is not int or not ctx.free(node, key):
            return
        size = _size(ctx.args)
        if size is not None and size != node[key] and fits_number(size, ctx.prop(hint, key)):
            ctx.edits.begin(self.name)
            ctx.set(node, key, size)
