"""Slingo Santa King's rules (docs/rules/slingo_santa_king.md), on data from ``data.json``.

One round is one whole Slingo game: a 5x5 grid of numbers, 11 spins of five reels under it (more
with free-spin symbols), the Reel King trail and its character bonus, then extra spins the player
may buy, each priced at the exact value of that spin over the extra-spin RTP, up to 8. The
decisions of a round: where each wild and super wild marks (the valid cells are the options),
and after the spins each extra spin (bought, or collect) or Superspin Wheel spin. Wins are
multiples of the stake: the ladder's prize for the Slingos at the end, and each bonus.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...data import Reader, load_json, read_bets, read_pending_limit, read_stated_rtp
from ...describe import GameDescription
from ...game import Game
from ...money import multiplier_text, parse_multiplier
from ...parts import ExactParts, PayFigures
from ...rng import RoundRng
from ...round import Decision, PricedLater, RoundContext, RoundResult, Strategy
from ...wins import Evaluation
from .exact import bonus_exact
from .grid import COLUMN_MASKS, FULL, LINES, SIZE, best_cells, bit, cell_of, completed_lines, slingos, unmarked
from .grid import warm_up as warm_up_picks
from .pricing import PrizeGain, ReelOdds, SpinValue, count_prize, prize_gain, with_bonus
from .reel_king import REEL_SYMBOLS, Stage, Trail
from .rounding import pay_figures

DATA_FILE = Path(__file__).with_name("data.json")
SPECIALS = ("wild", "super_wild", "diamond", "free_spin")
FULL_HOUSE = len(LINES)  # every line: the 12th rung of the ladder
# The RTP proof's importance sampling (``proposal``): its ladder runs are played on reels with more
# wilds and super wilds and fewer diamonds (the specials' total weight unchanged), where the Full
# House, most of the ladder's variance, comes about 8 times as often; each run is weighted by its
# likelihood ratio. Chosen on pilot runs of 200,000: a weighted run's deviation 2.6x stake against 5.0x.
PROPOSAL_WEIGHTS = {"wild": 32, "super_wild": 18, "diamond": 75}


@dataclass(frozen=True, kw_only=True)
class SlingoDescription(GameDescription):
    """Slingo Santa King's figures for the screen and the help pages."""

    spins: int
    extra_spins: int  # at most this many bought after the spins
    extra_rtp: Fraction  # an extra spin's price is its value over this
    ladder: dict[int, Fraction]  # Slingos -> prize x stake (12: the Full House)
    reel_weights: dict[str, int]  # each number of a column's 15, and each special, on every reel
    trail: Trail
    wheel_price: int  # cents: above it an extra spin is bought through the Superspin Wheel, at this price
    wheel_failures: int  # failed wheel spins in a row after which the wheel is not offered again
    pending_hours: int

    @property
    def priced_extras(self) -> int:
        return self.extra_spins


