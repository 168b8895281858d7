"""The computing environment of an assessment, captured for the report (5.3.11, clause 8).

Timing and energy figures (6.6) mean little without the hardware and software
that produced them; :func:`capture` records CPU model, core counts, memory,
operating system, Python and library versions as a plain dict.
"""

from __future__ import annotations

import os
import platform
from importlib import metadata
from pathlib import Path

#: Libraries whose versions are recorded by default.
LIBRARIES = ("iso4213-nb", "numpy", "scipy", "scikit-learn", "matplotlib", "ipywidgets", "statsmodels")


def _cpu_model() -> str:
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine() or "unknown"


def _memory_bytes() -> int | None:
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) * 1024
    return None


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def capture(libraries=LIBRARIES) -> dict:
    """The environment as a dict of plain values (5.3.11, clause 8).

    Keys: ``cpu_model``, ``logical_cores`` (``os.cpu_count``), ``usable_cores``
    (cores this process may run on), ``memory_bytes`` (None where unknown),
    ``machine``, ``os``, ``python``, ``python_implementation`` and
    ``libraries`` (name → version, None when not installed).
    """
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "cpu_model": _cpu_model(),
        "logical_cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_bytes": _memory_bytes(),
        "machine": platform.machine(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "libraries": {name: _version(name) for name in libraries},
    }
