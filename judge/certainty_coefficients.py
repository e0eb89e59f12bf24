"""Coefficients of :mod:`judge.certainty_model`, written by ``scripts/fit_certainty.py``."""

FAIL_WEIGHTS: tuple[float, ...] = (
    -0.955428,  # settled
    0.0,  # full score
    0.337463,  # doubts
    1.363417,  # matched share
    -1.336521,  # contradicted
    2.52808,  # length
    0.679084,  # numbers
    0.139752,  # extra numbers
    0.735646,  # another script
    0.230836,  # full-width digits
    0.073724,  # conversion
    0.328705,  # respectively
    -0.433316,  # percentage points
    0.650716,  # negations
    -0.965395,  # a year the item never names
    -0.118426,  # sentences
    -0.542341,  # a fact unread
    0.291468,  # doubt: a label is not found (a paraphrase?)
    0.2952,  # doubt: written in another script
    0.216076,  # doubt: not written in English
    0.582894,  # doubt: it names
    -0.365367,  # doubt: its last statement gives another value than an earlier one
    -1.257933,  # doubt: it offers alternatives
    -0.244079,  # doubt: it sets values out as a list of labels
    -0.715619,  # doubt: it states a value the reference does not give
    -0.12551,  # doubt: written with another language's letters
    -0.13532,  # doubt: it hedges
    0.102645,  # doubt: a unit or scale other than the reference's
    1.344837,  # doubt: written in a language the judge does not read
    -0.455873,  # doubt: another value in the asked unit is stated too
    -0.759637,  # doubt: one fact is read both cleanly and with a problem
    0.63412,  # doubt: a value is failed for being the asked value rounded more coarsely
    -0.501853,  # doubt: a remark follows its answer
    0.0,  # doubt: it says the value moved the other way than the reference
)
FAIL_BIAS = -4.919763
FAIL_THRESHOLD = 0.108854458
PASS_WEIGHTS: tuple[float, ...] = (
    -1.900369,  # settled
    0.609637,  # doubts
    -1.642536,  # matched share
    0.019898,  # length against the reference's
    -0.512049,  # extra numbers
    0.983746,  # causal or ordering words beyond the reference's
    -0.200937,  # hedges
    0.098374,  # conclusion markers
    -0.375625,  # negations beyond the reference's
    -0.471318,  # another script
    -0.816818,  # conversion
    0.0,  # a bold value of its own
    0.117326,  # a year the item never names
)
PASS_BIAS = -1.620872
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.437256,  # doubts
    -0.435833,  # matched share
    -0.177536,  # length against the reference's
    -0.763567,  # extra numbers
    0.790452,  # causal or ordering words beyond the reference's
    -0.239596,  # hedges
    0.085083,  # conclusion markers
    -0.545376,  # negations beyond the reference's
    -0.307451,  # another script
    -0.525249,  # conversion
    0.0,  # a bold value of its own
    -0.408977,  # a year the item never names
    -0.279978,  # doubt: a label is not found (a paraphrase?)
    0.115772,  # doubt: written in another script
    -0.217532,  # doubt: not written in English
    0.098839,  # doubt: it names
    -0.301938,  # doubt: its last statement gives another value than an earlier one
    -0.485537,  # doubt: it offers alternatives
    -1.134894,  # doubt: it sets values out as a list of labels
    0.90986,  # doubt: it states a value the reference does not give
    -0.512538,  # doubt: written with another language's letters
    -0.36808,  # doubt: it hedges
    0.095624,  # doubt: a unit or scale other than the reference's
    0.145165,  # doubt: written in a language the judge does not read
    -0.104236,  # doubt: another value in the asked unit is stated too
    -0.491317,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.221195,  # doubt: a remark follows its answer
    1.918452,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.888825,  # a fact unread
)
RISKY_BIAS = -2.6454
RISKY_THRESHOLD = 0.123415951
