from l1trig.seeds import SEEDS


def test_ht_seed_thresholds():
    s = SEEDS["ht"]("HTT360", thresholds=[280.0, 320.0, 360.0])
    assert s.evaluate({"jets": [(200.0, 0, 0), (170.0, 1, 1)]})
    assert not s.evaluate({"jets": [(100.0, 0, 0)]})
