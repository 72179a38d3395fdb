"""Answers of ``async def`` code: a backend function or real tool that is a coroutine function.

The world calls backends synchronously (``world.acall`` runs the call in a thread), so an
awaitable result is run to completion here, on an event loop of its own: in the calling thread
(``asyncio.run``: Ctrl-C cancels it), or, when that thread already runs a loop (a notebook cell,
a sync ``world.call`` inside async code), in a daemon thread (kept for reuse: `workers`) while
the calling thread waits.

A coroutine that never ends can always be left: an interrupt of that wait cancels it and is
raised at once (the blocked loop could not act on Ctrl-C itself), a world that gives up its run
cancels what its calls await (`Awaits`), and no thread it hangs in holds up the interpreter's exit.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import signal
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from synthworld.backends import workers

__all__ = ["Awaits", "in_thread", "loop_running", "settled"]

T = TypeVar("T")

WAKE_EVERY = 0.1
"""Seconds between wake-ups of a loop awaiting `in_thread`: ipykernel 7.4's "interrupt the kernel"
on an awaited cell cancels it only when its loop next wakes (ipython/ipykernel#881), and a loop
awaiting only a thread would not wake until the thread ends (never, for a tool that hangs)."""


class Awaits:
    """The coroutines some calls are awaiting now (a world's calls, one ``acall``), each in a
    `settled` made while this is `active`; `cancel` cancels them and stops waiting for them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: set[_Running] = set()
        self._cancelled = False

    @contextmanager
    def active(self) -> Iterator[None]:
        """Within this block (in this thread and context), `settled` counts its coroutine here."""
        token = _active.set((*_active.get(), self))
        try:
            yield
        finally:
            _active.reset(token)

    def cancel(self) -> None:
        """Cancel every coroutine counted here, now and from now on: a wait for one in another
        thread raises `asyncio.CancelledError` at once (the coroutine may never end), one run in
        the waiting thread itself (``asyncio.run``) when the coroutine takes the cancellation."""
        with self._lock:
            self._cancelled = True
            running = list(self._running)
        for each in running:
            each.abandon()

    def _add(self, running: _Running) -> None:
        with self._lock:
            self._running.add(running)
            cancelled = self._cancelled
        if cancelled:
            running.abandon()

    def _discard(self, running: _Running) -> None:
        with self._lock:
            self._running.discard(running)


_active: contextvars.ContextVar[tuple[Awaits, ...]] = contextvars.ContextVar("synthworld_awaits", default=())


def settled(result: Any) -> Any:
    """`result`, awaited when it is awaitable; an async generator's chunks as an iterator (as a
    generator would give them), on a new event loop (see the module)."""
    if inspect.isasyncgen(result):
        result = _gathered(result)
    elif not inspect.isawaitable(result):
        return result
    running = _Running()
    counted = _active.get()
    for awaits in counted:
        awaits._add(running)
    try:
        if not loop_running():
            return asyncio.run(running.run(result))
        with _interruptible():  # before the coroutine starts: an interrupt as soon as it runs counts
            running.start(result)
            return running.done.result()
    except BaseException:
        running.abandon()
        raise
    finally:
        for awaits in counted:
            awaits._discard(running)


async def in_thread(call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in a daemon thread (one kept for reuse: `workers`), awaited. Cancelled, it
    cancels the coroutines the call awaits (`settled`) and stops waiting for the thread."""
    awaits = Awaits()
    done: Future[T] = Future()

    def play() -> T:
        with awaits.active():
            return call(*args)

    workers.start("synthworld-acall", done, functools.partial(contextvars.copy_context().run, play))
    waiting = asyncio.wrap_future(done)
    waking = _Waker(asyncio.get_running_loop())
    try:
        return await waiting
    except BaseException:
        waiting.cancel()  # its thread's outcome is dropped, never reported as unretrieved
        awaits.cancel()
        raise
    finally:
        waking.stop()


class _Waker:
    """Wakes `loop` every `WAKE_EVERY` seconds until stopped."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._handle = loop.call_later(WAKE_EVERY, self._wake)

    def _wake(self) -> None:
        self._handle = self._loop.call_later(WAKE_EVERY, self._wake)

    def stop(self) -> None:
        self._handle.cancel()


class _Running:
    """One awaitable being run by `settled`: its outcome, and how to cancel it from elsewhere."""

    def __init__(self) -> None:
        self.done: Future[Any] = Future()
        self._lock = threading.Lock()
        self._task: asyncio.Task[Any] | None = None
        self._abandoned = False

    def start(self, awaitable: Awaitable[Any]) -> None:
        run = functools.partial(contextvars.copy_context().run, asyncio.run, self.run(awaitable))
        workers.start("synthworld-async-tool", self.done, run)

    async def run(self, awaitable: Awaitable[Any]) -> Any:
        """`awaitable`, awaited as a task that `abandon` can cancel."""
        task = asyncio.current_task()
        with self._lock:
            self._task = task
            abandoned = self._abandoned
        if abandoned and task is not None:
            task.cancel()  # lands at the awaitable's first await (so it is awaited, never warned of)
        return await awaitable

    def abandon(self) -> None:
        """Stop waiting (the wait raises `asyncio.CancelledError`) and cancel the coroutine."""
        with self._lock:
            self._abandoned = True
            task = self._task
        workers.settle(self.done, exception=asyncio.CancelledError())
        if task is not None:
            with suppress(RuntimeError):  # its loop is closed: it ended
                task.get_loop().call_soon_threadsafe(task.cancel)


@contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C raises `KeyboardInterrupt` in this block, also where an event loop runs in this
    (main) thread with a SIGINT handler of its own (asyncio's, ipykernel's): blocked by the wait,
    the loop could not act on the signal. Elsewhere the handler in place is left alone."""
    handler = _loop_handler()
    if handler is None:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, handler)


def _loop_handler() -> Any:
    """The SIGINT handler to put aside: a Python function in place while this (main) thread runs
    an event loop; else None."""
    if threading.current_thread() is not threading.main_thread() or not loop_running():
        return None
    handler = signal.getsignal(signal.SIGINT)
    return handler if callable(handler) and handler is not signal.default_int_handler else None


def loop_running() -> bool:
    """Whether this thread runs an event loop now (a notebook cell, async code)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


async def _gathered(chunks: AsyncIterator[Any]) -> Iterator[Any]:
    return iter([chunk async for chunk in chunks])
