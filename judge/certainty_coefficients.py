"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.822966,  # settled
    0.0,  # full score
    0.336337,  # doubts
    1.522246,  # matched share
    -1.233319,  # contradicted
    2.333699,  # length
    0.402531,  # numbers
    0.393002,  # extra numbers
    0.933817,  # another script
    0.23014,  # full-width digits
    0.600396,  # conversion
    -0.132862,  # respectively
    -0.362123,  # percentage points
    0.553295,  # negations
    -0.783896,  # a year the item never names
    -0.346855,  # sentences
    -0.259902,  # a fact unread
    0.395194,  # doubt: a label is not found (a paraphrase?)
    0.35401,  # doubt: written in another script
    0.365476,  # doubt: not written in English
    0.508126,  # doubt: it names
    -0.115233,  # doubt: its last statement gives another value than an earlier one
    -1.428973,  # doubt: it offers alternatives
    -0.148921,  # doubt: it sets values out as a list of labels
    -0.63277,  # doubt: it states a value the reference does not give
    -0.020653,  # doubt: written with another language's letters
    -0.015658,  # doubt: it hedges
    0.263206,  # doubt: a unit or scale other than the reference's
    1.337082,  # doubt: written in a language the judge does not read
    -0.529255,  # doubt: another value in the asked unit is stated too
    -0.441718,  # doubt: one fact is read both cleanly and with a problem
    0.836253,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.476999,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.817983
FAIL_THRESHOLD = 0.071107648
