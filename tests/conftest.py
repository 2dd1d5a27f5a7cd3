"""Test settings: under CI, hypothesis runs from a fixed seed so a run is reproducible."""

from __future__ import annotations

import os

from hypothesis import settings

# Locally every run explores new examples; CI (CI=true) replays the same ones, so a red CI run
# can be reproduced exactly and a green one is not luck.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
