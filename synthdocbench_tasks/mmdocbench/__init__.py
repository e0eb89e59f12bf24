"""MMDocBench (fine-grained document QA with supporting regions) as lmms-eval tasks.

:mod:`.taxonomy` names the 15 main tasks and 48 sub-tasks, :mod:`.data` finds the published
TSV (``MMDOCBENCH_DATASET``), :mod:`.gold` reads its answers, :mod:`.hooks` are what the
``mmdocbench_*`` task YAMLs call, and :mod:`.report` prints the paper's Table 2 view from
lmms-eval sample logs.
"""
