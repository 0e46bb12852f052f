"""Property tests: no sequence of operations can unbalance the wallet."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    multiple,
    precondition,
    rule,
)

from game.session import ActiveRound, PlaySession
from game.store import InsufficientFunds, RoundNotOpen, Wallet
from tests.gift_shop import GiftShop

START = 5_000


class WalletMachine(RuleBasedStateMachine):
    """Random begin / decide (free or priced) / settle / top-up / kill-and-reopen against a model."""

    rounds = Bundle("rounds")

    def __init__(self) -> None:
        super().__init__()
        self._tmp = tempfile.TemporaryDirectory()
        self.folder = Path(self._tmp.name)
        self.wallet = Wallet.open(self.folder, starting_balance=START).wallet
        self.abandoned: list[Wallet] = []
        self.debits = 0
        self.credits = 0
        self.top_ups = 0
        self.open_ids: set[int] = set()
        self.wins: dict[int, int] = {}
        self.stakes: dict[int, int] = {}  # round id -> purchase plus priced decisions
        self.prices: dict[int, list[int]] = {}

    @rule(
        target=rounds,
        game=st.sampled_from(["a", "b"]),
        cost=st.integers(0, 8_000),
        seed=st.integers(0, 2**64 - 1),
        buy=st.booleans(),
    )
    def begin(self, game: str, cost: int, seed: int, buy: bool) -> object:
        before = self.wallet.balance
        if cost > before:
            with pytest.raises(InsufficientFunds):
                self.wallet.begin_round(game, cost, cost, seed, buy=buy)
            assert self.wallet.balance == before
            return multiple()
        rid = self.wallet.begin_round(
            game, cost, cost, seed, buy=buy, state_in={"c": cost}
        )
        assert self.wallet.get_round(rid).seed == seed
        self.debits += cost
        self.open_ids.add(rid)
        self.stakes[rid] = cost
        self.prices[rid] = []
        return rid

    @rule(rid=rounds, decision=st.integers(), price=st.one_of(st.just(0), st.integers(0, 6_000)))
    def decide(self, rid: int, decision: int, price: int) -> None:
        before = self.wallet.balance
        if rid not in self.open_ids:
            with pytest.raises(RoundNotOpen):
                self.wallet.record_decision(rid, decision, price=price)
        elif price > before:
            with pytest.raises(InsufficientFunds):
                self.wallet.record_decision(rid, decision, price=price)
            assert len(self.wallet.get_round(rid).decisions) == len(self.prices[rid])
        else:
            self.wallet.record_decision(rid, decision, price=price)
            self.debits += price
            self.stakes[rid] += price
            self.prices[rid].append(price)
            rec = self.wallet.get_round(rid)
            assert rec.decisions[-1] == decision and rec.decision_costs == self.prices[rid]

    @rule(rid=rounds, win=st.integers(0, 20_000))
    def settle(self, rid: int, win: int) -> None:
        if rid in self.open_ids:
            self.wallet.settle_round(rid, win)
            self.open_ids.discard(rid)
            self.wins[rid] = win
            self.credits += win
        else:
            before = self.wallet.balance
            with pytest.raises(RoundNotOpen):
                self.wallet.settle_round(rid, win)
            assert self.wallet.balance == before

    @rule(amount=st.integers(1, 10_000))
    def top_up(self, amount: int) -> None:
        self.wallet.top_up(amount)
        self.top_ups += amount

    @precondition(lambda self: len(self.abandoned) < 3)
    @rule()
    def kill_and_reopen(self) -> None:
        # The old connection is never closed (as after a kill); a new launch opens the file.
        self.abandoned.append(self.wallet)
        opened = Wallet.open(self.folder, starting_balance=123)
        assert opened.notice is None
        self.wallet = opened.wallet

    @invariant()
    def consistent(self) -> None:
        w = self.wallet
        assert w.audit() == []
        balance = w.balance
        assert balance == START + self.credits + self.top_ups - self.debits
        assert balance >= 0
        assert {r.id for r in w.open_rounds()} == self.open_ids
        assert all(e.balance_after >= 0 for e in w.ledger())
        for rec in w.open_rounds():
            assert rec.cost == self.stakes[rec.id] and rec.decision_costs == self.prices[rec.id]

    def teardown(self) -> None:
        for settled_id, win in self.wins.items():
            rec = self.wallet.get_round(settled_id)
            assert rec.win == win and rec.cost == self.stakes[settled_id]
        for w in (*self.abandoned, self.wallet):
            w.close()
        self._tmp.cleanup()


TestWalletMachine = WalletMachine.TestCase
TestWalletMachine.settings = settings(
    max_examples=40,
    stateful_step_count=25,
    derandomize=True,
    database=None,
    deadline=None,
)


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=8))
def test_any_seed_round_trips(seeds: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        w = Wallet.open(Path(folder)).wallet
        ids = [w.begin_round("s", 0, 0, seed) for seed in seeds]
        assert [w.get_round(i).seed for i in ids] == seeds
        assert [r.seed for r in w.open_rounds()] == seeds
        w.close()


SESSION_STEPS = st.lists(
    st.tuples(st.sampled_from(["spin", "choose", "choose", "choose", "settle", "kill", "top_up"]), st.integers(0, 5)),
    min_size=20,
    max_size=50,
)


# Starting balances around a spin (100) plus boxes (340 each), so that purchases run short.
SESSION_STARTS = st.one_of(st.sampled_from([99, 100, 250, 439, 440, 779, 780]), st.integers(0, 5_000))


@settings(max_examples=40, derandomize=True, database=None, deadline=None)
@given(steps=SESSION_STEPS, start=SESSION_STARTS, master=st.integers(0, 2**32))
def test_session_never_creates_or_loses_money(steps: list[tuple[str, int]], start: int, master: int) -> None:
    """Random spins, priced and free choices (affordable or not), settlements, kills, top-ups."""
    game = GiftShop()
    with tempfile.TemporaryDirectory() as folder:
        wallets = [Wallet.open(Path(folder), starting_balance=start).wallet]
        session = PlaySession(wallets[-1], game, seed=master)
        active: ActiveRound | None = None
        paid = won = topped = 0
        stakes: dict[int, int] = {}  # round id -> what the player paid for it
        for action, n in steps:
            wallet = wallets[-1]
            if action == "spin" and active is None:
                cost = session.cost()
                try:
                    active = session.spin()
                except InsufficientFunds:
                    assert wallet.balance < cost
                    continue
                paid += cost
                stakes[active.round_id] = cost
            elif action == "choose" and active is not None and active.pending is not None:
                choice = active.pending.options[n % len(active.pending.options)]
                price = active.pending.price_of(choice)
                balance, asked = wallet.balance, active.pending
                try:
                    session.decide(active, choice)
                except InsufficientFunds:
                    assert price > balance and active.pending is asked and wallet.balance == balance
                    continue
                paid += price
                stakes[active.round_id] += price
            elif action == "settle" and active is not None and active.pending is None:
                session.settle(active)
                won += active.result.win
                assert wallet.get_round(active.round_id).cost == active.result.cost
                active = None
            elif action == "kill":  # the connection is abandoned; the next launch resumes the round
                wallets.append(Wallet.open(Path(folder)).wallet)
                session = PlaySession(wallets[-1], game, seed=master + len(wallets))
                active = session.resume_open_round()
            elif action == "top_up":
                wallet.top_up(100 * (n + 1))
                topped += 100 * (n + 1)
            wallet = wallets[-1]
            assert wallet.balance == start + topped + won - paid >= 0
            assert wallet.audit() == []
        wallet = wallets[-1]
        for round_id, stake in stakes.items():
            assert wallet.get_round(round_id).cost == stake
        for w in wallets:
            w.close()
