"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.148879,  # settled
    0.0,  # full score
    0.134761,  # doubts
    1.134996,  # matched share
    -1.633669,  # contradicted
    2.768892,  # length
    0.894901,  # numbers
    -0.1917,  # extra numbers
    0.757134,  # another script
    0.485293,  # full-width digits
    0.285214,  # conversion
    0.293997,  # respectively
    -0.410268,  # percentage points
    0.934134,  # negations
    -1.0385,  # a year the item never names
    0.011351,  # sentences
    -0.836878,  # a fact unread
    0.329042,  # doubt: a label is not found (a paraphrase?)
    0.359594,  # doubt: written in another script
    0.3463,  # doubt: not written in English
    0.703213,  # doubt: it names
    -0.185486,  # doubt: its last statement gives another value than an earlier one
    -0.414321,  # doubt: it offers alternatives
    -0.239836,  # doubt: it sets values out as a list of labels
    -0.903138,  # doubt: it states a value the reference does not give
    -0.015475,  # doubt: written with another language's letters
    -0.486135,  # doubt: it hedges
    -0.141923,  # doubt: a unit or scale other than the reference's
    1.446768,  # doubt: written in a language the judge does not read
    0.112984,  # doubt: another value in the asked unit is stated too
    -0.849982,  # doubt: one fact is read both cleanly and with a problem
    0.631787,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.462219,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.68904
FAIL_THRESHOLD = 0.038808143
PASS_WEIGHTS: tuple[float, ...] = (
    -2.087888,  # settled
    0.493335,  # doubts
    -1.842931,  # matched share
    -0.087698,  # length against the reference's
    -0.396058,  # extra numbers
    1.145749,  # causal or ordering words beyond the reference's
    -0.355205,  # hedges
    0.198537,  # conclusion markers
    -0.651023,  # negations beyond the reference's
    -0.491987,  # another script
    -0.766798,  # conversion
    0.0,  # a bold value of its own
    0.129924,  # a year the item never names
)
PASS_BIAS = -1.003355
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.312136,  # doubts
    -0.692808,  # matched share
    -0.188172,  # length against the reference's
    -0.495575,  # extra numbers
    0.926888,  # causal or ordering words beyond the reference's
    -0.530224,  # hedges
    -0.011463,  # conclusion markers
    -0.903953,  # negations beyond the reference's
    0.000183,  # another script
    -0.608054,  # conversion
    0.0,  # a bold value of its own
    -0.2415,  # a year the item never names
    -0.267245,  # doubt: a label is not found (a paraphrase?)
    -0.326888,  # doubt: written in another script
    -0.698128,  # doubt: not written in English
    0.59237,  # doubt: it names
    -0.077469,  # doubt: its last statement gives another value than an earlier one
    -0.088095,  # doubt: it offers alternatives
    -1.005888,  # doubt: it sets values out as a list of labels
    0.807665,  # doubt: it states a value the reference does not give
    -0.56322,  # doubt: written with another language's letters
    0.068124,  # doubt: it hedges
    -0.310875,  # doubt: a unit or scale other than the reference's
    -0.172416,  # doubt: written in a language the judge does not read
    0.220695,  # doubt: another value in the asked unit is stated too
    -0.123065,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.267878,  # doubt: a remark follows its answer
    2.274467,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    1.044701,  # a fact unread
)
RISKY_BIAS = -2.054217
RISKY_THRESHOLD = 0.179858242
