from . import gbdt, knn, linear  # noqa: F401
