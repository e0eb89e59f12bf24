"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.05583,  # settled
    0.0,  # full score
    0.175761,  # doubts
    1.232782,  # matched share
    -1.627382,  # contradicted
    2.607671,  # length
    0.772036,  # numbers
    -0.127762,  # extra numbers
    0.761332,  # another script
    0.414431,  # full-width digits
    0.299294,  # conversion
    0.367264,  # respectively
    -0.364945,  # percentage points
    0.918074,  # negations
    -0.996781,  # a year the item never names
    0.084841,  # sentences
    -0.803362,  # a fact unread
    0.355521,  # doubt: a label is not found (a paraphrase?)
    0.417207,  # doubt: written in another script
    0.430701,  # doubt: not written in English
    0.766304,  # doubt: it names
    -0.228918,  # doubt: its last statement gives another value than an earlier one
    -0.683641,  # doubt: it offers alternatives
    -0.24238,  # doubt: it sets values out as a list of labels
    -0.912554,  # doubt: it states a value the reference does not give
    -0.007755,  # doubt: written with another language's letters
    -0.335592,  # doubt: it hedges
    0.031776,  # doubt: a unit or scale other than the reference's
    1.502582,  # doubt: written in a language the judge does not read
    -0.068105,  # doubt: another value in the asked unit is stated too
    -0.772577,  # doubt: one fact is read both cleanly and with a problem
    0.7235,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.470127,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.721867
FAIL_THRESHOLD = 0.110578558
PASS_WEIGHTS: tuple[float, ...] = (
    -2.102837,  # settled
    0.494172,  # doubts
    -1.942661,  # matched share
    0.038679,  # length against the reference's
    -0.49437,  # extra numbers
    1.137284,  # causal or ordering words beyond the reference's
    -0.296683,  # hedges
    0.17272,  # conclusion markers
    -0.678018,  # negations beyond the reference's
    -0.345579,  # another script
    -0.649495,  # conversion
    0.0,  # a bold value of its own
    0.235236,  # a year the item never names
)
PASS_BIAS = -0.96795
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.297043,  # doubts
    -0.683013,  # matched share
    -0.066094,  # length against the reference's
    -0.642523,  # extra numbers
    0.87877,  # causal or ordering words beyond the reference's
    -0.330869,  # hedges
    0.017904,  # conclusion markers
    -0.843345,  # negations beyond the reference's
    0.075674,  # another script
    -0.45176,  # conversion
    0.0,  # a bold value of its own
    -0.177981,  # a year the item never names
    -0.15793,  # doubt: a label is not found (a paraphrase?)
    -0.277386,  # doubt: written in another script
    -0.474494,  # doubt: not written in English
    0.304605,  # doubt: it names
    -0.194873,  # doubt: its last statement gives another value than an earlier one
    -0.205463,  # doubt: it offers alternatives
    -0.849198,  # doubt: it sets values out as a list of labels
    0.84358,  # doubt: it states a value the reference does not give
    -0.434218,  # doubt: written with another language's letters
    -0.249203,  # doubt: it hedges
    -0.093574,  # doubt: a unit or scale other than the reference's
    -0.057648,  # doubt: written in a language the judge does not read
    0.250508,  # doubt: another value in the asked unit is stated too
    -0.145952,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.382181,  # doubt: a remark follows its answer
    2.145788,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    1.01618,  # a fact unread
)
RISKY_BIAS = -2.108998
RISKY_THRESHOLD = 0.172935727
