"""Discord's rate limits, modelled: buckets of N requests per window, answered 429 when full.

Off unless a test adds a limit (``FakeDiscord.rate_limit``), so every other test is unchanged.
A limit matches requests by method and path; it keeps one bucket per path (``shared=False``:
Discord's per-route, per-channel buckets) or one for every matching path (``shared=True``: a
limit across channels, like the per-guild one on creating threads). A bucket opens a window at
its first request; the ``limit``-th request of a window is the last one served, later ones in
the same window are answered 429 with ``retry_after`` (the time left in the window).

With ``headers=True`` every answer carries Discord's ``X-RateLimit-*`` headers (limit,
remaining, reset-after, bucket), from which discord.py waits before a full bucket on its own;
without them the bot learns only from the 429s.

What counts against the bot (recorded in ``FakeDiscord.violations``, so ``assert_clean`` fails):
a request sent to a bucket while the bot had been told to wait, by a 429's ``retry_after`` or by
``remaining: 0`` with its ``reset-after``. Merely running into a hidden limit is not; every 429
is listed in :attr:`RateLimits.limited`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

#: A request this early before the announced reopening is still taken as having waited (the
#: bot's sleep can end a hair before the fake's clock says so).
SLACK = 0.005


@dataclass
class RateLimit:
    method: str
    pattern: re.Pattern[str]
    limit: int
    window: float
    shared: bool
    headers: bool
    name: str


@dataclass
class Bucket:
    reset: float = -math.inf   # when the current window ends
    count: int = 0             # requests served in it
    told_until: float = -math.inf  # the bot was told to wait until then


@dataclass
class Refusal:
    """A 429 the model answered: which bucket, when, and the ``retry_after`` given."""

    name: str
    method: str
    path: str
    at: float
    retry_after: float


@dataclass
class RateLimits:
    limits: list[RateLimit] = field(default_factory=list)
    buckets: dict[tuple[str, str], Bucket] = field(default_factory=dict)
    #: every 429 answered
    limited: list[Refusal] = field(default_factory=list)
    #: (loop time, method, path) of every request served under a limit
    served: list[tuple[float, str, str]] = field(default_factory=list)

    def add(self, method: str, path_regex: str, *, limit: int, window: float, shared: bool = False,
            headers: bool = True, name: str | None = None) -> None:
        self.limits.append(RateLimit(method.upper(), re.compile(path_regex), limit, window, shared, headers,
                                     name or f'{method.upper()} {path_regex}'))

    def admit(self, method: str, path: str, now: float) -> tuple[Refusal | None, list[str], dict[str, str]]:
        """Whether a request may be served now. Returns the refusal (or ``None``), the problems
        (a request sent while told to wait) and the headers to answer with."""
        matched = [(limit, self._bucket(limit, path, now)) for limit in self.limits
                   if limit.method == method and limit.pattern.search(path)]
        if not matched:
            return None, [], {}
        problems = [f'{limit.name}: sent {bucket.told_until - now:.3f} s before the bot was told it could'
                    for limit, bucket in matched if now < bucket.told_until - SLACK]
        for limit, bucket in matched:
            if bucket.count >= limit.limit:
                retry = math.ceil((bucket.reset - now) * 1000) / 1000
                bucket.told_until = max(bucket.told_until, bucket.reset)
                refusal = Refusal(limit.name, method, path, now, retry)
                self.limited.append(refusal)
                return refusal, problems, {}
        headers: dict[str, str] = {}
        for limit, bucket in matched:
            bucket.count += 1
            if limit.headers and not headers:
                remaining = limit.limit - bucket.count
                reset_after = math.ceil((bucket.reset - now) * 1000) / 1000
                headers = {'X-RateLimit-Limit': str(limit.limit), 'X-RateLimit-Remaining': str(remaining),
                           'X-RateLimit-Reset-After': f'{reset_after:.3f}',
                           'X-RateLimit-Bucket': f'fake-{abs(hash(limit.name)) % 10 ** 8:08d}'}
                if remaining == 0:
                    bucket.told_until = max(bucket.told_until, bucket.reset)
        self.served.append((now, method, path))
        return None, problems, headers

    def _bucket(self, limit: RateLimit, path: str, now: float) -> Bucket:
        bucket = self.buckets.setdefault((limit.name, '' if limit.shared else path), Bucket())
        if now >= bucket.reset:  # a new window
            bucket.reset, bucket.count = now + limit.window, 0
        return bucket
