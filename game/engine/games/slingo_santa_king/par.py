"""Slingo Santa King's PAR sheet (``python -m game.engine.par slingo_santa_king``), on the sections of ``par``.

The Reel King bonus, the spins a game plays and the free spins are exact (``exact.py``); the
ladder's prize is simulated (``rtp.json``, a proof by exact parts with Wald controls); the extra
spins' return per stake comes from the exact values of sampled offers (``extra_spins.json``,
``extra.py``).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ...analysis.par import (
    ACCEPT_HALF_WIDTH,
    LabFigures,
    Measured,
    Sheet,
    acceptance_section,
    bets_section,
    deviation_section,
    frac,
    header,
    lab_section,
    largest_seen,
    one_in,
    pct,
    rng_section,
    sources,
    stated_figure,
    stated_rtp,
)
from ...game import Game
from ...money import format_cents, multiplier_text
from .exact import bonus_exact, free_spin_law


def build(game: Game, buy: bool) -> Sheet:
    if buy:
        raise SystemExit("slingo_santa_king has no buy feature")
    g: Any = game
    d = g.description
    x = bonus_exact(g)
    report = Measured(game, "base")
    if not report.by_exact_parts:
        raise SystemExit("slingo_santa_king: rtp.json is not a proof by exact parts (docs/MATH.md)")
    assert game.data_file is not None
    extra_path = game.data_file.parent / "extra_spins.json"
    extra = json.loads(extra_path.read_text(encoding="utf-8")) if extra_path.exists() else None
    sheet = Sheet()
    header(sheet, game, False, (
        "One round is one whole Slingo game of 11 spins (and its free spins). Its Reel King bonus is exact (the"
        " trail and the free spins do not depend on the grid); the ladder's prize is simulated. Extra spins are"
        f" priced at their exact value over {pct(float(d.extra_rtp), 0)}, rounded up; section 7 gives their return."
        f" The 11-spin game's RTP: {stated_rtp(game, False)}."))
    sources(sheet, [report])
    rng_section(sheet, [
        "the grid: 5 distinct numbers of each column's 15 (`sample`);",
        "each spin: the trail's hold (one `randrange` below the hold's denominator, when the trail is above 0), the"
        " five reels (`randrange` over each reel's weighted symbols), each reel's ding (one `randrange` below its"
        " chance's denominator); the picks are the player's (or the strategy's, from a generator of its own);",
        "a bonus: the characters' number (`randrange` over the stage's range) and each mini spin's three reels;",
        "a Superspin Wheel spin: `randrange(price) < wheel price`.",
    ])

    def per_bet(bet: int) -> list[str]:
        return [format_cents(d.wheel_price), f"{float(Fraction(d.wheel_price, bet)):.1f}x"]

    at_bet = f"as the default stake ({pct(report['rtp'], 3)}: exact bonus, simulated ladder); rounding loss 0"
    bets_section(sheet, game, False, at_bet, per_bet, ["wheel price", "wheel price x stake"])

    sheet.h("3. The prize ladder (x stake, paid at the game's end)")
    rows = [[("Full House" if count == 12 else f"{count} Slingos"), multiplier_text(prize)]
            for count, prize in d.ladder.items()]
    sheet.t(["Slingos", "prize"], rows)
    sheet.p("11 Slingos cannot happen: the last unmarked cell is in at least two lines.")

    sheet.h("4. The reels")
    w = d.reel_weights
    total = 15 * w["number"] + sum(w[name] for name in ("wild", "super_wild", "diamond", "free_spin"))
    sheet.p(f"Every reel has the same weights, over {total} (extra spins: the free spin's weight left out):")
    sheet.t(["symbol", "weight", "chance a spin (base)"],
            [["each of its column's 15 numbers", w["number"], frac(Fraction(w["number"], total))],
             *[[name, w[name], frac(Fraction(w[name], total))] for name in ("wild", "super_wild", "diamond",
                                                                               "free_spin")]])
    sheet.p("A reel's number is in its grid column with chance 5/15, whatever the grid.")

    sheet.h("5. Spins, free spins and the Reel King bonus (exact)")
    law = free_spin_law(g)
    sheet.lines += [
        f"- Free-spin symbols a spin: {', '.join(f'{k}: {pct(p, 4)}' for k, p in enumerate(law) if p)}.",
        f"- Spins a game plays: **{float(x.spins):.8f}** (free spins {float(x.free_spins):.8f}); the chains stop"
        f" when the game is still playing with chance below {float(x.left_out):.1e}, which bounds what is left out.",
        f"- Trail: each reel dings with chance {', '.join(str(p) for p in d.trail.ding)}; the trail holds at a"
        f" spin's start with chance {d.trail.hold}.",
        "",
    ]
    rows = []
    for stage in d.trail.stages:
        outcomes = stage.outcome_law()
        rows.append([stage.level, stage.name, f"{stage.characters[0]}-{stage.characters[1]}",
                     one_in(x.by_stage[stage.level]) + " games",
                     ", ".join(f"{k} {pct(v, 2)}" for k, v in outcomes.items()),
                     f"{float(stage.character_mean()):.4f}x", f"{float(stage.mean()):.4f}x"])
    sheet.t(["stage", "name", "characters", "reached", "one mini spin", "a character wins", "the stage wins"], rows)
    pays = d.trail.stages[0].pays
    sheet.p("Mini-slot pays (x stake): three red 7s " + multiplier_text(pays["red"]) + ", three yellow "
            + multiplier_text(pays["yellow"]) + ", three blue " + multiplier_text(pays["blue"]) + ", mixed 7s "
            + multiplier_text(pays["mixed"]) + "; a blank ends the character.")
    sheet.p(f"Bonus a game: **{float(x.bonus_x):.8f}x stake** (exact).")

    sheet.h("6. The ladder's prize (simulated)")
    fr = report["feature_run_features"]
    m = report["feature_runs"]
    rows = [[count if count < 12 else "Full House", f"{fr.get(f'slingos_{count}', {}).get('runs', 0):,}",
             pct(fr.get(f"slingos_{count}", {}).get("runs", 0) / m, 4)] for count in [*range(1, 11), 12]]
    sheet.t(["Slingos at the end", "games", "share"], rows)
    cv = report["control_variate"]
    top = "the Full House" if report["feature_max_x"] == d.ladder[12] else "below the Full House"
    proposal = cv.get("proposal")
    drawn = ([f"- Importance sampling: the games are played on {proposal}, where the Full House comes far more"
              " often; each game counts with its likelihood ratio (the product over its reel symbols of each"
              " one's chance over its chance there), so every figure here is the game's own law (docs/MATH.md)."]
             if proposal else [])
    sheet.lines += [
        f"- Mean prize **{report['feature_average_x']:.4f}x stake, standard error {report['feature_se_x']:.4f}x**"
        f" ({report.cite()}); sd of one game's prize {report['feature_sd_x']:.2f}x.",
        *drawn,
        f"- Controls ({', '.join(cv['names'])}; exact means by Wald's identity"
        + (", the likelihood ratio's 1" if proposal else "") + "): variance"
        f" {cv['variance_reduction']:.2f} times smaller" + (" with the proposal" if proposal else "") + ".",
        "- Picks: the published strategy (most Slingos, then nearness, then lines through the cell; ties at"
        f" random). Highest ladder prize seen: {report['feature_max_x']:,.2f}x stake ({top}).",
        "",
    ]

    sheet.h("7. Extra spins")
    sheet.p(f"After the spins, up to {d.extra_spins} extra spins, each offered at its exact value (the ladder's gain"
            " with the strategy's picks, ties averaged, and the bonus it may play) over"
            f" {pct(float(d.extra_rtp), 0)}, rounded up to the cent. Above {format_cents(d.wheel_price)} the spin is"
            f" bought through the Superspin Wheel at {format_cents(d.wheel_price)} a try, winning with chance"
            f" {format_cents(d.wheel_price)} / price; {d.wheel_failures} losses in a row end the offers.")
    if extra is None or extra.get("data_sha256") != game.data_digest():
        sheet.p("**Not measured on today's data**: run `python -m game.engine.games.slingo_santa_king.extra --write`.")
    else:
        sheet.p(f"Measured on {extra['offers']:,} offers from {extra['games']:,} games that buy every spin (seed"
                f" {extra['seed']}; `{extra['command']}`); each offer's value is exact, so the return at a stake is"
                " the sum of the values over the sum of the prices at that stake:")
        sheet.t(["stake", "return of extra spins", "mean price", "through the wheel"],
                [[format_cents(int(stake)), pct(row["return"], 3), f"{row['mean_price']:.2f}",
                  pct(row["wheel_share"], 1)] for stake, row in extra["by_stake"].items()])

    sheet.h("8. RTP summary (the 11-spin game)")
    half = report["half_width"]
    rows = [
        ["Reel King bonus", pct(x.bonus_x), "exact", "the trail's chain x the spins-left chain"],
        ["the ladder's prize", f"{pct(report['feature_part_rtp'], 3)} +- {half * 100:.3f} pp",
         f"simulated: {report.cite()}", "95% interval"],
        ["**RTP**", f"**{pct(report['rtp'], 3)} +- {half * 100:.3f} pp**", "exact + simulated", "95% interval"],
    ]
    sheet.t(["part", "value", "how", "detail"], rows)
    deviation_section(sheet, report["rtp"], "exact bonus, simulated ladder", report["sd"], report.cite(), 1.0,
                      ["- Every game pays something only when it ends with a Slingo or plays a bonus that wins:"
                       f" {pct(1 - fr.get('slingos_0', {}).get('share_of_runs', 0), 2)} of the ladder runs end with"
                       " one or more Slingos."])

    sheet.h("10. Cap")
    sheet.p("None printed; a game's win is at most the Full House and the bonuses its spins play.")
    sheet.h("11. Rule readings")
    sheet.lines += [
        "- Column wilds are placed before super wilds, each wild left to right; a wild over a full column marks"
        " nothing.",
        "- The trail resets at a spin's start unless it holds, and after each bonus; a spin ending at 5 or more plays"
        " the stage min(trail, 9).",
        "- Free-spin symbols are not on the reels during extra spins; extra spins play the trail and the bonus.",
        f"- A game left unfinished for {d.pending_hours} hours is completed at launch by the strategy, buying nothing.",
        "",
    ]
    stated = d.rtp.base
    target = stated_figure(stated)
    acceptance_section(sheet, game, [[
        "RTP, proven" if half <= ACCEPT_HALF_WIDTH else "RTP, measured", report.interval(),
        "yes" if half <= ACCEPT_HALF_WIDTH else "no: half-width above 0.1 point",
        f"{stated}: " + ("inside" if report["ci_low"] <= target <= report["ci_high"] else "outside"),
    ]])
    lab_section(sheet, 13, LabFigures(
        largest=largest_seen(report, None),
        notes=["The reels have no strips: each spin draws each reel's symbol by its weights (section 4), so there is"
               " no cycle of stops to count; the ladder's prize is simulated (section 6)."]))
    return sheet
