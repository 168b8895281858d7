"""``--engine dask`` on its own local cluster: a bad cell is one line on stderr, not the workers' log (issue 12).

A worker that runs a failing task logs "Compute Failed" with the task's
traceback; that block reached the terminal before the one-line error the
command prints.  One subprocess, one local cluster of one worker process (not
the synchronous scheduler, which has no workers to log).
"""

import os
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq


def test_a_bad_cell_on_a_local_cluster_is_one_line_on_stderr_and_exit_2(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    pq.write_table(pa.table({"y_true": [0, 1], "score": ["0.2", "0.8"]}), folder / "part-0.parquet")
    pq.write_table(pa.table({"y_true": [0, 1, 1], "score": ["0.1", "x", "0.9"]}), folder / "part-1.parquet")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    done = subprocess.run([sys.executable, "-m", "iso4213_nb", "metrics", "--predictions", str(folder),
                           "--engine", "dask", "--workers", "1"], capture_output=True, text=True, timeout=120, env=env)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert "part-1.parquet, row 2, column 'score'" in lines[0] and "'x'" in lines[0]
