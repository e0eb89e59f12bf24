"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.775503,  # settled
    0.0,  # full score
    0.401419,  # doubts
    1.469327,  # matched share
    -1.239862,  # contradicted
    2.459417,  # length
    0.429344,  # numbers
    0.36221,  # extra numbers
    0.867774,  # another script
    0.330365,  # full-width digits
    0.415757,  # conversion
    0.126949,  # respectively
    -0.38343,  # percentage points
    0.511018,  # negations
    -0.889959,  # a year the item never names
    -0.216723,  # sentences
    -0.320706,  # a fact unread
    0.402715,  # doubt: a label is not found (a paraphrase?)
    0.308039,  # doubt: written in another script
    0.310993,  # doubt: not written in English
    0.541308,  # doubt: it names
    -0.264916,  # doubt: its last statement gives another value than an earlier one
    -1.540082,  # doubt: it offers alternatives
    -0.190005,  # doubt: it sets values out as a list of labels
    -0.668216,  # doubt: it states a value the reference does not give
    -0.224348,  # doubt: written with another language's letters
    -0.134298,  # doubt: it hedges
    0.290115,  # doubt: a unit or scale other than the reference's
    1.214436,  # doubt: written in a language the judge does not read
    -0.388007,  # doubt: another value in the asked unit is stated too
    -0.587925,  # doubt: one fact is read both cleanly and with a problem
    0.965932,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.505564,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -5.028692
FAIL_THRESHOLD = 0.079124832
PASS_WEIGHTS: tuple[float, ...] = (
    -1.548101,  # settled
    0.560312,  # doubts
    -1.655751,  # matched share
    0.363006,  # length against the reference's
    -0.417937,  # extra numbers
    0.341798,  # causal or ordering words beyond the reference's
    -0.309196,  # hedges
    -0.21208,  # conclusion markers
    -0.321658,  # negations beyond the reference's
    0.0428,  # another script
    -1.305157,  # conversion
    0.0,  # a bold value of its own
    0.140337,  # a year the item never names
)
PASS_BIAS = -1.567176
PASS_THRESHOLD = 1.0
