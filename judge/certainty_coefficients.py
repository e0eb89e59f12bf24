"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -1.158031,  # settled
    0.0,  # full score
    0.120234,  # doubts
    1.153778,  # matched share
    -1.625463,  # contradicted
    2.765176,  # length
    0.88507,  # numbers
    -0.183737,  # extra numbers
    0.771405,  # another script
    0.411567,  # full-width digits
    0.324426,  # conversion
    0.308322,  # respectively
    -0.417391,  # percentage points
    0.921726,  # negations
    -1.111156,  # a year the item never names
    -0.001635,  # sentences
    -0.833953,  # a fact unread
    0.342121,  # doubt: a label is not found (a paraphrase?)
    0.35817,  # doubt: written in another script
    0.361865,  # doubt: not written in English
    0.722025,  # doubt: it names
    -0.146228,  # doubt: its last statement gives another value than an earlier one
    -0.420581,  # doubt: it offers alternatives
    -0.231983,  # doubt: it sets values out as a list of labels
    -0.885845,  # doubt: it states a value the reference does not give
    -0.000583,  # doubt: written with another language's letters
    -0.439675,  # doubt: it hedges
    -0.101745,  # doubt: a unit or scale other than the reference's
    1.417712,  # doubt: written in a language the judge does not read
    0.055887,  # doubt: another value in the asked unit is stated too
    -0.827703,  # doubt: one fact is read both cleanly and with a problem
    0.660111,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.457123,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.667185
FAIL_THRESHOLD = 0.113420867
PASS_WEIGHTS: tuple[float, ...] = (
    -2.037858,  # settled
    0.507594,  # doubts
    -1.844393,  # matched share
    -0.083992,  # length against the reference's
    -0.458942,  # extra numbers
    1.224932,  # causal or ordering words beyond the reference's
    -0.338122,  # hedges
    0.135849,  # conclusion markers
    -0.614184,  # negations beyond the reference's
    -0.450733,  # another script
    -0.746107,  # conversion
    0.0,  # a bold value of its own
    0.088215,  # a year the item never names
)
PASS_BIAS = -1.020847
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.296211,  # doubts
    -0.716338,  # matched share
    -0.185257,  # length against the reference's
    -0.561253,  # extra numbers
    0.96438,  # causal or ordering words beyond the reference's
    -0.465054,  # hedges
    -0.054125,  # conclusion markers
    -0.877789,  # negations beyond the reference's
    0.03754,  # another script
    -0.555285,  # conversion
    0.0,  # a bold value of its own
    -0.254196,  # a year the item never names
    -0.243297,  # doubt: a label is not found (a paraphrase?)
    -0.315519,  # doubt: written in another script
    -0.620781,  # doubt: not written in English
    0.600241,  # doubt: it names
    -0.103183,  # doubt: its last statement gives another value than an earlier one
    -0.039874,  # doubt: it offers alternatives
    -0.928471,  # doubt: it sets values out as a list of labels
    0.809812,  # doubt: it states a value the reference does not give
    -0.541641,  # doubt: written with another language's letters
    0.062416,  # doubt: it hedges
    -0.272192,  # doubt: a unit or scale other than the reference's
    -0.082114,  # doubt: written in a language the judge does not read
    0.226168,  # doubt: another value in the asked unit is stated too
    -0.080255,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.378787,  # doubt: a remark follows its answer
    2.223123,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    1.060984,  # a fact unread
)
RISKY_BIAS = -2.050052
RISKY_THRESHOLD = 0.180617519
