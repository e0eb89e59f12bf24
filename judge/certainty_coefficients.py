"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.895651,  # settled
    0.0,  # full score
    0.398168,  # doubts
    1.351627,  # matched share
    -1.363874,  # contradicted
    2.535787,  # length
    0.626042,  # numbers
    0.171544,  # extra numbers
    0.732221,  # another script
    0.434544,  # full-width digits
    0.026119,  # conversion
    0.012223,  # respectively
    -0.426635,  # percentage points
    0.404166,  # negations
    -0.993351,  # a year the item never names
    -0.028246,  # sentences
    -0.509535,  # a fact unread
    0.206882,  # doubt: a label is not found (a paraphrase?)
    0.29135,  # doubt: written in another script
    0.267836,  # doubt: not written in English
    0.409196,  # doubt: it names
    -0.37882,  # doubt: its last statement gives another value than an earlier one
    -1.378194,  # doubt: it offers alternatives
    -0.265728,  # doubt: it sets values out as a list of labels
    -0.741682,  # doubt: it states a value the reference does not give
    -0.343304,  # doubt: written with another language's letters
    -0.177662,  # doubt: it hedges
    -0.051915,  # doubt: a unit or scale other than the reference's
    1.453377,  # doubt: written in a language the judge does not read
    -0.398684,  # doubt: another value in the asked unit is stated too
    -0.76504,  # doubt: one fact is read both cleanly and with a problem
    0.665109,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.54042,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.967921
FAIL_THRESHOLD = 0.097166865
PASS_WEIGHTS: tuple[float, ...] = (
    -1.802338,  # settled
    0.604792,  # doubts
    -1.57836,  # matched share
    0.208536,  # length against the reference's
    -0.470462,  # extra numbers
    0.767251,  # causal or ordering words beyond the reference's
    -0.279237,  # hedges
    0.025612,  # conclusion markers
    -0.412957,  # negations beyond the reference's
    -0.27476,  # another script
    -1.16228,  # conversion
    0.0,  # a bold value of its own
    0.477117,  # a year the item never names
)
PASS_BIAS = -1.698128
PASS_THRESHOLD = 1.0
