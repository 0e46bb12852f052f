"""Kill the real app at random moments, relaunch it, and check the wallet after every relaunch.

    python -m tools.kill_campaign --kills 200 [--seed S] [--data-dir DIR] [--json PATH]
    python -m tools.kill_campaign --kills 50 --headless package.module:GameClass [--max-delay 2]
    python -m tools.kill_campaign --kills 30 --variant frequent-jackpot [--max-delay 2]
    python -m tools.kill_campaign --kills 20 --games slingo_santa_king  (priced extra spins bought)

Each launch opens a random game (``main.py --game G --autoplay K``, each round a bought feature
in 30% of the launches of a game that has one, autoplay buying up to 1-N priced extras a round
(``--extra-spins``) in every launch of a game whose engine offers them (Slingo's extra spins), turbo
on or off, a fresh ``--seed`` on the practice wallet:
``--practice``, since a seed plays on no other), or now and then the plain
lobby, and is killed with SIGKILL after a random delay. Before a quarter of the launches (the app
dead) the wallet is granted a few free games at 1.00 for any game offering it (for the headless
player's game: at its default bet), which the launch plays first (0.4 to 10 s by default: in start-up,
mid-spin, mid-feature, mid-settlement, idle). After every kill, with the app dead, the
wallet is opened and checked:

* it opens without a notice (a kill is not damage) and its journal agrees with SQLite;
* the audit passes: the balance is the start plus every movement, each ``balance_after``
  follows, every round has exactly one purchase debit, one debit per priced decision, and at
  most one credit, equal to its win;
* every priced decision (a bought extra spin) is recorded with its price and paid once: its debits
  (cash, then bonus) add up to that price, a free answer has none, and a settled round's replay
  prices every answer as recorded and costs what the round cost;
* the round left open by the previous kill, if any, was resumed by this launch at exactly the
  step it had recorded (the app's log says ``resuming <game> round <id> at step <n>``), unless
  this launch was killed before it got there;
* every round settled since the last check won what a replay of its seed and decisions wins;
* every jackpot pool agrees with its game's rules (``game.session.pool_problems``), each round
  settled paid the jackpots and left the pool its replay does, and money is conserved: the start,
  the top-ups, the free games granted (the bonus balance's money) and every seed put in a pool are
  the balance, the bonus balance, the pools and the house's take.

The figures count the kills that landed around a priced answer (a round left open after buying,
or waiting at a priced question) and between a jackpot win and its settlement (a round left open
whose outcome is decided and pays a jackpot). ``--variant frequent-jackpot`` plays the test variant
of Naughty or Nice? whose jackpot lands every few spins (``tools.kill_variants``, headless, its own
game id and pool: never the player's build or wallet), so kills land there.

``--headless MODULE:CLASS`` kills a game's engine and wallet without its screen (a game before its
client exists, or a test game) the same way: each launch is ``python -m tools.kill_campaign --play MODULE:CLASS``,
which resumes the open round where it stood and plays rounds through the session (answering by
the game's strategy, recording each step shown), with the same log lines and checks.

Exit status 0 when every check passed, 1 otherwise; the figures are printed (and written as JSON
with ``--json``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.availability import playable
from game.catalogue import CATALOGUE, GameEntry, load_class, plugged
from game.engine import RoundResult, get_game
from game.engine.jackpot import UNITS_PER_CENT
from game.session import PlaySession, pool_problems
from game.store import PRACTICE_FOLDER, InsufficientFunds, RoundRecord, Wallet
from tools.kill_variants import VARIANTS

log = logging.getLogger("kill_campaign")

ROOT = Path(__file__).resolve().parent.parent
RESUMING = re.compile(r"resuming (\w+) round (\d+) at step (\d+)")
TOP_UP_BELOW = 200_000  # cents: enough for a bought feature at the default bet
TOP_UP = 500_000
BUY_SHARE = 0.3  # launches of a game with a buy that buy it (a bought feature outlasts several kills)
TURBO_SHARE = 0.7
FREE_GAMES_SHARE = 0.25  # launches before which the wallet is granted free games (none left then)
FREE_GAMES = 3
FREE_STAKE = 100  # cents: on the ladder of every product game
HEADLESS_STEP_S = 0.05  # a headless launch's time per event shown, so that kills land mid-round


@dataclass
class Figures:
    kills: int = 0
    launches: int = 0
    ended_before_kill: int = 0
    rounds_begun: int = 0
    rounds_settled: int = 0
    bought_features: int = 0
    rounds_with_features: int = 0
    features: dict[str, int] = field(default_factory=dict)
    killed_mid_round: int = 0  # kills that left a round open
    resumes_expected: int = 0
    resumes_at_the_recorded_step: int = 0
    resumes_not_reached: int = 0  # killed again before the app got to the resume
    replays_checked: int = 0
    wallet_checks: int = 0
    top_ups: int = 0
    free_games_granted: int = 0
    free_games_settled: int = 0  # rounds settled that were free games (paid from the bonus balance)
    seconds: float = 0.0
    jackpots_paid: int = 0  # rounds settled with a jackpot from a pool
    pool_checks: int = 0
    priced_decisions: int = 0  # priced answers (bought extra spins) of the rounds settled, each checked
    rounds_with_priced: int = 0
    killed_after_priced: int = 0  # kills that left a round open with a priced answer recorded
    killed_at_priced_question: int = 0  # kills that left a round open waiting at a priced question
    killed_after_jackpot: int = 0  # kills that left a round open whose jackpot is won, not yet settled
    failures: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Launch:
    game: str | None
    autoplay: int | None
    buy: bool
    turbo: bool
    seed: int
    delay: float
    headless: str | None = None  # "module:Class": a launch of the headless player, not of the app
    extra_spins: int = 0  # autoplay buys up to this many priced extras a round (--extra-spins)

    def args(self, data: Path) -> list[str]:
        """The launch's command on the data folder ``data`` (its wallet: ``wallet_dir(data)``)."""
        if self.headless is not None:
            args = [sys.executable, "-m", "tools.kill_campaign", "--play", self.headless,
                    "--data-dir", str(wallet_dir(data)),
                    "--seed", str(self.seed), "--rounds", str(self.autoplay or 1)]
            return args + (["--buy"] if self.buy else [])
        args = [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--mute", "--log-level", "info",
                "--practice", "--seed", str(self.seed)]
        if self.game is not None:
            args += ["--game", self.game]
        if self.autoplay is not None:
            args += ["--autoplay", str(self.autoplay)]
        if self.buy:
            args.append("--buy")
        if self.extra_spins and self.autoplay is not None:
            args += ["--extra-spins", str(self.extra_spins)]
        return args


