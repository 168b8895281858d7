"""Words for the errors of the engines that run the accumulators, :mod:`iso4213_nb.scale.accumulators.engine` (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "engine.no_dask": N_("--engine dask needs Dask: pip install 'iso4213-nb[dask]'"),
    "engine.bad_scheduler": N_("--scheduler {scheduler} is no address of a Dask scheduler ({error})"),
    "engine.no_parts": N_("no parts to assess: the data set is empty"),
}
