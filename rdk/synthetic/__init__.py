"""``rdk.synthetic``: the import path of synthworld's reference documents (``from rdk.synthetic
import ToolSpec``), so their examples run as written. Everything here is synthworld's public API,
re-exported; new code imports ``synthworld``.

``rdk`` has no ``__init__.py``: it is a namespace package, so it shares the name with another
installed ``rdk`` package instead of replacing it."""

from synthworld import *  # noqa: F403
from synthworld import __all__ as __all__
