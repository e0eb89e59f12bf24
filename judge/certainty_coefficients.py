"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.947159,  # settled
    0.0,  # full score
    0.323974,  # doubts
    1.329258,  # matched share
    -1.287426,  # contradicted
    2.626884,  # length
    0.609944,  # numbers
    0.170743,  # extra numbers
    0.770065,  # another script
    0.344687,  # full-width digits
    0.04761,  # conversion
    0.005125,  # respectively
    -0.433874,  # percentage points
    0.484413,  # negations
    -1.011586,  # a year the item never names
    -0.047342,  # sentences
    -0.485939,  # a fact unread
    0.214833,  # doubt: a label is not found (a paraphrase?)
    0.298792,  # doubt: written in another script
    0.267829,  # doubt: not written in English
    0.442838,  # doubt: it names
    -0.291004,  # doubt: its last statement gives another value than an earlier one
    -1.193572,  # doubt: it offers alternatives
    -0.234611,  # doubt: it sets values out as a list of labels
    -0.676212,  # doubt: it states a value the reference does not give
    -0.24602,  # doubt: written with another language's letters
    -0.157706,  # doubt: it hedges
    0.005186,  # doubt: a unit or scale other than the reference's
    1.388999,  # doubt: written in a language the judge does not read
    -0.41686,  # doubt: another value in the asked unit is stated too
    -0.683012,  # doubt: one fact is read both cleanly and with a problem
    0.648407,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.4929,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.991328
FAIL_THRESHOLD = 0.100636632
PASS_WEIGHTS: tuple[float, ...] = (
    -1.904855,  # settled
    0.566799,  # doubts
    -1.607125,  # matched share
    0.121068,  # length against the reference's
    -0.494555,  # extra numbers
    0.727234,  # causal or ordering words beyond the reference's
    -0.182083,  # hedges
    0.017163,  # conclusion markers
    -0.333145,  # negations beyond the reference's
    -0.328734,  # another script
    -1.061996,  # conversion
    0.0,  # a bold value of its own
    0.383544,  # a year the item never names
)
PASS_BIAS = -1.629588
PASS_THRESHOLD = 1.0
