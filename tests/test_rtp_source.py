"""Every game's RTP figure says what kind it is, and every page that shows it says the same.

A rule text either prints an RTP (``"source": "printed"`` in the game's data) or prints none, and
the figure is the project's design target (``"design_target"``). The rules page, the PAR sheets
and the help RTP page take their words from that field; nothing calls a design target printed.
Every expectation here is derived from the data, for every game of the catalogue.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.catalogue import CATALOGUE
from game.client.kit.help import PlayerRtpPage, stated_rtp_sentence
from game.engine import get_game
from game.engine.analysis.par import PAR_DIR, modes
from game.engine.data import RtpSource, StatedRtp
from tests import harness

ROOT = Path(__file__).resolve().parent.parent
GAMES = [item.id for item in CATALOGUE if item.available]


def stated(game_id: str) -> StatedRtp:
    return get_game(game_id).description.rtp


def percent(figure: str) -> str:
    """A regular expression for the figure as a page writes it ("96.2%"), not inside a longer number."""
    return rf"(?<![\d.]){re.escape(figure)}%"


def calls_it_printed(text: str, figures: tuple[str, ...]) -> list[str]:
    """Where ``text`` calls one of ``figures`` printed: "printed" a few words before it, or just after it."""
    flat = " ".join(text.split())
    return [m.group(0) for figure in figures
            for m in re.finditer(rf"printed[^.;|]{{0,40}}?{percent(figure)}|{percent(figure)}[^.;|]{{0,20}}?printed",
                                 flat, re.IGNORECASE)]


def section(text: str, heading: str) -> str:
    """A Markdown section's text, from its heading to the next heading of its level."""
    start = text.index(f"\n{heading}\n")
    level = heading.split(" ")[0]
    end = text.find(f"\n{level} ", start + len(heading) + 2)
    return text[start:] if end < 0 else text[start:end]


def test_the_helper_finds_a_design_target_called_printed() -> None:
    """The scan below would see the wording these pages used before the kind was in the data."""
    assert calls_it_printed("- **Printed**: 96.7%.", ("96.7",)) == ["Printed**: 96.7%"]
    assert calls_it_printed("holding the printed\n  96.2%: 80,000,000 spins", ("96.2",)) == ["printed 96.2%"]
    assert calls_it_printed("The target is **95.0%** (**printed**) for a game", ("95.0",)) == ["95.0%** (**printed"]
    assert calls_it_printed("rounds to the 96.7% target. No cap is printed.", ("96.7",)) == []
    assert calls_it_printed("printed 196.7%", ("96.7",)) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_states_its_rtp_with_its_kind(game_id: str) -> None:
    game = get_game(game_id)
    assert game.data_file is not None
    raw = json.loads(game.data_file.read_text(encoding="utf-8"))
    assert "printed_rtp" not in raw and raw["rtp"]["source"] in {kind.value for kind in RtpSource}
    rtp = game.description.rtp
    assert rtp.source is RtpSource(raw["rtp"]["source"])
    assert (rtp.buy is not None) == game.description.has_buy


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_names_the_kind(game_id: str) -> None:
    rtp = stated(game_id)
    text = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    said = section(text, "## Return to player")
    first = next(line for line in said.splitlines()[2:] if line.strip())  # the first line after the heading
    label = "**Printed** by the rule text" if rtp.source is RtpSource.PRINTED else "**Design target**"
    assert label in first, f"{game_id}: the RTP section opens with {first!r}"
    for figure in rtp.figures():
        assert re.search(percent(figure), said), f"{game_id}: the RTP section does not give {figure}%"
    if rtp.source is RtpSource.DESIGN_TARGET:
        assert "printed" not in said.lower(), f"{game_id}: a design target's RTP section says 'printed'"
        assert "the rule text prints no rtp" in " ".join(said.split()).lower()
        assert calls_it_printed(text, rtp.figures()) == []


@pytest.mark.parametrize(("game_id", "buy"), [(g, buy) for g in GAMES for buy in modes(g)])
def test_the_par_sheet_names_the_kind(game_id: str, buy: bool) -> None:
    """The committed sheet (tests/test_par.py holds it equal to what the generator writes today)."""
    rtp = stated(game_id)
    figure = rtp.of(buy)
    assert figure is not None
    text = (PAR_DIR / f"{game_id}{'_buy' if buy else ''}.md").read_text(encoding="utf-8")
    assert f"\n- RTP: {figure}, {rtp.source.phrase}\n" in text
    acceptance = section(text, "## 12. Against the acceptance rule")
    assert f"This game's stated RTP is {rtp.source.phrase}." in acceptance
    assert f"| figure | value | proven? | {rtp.source.words} RTP |" in acceptance
    if rtp.source is RtpSource.DESIGN_TARGET:
        assert "design target" in text and calls_it_printed(text, rtp.figures()) == []
        assert "printed rtp" not in text.lower() and "rtp printed" not in text.lower()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_design_notes_readme_and_math_never_call_a_design_target_printed(game_id: str) -> None:
    rtp = stated(game_id)
    if rtp.source is not RtpSource.DESIGN_TARGET:
        pytest.skip(f"{game_id}'s rule text prints its RTP")
    title = get_game(game_id).title
    design = (ROOT / "game" / "engine" / "games" / game_id / "DESIGN.md").read_text(encoding="utf-8")
    readme = [part for part in (ROOT / "README.md").read_text(encoding="utf-8").split("\n### ")
              if part.startswith(title)]
    math_rows = [line for line in (ROOT / "docs" / "MATH.md").read_text(encoding="utf-8").splitlines()
                 if line.startswith(f"| {title}")]
    # The game's own DESIGN.md always; the README's section and MATH.md's row, shared files a new game
    # need not write, wherever they are written.
    if readme:
        assert readme[0].splitlines()[0].startswith(f"{title} (design target ")
    for where, text in (("DESIGN.md", design), ("README", "".join(readme[:1])), ("docs/MATH.md", "\n".join(math_rows))):
        assert calls_it_printed(text, rtp.figures()) == [], f"{game_id}: {where} calls its design target printed"


@pytest.mark.parametrize("source", list(RtpSource))
def test_the_players_sentence_says_the_kind_in_plain_words(source: RtpSource) -> None:
    with_buy = stated_rtp_sentence(StatedRtp(source, "96.2%", "96.4%"), "Midnight Riches")
    plain = stated_rtp_sentence(StatedRtp(source, "95.0%"))
    assert "96.2%" in with_buy and "(96.4% for buying Midnight Riches)" in with_buy and "95.0%" in plain
    for sentence in (with_buy, plain):
        assert ("design target" in sentence) == (source is RtpSource.DESIGN_TARGET)
        assert ("print its RTP" in sentence) == (source is RtpSource.PRINTED)
        assert "_" not in sentence and "source" not in sentence  # a player's words, not the data's


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_rtp_page_says_the_kind(game_id: str, tmp_path: Path, display) -> None:
    rtp = stated(game_id)
    h = harness.open_game(tmp_path, game_id, surface=display)
    pages = [page for page in h.screen.help_pages() if isinstance(page, PlayerRtpPage)]
    assert len(pages) == 1, f"{game_id}: {len(pages)} RTP pages"
    page = pages[0]
    assert page.stated == rtp
    texts = page.texts()
    expected = stated_rtp_sentence(rtp, page.bought[0] if page.bought else None)
    assert expected in texts
    for figure in rtp.figures():
        assert re.search(percent(figure), expected)
    if rtp.source is RtpSource.DESIGN_TARGET:
        assert not [text for text in texts if "printed" in text.lower()], f"{game_id}: its RTP page says 'printed'"
