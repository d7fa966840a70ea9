from rerankd.kvcache import DocCache, PrefixCache


def test_prefix_cache_is_per_system():
    c = PrefixCache()
    a = c.get("default", [1, 2])
    assert a is c.get("default", [3])
    assert a.is_pinned()


def test_doc_cache_clears():
    c = DocCache(capacity=2)
    for j in range(3):
        c.put("r", j, [1, 2, 3])
    assert len(c._docs) == 1
