""".ci/run runs the README's two set-up commands as written: it finds exactly those two, each making
and using the project's virtual environment."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_ci_finds_the_readmes_two_commands() -> None:
    run = subprocess.run(["bash", str(ROOT / ".ci" / "run"), "--print-commands"], capture_output=True, text=True,
                         timeout=60, check=True)
    game, tests = run.stdout.splitlines()
    block = re.search(r"^Set up on a fresh.*?^```sh\n(.*?)^```", (ROOT / "README.md").read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)
    assert block is not None
    assert [line for line in block.group(1).splitlines() if line and not line.startswith("#")] == [game, tests]
    for command in (game, tests):
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install -r requirements")
    assert game.endswith(".venv/bin/python main.py")  # .ci/run adds the frame limit and the dummy drivers
    assert tests.endswith("SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python -m pytest")
