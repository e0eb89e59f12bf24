"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.068676,  # settled
    0.0,  # full score
    0.183742,  # doubts
    1.109296,  # matched share
    -1.534801,  # contradicted
    2.570323,  # length
    0.712673,  # numbers
    -0.079385,  # extra numbers
    0.875783,  # another script
    0.277234,  # full-width digits
    0.271097,  # conversion
    0.407047,  # respectively
    -0.582132,  # percentage points
    0.81453,  # negations
    -0.911918,  # a year the item never names
    0.038257,  # sentences
    -0.745126,  # a fact unread
    0.331576,  # doubt: a label is not found (a paraphrase?)
    0.276379,  # doubt: written in another script
    0.440792,  # doubt: not written in English
    0.749268,  # doubt: it names
    -0.237082,  # doubt: its last statement gives another value than an earlier one
    -0.622227,  # doubt: it offers alternatives
    -0.222521,  # doubt: it sets values out as a list of labels
    -0.860558,  # doubt: it states a value the reference does not give
    0.03362,  # doubt: written with another language's letters
    -0.378282,  # doubt: it hedges
    0.055994,  # doubt: a unit or scale other than the reference's
    1.486573,  # doubt: written in a language the judge does not read
    -0.164339,  # doubt: another value in the asked unit is stated too
    -0.84738,  # doubt: one fact is read both cleanly and with a problem
    0.703704,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.439162,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.608192
FAIL_THRESHOLD = 0.117500992
PASS_WEIGHTS: tuple[float, ...] = (
    -2.023247,  # settled
    0.536223,  # doubts
    -1.707288,  # matched share
    0.029785,  # length against the reference's
    -0.44752,  # extra numbers
    1.150298,  # causal or ordering words beyond the reference's
    -0.205487,  # hedges
    0.149246,  # conclusion markers
    -0.405665,  # negations beyond the reference's
    -0.349329,  # another script
    -0.722666,  # conversion
    0.0,  # a bold value of its own
    0.119239,  # a year the item never names
)
PASS_BIAS = -1.330728
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.37838,  # doubts
    -0.618763,  # matched share
    -0.070835,  # length against the reference's
    -0.635263,  # extra numbers
    0.962594,  # causal or ordering words beyond the reference's
    -0.283534,  # hedges
    -0.003096,  # conclusion markers
    -0.570437,  # negations beyond the reference's
    0.116732,  # another script
    -0.530033,  # conversion
    0.0,  # a bold value of its own
    -0.358126,  # a year the item never names
    -0.12646,  # doubt: a label is not found (a paraphrase?)
    -0.318439,  # doubt: written in another script
    -0.454688,  # doubt: not written in English
    0.17332,  # doubt: it names
    -0.262098,  # doubt: its last statement gives another value than an earlier one
    -0.117499,  # doubt: it offers alternatives
    -1.017127,  # doubt: it sets values out as a list of labels
    0.848841,  # doubt: it states a value the reference does not give
    -0.544132,  # doubt: written with another language's letters
    -0.270845,  # doubt: it hedges
    0.289036,  # doubt: a unit or scale other than the reference's
    -0.067399,  # doubt: written in a language the judge does not read
    -0.117489,  # doubt: another value in the asked unit is stated too
    -0.479943,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.311088,  # doubt: a remark follows its answer
    2.085639,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.868433,  # a fact unread
)
RISKY_BIAS = -2.261445
RISKY_THRESHOLD = 0.153468863
