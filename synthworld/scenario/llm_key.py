"""Where a scenario file's LLM backend gets its key: never sent to a host the user did not choose.

A file may name any ``base_url``; sending it the user's ``OPENAI_API_KEY`` would hand the key to
whoever wrote the file. So for a ``base_url`` that is neither the vendor's API nor the user's own
``OPENAI_BASE_URL``, the key comes only from the environment variable the file names
(``api_key_env: NAME``, which the user sets on purpose) or from a key written in the file
itself (``api_key: unused`` for a local server that needs none): never from ``OPENAI_API_KEY``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from synthworld._redact import redact_url
from synthworld.backends.llm.loop import Vendor

__all__ = ["llm_options"]

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def llm_options(options: Mapping[str, Any], vendor: Vendor) -> dict[str, Any]:
    """The backend options a file's ``llm:`` mapping gives, with the key resolved as above.

    Raises `ValueError` saying what to write when the file gives no allowed source of a key.
    """
    chosen = dict(options)
    env = chosen.pop("api_key_env", None)
    if env is not None:
        chosen["api_key"] = _key_from(env, chosen, vendor)
        return chosen
    base_url = chosen.get("base_url")
    if base_url is None or "api_key" in chosen or _users_own(base_url, vendor):
        return chosen
    shown = redact_url(str(base_url))
    raise ValueError(
        f"base_url {shown!r} comes from this file, so synthworld will not send it the key in "
        f"{vendor.key_env}; name the environment variable that holds that server's key with "
        "'api_key_env: NAME' (or write 'api_key: unused' for a local server that needs no key), "
        f"or build the backend in code: {vendor.backend}(..., api_key=...)"
    )


def _key_from(env: Any, chosen: Mapping[str, Any], vendor: Vendor) -> str:
    if not isinstance(env, str) or not _ENV_NAME.fullmatch(env):
        raise ValueError(f"api_key_env={env!r} must name an environment variable, e.g. MY_SERVER_KEY")
    if "api_key" in chosen:
        raise ValueError("give api_key_env or api_key, not both")
    key = os.environ.get(env)
    if not key:
        where = chosen.get("base_url") or vendor.default_url
        raise ValueError(f"api_key_env: {env} is not set; set it to the key of {redact_url(str(where))}")
    return key


def _users_own(base_url: Any, vendor: Vendor) -> bool:
    """Whether `base_url` is the vendor's API or the one the user set in the environment."""
    mine = {vendor.default_url, os.environ.get(vendor.base_env) or ""}
    return _normal(base_url) in {_normal(url) for url in mine if url}


def _normal(url: Any) -> str:
    return str(url).strip().rstrip("/").lower()
