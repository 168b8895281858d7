"""Words for the errors of :mod:`iso4213_nb.scale.streaming`: files read in chunks, shards and state files (beyond TS 4213: one-line errors)."""

from ..i18n import N_

TEMPLATES = {
    "streaming.no_settings": N_("{path}: the state file does not say which models and settings it holds"),
    "streaming.columns_differ": N_("{file}: its columns differ from those of the first file of the data set"),
    "streaming.shards_differ": N_("the shards hold different states: assess every shard with the same models"),
    "streaming.no_class": N_("{file}: {y_true} holds no class (no rows); an assessment needs two or more"),
    "streaming.score_outside_bins": N_("{file}: model {model} has a score ({score:g}) outside the binned range "
                                       "[{low:g}, {high:g}]; set the range with --bins-range LOW HIGH"),
}
