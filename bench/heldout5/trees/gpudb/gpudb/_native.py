try:
    from ._gpudb import Engine, fetch_result, scan_column, spill_partition  # type: ignore  # noqa: F401
except ImportError:  # pragma: no cover
    Engine = fetch_result = scan_column = spill_partition = None
