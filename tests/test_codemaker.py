"""Tests for mastermind_q.codemaker: the codemaker, its ledger and its answers."""

from __future__ import annotations

import pickle

import pytest

from mastermind_q import Codemaker, solve


def test_codemaker_answers_and_counts():
    maker = Codemaker((2, 0, 1), colors=3)
    assert maker.num_positions == 3 and maker.num_colors == 3
    assert maker.black((2, 1, 1)) == 2
    assert maker.black_white((1, 2, 0)) == (0, 3)
    assert maker.queries == 2
    assert maker.transcript == (((2, 1, 1), 2), ((1, 2, 0), (0, 3)))  # the answers given


def test_codemaker_validates_secret_and_guesses():
    with pytest.raises(ValueError, match=r"secret\[1\] must be a colour in 0..2, was 5"):
        Codemaker((0, 5), colors=3)
    with pytest.raises(ValueError, match="colors must have value >= 2, was 1"):
        Codemaker((0,), colors=1)
    maker = Codemaker((0, 1), colors=3, distinct=True)
    with pytest.raises(ValueError, match="guess must not repeat colours"):
        maker.black((1, 1))
    with pytest.raises(ValueError, match="guess must have 2 positions"):
        maker.black((1, 2, 0))
    assert maker.queries == 0
    with pytest.raises(ValueError, match="secret must not repeat colours"):
        Codemaker((0, 0), colors=3, distinct=True)


def test_black_many_answers_in_order_and_stops_at_a_win():
    import numpy as np

    secret = (2, 0, 1, 1)
    one, many = Codemaker(secret, colors=3), Codemaker(secret, colors=3)
    guesses = [(0, 0, 0, 0), (2, 2, 1, 0), (2, 0, 1, 1), (1, 1, 1, 1)]
    singles = [one.black(guess) for guess in guesses[:3]]  # the third one wins
    assert many.black_many(guesses).tolist() == singles == [1, 2, 4]
    assert many.queries == one.queries == 3  # the guess after the win is not answered
    assert many.transcript == one.transcript
    array = np.array(guesses[:2], dtype=np.int32)
    assert many.black_many(array).tolist() == [1, 2] and many.queries == 5


@pytest.mark.parametrize(
    ("guesses", "message"),
    [
        ([(0, 1, 2), (0, 3, 1)], r"guesses\[1\]\[1\] must be a colour in 0..2, was 3"),
        ([(0, 1, 2), (0, 1)], r"guesses\[1\] must have 3 positions"),
        ([(0, 1, 2), (0, True, 1)], r"guesses\[1\]\[1\] must be an integer"),
        ("np-range", r"guesses\[1\]\[2\] must be a colour in 0..2, was -1"),
        ("np-width", r"guesses\[0\] must have 3 positions"),
        ("np-float", r"guesses\[0\]\[0\] must be an integer"),
        ("np-bool", r"guesses\[0\]\[0\] must be an integer"),
        ("np-flat", r"guesses must be a 2-D array"),
        ([], r"at least one guess"),
        (5, r"guesses must be an iterable"),
    ],
)
def test_black_many_validates_every_guess_before_answering(guesses, message):
    import numpy as np

    arrays = {
        "np-range": np.array([[0, 1, 2], [1, 1, -1]]),
        "np-width": np.zeros((2, 4), dtype=np.int64),
        "np-float": np.zeros((2, 3)),
        "np-bool": np.zeros((2, 3), dtype=bool),
        "np-flat": np.zeros(3, dtype=np.int64),
    }
    maker = Codemaker((2, 0, 1), colors=3)
    with pytest.raises(ValueError, match=message):
        maker.black_many(arrays.get(guesses, guesses) if isinstance(guesses, str) else guesses)
    assert maker.queries == 0 and maker.transcript == ()  # nothing answered


def test_batches_keep_the_permutation_rule():
    import numpy as np

    maker = Codemaker((0, 1, 2), colors=4, distinct=True)
    with pytest.raises(ValueError, match=r"guesses\[1\] must not repeat colours, repeats \[3\]"):
        maker.black_many(np.array([[0, 1, 2], [3, 1, 3]]))
    with pytest.raises(ValueError, match="guess must not repeat colours"):
        maker.black(np.array([3, 3, 1]))
    assert maker.queries == 0
    assert maker.black_many(np.array([[3, 1, 0], [0, 1, 2]])).tolist() == [1, 3]