def extras_for(game_id: str, seed: int) -> int:
    """How many priced extras a launch of ``game_id`` has autoplay buy: 1 to the most its engine offers
    (from the launch's seed, so the campaign's other choices stay as they were); 0 for a game with none."""
    offered = get_game(game_id).description.priced_extras
    return 1 + seed % offered if offered else 0


def wallet_dir(data: Path) -> Path:
    """The wallet the campaign plays and checks: the practice wallet of the data folder ``data``."""
    return data / PRACTICE_FOLDER


def choose_launch(rng: random.Random, min_delay: float, max_delay: float, headless: str | None = None,
                  games: tuple[str, ...] | None = None) -> Launch:
    """A launch of a random game (of ``games``, when given), or now and then of the lobby."""
    delay = rng.uniform(min_delay, max_delay)
    if headless is not None:
        played = get_game(headless_entry(headless).id)
        buy = played.buy_price_x is not None and rng.random() < BUY_SHARE
        return Launch(played.id, rng.randint(1, 20), buy, False, rng.randrange(2**32), delay, headless=headless)
    games = list(games) if games else [entry.id for entry in CATALOGUE if playable(entry.id)]
    if rng.random() < 0.12:  # the lobby: only a resume happens, if a round is open
        return Launch(None, None, False, rng.random() < 0.5, rng.randrange(2**32), delay)
    game = rng.choice(games)
    buy = get_game(game).buy_price_x is not None and rng.random() < BUY_SHARE
    autoplay, turbo, seed = rng.randint(1, 20), rng.random() < TURBO_SHARE, rng.randrange(2**32)
    return Launch(game, autoplay, buy, turbo, seed, delay, extra_spins=extras_for(game, seed))


def replay_win(record: RoundRecord) -> int:
    return replay(record).win


def replay(record: RoundRecord) -> RoundResult:
    game = get_game(record.game_id)
    return game.play(record.bet, record.seed, buy=record.buy, state=record.state_in, decisions=record.decisions,
                     entropy=record.entropy)


