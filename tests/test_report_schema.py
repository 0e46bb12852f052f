"""One JSON schema for the simulation tool's reports (plain and stratified), the win distribution and its CSV."""

from __future__ import annotations

import csv
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.engine import GAME_IDS, get_game
from game.engine.analysis.cli import main
from game.engine.analysis.proof import ProofReport
from game.engine.analysis.simulate import WIN_EDGES, Report, win_bin
from game.engine.analysis.stratified import StratifiedReport

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "game" / "engine" / "analysis" / "report.schema.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def problems(value: Any, schema: dict, where: str = "$") -> list[str]:
    """The schema keywords this project uses, checked (type, required, properties, additionalProperties,
    items, enum, const, minimum, pattern, $ref, allOf, if/then)."""
    if "$ref" in schema:
        schema = SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    found: list[str] = []
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, kind) for kind in kinds):
            return [f"{where}: {value!r} is not {kinds}"]
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not in {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} is not {schema['const']!r}")
    if "minimum" in schema and isinstance(value, int | float) and value < schema["minimum"]:
        found.append(f"{where}: {value} is below {schema['minimum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        found.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        found += [f"{where}: missing {key}" for key in schema.get("required", []) if key not in value]
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                found += problems(item, properties[key], f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                found.append(f"{where}: unknown key {key}")
            elif isinstance(schema.get("additionalProperties"), dict):
                found += problems(item, schema["additionalProperties"], f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            found += problems(item, schema["items"], f"{where}[{i}]")
    for part in schema.get("allOf", []):
        if "if" in part:
            if not problems(value, part["if"], where):
                found += problems(value, part["then"], where)
        else:
            found += problems(value, part, where)
    return found


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, TYPES[kind])


def test_the_schema_names_every_field_of_every_report() -> None:
    fields = {f.name for kind in (Report, StratifiedReport, ProofReport) for f in dataclasses.fields(kind)}
    assert fields <= set(SCHEMA["properties"]), fields - set(SCHEMA["properties"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_shipped_report_follows_the_schema(game_id: str) -> None:
    folder = get_game(game_id).data_file.parent
    for name in ("rtp.json", "rtp_buy.json"):
        if (folder / name).exists():
            assert problems(json.loads((folder / name).read_text(encoding="utf-8")), SCHEMA) == [], name


@pytest.mark.parametrize("stratified", [False, True])
def test_fresh_reports_follow_the_schema_and_carry_the_win_distribution(tmp_path: Path, stratified: bool) -> None:
    out, table = tmp_path / "report.json", tmp_path / "wins.csv"
    args = ["fat_santa", "--rounds", "3000", "--workers", "1", "--seed", "6", "--quiet", "--json", str(out),
            "--csv", str(table)]
    if stratified:
        args += ["--stratified", "--feature-runs", "200"]
    assert main(args) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert problems(report, SCHEMA) == []
    assert report["generator"] and report["sd"] > 0
    parts = ["base_histogram", "feature_histogram"] if stratified else ["histogram"]
    for part, runs in zip(parts, [3000, 200]):
        rows = report[part]
        assert len(rows) == len(WIN_EDGES) + 2 and sum(row["rounds"] for row in rows) == runs
        assert rows[0]["to_x"] == 0 and rows[-1]["to_x"] is None
    whole = report["histogram"] if not stratified else report["base_histogram"]
    mean = report["rtp"] if not stratified else report["base_part_rtp"]
    assert sum(row["mean_x"] for row in whole) == pytest.approx(mean, rel=1e-9)
    with table.open(encoding="utf-8") as handle:
        read = list(csv.DictReader(handle))
    assert len(read) == len(parts) * (len(WIN_EDGES) + 2)
    assert {row["part"] for row in read} == ({"base", "free_games"} if stratified else {"round"})


def test_win_bins() -> None:
    assert [win_bin(x) for x in (0, 0.05, 1, 1.99, 2, 10_000, 50_000)] == [0, 1, 2, 2, 3, 14, 14]


def test_the_stratified_and_the_exact_parts_reports_share_one_base() -> None:
    from game.engine.analysis.report import FeatureReport

    assert issubclass(StratifiedReport, FeatureReport) and issubclass(ProofReport, FeatureReport)
    shared = {f.name for f in dataclasses.fields(FeatureReport)}
    assert shared < {f.name for f in dataclasses.fields(StratifiedReport)}
    assert shared < {f.name for f in dataclasses.fields(ProofReport)}
