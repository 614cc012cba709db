"""The bot's worker processes (AI searches: :mod:`bot.host.ai_pool`; replays: :mod:`bot.replays`),
and the rule that none of them outlives the bot.

- Each pool is a ``spawn`` :class:`ProcessPoolExecutor` (the bot has threads, which a forked child
  must not inherit) whose workers run at a lower scheduling priority than the bot.
- A worker watches its parent: once the bot is gone (killed with SIGKILL, so nothing could tell
  it), its parent process id changes and the worker exits within :data:`WATCH_SECONDS`; the
  multiprocessing resource tracker, whose pipe only the bot and its workers hold, then ends too.
- ``python -m bot`` stops every pool on its way out (:func:`stop_all`, after a SIGTERM or
  SIGINT too): searches and replays in progress are abandoned (an AI move is searched again by
  the next process; the version check lands it once).
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: How much lower than the bot the workers run (``nice`` increment).
WORKER_NICENESS = 10
#: How often a worker checks that the bot that started it is still its parent.
WATCH_SECONDS = 0.5
#: Seconds :func:`stop_all` waits for a worker to end before it is killed.
STOP_SECONDS = 2.0

#: Every pool made by :func:`pool` and not yet retired, so :func:`stop_all` reaches them all.
_POOLS: list[ProcessPoolExecutor] = []


def lower_priority(niceness: int) -> None:
    try:
        os.nice(niceness)
    except OSError:  # not permitted here: the workers still run, just at the bot's priority
        pass


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(0)  # the bot is gone: nobody will ask this worker for anything again


def worker_started(niceness: int, parent: int) -> None:
    """Each worker's initializer: lower its priority, and exit once ``parent`` (the bot's pid,
    taken when the pool was made) is no longer its parent."""
    lower_priority(niceness)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), name="orphan-watch", daemon=True).start()


def ready() -> None:
    """Nothing: submitted to start a pool's workers ahead of their first job (:func:`warm_up`)."""


def pool(workers: int) -> ProcessPoolExecutor:
    """A new pool of ``workers`` niced worker processes that exit with the bot."""
    executor = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=worker_started, initargs=(WORKER_NICENESS, os.getpid()))
    _POOLS.append(executor)
    return executor


def alive(executor: ProcessPoolExecutor | None) -> bool:
    """Whether ``executor`` takes jobs (made by :func:`pool`, not retired or stopped since)."""
    return executor is not None and executor in _POOLS


def warm_up(executor: ProcessPoolExecutor, workers: int) -> None:
    """Start ``workers`` of the pool's processes now (each loads the engines once), so the first
    job does not wait for them."""
    for _ in range(workers):
        executor.submit(ready)


def retire(executor: ProcessPoolExecutor) -> None:
    """Let a pool go (a broken one is replaced by a new one): its workers end once idle."""
    executor.shutdown(wait=False, cancel_futures=True)
    if executor in _POOLS:
        _POOLS.remove(executor)


@atexit.register
def stop_all() -> None:
    """Stop every pool of this process and wait for its workers to end (killing those still at a
    job after :data:`STOP_SECONDS`): ``python -m bot`` calls it on its way out."""
    while _POOLS:
        _POOLS.pop().shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + STOP_SECONDS
    for child in multiprocessing.active_children():
        child.join(max(0.0, deadline - time.monotonic()))
    for child in multiprocessing.active_children():
        child.kill()
        child.join()
