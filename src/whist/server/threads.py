"""Daemon worker threads that take jobs from one queue: where bots think and where the database is
called, off the event loop (:class:`DaemonThreads`).

>>> import asyncio
>>> asyncio.run(DaemonThreads(1, "doc").run(sum, [1, 2, 3]))
6
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["DaemonThreads", "Watch", "reap"]

T = TypeVar("T")

_Job = tuple["Future[Any]", Callable[[], Any]]


async def reap(task: asyncio.Task[Any]) -> None:
    """Wait until ``task`` (cancelled, or to be) has ended, whatever it ended with, without
    swallowing a cancellation of the caller's own: ``suppress(CancelledError)`` around ``await
    task`` cannot tell the two apart, and a task cancelled while it waited there (the sweeper of
    idle tables stopping a driver as the server stops) went on as if nothing had been asked of it,
    so that the server's stop waited for it for ever."""
    await asyncio.gather(task, return_exceptions=True)


@dataclass(frozen=True, slots=True)
class Watch:
    """What to say of calls that take long (a database frozen, not gone: nothing fails, nothing
    would be logged): ``slow(after)`` once when a call has waited ``after`` seconds and no other
    is late already, ``back(seconds)`` once when every late call has ended, with how long the
    last of them took."""

    after: float
    slow: Callable[[float], None]
    back: Callable[[float], None]


class DaemonThreads:
    """``workers`` daemon threads (started when first needed) doing jobs in the order they were
    given. Unlike a :class:`~concurrent.futures.ThreadPoolExecutor`'s, these threads are not
    joined when the process ends: a server that stops does not wait for a job already begun (a bot
    that thinks for seconds, a database that does not answer); a job not yet begun whose future is
    cancelled is never done."""

    def __init__(self, workers: int, name: str, deadline: float | None = None,
                 late: Callable[[float], BaseException] | None = None, watch: Watch | None = None) -> None:
        self.workers = workers
        self.name = name
        self.watch = watch
        self._late_calls = 0
        """Calls of :meth:`run` and :meth:`run_whole` past ``watch.after`` and not ended (counted in
        the event loop's thread)."""
        self.deadline = deadline
        """Seconds :meth:`run` waits for a call before it raises ``late(deadline)`` (a database
        that keeps the connection open and never answers); ``None``: as long as it takes."""
        self._late = late
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
        """``fn(*args)`` in one of the threads, awaited from the event loop, at most
        :attr:`deadline` seconds: past it the call, if not begun, is never made, and one begun
        goes on in its thread while its caller gets ``late(deadline)``. For a read: a write's
        caller must learn whether it was done (:meth:`run_whole`)."""
        future = asyncio.wrap_future(self._watched(functools.partial(fn, *args)))
        if self.deadline is None:
            return await future
        try:
            return await asyncio.wait_for(future, self.deadline)
        except TimeoutError:
            if self._late is None:
                raise
            raise self._late(self.deadline) from None

    async def run_whole(self, fn: Callable[..., T], *args: Any) -> T:
        """As :meth:`run`, but a caller cancelled meanwhile still waits for the call to end and
        gets its result (or its exception); the cancellation comes at the caller's next await.
        For a write: whoever made it learns that it was done, and in what order.

        A cancel scope that cancels again until its task has left it (anyio's, under Starlette's
        test client) is waited through too, and the cancellation is delivered again as one
        request with its message, not one more: a scope that counts its requests and knows its
        own by their message would take another for someone else's and let it out of itself."""
        future = asyncio.wrap_future(self._watched(functools.partial(fn, *args)))
        interrupted: asyncio.CancelledError | None = None
        try:
            while True:
                try:
                    return await asyncio.shield(future)
                except asyncio.CancelledError as exc:
                    if future.cancelled():  # the call itself was cancelled: nothing to wait for
                        interrupted = None
                        raise
                    interrupted = exc
        finally:
            task = asyncio.current_task()
            if interrupted is not None and task is not None:
                if task.cancelling():
                    task.uncancel()
                # with its message, by which a cancel scope knows its own cancellation
                task.cancel(interrupted.args[0] if interrupted.args else None)

    def _watched(self, call: Callable[[], T]) -> Future[T]:
        """``call`` submitted, with :attr:`watch` told if it runs late and when the late ones have
        ended. Its time counts from when a thread begins it (calls queued behind a slow one are
        not late themselves: a server loading many tables at its start queues many) to its own
        end, not its caller's (a read given up at its deadline still holds its thread until the
        database answers)."""
        watch = self.watch
        if watch is None:
            return self.submit(call)
        loop = asyncio.get_running_loop()
        began = 0.0
        late = False
        timer: asyncio.TimerHandle | None = None

        def overdue() -> None:
            nonlocal late
            late = True
            self._late_calls += 1
            if self._late_calls == 1:
                watch.slow(watch.after)

        def begin() -> None:  # in the event loop's thread
            nonlocal began, timer
            began = loop.time()
            timer = loop.call_later(watch.after, overdue)

        def ended() -> None:
            if timer is not None:
                timer.cancel()
            if late:
                self._late_calls -= 1
                if self._late_calls == 0:
                    watch.back(loop.time() - began)

        def tell(then: Callable[[], None]) -> None:  # from a worker's thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody to tell
                loop.call_soon_threadsafe(then)

        def timed() -> T:
            tell(begin)
            return call()

        future = self.submit(timed)
        future.add_done_callback(lambda _: tell(ended))
        return future

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
