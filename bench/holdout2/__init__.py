"""The second realism hold-out of ``bench/bench_realism_holdout.py --set holdout2``: typed tool stubs
from domains neither the tuning stubs nor the first hold-out hold (``trade``, ``civic``, registered
by ``tools``), and the judges of their answers, field by field (``judges``, ``quantities``) and
between an object's fields (``relations``)."""
