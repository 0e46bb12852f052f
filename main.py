"""Festive Slots: start the play-money slot client.

    python main.py [--game ID] [--demo] [--windowed | --fullscreen] [--mute] [--seed S]
                   [--data-dir DIR] [--autoplay N] [--frames N] [--screenshot PATH] [--bench]
                   [--log-level LEVEL]

Exit status 0 on a clean run; otherwise non-zero with one line on stderr saying why.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

PROG = "main.py"


class _OneLineFormatter(logging.Formatter):
    """Console lines without tracebacks (those go to the log file)."""

    def format(self, record: logging.LogRecord) -> str:
        record = logging.makeLogRecord(record.__dict__)
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return super().format(record)


def _setup_logging(level: int, data_dir: Path | None) -> None:
    root = logging.getLogger()
    root.setLevel(min(level, logging.INFO))
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
        handler = logging.handlers.RotatingFileHandler(logs / "client.log", maxBytes=1_000_000, backupCount=2,
                                                       encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file (%s)", exc)
        return
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.client.options import OptionsError, check_writable_dir, parse_args

    options = parse_args(argv)  # exits 2 with one line on a wrong flag (an unusable --data-dir too)
    from game.store import default_data_dir

    data_dir = options.data_dir or default_data_dir()
    if options.data_dir is None:  # the default folder must be usable as well, before any log or window
        try:
            check_writable_dir(data_dir, "the data folder")
        except OptionsError as exc:
            sys.stderr.write(f"{PROG}: error: {exc} (choose another with --data-dir)\n")
            return 2
    _setup_logging(options.logging_level, data_dir)
    log = logging.getLogger("main")
    try:
        from game.client.app import StartupError, run_app

        return run_app(options)
    except StartupError as exc:
        log.debug("start-up failed", exc_info=True)
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return exc.status
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # anything else: keep the traceback in the log, one line for the player
        log.critical("unexpected error", exc_info=True, extra={"console": False})
        sys.stderr.write(f"{PROG}: error: unexpected {type(exc).__name__}: {exc}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