def money_sides(wallet: Wallet) -> tuple[int, int]:
    """Both sides of the conservation of money, in hundredths of a cent: (start + top-ups + the
    grants of free games + every seed put in a jackpot pool, balance + bonus balance + the pools +
    the house's take). The house takes each stake (cash and bonus) less its pool share (a round
    still open has paid its stake) and pays each win (to cash and bonus) less the part paid from a
    pool; a stake returned gives the pool share back too."""
    rounds = wallet.recall(None, 1_000_000)
    pool_rows = wallet.pool_ledger()
    refunds = {e.round_id: e.units for e in pool_rows if e.kind == "refund"}
    house = sum(r.cost * UNITS_PER_CENT - r.pool_contribution + refunds.get(r.id, 0) for r in rounds)
    house -= sum((r.win - r.jackpot) * UNITS_PER_CENT for r in rounds if r.win is not None)
    seeds = sum(e.units for e in pool_rows if e.kind in ("seed", "reseed"))
    top_ups = sum(e.amount for e in wallet.ledger() if e.kind == "top_up")
    granted = sum(e.amount for e in wallet.bonus_ledger() if e.kind == "grant")
    held = sum(wallet.jackpot_pool(game_id) or 0 for game_id in {e.game_id for e in pool_rows})
    return ((wallet.starting_balance + top_ups + granted) * UNITS_PER_CENT + seeds,
            (wallet.balance + wallet.bonus_balance) * UNITS_PER_CENT + held + house)


def headless_entry(target: str) -> GameEntry:
    """A catalogue entry for the game class ``module:Class`` (plugged in unless the catalogue has it)."""
    game_id = load_class(target).id
    for item in CATALOGUE:
        if item.id == game_id:
            return item
    return GameEntry(game_id, game_id, "played headless by the kill campaign", engine=target)


def play_headless(target: str, data: Path, seed: int, rounds: int, buy: bool) -> int:
    """One launch of the headless player: resume the open round, then play ``rounds`` rounds.

    As the app does: the round is paid before anything is shown, each event shown is recorded
    as progress, each question is answered by the game's strategy (a free option when the
    balance cannot pay the one it chose), and the win is credited at the end. The game's free
    games, if it has any, are played first.
    """
    logging.basicConfig(level=logging.INFO, format="%(name)s %(levelname)s %(message)s")
    game = load_class(target)()
    wallet = Wallet.open(data).wallet
    session = PlaySession(wallet, game, seed=seed)
    active = session.resume_open_round()
    played = 0
    while active is not None or played < rounds:
        if active is None:
            try:
                if session.free_game is not None:
                    active = session.spin(free=True)
                else:
                    active = session.spin(buy=buy and session.can_afford(buy=True))
            except InsufficientFunds:
                break
            played += 1
        while True:
            for step in range(active.step, len(active.events)):
                time.sleep(HEADLESS_STEP_S)
                session.mark_progress(active, step + 1)
            if active.pending is None:
                break
            choice = game.choose(active.play)
            if not session.can_afford_choice(active, choice):
                choice = active.pending.free_options[0]
            session.decide(active, choice)
        session.settle(active)
        active = None
    wallet.close()
    return 0


