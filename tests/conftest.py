import os

from hypothesis import HealthCheck, settings

# CI runs the same examples every time (no flaky shrinking across runs); locally hypothesis explores.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")
