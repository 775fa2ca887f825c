"""Shared test configuration: a deterministic Hypothesis profile for CI and `make test`."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# `make test` sets HYPOTHESIS_PROFILE=ci: fixed seed (derandomize), no deadlines, so runs
# are repeatable and never flaky on a loaded machine.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
settings.register_profile("dev", deadline=None, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
