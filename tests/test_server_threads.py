"""The server's worker threads (whist.server.threads): a write whose caller is cancelled meanwhile
still ends, its caller learns how, and the cancellation comes at the caller's next await, as one
request, whoever cancelled (plain asyncio, asyncio.timeout, anyio's cancel scopes, which
Starlette's test client cancels a WebSocket's handler with)."""

from __future__ import annotations

import asyncio
import threading
import time

import anyio
import pytest

from whist.server.threads import DaemonThreads, Watch, reap


class Job:
    """A call that runs until released; ``started`` once it runs in its thread."""

    def __init__(self, result: int = 7, error: Exception | None = None) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.result, self.error = result, error

    def __call__(self) -> int:
        self.started.set()
        assert self.release.wait(10)
        if self.error is not None:
            raise self.error
        return self.result


async def _cancel_once_running(job: Job, cancel: asyncio.Task[None] | anyio.CancelScope) -> None:
    """Cancel ``cancel`` once the job runs, and release the job a little later."""
    while not job.started.is_set():
        await asyncio.sleep(0.005)
    cancel.cancel()
    await asyncio.sleep(0.05)  # (the loop goes round several times: cancel scopes cancel again)
    job.release.set()


def test_an_anyio_cancel_scope_keeps_its_own_cancellation() -> None:
    """A handler cancelled by its cancel scope while its write runs: it gets the write's result,
    the cancellation comes at its next await, and the scope takes it as its own (it let a
    CancelledError out, which failed the test client's WebSocket at random in CI)."""
    threads, job = DaemonThreads(1, "test"), Job()
    got: list[object] = []

    async def main() -> bool:
        with anyio.CancelScope() as scope:
            canceller = asyncio.get_running_loop().create_task(_cancel_once_running(job, scope))
            got.append(await threads.run_whole(job))
            await asyncio.sleep(5)
            got.append("not cancelled")
        await canceller
        return scope.cancelled_caught

    assert asyncio.run(main()) is True
    assert got == [7]


def test_a_plain_cancel_comes_at_the_next_await() -> None:
    threads, job = DaemonThreads(1, "test"), Job()
    got: list[object] = []

    async def caller() -> None:
        got.append(await threads.run_whole(job))
        await asyncio.sleep(5)
        got.append("not cancelled")

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(caller())
        await _cancel_once_running(job, task)
        with pytest.raises(asyncio.CancelledError):
            await task
        assert task.cancelled()

    asyncio.run(main())
    assert got == [7]


def test_a_timeout_during_the_write_is_a_timeout_after_it() -> None:
    """asyncio.timeout counts the cancellations it asked for: it still turns its own into
    TimeoutError, once the write has ended."""
    threads, job = DaemonThreads(1, "test"), Job()
    got: list[object] = []

    async def main() -> None:
        releaser = asyncio.get_running_loop().create_task(_release_later(job))
        with pytest.raises(TimeoutError):
            async with asyncio.timeout(0.02):
                got.append(await threads.run_whole(job))
                await asyncio.sleep(5)
        await releaser

    asyncio.run(main())
    assert got == [7]


async def _release_later(job: Job) -> None:
    await asyncio.sleep(0.2)
    job.release.set()


def test_the_write_s_error_reaches_a_cancelled_caller() -> None:
    threads, job = DaemonThreads(1, "test"), Job(error=ValueError("the database said no"))
    seen: list[BaseException] = []

    async def caller() -> None:
        try:
            await threads.run_whole(job)
        except ValueError as exc:
            seen.append(exc)
        await asyncio.sleep(5)

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(caller())
        await _cancel_once_running(job, task)
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert [str(e) for e in seen] == ["the database said no"]


def test_a_read_past_the_deadline_fails_as_late_and_one_not_begun_is_never_made() -> None:
    """A database that keeps its connection open and answers nothing would hold a request for
    ever: with a deadline, the caller of :meth:`run` gets ``late(deadline)`` in time, the call
    begun goes on in its thread, and a call still waiting for a thread is dropped."""
    threads = DaemonThreads(1, "test-deadline", 0.2, lambda s: LookupError(f"late after {s:g} s"))
    stuck, waiting = Job(1), Job(2)

    async def main() -> None:
        with pytest.raises(LookupError, match=r"late after 0\.2 s"):
            await threads.run(stuck)
        assert stuck.started.is_set()
        with pytest.raises(LookupError):
            await threads.run(waiting)  # queued behind the stuck call, never begun

    asyncio.run(main())
    stuck.release.set()
    assert asyncio.run(threads.run(lambda: 3)) == 3  # the thread is free again
    assert not waiting.started.is_set()


def test_a_write_is_waited_for_past_the_deadline() -> None:
    """:meth:`run_whole` (a write) has no deadline: its caller learns whether it was made."""
    threads = DaemonThreads(1, "test-deadline-write", 0.05, lambda s: LookupError("late"))
    job = Job(5)

    async def main() -> int:
        task = asyncio.create_task(threads.run_whole(job))
        await asyncio.sleep(0.3)
        job.release.set()
        return await task

    assert asyncio.run(main()) == 5


