"""Daemon threads kept for reuse: `start` runs a call in an idle one, or in a new one when none is.

Starting a thread costs more than a synthetic call, so the threads that run ``await
world.acall`` and ``async def`` tools are kept for `IDLE_SECONDS` after their job. Unlike
``concurrent.futures.ThreadPoolExecutor`` (whose threads the interpreter joins at exit), every
thread here is a daemon and the pool has no bound: a job that hangs holds its own thread and never
delays another job, nor the interpreter's exit. A thread is named for its job while it runs one
and ``synthworld-idle`` while it waits for the next.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from typing import Any

__all__ = ["IDLE_SECONDS", "start"]

IDLE_SECONDS = 2.0
"""How long a thread waits for its next job before it ends."""

IDLE_NAME = "synthworld-idle"

_Job = tuple[str, Future[Any], Callable[[], Any]]


class _Pool:
    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self.idle = threading.Semaphore(0)  # one token per thread that will take the next job

    def start(self, name: str, done: Future[Any], call: Callable[[], Any]) -> None:
        if self.idle.acquire(blocking=False):  # an idle thread will take it
            self.jobs.put((name, done, call))
        else:
            threading.Thread(target=self._work, args=(done, call), name=name, daemon=True).start()

    def _work(self, done: Future[Any], call: Callable[[], Any]) -> None:
        me = threading.current_thread()
        while True:
            self._run(done, call)
            try:
                me.name, done, call = self.jobs.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                if self.idle.acquire(blocking=False):  # took its own token back: no job counts on it
                    return
                me.name, done, call = self.jobs.get()  # a job was put for its token: take it

    def _run(self, done: Future[Any], call: Callable[[], Any]) -> None:
        try:
            outcome: tuple[Any, BaseException | None] = (call(), None)
        except BaseException as exc:  # handed to whoever waits for `done`
            outcome = (None, exc)
        threading.current_thread().name = IDLE_NAME
        self.idle.release()  # before `done` is settled: a call started once it is finds this thread
        settle(done, *outcome)


_pool = _Pool()


def start(name: str, done: Future[Any], call: Callable[[], Any]) -> None:
    """Run ``call()`` in a daemon thread named `name`, and settle `done` with what it returns or
    raises (unless `done` was settled before: a wait given up)."""
    _pool.start(name, done, call)


def settle(done: Future[Any], value: Any = None, exception: BaseException | None = None) -> None:
    """`done` given `value`, or `exception` when there is one, unless it was settled before."""
    try:
        if exception is not None:
            done.set_exception(exception)
        else:
            done.set_result(value)
    except InvalidStateError:  # settled before: abandoned, or the call ended first
        pass


def _forget() -> None:
    """In a forked child the parent's threads do not exist: start over."""
    global _pool
    _pool = _Pool()


if hasattr(os, "register_at_fork"):  # not on Windows, which cannot fork
    os.register_at_fork(after_in_child=_forget)