class SlingoSantaKing(Game):
    id = "slingo_santa_king"
    reel_count = SIZE
    rows = SIZE
    description: SlingoDescription

    def __init__(self, data_file: Path = DATA_FILE, *, reel_weights: dict[str, int] | None = None) -> None:
        """``reel_weights`` replace some of the data's (the proof's proposal): nothing else may."""
        source = str(data_file)
        self.data_file = data_file
        doc = Reader(source, load_json(data_file))
        self.title = doc.child("title").text()
        self.numbers = doc.child("numbers_per_column").integer(SIZE)
        self.spins = doc.child("spins").integer(1)
        self.extra_spins = doc.child("extra_spins").integer(0)
        self.extra_rtp = doc.child("extra_rtp").convert(parse_multiplier, "a fraction such as '95/100'")
        if not 0 < self.extra_rtp <= 1:
            raise doc.child("extra_rtp").fail("the extra-spin RTP is above 0 and at most 1")
        ladder_doc = doc.child("ladder")
        self.ladder: dict[int, Fraction] = {}
        for key in ladder_doc.fields():
            count = FULL_HOUSE if key == "full_house" else int(key) if key.isdigit() else -1
            if not (1 <= count <= 10 or count == FULL_HOUSE):
                raise ladder_doc.fail(f"a rung is 1 to 10 Slingos or 'full_house', not {key!r}")
            self.ladder[count] = ladder_doc.child(key).convert(parse_multiplier, "a prize x stake")
        if sorted(self.ladder) != [*range(1, 11), FULL_HOUSE]:
            raise ladder_doc.fail("give a prize for 1 to 10 Slingos and the full_house")
        weights_doc = doc.child("reel_weights")
        self.reel_weights = {name: weights_doc.child(name).integer(0) for name in ("number", *SPECIALS)}
        self.reel_weights.update(reel_weights or {})
        self._proposal: SlingoSantaKing | None = None
        warm_up_picks()  # the picks' table, made with the game rather than in a round
        self._ratios: dict[str, float] | None = None  # each symbol's chance over the proposal's
        if self.reel_weights["number"] < 1:
            raise weights_doc.child("number").fail("every number must be able to land")
        total_weight = self.numbers * self.reel_weights["number"] + sum(self.reel_weights[name] for name in SPECIALS)
        if Fraction(SIZE * self.reel_weights["free_spin"], total_weight) >= 1:
            raise weights_doc.child("free_spin").fail(
                f"{SIZE} reels x {self.reel_weights['free_spin']}/{total_weight} free spins a spin: a spin must add"
                " fewer than one spin on average, or a game never ends")
        trail_doc = doc.child("trail")
        ding = tuple(item.convert(parse_multiplier, "a probability") for item in trail_doc.child("ding").items())
        if len(ding) != SIZE or not all(0 <= p < 1 for p in ding):
            raise trail_doc.child("ding").fail(f"one chance below 1 per reel ({SIZE})")
        hold = trail_doc.child("hold").convert(parse_multiplier, "a probability")
        stages = []
        pays_doc = doc.child("character_pays")
        pays = {name: pays_doc.child(name).convert(parse_multiplier, "a pay x stake")
                for name in ("red", "yellow", "blue", "mixed")}
        for index, stage_doc in enumerate(trail_doc.child("stages").items()):
            low, high = (item.integer(1) for item in stage_doc.child("characters").items())
            reels = tuple(tuple(w.integer(0) for w in reel.items()) for reel in stage_doc.child("reels").items())
            if len(reels) != 3 or any(len(reel) != len(REEL_SYMBOLS) or not reel[-1] for reel in reels):
                raise stage_doc.child("reels").fail("3 mini reels of red, yellow, blue, blank weights; a blank on each")
            stages.append(Stage(5 + index, stage_doc.child("name").text(), (low, high), reels, pays))  # type: ignore[arg-type]
        self.trail = Trail(ding, hold, tuple(stages))
        wheel = doc.child("wheel")
        self.wheel_price = wheel.child("price").integer(1)
        self.wheel_failures = wheel.child("failures").integer(1)
        self.pending_limit = read_pending_limit(doc, Game.pending_limit)
        self.pending_hours = int(self.pending_limit.total_seconds() // 3600)
        ladder = read_bets(doc)
        self.bets = ladder.ladder
        self.default_bet = ladder.default
        self.symbols = (*(str(n) for n in range(1, SIZE * self.numbers + 1)), *SPECIALS)
        self._bags = (self._bag(extra=False), self._bag(extra=True))
        self.description = SlingoDescription(
            id=self.id, title=self.title, bets=ladder, rtp=read_stated_rtp(doc), spins=self.spins,
            extra_spins=self.extra_spins, extra_rtp=self.extra_rtp, ladder=dict(self.ladder),
            reel_weights=dict(self.reel_weights), trail=self.trail, wheel_price=self.wheel_price,
            wheel_failures=self.wheel_failures, pending_hours=self.pending_hours,
        )

    def _bag(self, extra: bool) -> tuple[tuple[Any, ...], ...]:
        """Each reel's symbols, each as often as its weight (free spins left out of extra spins)."""
        bags = []
        for col in range(SIZE):
            bag: list[Any] = [n for n in self.column_range(col) for _ in range(self.reel_weights["number"])]
            for name in SPECIALS:
                if not (extra and name == "free_spin"):
                    bag += [name] * self.reel_weights[name]
            bags.append(tuple(bag))
        return tuple(bags)

    def column_range(self, col: int) -> range:
        return range(col * self.numbers + 1, (col + 1) * self.numbers + 1)

    def reel_odds(self, extra: bool) -> tuple[ReelOdds, ...]:
        total = len(self._bags[extra][0])
        w = self.reel_weights
        return tuple(ReelOdds(Fraction(w["number"], total), Fraction(w["wild"], total),
                              Fraction(w["super_wild"], total)) for _ in range(SIZE))

    def prize_of(self, mask: int) -> Fraction:
        return self.ladder.get(slingos(mask), Fraction(0))

    def pay_figures(self) -> PayFigures:
        return pay_figures(self)

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        """Slingo has no pay window: a round's prize is its grid's Slingos at the end."""
        return Evaluation()

    # -- pricing ----------------------------------------------------------------------------------

    def next_spin_value(self, mask: int, numbers: list[list[int]], trail: int,
                        gains: dict[int, PrizeGain] | None = None) -> SpinValue:
        """The exact value (x stake) of one more extra spin from this grid and trail.

        The prize it adds depends on the marked cells alone (a reel's numbers are equally likely),
        the bonus on the trail alone: ``gains`` keeps the first by grid, so a spin that marks
        nothing, or a wheel spin that fails, is priced again at no cost whatever the trail did.
        """
        gain = None if gains is None else gains.get(mask)
        if gain is None:
            prize_units, unit = count_prize(self.ladder)
            gain = prize_gain(mask, self.reel_odds(extra=True), prize_units, unit)
            if gains is not None:
                gains[mask] = gain
        return with_bonus(gain, self.trail, trail)

    def price(self, value: SpinValue, stake: int) -> int:
        """An extra spin's price in cents: its value over the extra-spin RTP, rounded up to the cent."""
        return self.price_cents(value.total, stake)

    def price_cents(self, value_x: Fraction, stake: int) -> int:
        """The price of a spin worth ``value_x`` x stake: over the extra-spin RTP, rounded up (1 cent at least)."""
        cents = value_x * stake / self.extra_rtp
        return max(1, -(-cents.numerator // cents.denominator))

    # -- proof by exact parts ------------------------------------------------------------------

    def exact_parts(self, buy: bool = False) -> ExactParts:
        """The Reel King bonus exact (its chain does not depend on the grid: ``exact.py``); the
        ladder's prize simulated, one game a run, with four controls whose means are exact by Wald's
        identity (each spin's reels are drawn alike and the number of spins is a stopping time): the
        reel numbers that are in the grid (a reel's number is in its column with chance 1/3), the
        wilds, the super wilds, and the free spins. The runs are drawn from ``proposal`` (importance
        sampling), each weighted by its likelihood ratio."""
        exact = bonus_exact(self)
        bag = self._bags[False][0]
        per_reel = {name: Fraction(bag.count(name), len(bag)) for name in ("wild", "super_wild", "free_spin")}
        numbers = Fraction(self.reel_weights["number"] * self.numbers, len(bag))
        per_spin = (numbers * Fraction(SIZE, self.numbers), per_reel["wild"], per_reel["super_wild"],
                    per_reel["free_spin"])
        means = tuple(exact.spins * SIZE * p for p in per_spin)
        return ExactParts(
            base_x=exact.bonus_x, rate=Fraction(1), starts=(({"ladder": True}, Fraction(1)),),
            control_names=("grid numbers shown", "wilds", "super wilds", "free spins"),
            control_means=(means,), source="game.engine.games.slingo_santa_king.exact",
            exact=(("spins a game", exact.spins, "the spins-left chain"),
                   ("bonus a game", exact.bonus_x, "the trail's chain"),
                   ("left out", exact.left_out, "the chains' tail, below which they stop")),
            proposal="reels with " + ", ".join(
                f"{name.replace('_', ' ')} {weight} (the game's {self.reel_weights[name]})"
                for name, weight in PROPOSAL_WEIGHTS.items()),
        )

    def proposal(self) -> SlingoSantaKing:
        """The proof's ladder runs' game: ``PROPOSAL_WEIGHTS`` on the reels, every other rule this game's."""
        if self._proposal is None:
            self._proposal = SlingoSantaKing(self.data_file or DATA_FILE,
                                             reel_weights={**self.reel_weights, **PROPOSAL_WEIGHTS})
        return self._proposal

    def likelihood_ratio(self, result: RoundResult) -> float:
        """The product over the run's reel symbols of this game's chance of each over the proposal's.

        The grid, the trail's dings and holds and the picks' ties are drawn alike in both games; the
        reels, one symbol a reel, are where they differ (a number is each of its column's 15 alike).
        """
        ratios = self._proposal_ratios()
        counts = dict.fromkeys(ratios, 0)
        for event in result.events:
            if event["type"] == "spin" and not event["extra"]:
                for symbol in event["reels"]:
                    counts["number" if isinstance(symbol, int) else symbol] += 1
        weight = 1.0
        for name, count in counts.items():
            if count:
                weight *= ratios[name] ** count
        return weight

    def _proposal_ratios(self) -> dict[str, float]:
        if self._ratios is None:
            mine, theirs = self._bags[False][0], self.proposal()._bags[False][0]
            self._ratios = {name: (mine.count(probe) / len(mine)) / (theirs.count(probe) / len(theirs))
                            for name, probe in (("number", 1), *((name, name) for name in SPECIALS))
                            if theirs.count(probe)}
        return self._ratios

    def feature_controls(self, result: RoundResult) -> tuple[float, ...]:
        numbers = wilds = supers = frees = 0
        grid: list[list[int]] = []
        for event in result.events:
            if event["type"] == "grid":
                grid = event["numbers"]
            elif event["type"] == "spin" and not event["extra"]:
                for col, symbol in enumerate(event["reels"]):
                    if isinstance(symbol, int):
                        numbers += symbol in grid[col]
                    else:
                        wilds += symbol == "wild"
                        supers += symbol == "super_wild"
                        frees += symbol == "free_spin"
        return float(numbers), float(wilds), float(supers), float(frees)

    # -- the strategy -----------------------------------------------------------------------------

    def strategy(self, decision: Decision, rng: RoundRng) -> Any:
        """The published best strategy: picks by the grid's ranking (ties at random); buys nothing."""
        if decision.kind in ("wild", "super_wild"):
            mask = decision.info["marked"]
            candidates = [col * SIZE + row for col, row in decision.options]
            chosen = best_cells(mask, candidates)
            index = chosen[rng.randrange(len(chosen))] if len(chosen) > 1 else chosen[0]
            return list(cell_of(index))
        return "collect"

    def buying(self, extra_spins: int) -> Strategy:
        """The published strategy, but buying the first ``extra_spins`` extra spins offered at their price
        (never a Superspin Wheel spin): what the demo plays, so that it shows the offers and a purchase."""

        def answer(decision: Decision, rng: RoundRng) -> Any:
            if decision.kind == "extra_spin":
                info = decision.info
                return "spin" if info["extra"] <= extra_spins and not info["wheel"] else "collect"
            return self.strategy(decision, rng)

        return answer

    def _offer(self, state: dict[str, int], numbers: list[list[int]], stake: int, bought: int,
               failures: int, gains: dict[int, PrizeGain]) -> PricedLater:
        """The offer of the next extra spin; priced (by enumeration) only when the answer needs it.

        Above the wheel price the spin is bought through the Superspin Wheel: the option costs the
        wheel price and wins the spin with chance wheel price / price.
        """
        mask, trail = state["mask"], state["trail"]

        def make() -> tuple[tuple[int, ...], dict[str, Any]]:
            value = self.next_spin_value(mask, numbers, trail, gains)
            price = self.price(value, stake)
            wheel = price > self.wheel_price
            info: dict[str, Any] = {
                "extra": bought + 1, "of": self.extra_spins, "price": price, "wheel": wheel,
                "could_win": multiplier_text(value.best), "value": multiplier_text(value.total),
                "marked": mask, "trail": trail,
            }
            if wheel:
                info["chance"] = multiplier_text(Fraction(self.wheel_price, price))
                info["failures"] = failures
            return (self.wheel_price if wheel else price, 0), info

        return PricedLater("extra_spin", ("spin", "collect"), "Buy an extra spin?", make, free=("collect",))

    # -- the round --------------------------------------------------------------------------------

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        rng = ctx.rng
        numbers = [rng.sample(list(self.column_range(col)), SIZE) for col in range(SIZE)]
        where = {n: bit(col, row) for col, column in enumerate(numbers) for row, n in enumerate(column)}
        ctx.emit({"type": "grid", "numbers": numbers})
        state = {"mask": 0, "trail": 0}
        spins = self.spins
        spin = 0
        while spin < spins:
            spin += 1
            added = yield from self._spin(ctx, state, where, spin, spins, extra=False)
            spins += added
        if 0 < (FULL & ~state["mask"]).bit_count() <= SIZE:  # one more spin could mark every cell left
            ctx.count("full_house_chance")
        bought = 0
        failures = 0
        gains: dict[int, PrizeGain] = {}  # a spin's prize gain by grid: a spin that marks nothing, the wheel
        while bought < self.extra_spins and state["mask"] != FULL and failures < self.wheel_failures:
            offer = self._offer(state, numbers, ctx.bet, bought, failures, gains)
            if (yield offer) == "collect":
                break
            info = offer.info
            if info["wheel"]:
                price = info["price"]
                won = rng.randrange(price) < self.wheel_price  # a green section of wheel price / price
                failures = 0 if won else failures + 1
                ctx.emit({"type": "wheel", "price": price, "chance": info["chance"], "won": won,
                          "failures": failures})
                ctx.count("wheel_spins")
                if not won:
                    continue
            bought += 1
            ctx.count("extra_spins")
            spin += 1
            yield from self._spin(ctx, state, where, spin, spins, extra=True)
        count = slingos(state["mask"])
        prize = self.ladder.get(count, Fraction(0))
        ctx.emit({"type": "game_end", "slingos": count, "full_house": state["mask"] == FULL,
                  "prize": multiplier_text(prize), "extra_spins": bought})
        if count:
            ctx.count(f"slingos_{count}")
        if ctx.defer_features:  # a proof's base round: the bonus only, the ladder is the simulated part
            ctx.deferred.append({"ladder": True})
            return
        ctx.award(prize)

    def _spin(self, ctx: RoundContext, state: dict[str, int], where: dict[int, int], spin: int, spins: int,
              extra: bool) -> Generator[Decision, Any, int]:
        """One spin of the reels, its picks and its bonus; returns the free spins it adds."""
        rng = ctx.rng
        trail = state["trail"]
        held = False
        if trail:
            held = _chance(rng, self.trail.hold)
            if not held:
                trail = 0
        bags = self._bags[extra]
        reels = [bag[rng.randrange(len(bag))] for bag in bags]
        dings = [_chance(rng, p) for p in self.trail.ding]
        trail += sum(dings)
        mask = state["mask"]
        marked = []
        for symbol in reels:
            if isinstance(symbol, int):
                cell = where.get(symbol)
                if cell is not None and not mask & cell:
                    mask |= cell
                    marked.append(list(cell_of(cell.bit_length() - 1)))
        added = reels.count("free_spin")
        if added:
            ctx.count("free_spins", added)
        ctx.emit({"type": "spin", "spin": spin, "spins": spins + added, "extra": extra, "reels": reels,
                  "dings": dings, "held": held, "trail": trail, "marked": marked})
        order = [(col, "wild") for col, s in enumerate(reels) if s == "wild"]
        order += [(col, "super_wild") for col, s in enumerate(reels) if s == "super_wild"]
        for col, kind in order:
            within = COLUMN_MASKS[col] if kind == "wild" else FULL
            options = tuple([*cell_of(i)] for i in unmarked(mask, within))
            if not options:
                ctx.emit({"type": "pick", "reel": col, "kind": kind, "cell": None})
                continue
            choice = yield Decision(kind, options, "Mark a number" if kind == "wild" else "Mark any number",
                                    info={"reel": col, "marked": mask})
            mask |= bit(*choice)
            ctx.count("picks")
            ctx.emit({"type": "pick", "reel": col, "kind": kind, "cell": list(choice)})
        before = slingos(state["mask"])
        state["mask"] = mask
        lines = completed_lines(mask)
        ctx.emit({"type": "spin_end", "slingos": len(lines), "lines": lines, "new": len(lines) - before,
                  "prize": multiplier_text(self.ladder.get(len(lines), Fraction(0)))})
        stage = self.trail.stage(trail)
        if stage is not None:
            characters, won = stage.play(rng)
            ctx.count(f"bonus_{stage.level}")
            ctx.emit({"type": "bonus", "stage": stage.level, "name": stage.name,
                      "characters": [{"spins": c["spins"], "x": multiplier_text(c["x"])} for c in characters],
                      "x": multiplier_text(won)})
            trail = 0
            if won and ctx.feature_start is None:  # a proof's ladder run leaves the bonus out: it is exact
                ctx.award(won)
        state["trail"] = trail
        return added




def _chance(rng: RoundRng, p: Fraction) -> bool:
    """True with probability exactly ``p`` (one draw below its denominator)."""
    return rng.randrange(p.denominator) < p.numerator
