"""python -m tools.release's parts (the whole build runs for minutes: it is run by hand, and by the
release workflow): the sums file, the glibc floor read from objdump, the bundle's libraries held
to the notices, the preconditions, and the workflow that calls the tool on three systems."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from tools import release

ROOT = Path(__file__).resolve().parent.parent


def test_sums_are_sha256sum_lines_and_catch_a_changed_file(tmp_path: Path) -> None:
    wheel, bundle = tmp_path / "a.whl", tmp_path / "b.tar.gz"
    wheel.write_bytes(b"wheel")
    bundle.write_bytes(b"bundle")
    sums = release.write_sums([wheel, bundle], tmp_path)
    assert sums.read_text(encoding="utf-8").splitlines() == [
        # sha256 of b"wheel" and b"bundle", as sha256sum prints them
        f"{hashlib.sha256(b'wheel').hexdigest()}  a.whl",
        f"{hashlib.sha256(b'bundle').hexdigest()}  b.tar.gz",
    ]
    assert release.verify_sums(sums) == []
    if shutil.which("sha256sum"):
        subprocess.run(["sha256sum", "--check", "--quiet", sums.name], cwd=tmp_path, check=True)
    bundle.write_bytes(b"bundle, changed")
    assert release.verify_sums(sums) == ["b.tar.gz"]


def test_the_glibc_floor_is_the_highest_version_objdump_lists() -> None:
    listing = """
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) memcpy
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.34) __libc_start_main
0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.17) clock_gettime
0000000000000000  w   D  *UND*  0000000000000000  Base        __gmon_start__
"""
    assert release.highest_glibc(listing) == (2, 34)
    assert release.highest_glibc("no versions here") is None


def test_every_library_in_a_bundle_must_be_named_in_the_notices(tmp_path: Path) -> None:
    for name in ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "libpython3.11.so.1.0", "libz.so.1",
                 "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "pygame/base.cpython-311.so",
                 "libmystery-0a1b2c.so.3"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    assert release.unnamed_libraries(tmp_path) == ["libmystery-0a1b2c.so.3"]


def test_archive_names_say_the_version_and_the_system() -> None:
    name = release.bundle_name("0.2.0")
    assert name.startswith("festive-slots-0.2.0-")
    assert name.endswith(".zip" if sys.platform == "win32" else ".tar.gz")
    if sys.platform.startswith("linux"):
        assert name.startswith("festive-slots-0.2.0-linux-")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the committed notices are the Linux ones")
def test_a_release_needs_its_changelog_section() -> None:
    release.check_preconditions(__version__)  # this version's section is there, the notices are current
    with pytest.raises(release.ReleaseError, match=r"CHANGELOG.md has no section '## \[9.9.9\] - DATE'"):
        release.check_preconditions("9.9.9")


def test_unknown_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        release.main(["--bogus"])
    assert stopped.value.code == 2 and "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_the_workflow_builds_the_same_release_on_three_systems() -> None:
    yaml = pytest.importorskip("yaml")  # installed with requirements-dev.txt (dask requires it)
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    build = workflow["jobs"]["build"]
    systems = {entry["os"].split("-")[0] for entry in build["strategy"]["matrix"]["include"]}
    assert systems == {"ubuntu", "windows", "macos"}
    assert "ubuntu-22.04" in {entry["os"] for entry in build["strategy"]["matrix"]["include"]}  # glibc 2.35
    commands = [step.get("run", "") for step in build["steps"]]
    assert "python -m pip install -r requirements-dev.txt" in commands
    assert "python -m tools.release --out dist" in commands
    assert workflow["jobs"]["publish"]["needs"] == "build"