def test_black_takes_an_array_with_the_same_checks():
    import numpy as np

    maker = Codemaker((2, 0, 1), colors=3)
    assert maker.black(np.array([2, 2, 1], dtype=np.uint8)) == 2
    with pytest.raises(ValueError, match=r"guess\[0\] must be a colour in 0..2, was 3"):
        maker.black(np.array([3, 0, 1]))
    with pytest.raises(ValueError, match="guess must have 3 positions"):
        maker.black(np.array([0, 1]))
    assert maker.queries == 1 and maker.transcript == (((2, 2, 1), 2),)
    assert isinstance(maker.transcript[0][0][0], int)


def test_the_transcript_is_compact_and_read_as_tuples(monkeypatch):
    import numpy as np

    for colors, dtype in ((256, np.uint8), (257, np.uint16), (70_000, np.uint32)):
        maker = Codemaker((colors - 1, 0), colors=colors)
        maker.black_many(np.array([[1, 2], [colors - 1, 1]]))
        maker.black_white((0, colors - 1))
        assert maker._ledger.transcript._dtype == dtype
        expected = (((1, 2), 0), ((colors - 1, 1), 1), ((0, colors - 1), (0, 2)))
        assert maker.transcript == expected
        record = maker.transcript_record()
        maker.black((0, 0))  # later queries are not in an earlier record
        assert len(record) == 3 and tuple(record) == expected
        assert (record[0], record[-1], record[1:]) == (expected[0], expected[-1], expected[1:])
        with pytest.raises(IndexError):
            record[3]
    # many guesses over several chunks, the pairs in order
    rng = np.random.default_rng(5)
    secret = tuple(int(c) for c in rng.integers(0, 300, size=40))
    maker = Codemaker(secret, colors=300)
    guesses = rng.integers(0, 300, size=(100_000, 40))
    answers = maker.black_many(guesses)
    assert answers.tolist() == (guesses == np.array(secret)).sum(axis=1).tolist()
    assert maker._ledger.transcript._chunks[0][0].nbytes < 5 * 2**20
    pairs = maker.transcript
    assert len(pairs) == maker.queries == 100_000
    # past the compression threshold the full chunks are kept compressed, read the same
    import mastermind_q.codemaker.classical as codemaker_module

    monkeypatch.setattr(codemaker_module, "_COMPRESS_FROM", 10_000)
    squeezed = Codemaker(secret, colors=300)
    squeezed.black_many(guesses)
    assert any(isinstance(chunk[0], bytes) for chunk in squeezed._ledger.transcript._chunks)
    assert squeezed.transcript == pairs
    assert squeezed.transcript_record()[-1] == pairs[-1]
    assert pairs[-1] == (tuple(guesses[-1].tolist()), int(answers[-1]))


@pytest.mark.slow
def test_guesses_that_do_not_compress_stay_as_they_are(monkeypatch):
    import numpy as np

    import mastermind_q.codemaker.classical as codemaker_module

    monkeypatch.setattr(codemaker_module, "_COMPRESS_FROM", 10_000)
    rng = np.random.default_rng(6)
    secret = tuple(int(c) for c in rng.integers(0, 256, size=64))
    guesses = rng.integers(0, 256, size=(200_000, 64)).astype(np.uint8)  # random bytes
    maker = Codemaker(secret, colors=256)
    maker.answer_batch(np.asfortranarray(guesses))  # column-major: copied in tiles
    chunks = maker._ledger.transcript._chunks
    assert len(chunks) > 2 and not any(isinstance(chunk[0], bytes) for chunk in chunks)
    assert maker.transcript[-1][0] == tuple(guesses[-1].tolist())
    assert maker.transcript[12_345][0] == tuple(guesses[12_345].tolist())


def test_a_result_builds_its_transcript_when_read():
    import dataclasses

    result = solve((2, 0, 1, 1), colors=3, method="coin-weighing")
    assert not isinstance(result.__dict__["_transcript_value"], tuple)  # not built yet
    restored = pickle.loads(pickle.dumps(result))
    assert isinstance(result.transcript, tuple) and result.transcript[-1] == ((2, 0, 1, 1), 4)
    assert restored == result == dataclasses.replace(result)
    assert len(result.transcript) == result.queries


