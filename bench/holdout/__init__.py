"""The realism hold-out of ``bench/bench_realism_holdout.py``: typed tool stubs from domains the
realism layer was not tuned on (``work``, ``life``, registered by ``tools``), and the judges of their
answers, field by field (``judges``) and between an object's fields (``relations``)."""
