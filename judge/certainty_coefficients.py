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
    -1.932088,  # settled
    0.614898,  # doubts
    -1.652415,  # matched share
    0.011897,  # length against the reference's
    -0.533671,  # extra numbers
    0.979128,  # causal or ordering words beyond the reference's
    -0.203417,  # hedges
    0.116092,  # conclusion markers
    -0.371322,  # negations beyond the reference's
    -0.469982,  # another script
    -0.818351,  # conversion
    0.0,  # a bold value of its own
    0.116002,  # a year the item never names
)
PASS_BIAS = -1.623334
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.434177,  # doubts
    -0.443413,  # matched share
    -0.181623,  # length against the reference's
    -0.901989,  # extra numbers
    0.821523,  # causal or ordering words beyond the reference's
    -0.285104,  # hedges
    0.109116,  # conclusion markers
    -0.55091,  # negations beyond the reference's
    -0.29385,  # another script
    -0.540632,  # conversion
    0.0,  # a bold value of its own
    -0.452053,  # a year the item never names
    -0.280941,  # doubt: a label is not found (a paraphrase?)
    0.120594,  # doubt: written in another script
    -0.130194,  # doubt: not written in English
    0.13463,  # doubt: it names
    -0.345592,  # doubt: its last statement gives another value than an earlier one
    -0.459029,  # doubt: it offers alternatives
    -1.107144,  # doubt: it sets values out as a list of labels
    1.003128,  # doubt: it states a value the reference does not give
    -0.512005,  # doubt: written with another language's letters
    -0.340428,  # doubt: it hedges
    0.100427,  # doubt: a unit or scale other than the reference's
    0.219606,  # doubt: written in a language the judge does not read
    -0.10146,  # doubt: another value in the asked unit is stated too
    -0.474458,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.280788,  # doubt: a remark follows its answer
    1.313754,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.908946,  # a fact unread
)
RISKY_BIAS = -2.64599
RISKY_THRESHOLD = 0.12169978
