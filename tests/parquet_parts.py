"""A Parquet data set for the tests of chunked and Dask runs: one table split into files and row groups."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq


def parquet_folder(folder, columns: dict, *, files: int, rows_per_group: int) -> str:
    """Write ``columns`` (name → equal-length arrays) to ``folder`` as ``files`` Parquet files of row groups of at
    most ``rows_per_group`` rows, in row order; returns the folder's path."""
    folder.mkdir()
    n = len(next(iter(columns.values())))
    bounds = np.linspace(0, n, files + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        pq.write_table(pa.table({k: v[lo:hi] for k, v in columns.items()}), folder / f"part-{i}.parquet",
                       row_group_size=rows_per_group)
    return str(folder)
