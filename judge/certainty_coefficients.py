"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.976906,  # settled
    0.0,  # full score
    0.324284,  # doubts
    1.400789,  # matched share
    -1.27645,  # contradicted
    2.634401,  # length
    0.664239,  # numbers
    0.137194,  # extra numbers
    0.760926,  # another script
    0.28292,  # full-width digits
    0.112308,  # conversion
    0.004064,  # respectively
    -0.42643,  # percentage points
    0.581375,  # negations
    -0.868425,  # a year the item never names
    -0.079037,  # sentences
    -0.45288,  # a fact unread
    0.26662,  # doubt: a label is not found (a paraphrase?)
    0.310973,  # doubt: written in another script
    0.244011,  # doubt: not written in English
    0.548638,  # doubt: it names
    -0.347194,  # doubt: its last statement gives another value than an earlier one
    -1.240502,  # doubt: it offers alternatives
    -0.241722,  # doubt: it sets values out as a list of labels
    -0.724879,  # doubt: it states a value the reference does not give
    -0.148719,  # doubt: written with another language's letters
    -0.130587,  # doubt: it hedges
    0.045969,  # doubt: a unit or scale other than the reference's
    1.408504,  # doubt: written in a language the judge does not read
    -0.417453,  # doubt: another value in the asked unit is stated too
    -0.681884,  # doubt: one fact is read both cleanly and with a problem
    0.677656,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.500265,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -5.090439
FAIL_THRESHOLD = 0.108614514
PASS_WEIGHTS: tuple[float, ...] = (
    -1.936723,  # settled
    0.627872,  # doubts
    -1.584285,  # matched share
    0.040063,  # length against the reference's
    -0.592633,  # extra numbers
    0.801032,  # causal or ordering words beyond the reference's
    -0.178366,  # hedges
    0.112109,  # conclusion markers
    -0.318338,  # negations beyond the reference's
    -0.43515,  # another script
    -0.93152,  # conversion
    0.0,  # a bold value of its own
    0.245663,  # a year the item never names
)
PASS_BIAS = -1.729278
PASS_THRESHOLD = 1.0