class Campaign:
    def __init__(self, data: Path, rng: random.Random, figures: Figures, headless: str | None = None,
                 grants: random.Random | None = None, games: tuple[str, ...] | None = None) -> None:
        self.data = data
        self.wallet_dir = wallet_dir(data)
        self.rng = rng
        self.grants = grants or random.Random(0)  # its own: the launches chosen do not depend on the grants
        self.figures = figures
        self.headless = headless
        self.games = games
        self.checked_rounds: set[int] = set()
        self.seen_rounds: set[int] = set()

    def fail(self, text: str) -> None:
        log.error("FAIL %s", text)
        self.figures.failures.append(text)

    def prepare(self, launch: Launch) -> RoundRecord | None:
        """Before a launch (app dead): settings, a top-up when low; the open round it must resume."""
        wallet = Wallet.open(self.wallet_dir).wallet
        try:
            wallet.set_setting("turbo", launch.turbo)
            if wallet.balance < TOP_UP_BELOW and not wallet.open_rounds():
                wallet.top_up(TOP_UP)
                self.figures.top_ups += 1
            granting = self.grants.random() < FREE_GAMES_SHARE
            if launch.game is not None and granting and not wallet.free_games(launch.game):
                game = get_game(launch.game)
                stake, game_id = (game.default_bet, game.id) if launch.headless else (FREE_STAKE, None)
                wallet.grant_free_games(FREE_GAMES, stake, game_id, reason="kill campaign")
                self.figures.free_games_granted += FREE_GAMES
            open_rounds = wallet.open_rounds()
            return open_rounds[0] if open_rounds else None
        finally:
            wallet.close()

    def launch_and_kill(self, launch: Launch, stderr_path: Path) -> float:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        with stderr_path.open("wb") as sink:
            began = time.monotonic()
            app = subprocess.Popen(launch.args(self.data), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                   stderr=sink)
            try:
                app.wait(timeout=launch.delay)
                self.figures.ended_before_kill += 1
                if app.returncode != 0:
                    self.fail(f"launch {launch} ended by itself with status {app.returncode}")
            except subprocess.TimeoutExpired:
                app.send_signal(signal.SIGKILL)
                app.wait(timeout=30)
                self.figures.kills += 1
        self.figures.launches += 1
        return time.monotonic() - began

    def check(self, launch: Launch, expected: RoundRecord | None, stderr: str) -> None:
        """After a kill (app dead): the wallet, the resume, and the new settlements."""
        figures = self.figures
        figures.wallet_checks += 1
        opened = Wallet.open(self.wallet_dir)
        wallet = opened.wallet
        try:
            if opened.notice is not None:
                self.fail(f"the wallet opened with a notice after a kill: {opened.notice}")
            for problem in wallet.audit():
                self.fail(f"audit: {problem}")
            for problem in wallet.journal_problems():
                self.fail(f"journal: {problem}")
            if wallet.balance < 0 or wallet.bonus_balance < 0:
                self.fail(f"negative balance {wallet.balance} or bonus balance {wallet.bonus_balance}")
            self._check_resume(expected, stderr, wallet)
            self._check_rounds(wallet)
            self._check_pools(wallet)
        finally:
            wallet.close()

    def _check_pools(self, wallet: Wallet) -> None:
        """The pools against their games' rules, and the money conserved across them."""
        self.figures.pool_checks += 1
        for game_id in sorted({e.game_id for e in wallet.pool_ledger()}):
            for problem in pool_problems(wallet, get_game(game_id)):
                self.fail(f"pool of {game_id}: {problem}")
        start, held = money_sides(wallet)
        if start != held:
            self.fail(f"money not conserved: start, top-ups, grants and seeds {start} units, "
                      f"but balance, bonus, pools and the house's take {held}")

    def _check_resume(self, expected: RoundRecord | None, stderr: str, wallet: Wallet) -> None:
        figures = self.figures
        resumes = [(g, int(r), int(s)) for g, r, s in RESUMING.findall(stderr)]
        if expected is None:
            if resumes:
                self.fail(f"a resume with no round open: {resumes}")
            return
        figures.resumes_expected += 1
        step = int(expected.progress.get("step", 0)) if expected.progress else 0
        if not resumes:
            if wallet.get_round(expected.id).status == "settled":
                self.fail(f"round {expected.id} was settled without being resumed")
            figures.resumes_not_reached += 1
            return
        if resumes[0] != (expected.game_id, expected.id, step):
            self.fail(f"resumed {resumes[0]}, expected {(expected.game_id, expected.id, step)}")
        else:
            figures.resumes_at_the_recorded_step += 1

    def _check_rounds(self, wallet: Wallet) -> None:
        figures = self.figures
        rounds = wallet.recall(None, 1_000_000)
        debits: dict[int, dict[int, list[int]]] = {}
        for e in [*wallet.ledger(), *wallet.bonus_ledger()]:
            if e.kind == "debit" and e.round_id is not None and e.decision_seq is not None:
                debits.setdefault(e.round_id, {}).setdefault(e.decision_seq, []).append(e.amount)
        for record in rounds:
            self._check_priced(record, debits.pop(record.id, {}))
            if record.id not in self.seen_rounds:
                self.seen_rounds.add(record.id)
                figures.rounds_begun += 1
                figures.bought_features += record.buy
            if record.status != "settled" or record.id in self.checked_rounds:
                continue
            self.checked_rounds.add(record.id)
            figures.rounds_settled += 1
            figures.free_games_settled += record.free_game is not None
            features = {k: v for k, v in ((record.summary or {}).get("features") or {}).items() if v}
            if features:
                figures.rounds_with_features += 1
                for name in features:
                    figures.features[name] = figures.features.get(name, 0) + 1
            if record.note:
                self.fail(f"round {record.id} settled with a note: {record.note}")
            again = replay(record)
            figures.replays_checked += 1
            if again.win != record.win:
                self.fail(f"round {record.id} ({record.game_id} seed {record.seed}) won {record.win}, "
                          f"its replay {again.win}")
            bought = [price for price in record.decision_costs if price]
            figures.priced_decisions += len(bought)
            figures.rounds_with_priced += bool(bought)
            if (list(again.decision_costs), again.cost) != (record.decision_costs, record.cost):
                self.fail(f"round {record.id} paid {record.decision_costs} (cost {record.cost}), its replay prices "
                          f"{list(again.decision_costs)} (cost {again.cost})")
            if get_game(record.game_id).jackpot is not None:
                figures.jackpots_paid += record.jackpot > 0
                if (record.jackpot, record.state_out) != (again.jackpot, again.state_out):
                    self.fail(f"round {record.id} paid a jackpot of {record.jackpot} and left the pool "
                              f"{record.state_out}, its replay {again.jackpot} and {again.state_out}")
        if len(wallet.open_rounds()) > 1:
            self.fail(f"{len(wallet.open_rounds())} rounds open at once")

    def _count_left_open(self, record: RoundRecord) -> None:
        """Where the kill left the open round: after a priced answer, at a priced question, or with
        its jackpot won and not yet settled."""
        figures = self.figures
        figures.killed_after_priced += any(record.decision_costs)
        play = get_game(record.game_id).start(record.bet, record.seed, buy=record.buy, state=record.state_in,
                                              decisions=record.decisions, entropy=record.entropy)
        if play.pending is not None:
            figures.killed_at_priced_question += any(play.pending.costs)
        else:
            figures.killed_after_jackpot += play.result.jackpot > 0

    def _check_priced(self, record: RoundRecord, debits: dict[int, list[int]]) -> None:
        """Every answer recorded with its price, and each price paid once: its debits add up to it."""
        if len(record.decision_costs) != len(record.decisions):
            self.fail(f"round {record.id}: {len(record.decisions)} answers, {len(record.decision_costs)} prices")
        for seq, price in enumerate(record.decision_costs):
            paid = debits.pop(seq, [])
            if sum(paid) != price or (price and not paid):
                self.fail(f"round {record.id}: answer {seq} costs {price}, debited {paid}")
        if debits:
            self.fail(f"round {record.id}: debits {debits} for no recorded answer")

    def run(self, kills: int, min_delay: float, max_delay: float) -> None:
        with tempfile.TemporaryDirectory(prefix="kill-campaign-logs-") as logs:
            while self.figures.kills < kills:
                launch = choose_launch(self.rng, min_delay, max_delay, self.headless, self.games)
                expected = self.prepare(launch)
                if expected is not None and self.headless is None:
                    # The open round resumes first; a round waiting on a pick (Slingo's, the Bonus
                    # Substitute) waits for its player, so launch its game with autoplay, whose
                    # strategy answers, as a player at the machine would.
                    # Its game's autoplay buys priced extras too: the resumed round may be at one.
                    launch = dataclasses.replace(launch, game=expected.game_id, autoplay=launch.autoplay or 1,
                                                 buy=launch.buy and get_game(expected.game_id).buy_price_x is not None,
                                                 extra_spins=extras_for(expected.game_id, launch.seed))
                stderr_path = Path(logs) / "launch.log"
                self.launch_and_kill(launch, stderr_path)
                stderr = stderr_path.read_text(errors="replace")
                failures = len(self.figures.failures)
                self.check(launch, expected, stderr)
                wallet = Wallet.open(self.wallet_dir).wallet
                try:
                    left_open = wallet.open_rounds()
                finally:
                    wallet.close()
                self.figures.killed_mid_round += bool(left_open)
                if left_open:
                    self._count_left_open(left_open[0])
                if len(self.figures.failures) > failures:
                    log.error("launch %s; its log ends:\n%s", launch, stderr[-1500:])
                if self.figures.launches % 10 == 0:
                    log.info("%d kills, %d rounds settled, %d resumes at the recorded step, %d failures",
                             self.figures.kills, self.figures.rounds_settled,
                             self.figures.resumes_at_the_recorded_step, len(self.figures.failures))