def test_late_calls_are_said_once_and_their_end_once() -> None:
    """A database frozen (its processes stopped) fails nothing: without the watch the log said
    nothing while every game waited. Two calls late together are said once, when the first is
    late, and once more when the last has ended, its own end, even where its caller gave up
    (a read past its deadline); a call in time says nothing."""
    said: list[str] = []
    watch = Watch(0.05, lambda s: said.append(f"slow {s:g}"), lambda s: said.append(f"back {s >= 0.3}"))
    threads = DaemonThreads(2, "test-watch", 0.1, lambda s: LookupError("late"), watch)
    read, write = Job(1), Job(2)

    async def main() -> None:
        assert await threads.run(lambda: 3) == 3
        await asyncio.sleep(0.1)
        assert said == []  # in time
        task = asyncio.create_task(threads.run_whole(write))
        with pytest.raises(LookupError):
            await threads.run(read)  # given up at 0.1 s; its call goes on
        assert said == ["slow 0.05"]
        read.release.set()
        await asyncio.sleep(0.25)
        assert said == ["slow 0.05"]  # the write still waits
        write.release.set()
        assert await task == 2
        await asyncio.sleep(0.05)

    asyncio.run(main())
    assert said == ["slow 0.05", "back True"]


def test_calls_queued_behind_others_are_not_late_themselves() -> None:
    """A call's time counts from when its thread begins it: a server loading many tables at its
    start queues many calls, each quick, and a database that answers them all in time is not said
    to be slow."""
    said: list[float] = []
    threads = DaemonThreads(1, "test-watch-queue", None, None, Watch(0.1, said.append, said.append))

    def quick() -> float:
        time.sleep(0.04)
        return 1.0

    async def main() -> list[float]:
        return await asyncio.gather(*(threads.run(quick) for _ in range(6)))

    assert asyncio.run(main()) == [1.0] * 6  # 0.24 s in all, each call 0.04 s
    assert said == []


def test_reaping_a_task_keeps_the_reaper_s_own_cancellation() -> None:
    """``reap`` waits for a cancelled task to end, and a cancel of the one that waits (the sweeper
    of idle tables, cancelled as the server stops while it stops a table's driver) still ends it:
    ``suppress(CancelledError)`` around ``await task`` took that cancel for the task's own, the
    sweeper went on sweeping, and the server's stop waited for it for ever."""
    went_on: list[str] = []

    async def slow_to_end() -> None:
        try:
            await asyncio.sleep(10)
        finally:
            await asyncio.sleep(0.05)  # a driver ending its work after the cancel

    async def main() -> None:
        driver = asyncio.get_running_loop().create_task(slow_to_end())
        await asyncio.sleep(0)
        driver.cancel()

        async def sweeper() -> None:
            await reap(driver)
            went_on.append("swept")

        task = asyncio.get_running_loop().create_task(sweeper())
        await asyncio.sleep(0.01)  # waiting in reap
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
        assert driver.done() and driver.cancelled()

        # and a task that ended any way is reaped without its outcome raised
        async def fails() -> None:
            raise ValueError("its own business")

        failed = asyncio.get_running_loop().create_task(fails())
        await reap(failed)
        assert isinstance(failed.exception(), ValueError)

    asyncio.run(main())
    assert went_on == []


def test_a_server_stopped_while_it_unloads_a_table_stops() -> None:
    """The service's stop cancels the sweeper; one cancelled while it waits for the driver of a
    table it unloads ends (the outage test hung at the server's stop that way, once in many runs:
    its tables are unloaded at once, ``unload_after`` 0)."""
    from whist.server.service import TableService, TableSpec
    from whist.server.storage import open_storage

    async def main() -> None:
        svc = TableService(open_storage("sqlite://"), unload_after=0)
        t = await svc.create(TableSpec(seats={"N": "random", "E": "random", "W": "random"}))
        svc.start()
        driver = t._task
        assert driver is not None

        real_halt = t.halt_driver

        def halt_slowly(close: bool = True) -> asyncio.Task[None] | None:
            task = real_halt(close)

            async def linger() -> None:  # a driver that takes a moment to end
                await reap(driver)
                await asyncio.sleep(0.2)

            return asyncio.get_running_loop().create_task(linger()) if task is not None else None

        t.halt_driver = halt_slowly  # type: ignore[method-assign]
        sweeper = svc._sweeper
        assert sweeper is not None
        for _ in range(200):  # until the sweeper waits for the driver it stops
            await asyncio.sleep(0.01)
            if t.id not in svc.tables:
                break
        assert t.id not in svc.tables
        await asyncio.wait_for(svc.stop(), 5)  # (waited for ever)
        assert sweeper.done()

    asyncio.run(main())