def test_the_adversary_answers_a_batch_one_guess_at_a_time():
    from mastermind_q.classical import AdversaryCodemaker

    guesses = [(0, 0, 1), (1, 1, 0), (2, 0, 1)]
    one = AdversaryCodemaker(3, 3, distinct=False)
    many = AdversaryCodemaker(3, 3, distinct=False)
    assert many.black_many(guesses).tolist() == [one.black(g) for g in guesses]
    assert many.remaining == one.remaining and many.transcript == one.transcript


def test_answer_follows_the_game_feedback():
    plain = Codemaker((0, 1, 1), colors=3)
    assert plain.feedback == "black"
    assert plain.answer((1, 1, 0)) == (1, 0)
    rich = Codemaker((0, 1, 1), colors=3, feedback="black-white")
    assert rich.answer((1, 1, 0)) == (1, 2)
    assert (plain.queries, rich.queries) == (1, 1)
    with pytest.raises(ValueError, match="feedback must be one of"):
        Codemaker((0, 1), colors=2, feedback="white")


# -- the issue-12 audit: every form of applying the oracle is counted -----------------
@pytest.mark.parametrize("distinct", ["yes", 1, None, "False"])
def test_distinct_must_be_a_bool(distinct):
    with pytest.raises(ValueError, match="distinct must be True or False"):
        Codemaker((0, 1), 2, distinct=distinct)


def test_long_codes_are_answered_like_short_ones():
    """From 64 positions on the answer is counted with numpy: same values."""
    import random

    from mastermind_q.game import black

    rng = random.Random(3)
    for n in (63, 64, 200):
        secret = [rng.randrange(5) for _ in range(n)]
        maker = Codemaker(secret, 5)
        for _ in range(5):
            guess = [rng.randrange(5) for _ in range(n)]
            assert maker.black(guess) == black(secret, guess)


_MASKED_PATHS = ("black", "black_many", "answer_batch", "black_white", "distinct")


@pytest.mark.parametrize("path", _MASKED_PATHS)
def test_a_masked_guess_is_judged_on_its_full_data(path):
    import numpy as np

    distinct = path == "distinct"
    feedback = "black-white" if path == "black_white" else "black"
    maker = Codemaker((1, 0, 2), colors=3, distinct=distinct, feedback=feedback)
    bad = np.ma.array([0, 7, 2], mask=[0, 1, 0])
    calls = {
        "black": lambda: maker.black(bad),
        "black_many": lambda: maker.black_many(np.ma.array([bad.data], mask=[bad.mask])),
        "answer_batch": lambda: maker.answer_batch([bad]),
        "black_white": lambda: maker.black_white(bad),
        "distinct": lambda: maker.black_many([np.ma.array([0, 0, 2], mask=[0, 1, 0])]),
    }
    with pytest.raises(ValueError, match=r"must not repeat" if distinct else r"\[1\] must"):
        calls[path]()
    assert maker.queries == 0 and maker.transcript == ()
    good = np.ma.array([1, 0, 2], mask=[0, 1, 0])  # masked, but a valid code: answered
    assert maker.black(good) == 3 and maker.transcript == (((1, 0, 2), 3),)


def test_rows_of_mixed_integer_types_are_answered_as_each_alone():
    import numpy as np

    maker = Codemaker((1, 0, 2), colors=3)
    rows = [np.array([0, 1, 2], np.int8), np.array([1, 0, 2], np.uint64)]
    assert maker.black_many(rows).tolist() == [1, 3]
    assert maker.transcript == (((0, 1, 2), 1), ((1, 0, 2), 3))
    huge = [np.array([0, 1, 2], np.int8), np.array([1, 0, 2**64 - 1], np.uint64)]
    with pytest.raises(ValueError, match=r"guesses\[1\]\[2\] .* was 18446744073709551615"):
        Codemaker((1, 0, 2), colors=3).black_many(huge)


def test_a_batch_refused_while_answering_leaves_the_one_batch_unused():
    class Refusing(Codemaker):
        refuse = True

        def _answer_black_white(self, guess):
            if self.refuse:
                raise ValueError(f"refused {guess}")
            return super()._answer_black_white(guess)

    maker = Refusing((1, 0, 2), colors=3, feedback="black-white")
    with pytest.raises(ValueError, match="refused"):
        maker.answer_batch([(0, 1, 2)])
    assert maker.queries == 0 and maker.transcript == ()
    maker.refuse = False
    assert maker.answer_batch([(0, 1, 2)]) == ((1, 2),)


