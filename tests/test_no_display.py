"""Started where there is no desktop, the app says so in one line instead of sitting silent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_display_is_said_in_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--frames", "30"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2  # a start-up refusal, before any window
    last = done.stderr.strip().splitlines()[-1]
    assert "no display" in last and "SDL_VIDEODRIVER=dummy" in last