def campaign(kills: int, *, seed: int, data: Path, min_delay: float = 0.4, max_delay: float = 10.0,
             headless: str | None = None, games: tuple[str, ...] | None = None) -> Figures:
    """Run a campaign of ``kills`` kills on the wallet in ``data``; the figures (failures included).

    ``headless`` ("module:Class"): kill launches of the headless player of that game instead of the app.
    ``games``: the app's launches open only these games (and the lobby now and then).
    """
    known = {item.id for item in CATALOGUE}
    unknown = [g for g in games or () if g not in known or not playable(g)]
    if unknown:
        raise ValueError(f"not playable: {', '.join(unknown)}")
    figures = Figures()
    began = time.monotonic()
    entry = headless_entry(headless) if headless is not None else None
    if entry is not None and entry in CATALOGUE:
        entry = None  # a product game: nothing to plug in
    get_game.cache_clear()
    try:
        if entry is not None:
            with plugged(entry):
                Campaign(data, random.Random(seed), figures, headless, random.Random(seed + 1)).run(
                    kills, min_delay, max_delay)
        else:
            Campaign(data, random.Random(seed), figures, headless, random.Random(seed + 1), games).run(
                kills, min_delay, max_delay)
    finally:
        get_game.cache_clear()
    figures.seconds = round(time.monotonic() - began, 1)
    return figures


