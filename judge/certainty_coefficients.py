"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.072674,  # settled
    0.0,  # full score
    0.208443,  # doubts
    1.095478,  # matched share
    -1.453365,  # contradicted
    2.431691,  # length
    0.739722,  # numbers
    -0.028978,  # extra numbers
    0.857765,  # another script
    0.289565,  # full-width digits
    0.187129,  # conversion
    0.441423,  # respectively
    -0.453056,  # percentage points
    0.768282,  # negations
    -0.87533,  # a year the item never names
    0.016733,  # sentences
    -0.670427,  # a fact unread
    0.31745,  # doubt: a label is not found (a paraphrase?)
    0.30597,  # doubt: written in another script
    0.439256,  # doubt: not written in English
    0.692169,  # doubt: it names
    -0.221447,  # doubt: its last statement gives another value than an earlier one
    -0.791876,  # doubt: it offers alternatives
    -0.222313,  # doubt: it sets values out as a list of labels
    -0.854284,  # doubt: it states a value the reference does not give
    -0.040581,  # doubt: written with another language's letters
    -0.292727,  # doubt: it hedges
    0.022217,  # doubt: a unit or scale other than the reference's
    1.478709,  # doubt: written in a language the judge does not read
    -0.114981,  # doubt: another value in the asked unit is stated too
    -0.807254,  # doubt: one fact is read both cleanly and with a problem
    0.698798,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.436522,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.60089
FAIL_THRESHOLD = 0.121155531
PASS_WEIGHTS: tuple[float, ...] = (
    -1.968118,  # settled
    0.576748,  # doubts
    -1.656505,  # matched share
    -0.009976,  # length against the reference's
    -0.469806,  # extra numbers
    1.001874,  # causal or ordering words beyond the reference's
    -0.1708,  # hedges
    0.138366,  # conclusion markers
    -0.369901,  # negations beyond the reference's
    -0.391523,  # another script
    -0.737223,  # conversion
    0.0,  # a bold value of its own
    0.116037,  # a year the item never names
)
PASS_BIAS = -1.511706
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.392508,  # doubts
    -0.520722,  # matched share
    -0.152644,  # length against the reference's
    -0.689063,  # extra numbers
    0.877219,  # causal or ordering words beyond the reference's
    -0.257175,  # hedges
    0.037891,  # conclusion markers
    -0.550474,  # negations beyond the reference's
    -0.142795,  # another script
    -0.533058,  # conversion
    0.0,  # a bold value of its own
    -0.372494,  # a year the item never names
    -0.09784,  # doubt: a label is not found (a paraphrase?)
    -0.010394,  # doubt: written in another script
    -0.37056,  # doubt: not written in English
    0.058954,  # doubt: it names
    -0.296732,  # doubt: its last statement gives another value than an earlier one
    -0.220556,  # doubt: it offers alternatives
    -1.21911,  # doubt: it sets values out as a list of labels
    0.92938,  # doubt: it states a value the reference does not give
    -0.541396,  # doubt: written with another language's letters
    -0.229585,  # doubt: it hedges
    0.319184,  # doubt: a unit or scale other than the reference's
    -0.064948,  # doubt: written in a language the judge does not read
    -0.12238,  # doubt: another value in the asked unit is stated too
    -0.420693,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.355237,  # doubt: a remark follows its answer
    2.114119,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.843674,  # a fact unread
)
RISKY_BIAS = -2.453541
RISKY_THRESHOLD = 0.141954665
