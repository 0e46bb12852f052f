"""Festive Slots: start the play-money slot client.

    festive-slots [--game ID] [--demo] [--windowed | --fullscreen] [--mute] [--practice [--seed S]]
                  [--data-dir DIR] [--autoplay N] [--frames N] [--screenshot PATH] [--bench]
                  [--log-level LEVEL] [--restore-verified] [--version]

    festive-slots free-games [--grant N --stake CENTS [--game ID] [--reason TEXT]] [--data-dir DIR]

The same as ``python -m game`` and ``python main.py`` in a checkout. Exit status 0 on a clean
run; otherwise non-zero with one line saying why: on stderr, and in the log file. A windowed
Windows build has no stderr (``sys.stderr`` is None): there the line goes to the log file and a
message box instead. A wallet whose records do not verify (README, "What the wallet's seals protect
against") shows the attention screen; an unattended run stops with exit status 4 instead, and
``--restore-verified`` rebuilds it from its last verified state and exits.

``free-games`` is a command, not the game: it shows the wallet's bonus balance and free games, or
grants more (``game.promotions``, which documents its exit statuses), and opens no window. Every
command rejects an unknown argument with exit status 2; one whose output goes to a reader that
stops early (``| head``) ends quietly with status 141, as a program stopped by the pipe would.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import sys
from pathlib import Path

from game import PRODUCT, PROG


class _OneLineFormatter(logging.Formatter):
    """Console lines without tracebacks (those go to the log file)."""

    def format(self, record: logging.LogRecord) -> str:
        record = logging.makeLogRecord(record.__dict__)
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return super().format(record)


class _QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The log file; a write it cannot make (a full disk) is dropped, never a traceback on stderr."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def _setup_logging(level: int, data_dir: Path | None) -> None:
    root = logging.getLogger()
    root.setLevel(min(level, logging.INFO))
    if sys.stderr is not None:  # None in a windowed Windows build: the log file only
        console = logging.StreamHandler(sys.stderr)
        console.setLevel(level)
        console.setFormatter(
            logging.Formatter("%(levelname)s %(name)s: %(message)s") if level <= logging.DEBUG
            else _OneLineFormatter("%(levelname)s %(name)s: %(message)s")
        )
        console.addFilter(lambda record: getattr(record, "console", True))
        root.addHandler(console)
    if data_dir is None:
        return
    try:
        logs = data_dir / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        handler = _QuietFileHandler(logs / "client.log", maxBytes=1_000_000, backupCount=2, encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file (%s)", exc)
        return
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _message_box(text: str) -> None:
    """An error box on Windows (the windowed build's only way to tell the player)."""
    try:
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, text, PRODUCT, 0x10)  # type: ignore[attr-defined]  # Windows only
    except Exception:  # no box to be had: the log file still has the line
        logging.getLogger("main").debug("no message box", exc_info=True)


def _tell(line: str) -> None:
    """``line`` to the log file and to the player: stderr, or a message box when there is none."""
    if logging.getLogger().handlers:  # before the log is set up, the console line alone (no stray second copy)
        logging.getLogger("main").error("%s", line, extra={"console": False})
    stream = sys.stderr
    if stream is not None:
        try:
            stream.write(f"{line}\n")
            stream.flush()
        except (OSError, ValueError):
            pass
    elif sys.platform == "win32":
        _message_box(line)


def _parse(argv: list[str] | None):
    """The flags; a wrong one (or --help, --version) exits. Without streams (a windowed Windows
    build) argparse's text is caught and shown in a message box instead of being lost."""
    from game.client.options import parse_args

    if sys.stderr is not None and sys.stdout is not None:
        return parse_args(argv)  # exits 2 with one line on a wrong flag
    saved = sys.stdout, sys.stderr
    caught = io.StringIO()
    sys.stdout = sys.stderr = caught
    try:
        return parse_args(argv)
    except SystemExit:
        if caught.getvalue().strip() and sys.platform == "win32":
            _message_box(caught.getvalue().strip())
        raise
    finally:
        sys.stdout, sys.stderr = saved


# What a program stopped by a closed pipe returns (128 + SIGPIPE), as the shell reports one.
CLOSED_PIPE_STATUS = 141


def main(argv: list[str] | None = None) -> int:
    """The app or one of its commands; output piped to a reader that stops early (``| head``)
    ends quietly, with no traceback."""
    try:
        try:
            return _main(argv)
        finally:  # --help and --version leave by SystemExit: flushed here too
            if sys.stdout is not None:
                sys.stdout.flush()  # here, not at exit, where a closed pipe would be reported
    except BrokenPipeError:
        _silence_stdout()
        return CLOSED_PIPE_STATUS


def _silence_stdout() -> None:
    """Point stdout at the null device, so Python's final flush has nowhere to fail."""
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        sys.stdout = None  # no descriptor to redirect: nothing will be flushed


def _main(argv: list[str] | None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    words = sys.argv[1:] if argv is None else argv
    if words and words[0] == "free-games":  # the command, before the game's own flags
        from game import promotions

        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
        return promotions.main(words[1:])
    options = _parse(argv)  # exits 2 with one line on a wrong flag (an unusable --data-dir too)
    from game.client.options import OptionsError, check_writable_dir
    from game.store import default_data_dir

    data_dir = options.data_dir or default_data_dir()
    if options.data_dir is None:  # the default folder must be usable as well, before any log or window
        try:
            check_writable_dir(data_dir, "the data folder")
        except OptionsError as exc:
            _tell(f"{PROG}: error: {exc} (choose another with --data-dir)")
            return 2
    _setup_logging(options.logging_level, data_dir)
    log = logging.getLogger("main")
    from game.client.errors import DISK_FULL_STATUS, StartupError
    from game.store import DiskFull

    try:
        from game.client.app import restore_verified, run_app

        if options.restore_verified:
            print(restore_verified(options))
            return 0
        return run_app(options)
    except StartupError as exc:
        log.debug("start-up failed", exc_info=True)
        _tell(f"{PROG}: error: {exc}")
        return exc.status
    except DiskFull as exc:  # in play: the step before the refused write is kept (README, "Exit status")
        log.error("the disk is full", exc_info=True, extra={"console": False})
        _tell(f"{PROG}: error: {exc}")
        return DISK_FULL_STATUS
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # anything else: keep the traceback in the log, one line for the player
        log.critical("unexpected error", exc_info=True, extra={"console": False})
        _tell(f"{PROG}: error: unexpected {type(exc).__name__}: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