def report(figures: Figures) -> str:
    features = ", ".join(f"{name} {count}" for name, count in sorted(figures.features.items()))
    return "\n".join([
        f"kills: {figures.kills} (launches {figures.launches}, {figures.ended_before_kill} ended by themselves)",
        f"rounds: {figures.rounds_begun} begun, {figures.rounds_settled} settled and replayed to the same win, "
        f"{figures.bought_features} bought features",
        f"rounds with features: {figures.rounds_with_features} ({features})",
        f"kills that left a round open: {figures.killed_mid_round}; resumes: {figures.resumes_expected} expected, "
        f"{figures.resumes_at_the_recorded_step} at the recorded step, {figures.resumes_not_reached} killed "
        "again before the resume",
        f"wallet checks: {figures.wallet_checks} (audit, journal, resume, replays, pools), top-ups {figures.top_ups}",
        f"free games: {figures.free_games_granted} granted, {figures.free_games_settled} settled",
        f"jackpots paid: {figures.jackpots_paid} (pool checks {figures.pool_checks})",
        f"priced answers: {figures.priced_decisions} bought in {figures.rounds_with_priced} rounds settled, each "
        f"paid once; kills after one {figures.killed_after_priced}, at a priced question "
        f"{figures.killed_at_priced_question}, between a jackpot won and its settlement {figures.killed_after_jackpot}",
        f"failures: {len(figures.failures)}",
        f"time: {figures.seconds:.0f} s",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, help="how many times to kill the app")
    parser.add_argument("--seed", type=int, default=None, help="the campaign's own choices (default: random)")
    parser.add_argument("--data-dir", type=Path, default=None, help="the wallet folder (default: a new temporary one)")
    parser.add_argument("--min-delay", type=float, default=0.4, help="shortest time to a kill (s)")
    parser.add_argument("--max-delay", type=float, default=10.0, help="longest time to a kill (s)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--headless", metavar="MODULE:CLASS", default=None,
                        help="kill the headless player of this game instead of the app")
    parser.add_argument("--games", nargs="+", metavar="ID", default=None,
                        help="the app's launches open only these games (default: every playable one)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                        help="kill the headless player of a test variant of a game's data (tools.kill_variants)")
    parser.add_argument("--play", metavar="MODULE:CLASS", default=None, help=argparse.SUPPRESS)  # one launch
    parser.add_argument("--rounds", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--buy", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is not None:
        return play_headless(args.play, args.data_dir, args.seed, args.rounds, args.buy)
    if args.kills is None:
        parser.error("--kills is required")
    if args.variant is not None:
        if args.headless is not None:
            parser.error("--variant and --headless cannot be used together")
        args.headless = VARIANTS[args.variant]
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    log.setLevel(logging.INFO)  # the campaign's progress; the wallet's own INFO lines stay quiet
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    data = args.data_dir or Path(tempfile.mkdtemp(prefix="kill-campaign-"))
    log.info("kill campaign: %d kills, seed %d, wallet in %s", args.kills, seed, data)
    figures = campaign(args.kills, seed=seed, data=data, min_delay=args.min_delay, max_delay=args.max_delay,
                       headless=args.headless, games=tuple(args.games) if args.games else None)
    print(report(figures))
    for failure in figures.failures:
        print(f"FAIL {failure}")
    if args.json is not None:
        payload: dict[str, Any] = {"seed": seed, "data_dir": str(data), **asdict(figures)}
        args.json.write_text(json.dumps(payload, indent=1) + "\n")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
