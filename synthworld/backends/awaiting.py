"""Answers of ``async def`` code: a backend function or real tool that is a coroutine function.

The world calls backends synchronously (``world.acall`` runs the call in a worker thread), so an
awaitable result is run to completion here, on an event loop of its own.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncIterator, Awaitable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

__all__ = ["settled"]


def settled(result: Any) -> Any:
    """`result`, awaited when it is awaitable; an async generator's chunks as an iterator (as a
    generator would give them). Runs on a new event loop: in a new thread when this thread
    already runs one (a sync ``world.call`` inside async code)."""
    if inspect.isasyncgen(result):
        result = _gathered(result)
    elif not inspect.isawaitable(result):
        return result
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_awaited(result))
    with ThreadPoolExecutor(1, thread_name_prefix="synthworld-async-tool") as pool:
        return pool.submit(asyncio.run, _awaited(result)).result()


async def _awaited(awaitable: Awaitable[Any]) -> Any:
    return await awaitable


async def _gathered(chunks: AsyncIterator[Any]) -> Iterator[Any]:
    return iter([chunk async for chunk in chunks])
