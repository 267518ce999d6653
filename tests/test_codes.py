"""Tests for mastermind_q.classical.codes: the code space and the one vectorised feedback."""

from __future__ import annotations

import numpy as np
import pytest

from mastermind_q import black, black_white
from mastermind_q.classical.codes import (
    all_codes,
    black_counts,
    black_white_counts,
    color_histograms,
    feedback_counts,
    feedback_keys,
)


@pytest.mark.parametrize(("n", "k"), [(1, 2), (2, 3), (3, 4), (4, 3), (5, 2)])
def test_feedback_counts_equal_the_definitions_on_every_pair(n, k):
    codes = all_codes(n, k)
    blacks, whites = feedback_counts(codes, codes, feedback="black-white")
    assert blacks.shape == whites.shape == (len(codes), len(codes))
    assert np.array_equal(feedback_counts(codes, codes), blacks)
    listed = [tuple(int(c) for c in row) for row in codes]
    for g, guess in enumerate(listed):
        expected = [black_white(code, guess) for code in listed]
        assert blacks[g].tolist() == [b for b, _ in expected]
        assert whites[g].tolist() == [w for _, w in expected]
        one_b, one_w = feedback_counts(guess, codes, feedback="black-white")
        assert one_b.tolist() == blacks[g].tolist() and one_w.tolist() == whites[g].tolist()
        assert black_counts(codes, guess).tolist() == [black(code, guess) for code in listed]
        hist_b, hist_w = black_white_counts(codes, guess, color_histograms(codes, k))
        assert hist_w.tolist() == whites[g].tolist() and hist_b.tolist() == blacks[g].tolist()
    keys = feedback_keys(codes, codes, feedback="black-white", dtype=np.int16)
    assert keys.dtype == np.int16
    assert np.array_equal(keys, blacks * (n + 1) + whites)


def test_feedback_counts_shapes_and_errors():
    assert feedback_counts((0, 1, 1), (0, 1, 0)).shape == ()
    assert int(feedback_counts((0, 1, 1), (0, 1, 0))) == 2
    assert feedback_counts([(0, 1, 1)], (0, 1, 0)).tolist() == [2]
    b, w = feedback_counts((0, 1, 1), [(1, 1, 0), (2, 2, 2)], feedback="black-white")
    assert (b.tolist(), w.tolist()) == ([1, 0], [2, 0])
    with pytest.raises(ValueError, match="feedback must be one of"):
        feedback_counts((0, 1), (0, 1), feedback="white")
    with pytest.raises(ValueError, match="guesses have 2 positions and codes 3"):
        feedback_counts((0, 1), (0, 1, 2))