def test_run_refuses_an_unmeasured_circuit_before_any_charge():
    from qiskit import QuantumCircuit

    maker = Codemaker((1, 0, 2), colors=3)
    with pytest.raises(ValueError, match=r"circuits\[0\] must be measured"):
        maker.run([QuantumCircuit(1)])
    assert maker.queries == 0 and maker.oracle_executions == 0


def test_run_applies_the_shots_limit_while_reading_a_generator():
    import itertools

    from qiskit import QuantumCircuit

    from mastermind_q.limits import ResourceLimitError

    read = []

    def endless():
        for index in itertools.count():
            read.append(index)
            yield QuantumCircuit(1, 1)

    maker = Codemaker((1, 0, 2), colors=3)
    with pytest.raises(ResourceLimitError, match="1000 x 1001 circuits"):
        maker.run(endless(), shots=1000)
    assert len(read) == 1001 and maker.queries == 0


def test_the_transcript_costs_its_length_not_the_colour_count():
    import time

    maker = Codemaker((5, 10**8 - 1), colors=10**8)
    maker.black((5, 7))
    started = time.perf_counter()
    assert maker.transcript == (((5, 7), 1),)
    assert time.perf_counter() - started < 1.0  # a table of 10^8 colours took 35 s


def test_a_codemaker_refuses_more_than_2_to_the_32_colours():
    with pytest.raises(ValueError, match=r"colors must be at most 2\^32 = 4294967296"):
        Codemaker((0, 1), colors=2**32 + 1)
    assert Codemaker((0, 1), colors=2**32).num_colors == 2**32


def test_a_batch_in_chunks_is_read_whole_before_any_answer():
    import numpy as np

    from mastermind_q.codemaker import ClassicalCodemaker

    maker = ClassicalCodemaker((1, 0, 2), colors=3)
    seen = []

    def chunks():
        first = np.array([[1, 0, 0], [0, 0, 2]])
        yield first
        seen.append(maker.queries)
        first[:] = 2  # changed after it was handed over: the guesses given stand
        yield [(1, 0, 2)]
        seen.append(maker.queries)

    assert maker.answer_batch_chunks(chunks()) == ((2, 0), (2, 0), (3, 0))
    assert seen == [0, 0] and maker.queries == 3
    assert [guess for guess, _ in maker.transcript] == [(1, 0, 0), (0, 0, 2), (1, 0, 2)]
    with pytest.raises(ValueError, match="one batch only"):
        maker.answer_batch_chunks([[(0, 0, 0)]])


def test_a_bad_chunk_answers_nothing_and_bad_batches_are_refused():
    from mastermind_q.codemaker import ClassicalCodemaker

    maker = ClassicalCodemaker((1, 0, 2), colors=3)
    with pytest.raises(ValueError, match=r"chunk 1 of the batch: guesses\[0\]\[2\].*was 3"):
        maker.answer_batch_chunks(iter([[(0, 0, 0)], [(0, 0, 3)]]))
    assert maker.queries == 0 and maker.transcript == ()
    with pytest.raises(ValueError, match="at least one guess"):
        maker.answer_batch_chunks(iter([]))
    with pytest.raises(ValueError, match="iterable of 2-D arrays"):
        maker.answer_batch_chunks(5)
    maker.black((0, 0, 0))
    with pytest.raises(ValueError, match="before any other query"):
        maker.answer_batch_chunks([[(0, 0, 0)]])


def test_the_batch_face_takes_chunks_first_only():
    from mastermind_q.codemaker import ClassicalCodemaker
    from mastermind_q.codemaker.faces import Batch

    face = Batch(ClassicalCodemaker((1, 0), colors=2))
    assert face.answer_batch_chunks([[(1, 0)], [(0, 0)]]) == ((2, 0), (1, 0))
    face = Batch(ClassicalCodemaker((1, 0), colors=2))
    face.answer((0, 0))
    with pytest.raises(Exception, match="commits its one batch before any answer"):
        face.answer_batch_chunks([[(1, 0)]])
