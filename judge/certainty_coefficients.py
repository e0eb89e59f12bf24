"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.817563,  # settled
    0.0,  # full score
    0.401719,  # doubts
    1.20799,  # matched share
    -1.388966,  # contradicted
    2.455933,  # length
    0.64741,  # numbers
    0.163401,  # extra numbers
    0.768789,  # another script
    0.3703,  # full-width digits
    0.310384,  # conversion
    0.039133,  # respectively
    -0.379682,  # percentage points
    0.405181,  # negations
    -1.061961,  # a year the item never names
    -0.166819,  # sentences
    -0.518638,  # a fact unread
    0.28011,  # doubt: a label is not found (a paraphrase?)
    0.274338,  # doubt: written in another script
    0.212873,  # doubt: not written in English
    0.469027,  # doubt: it names
    -0.391558,  # doubt: its last statement gives another value than an earlier one
    -1.340621,  # doubt: it offers alternatives
    -0.240141,  # doubt: it sets values out as a list of labels
    -0.702901,  # doubt: it states a value the reference does not give
    -0.357536,  # doubt: written with another language's letters
    -0.159879,  # doubt: it hedges
    0.136912,  # doubt: a unit or scale other than the reference's
    1.359429,  # doubt: written in a language the judge does not read
    -0.344962,  # doubt: another value in the asked unit is stated too
    -0.698267,  # doubt: one fact is read both cleanly and with a problem
    0.810186,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.534376,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.78713
FAIL_THRESHOLD = 0.093957496
PASS_WEIGHTS: tuple[float, ...] = (
    -1.490362,  # settled
    0.626334,  # doubts
    -1.466008,  # matched share
    0.189934,  # length against the reference's
    -0.348098,  # extra numbers
    0.920548,  # causal or ordering words beyond the reference's
    -0.305078,  # hedges
    -0.2418,  # conclusion markers
    -0.073814,  # negations beyond the reference's
    -0.0742,  # another script
    -1.136884,  # conversion
    0.0,  # a bold value of its own
    0.483839,  # a year the item never names
)
PASS_BIAS = -1.937738
PASS_THRESHOLD = 1.0
