"""Assessment beyond one read of one file: mergeable accumulators, chunked reading, state files, and the local
and Dask engines.
"""
