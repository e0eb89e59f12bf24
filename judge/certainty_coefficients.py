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
    -2.018925,  # settled
    0.563571,  # doubts
    -1.624223,  # matched share
    -0.047295,  # length against the reference's
    -0.509954,  # extra numbers
    0.834582,  # causal or ordering words beyond the reference's
    -0.111498,  # hedges
    0.124913,  # conclusion markers
    -0.41612,  # negations beyond the reference's
    -0.474474,  # another script
    -0.796267,  # conversion
    0.0,  # a bold value of its own
    0.13293,  # a year the item never names
)
PASS_BIAS = -1.581533
PASS_THRESHOLD = 1.0
RISKY_WEIGHTS: tuple[float, ...] = (
    0.0,  # settled
    0.380782,  # doubts
    -0.395257,  # matched share
    -0.209716,  # length against the reference's
    -0.761598,  # extra numbers
    0.702435,  # causal or ordering words beyond the reference's
    -0.138587,  # hedges
    0.029662,  # conclusion markers
    -0.617127,  # negations beyond the reference's
    -0.331424,  # another script
    -0.524918,  # conversion
    0.0,  # a bold value of its own
    -0.371036,  # a year the item never names
    -0.058893,  # doubt: a label is not found (a paraphrase?)
    0.135538,  # doubt: written in another script
    -0.290257,  # doubt: not written in English
    0.087018,  # doubt: it names
    -0.329314,  # doubt: its last statement gives another value than an earlier one
    -0.481512,  # doubt: it offers alternatives
    -1.170022,  # doubt: it sets values out as a list of labels
    0.93118,  # doubt: it states a value the reference does not give
    -0.557598,  # doubt: written with another language's letters
    -0.444512,  # doubt: it hedges
    0.357351,  # doubt: a unit or scale other than the reference's
    0.054983,  # doubt: written in a language the judge does not read
    -0.09172,  # doubt: another value in the asked unit is stated too
    -0.520875,  # doubt: one fact is read both cleanly and with a problem
    0.0,  # doubt: a value is failed for being the asked value rounded more coarsely
    0.250945,  # doubt: a remark follows its answer
    2.060804,  # doubt: it says the value moved the other way than the reference
    0.0,  # contradicted
    0.837829,  # a fact unread
)
RISKY_BIAS = -2.613936
RISKY_THRESHOLD = 0.117648156
