"""Loading game data files (JSON next to each game's code) with errors that name the place."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import DataError


def load_json(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read game data ({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise DataError(f"{path}: the top level must be an object")
    return data


class Reader:
    """Walks a JSON document, naming the file and key path in every error."""

    def __init__(self, source: str, value: Any, where: str = "") -> None:
        self.source = source
        self.value = value
        self.where = where

    def fail(self, message: str) -> DataError:
        place = f"{self.source}: {self.where}" if self.where else self.source
        return DataError(f"{place}: {message}")

    def child(self, key: str | int) -> Reader:
        if isinstance(key, int):
            if not isinstance(self.value, list):
                raise self.fail("expected a list")
            if not 0 <= key < len(self.value):
                raise self.fail(f"has no item {key}")
            where = f"{self.where}[{key}]"
        else:
            if not isinstance(self.value, dict):
                raise self.fail("expected an object")
            if key not in self.value:
                raise self.fail(f"missing key {key!r}")
            where = f"{self.where}.{key}" if self.where else key
        return Reader(self.source, self.value[key], where)

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def fields(self) -> list[str]:
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        return list(self.value)

    def items(self) -> Iterable[Reader]:
        if not isinstance(self.value, list):
            raise self.fail("expected a list")
        return [self.child(i) for i in range(len(self.value))]

    def text(self) -> str:
        if not isinstance(self.value, str) or not self.value:
            raise self.fail(f"expected a non-empty string, found {self.value!r}")
        return self.value

    def integer(self, minimum: int | None = None, maximum: int | None = None) -> int:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail(f"expected an integer, found {self.value!r}")
        if minimum is not None and self.value < minimum:
            raise self.fail(f"must be at least {minimum}, found {self.value}")
        if maximum is not None and self.value > maximum:
            raise self.fail(f"must be at most {maximum}, found {self.value}")
        return self.value

    def convert(self, parse: Callable[[Any], Any], what: str) -> Any:
        try:
            return parse(self.value)
        except (ValueError, ZeroDivisionError, TypeError) as exc:
            raise self.fail(f"expected {what}, found {self.value!r} ({exc})") from exc
