"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.947383,  # settled
    0.0,  # full score
    0.336667,  # doubts
    1.341164,  # matched share
    -1.372222,  # contradicted
    2.54988,  # length
    0.697213,  # numbers
    0.138503,  # extra numbers
    0.582206,  # another script
    0.216515,  # full-width digits
    0.049996,  # conversion
    0.269302,  # respectively
    -0.438858,  # percentage points
    0.641564,  # negations
    -0.878554,  # a year the item never names
    -0.077557,  # sentences
    -0.603959,  # a fact unread
    0.295455,  # doubt: a label is not found (a paraphrase?)
    0.427928,  # doubt: written in another script
    0.223171,  # doubt: not written in English
    0.544413,  # doubt: it names
    -0.440478,  # doubt: its last statement gives another value than an earlier one
    -1.203278,  # doubt: it offers alternatives
    -0.256125,  # doubt: it sets values out as a list of labels
    -0.734163,  # doubt: it states a value the reference does not give
    -0.12212,  # doubt: written with another language's letters
    -0.215023,  # doubt: it hedges
    0.111922,  # doubt: a unit or scale other than the reference's
    1.393646,  # doubt: written in a language the judge does not read
    -0.318323,  # doubt: another value in the asked unit is stated too
    -0.82962,  # doubt: one fact is read both cleanly and with a problem
    0.609484,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.507987,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.939791
FAIL_THRESHOLD = 0.109597959
PASS_WEIGHTS: tuple[float, ...] = (
    -2.027074,  # settled
    0.583874,  # doubts
    -1.629392,  # matched share
    -0.060396,  # length against the reference's
    -0.532273,  # extra numbers
    0.820397,  # causal or ordering words beyond the reference's
    -0.111519,  # hedges
    0.145685,  # conclusion markers
    -0.408248,  # negations beyond the reference's
    -0.482255,  # another script
    -0.794786,  # conversion
    0.0,  # a bold value of its own
    0.116991,  # a year the item never names
)
PASS_BIAS = -1.615784
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.391963,  # doubts
    -0.404812,  # matched share
    -0.253205,  # length against the reference's
    -0.880738,  # extra numbers
    0.683434,  # causal or ordering words beyond the reference's
    -0.187622,  # hedges
    0.09953,  # conclusion markers
    -0.597292,  # negations beyond the reference's
    -0.317027,  # another script
    -0.51996,  # conversion
    0.0,  # a bold value of its own
    -0.442003,  # a year the item never names
    -0.1189,  # doubt: a label is not found (a paraphrase?)
    0.182198,  # doubt: written in another script
    -0.179453,  # doubt: not written in English
    0.132703,  # doubt: it names
    -0.376344,  # doubt: its last statement gives another value than an earlier one
    -0.473155,  # doubt: it offers alternatives
    -1.139315,  # doubt: it sets values out as a list of labels
    1.00418,  # doubt: it states a value the reference does not give
    -0.587064,  # doubt: written with another language's letters
    -0.417602,  # doubt: it hedges
    0.370167,  # doubt: a unit or scale other than the reference's
    0.149051,  # doubt: written in a language the judge does not read
    -0.095683,  # doubt: another value in the asked unit is stated too
    -0.501465,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.323322,  # doubt: a remark follows its answer
    1.342133,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.828231,  # a fact unread
)
RISKY_BIAS = -2.649794
RISKY_THRESHOLD = 0.121816802
