"""Write levels/objecttypes.xml: the Tiled project's object classes as Tiled 1.8's object types.

    python -m tools.object_types            # (re)write levels/objecttypes.xml
    python -m tools.object_types --check    # exit 1 if the committed file differs

Tiled 1.9 and later take the classes a region may have from ``levels/festive-slots.tiled-project``
(its ``propertyTypes`` used as object classes). Tiled 1.8, which Debian 12 ships, has no object
classes in a project: it offers the *object types* of an ``objecttypes.xml`` file instead. This
file is that list, made from the project, so the two never disagree; a 1.8 user imports it once
(*View > Object Types Editor*, *File > Import*). The project does not name it: Tiled 1.9 and later
would import it over the project's own classes, dropping what 1.8's format cannot say (which
classes are drawn unfilled).

Exit status: 0 written (or up to date), 1 out of date (``--check``), 2 a wrong argument.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "levels" / "festive-slots.tiled-project"
OUTPUT = ROOT / "levels" / "objecttypes.xml"

logger = logging.getLogger("tools.object_types")


def _colour(argb: str) -> str:
    """The project's ``#aarrggbb`` as the object types' ``#rrggbb`` (1.8 draws types opaque)."""
    return "#" + argb[-6:] if len(argb) == 9 else argb


def _default(member: dict[str, object]) -> str:
    value = member.get("value", "")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render(project_path: Path = PROJECT) -> str:
    project = json.loads(project_path.read_text(encoding="utf-8"))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    classes = [t for t in project["propertyTypes"] if t.get("type") == "class" and "object" in t.get("useAs", [])]
    for declared in sorted(classes, key=lambda t: t["name"]):
        head = f' <objecttype name={quoteattr(declared["name"])} color={quoteattr(_colour(declared["color"]))}'
        members = sorted(declared.get("members", []), key=lambda m: m["name"])
        if not members:
            lines.append(head + "/>")
            continue
        lines.append(head + ">")
        for member in members:
            lines.append(f'  <property name={quoteattr(member["name"])} type={quoteattr(member["type"])} '
                         f"default={quoteattr(_default(member))}/>")
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(prog="python -m tools.object_types", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if levels/objecttypes.xml is out of date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != text:
            logger.error("object_types: %s is out of date: run python -m tools.object_types", OUTPUT.name)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    logger.info("wrote %s", OUTPUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
