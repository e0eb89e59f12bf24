"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.768657,  # settled
    0.0,  # full score
    0.378315,  # doubts
    1.300269,  # matched share
    -1.412665,  # contradicted
    2.392331,  # length
    0.530997,  # numbers
    0.292876,  # extra numbers
    0.879396,  # another script
    0.329574,  # full-width digits
    0.348292,  # conversion
    0.069893,  # respectively
    -0.388782,  # percentage points
    0.458698,  # negations
    -0.97199,  # a year the item never names
    -0.110988,  # sentences
    -0.472339,  # a fact unread
    0.416997,  # doubt: a label is not found (a paraphrase?)
    0.303623,  # doubt: written in another script
    0.365234,  # doubt: not written in English
    0.528487,  # doubt: it names
    -0.402986,  # doubt: its last statement gives another value than an earlier one
    -1.417028,  # doubt: it offers alternatives
    -0.211888,  # doubt: it sets values out as a list of labels
    -0.665682,  # doubt: it states a value the reference does not give
    -0.281117,  # doubt: written with another language's letters
    -0.225927,  # doubt: it hedges
    0.243094,  # doubt: a unit or scale other than the reference's
    1.233804,  # doubt: written in a language the judge does not read
    -0.263537,  # doubt: another value in the asked unit is stated too
    -0.66954,  # doubt: one fact is read both cleanly and with a problem
    0.946737,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.503471,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.882496
FAIL_THRESHOLD = 0.081286578
PASS_WEIGHTS: tuple[float, ...] = (
    -1.37486,  # settled
    0.647982,  # doubts
    -1.634589,  # matched share
    0.341176,  # length against the reference's
    -0.402357,  # extra numbers
    0.83119,  # causal or ordering words beyond the reference's
    -0.314829,  # hedges
    -0.189594,  # conclusion markers
    -0.168011,  # negations beyond the reference's
    0.000567,  # another script
    -1.190192,  # conversion
    0.0,  # a bold value of its own
    0.508808,  # a year the item never names
)
PASS_BIAS = -1.797241
PASS_THRESHOLD = 1.0
