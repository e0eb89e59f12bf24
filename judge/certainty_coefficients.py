"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.861049,  # settled
    0.0,  # full score
    0.403059,  # doubts
    1.255693,  # matched share
    -1.415293,  # contradicted
    2.482114,  # length
    0.635027,  # numbers
    0.18274,  # extra numbers
    0.767961,  # another script
    0.305706,  # full-width digits
    0.136681,  # conversion
    0.033466,  # respectively
    -0.448155,  # percentage points
    0.416471,  # negations
    -0.954353,  # a year the item never names
    -0.144165,  # sentences
    -0.460469,  # a fact unread
    0.142939,  # doubt: a label is not found (a paraphrase?)
    0.294051,  # doubt: written in another script
    0.254415,  # doubt: not written in English
    0.394911,  # doubt: it names
    -0.364078,  # doubt: its last statement gives another value than an earlier one
    -1.348033,  # doubt: it offers alternatives
    -0.242203,  # doubt: it sets values out as a list of labels
    -0.710778,  # doubt: it states a value the reference does not give
    -0.308133,  # doubt: written with another language's letters
    -0.171245,  # doubt: it hedges
    0.019547,  # doubt: a unit or scale other than the reference's
    1.455935,  # doubt: written in a language the judge does not read
    -0.325767,  # doubt: another value in the asked unit is stated too
    -0.700689,  # doubt: one fact is read both cleanly and with a problem
    0.762647,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.522709,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.789317
FAIL_THRESHOLD = 0.089233704
PASS_WEIGHTS: tuple[float, ...] = (
    -1.668759,  # settled
    0.645635,  # doubts
    -1.58342,  # matched share
    0.266947,  # length against the reference's
    -0.476041,  # extra numbers
    0.618112,  # causal or ordering words beyond the reference's
    -0.23684,  # hedges
    -0.458796,  # conclusion markers
    -0.311004,  # negations beyond the reference's
    -0.207034,  # another script
    -1.028772,  # conversion
    0.0,  # a bold value of its own
    0.567064,  # a year the item never names
)
PASS_BIAS = -1.805771
PASS_THRESHOLD = 1.0
