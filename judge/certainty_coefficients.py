"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.792925,  # settled
    0.0,  # full score
    0.403388,  # doubts
    1.455325,  # matched share
    -1.227542,  # contradicted
    2.494042,  # length
    0.432087,  # numbers
    0.357101,  # extra numbers
    0.867927,  # another script
    0.315541,  # full-width digits
    0.421548,  # conversion
    0.12207,  # respectively
    -0.383008,  # percentage points
    0.532519,  # negations
    -0.887004,  # a year the item never names
    -0.220361,  # sentences
    -0.304033,  # a fact unread
    0.381914,  # doubt: a label is not found (a paraphrase?)
    0.291353,  # doubt: written in another script
    0.320995,  # doubt: not written in English
    0.546745,  # doubt: it names
    -0.2672,  # doubt: its last statement gives another value than an earlier one
    -1.522943,  # doubt: it offers alternatives
    -0.181443,  # doubt: it sets values out as a list of labels
    -0.64946,  # doubt: it states a value the reference does not give
    -0.22392,  # doubt: written with another language's letters
    -0.154309,  # doubt: it hedges
    0.268582,  # doubt: a unit or scale other than the reference's
    1.223392,  # doubt: written in a language the judge does not read
    -0.386475,  # doubt: another value in the asked unit is stated too
    -0.589341,  # doubt: one fact is read both cleanly and with a problem
    0.941686,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.491675,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -5.050803
FAIL_THRESHOLD = 0.080624733
PASS_WEIGHTS: tuple[float, ...] = (
    -1.593136,  # settled
    0.53213,  # doubts
    -1.650981,  # matched share
    0.359387,  # length against the reference's
    -0.367303,  # extra numbers
    0.343807,  # causal or ordering words beyond the reference's
    -0.38169,  # hedges
    -0.31558,  # conclusion markers
    -0.298692,  # negations beyond the reference's
    0.07934,  # another script
    -1.289252,  # conversion
    0.0,  # a bold value of its own
    0.170357,  # a year the item never names
)
PASS_BIAS = -1.572555
PASS_THRESHOLD = 1.0
