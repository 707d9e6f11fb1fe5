"""Daemon worker threads that take jobs from one queue: where bots think and where the database is
called, off the event loop (:class:`DaemonThreads`).

>>> import asyncio
>>> asyncio.run(DaemonThreads(1, "doc").run(sum, [1, 2, 3]))
6
"""

from __future__ import annotations

import asyncio
import functools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

__all__ = ["DaemonThreads"]

T = TypeVar("T")

_Job = tuple["Future[Any]", Callable[[], Any]]


class DaemonThreads:
    """``workers`` daemon threads (started when first needed) doing jobs in the order they were
    given. Unlike a :class:`~concurrent.futures.ThreadPoolExecutor`'s, these threads are not
    joined when the process ends: a server that stops does not wait for a job already begun (a bot
    that thinks for seconds, a database that does not answer); a job not yet begun whose future is
    cancelled is never done."""

    def __init__(self, workers: int, name: str) -> None:
        self.workers = workers
        self.name = name
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], T]) -> Future[T]:
        """``job`` done in one of the threads; its future."""
        with self._lock:
            if len(self._threads) < self.workers:
                t = threading.Thread(target=self._work, name=f"{self.name}-{len(self._threads)}",
                                     daemon=True)
                self._threads.append(t)
                t.start()
        future: Future[T] = Future()
        self._jobs.put((future, job))
        return future

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in one of the threads, awaited from the event loop."""
        return await asyncio.wrap_future(self.submit(functools.partial(fn, *args)))

    async def run_whole(self, fn: Callable[..., T], *args: Any) -> T:
        """As :meth:`run`, but a caller cancelled meanwhile still waits for the call to end and
        gets its result (or its exception); the cancellation comes at the caller's next await.
        For a write: whoever made it learns that it was done, and in what order."""
        future = asyncio.wrap_future(self.submit(functools.partial(fn, *args)))
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            try:
                return await future
            finally:
                if task is not None:
                    task.cancel()

    def _work(self) -> None:
        while True:
            future, job = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = job()
            except BaseException as exc:  # as a ThreadPoolExecutor does: the caller gets it
                future.set_exception(exc)
            else:
                future.set_result(result)
            del future, job
