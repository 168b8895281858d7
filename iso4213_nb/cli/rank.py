"""``iso4213-nb rank --results FILE``: rank several models over data sets or folds; Bayesian comparison with a ROPE.

The file has one row per data set (``--design datasets``, the default) or per
cross-validation fold of one data set (``--design cv``), and one column of
scores per model (``--id COL`` names a column of row names to leave out).

* data sets, three or more models: the Friedman test with the Iman–Davenport
  F, Nemenyi's and Holm's post-hoc comparisons, and the critical-difference
  diagram (``--plot FILE.png|svg|pdf``);
* with ``--rope R``: every pair also gets P(A better), P(equivalent),
  P(B better): the Bayesian signed-rank test across data sets, or the
  correlated Bayesian t-test across folds (``--runs`` repetitions of the
  cross-validation).  Folds share training data, so the Friedman test, which
  assumes independent rows, is not run on folds.
"""

from __future__ import annotations

import argparse
import json
import os
from itertools import combinations
from pathlib import Path

from ..core.errors import InputError
from ..words.i18n import N_, _, number, significant
from ..inputs import add_reading_options, reading_options
from ._types import open_unit, whole

# numpy, the readers and the ranking are imported where they are used, so that the parser (``iso4213-nb rank
# --help``) loads neither numpy, scipy nor pyarrow (issue 27 point 4).

PLOT_FORMATS = (".png", ".svg", ".pdf")
#: What a plot of this command carries in its metadata (PNG ``Software``, SVG and PDF ``Creator``), so that
#: ``--plot`` replaces only a file it wrote, as ``state --out`` and ``report --out`` do.
PLOT_CREATOR = "iso4213-nb rank --plot"
#: A plot of this command is far smaller; a larger file is not read to look for :data:`PLOT_CREATOR`.
PLOT_MAX_BYTES = 16 << 20
_CREATOR_KEY = {".png": "Software", ".svg": "Creator", ".pdf": "Creator"}


def register(subparsers) -> None:
    """Add the ``rank`` sub-command (clause 7; beyond TS 4213: Demšar 2006, Benavoli et al. 2017)."""
    parser = subparsers.add_parser("rank", description=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", required=True, metavar="FILE",
                        help="one row per data set or fold, one column of scores per model (- for stdin)")
    parser.add_argument("--id", metavar="COL", help="a column of row names (data set or fold) to leave out")
    parser.add_argument("--design", choices=("datasets", "cv"), default="datasets",
                        help="rows are independent data sets (default) or folds of one cross-validation")
    parser.add_argument("--runs", type=whole(1), default=1, help="with --design cv: repetitions of the cross-validation")
    parser.add_argument("--lower-is-better", action="store_true", help="the scores are losses or error rates")
    parser.add_argument("--alpha", type=open_unit, default=0.05, help="level of the post-hoc decisions (default 0.05)")
    parser.add_argument("--rope", type=float, help="half-width of the region of practical equivalence, in score "
                                                   "units: adds the Bayesian comparison of every pair")
    parser.add_argument("--seed", type=whole(0), default=0, help="seed of the signed-rank test's posterior samples")
    parser.add_argument("--plot", metavar="FILE", help="write the critical-difference diagram (or, for two models, "
                                                       "the posterior) as .png, .svg or .pdf")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_reading_options(parser, labels=False)
    parser.set_defaults(func=run)


def _read(args) -> tuple[list[str], np.ndarray, str]:
    import numpy as np

    from ..inputs import read_table, score_column

    options = reading_options(args)
    decimal = options.pop("decimal")
    table = read_table(args.results, **options)
    if args.id is not None:
        table.require([args.id])
    names = [name for name in table.names if name != args.id]
    if not names:
        raise InputError(_("{file}: two or more model columns are needed, got none").format(file=table.source.name))
    if len(names) < 2:
        raise InputError(_("{file}: two or more model columns are needed, got {names}").format(
            file=table.source.name, names=", ".join(names)))
    if table.n_rows < 2:
        raise InputError(_("{file}: two or more rows (data sets or folds) are needed, got {rows}").format(
            file=table.source.name, rows=number(table.n_rows)))
    scores = np.column_stack([score_column(table, name, decimal) for name in names])
    return names, scores, table.source.name


def _bayesian(names, scores, args) -> list[dict]:
    from ..stats.bayesian import correlated_ttest, signed_rank

    out = []
    for i, j in combinations(range(len(names)), 2):
        if args.design == "cv":
            result = correlated_ttest(scores[:, i], scores[:, j], args.rope, runs=args.runs,
                                      higher_is_better=not args.lower_is_better)
        else:
            result = signed_rank(scores[:, i], scores[:, j], args.rope, seed=args.seed,
                                 higher_is_better=not args.lower_is_better)
        out.append({"a": names[i], "b": names[j], "method": result.method, "rope": result.rope,
                    "p_a_better": result.a_better, "p_equivalent": result.equivalent, "p_b_better": result.b_better,
                    "mean_difference": result.mean_difference, "_result": result})
    return out


def _plot(path: str, ranking, bayesian, names) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ..figures.ranking import draw_critical_difference, draw_posterior

    suffix = Path(path).suffix.lower()
    if ranking is not None:
        figure, ax = plt.subplots(figsize=(7, 1.2 + 0.35 * (len(names) + len(ranking.groups))))
        draw_critical_difference(ax, ranking)
    elif len(bayesian) == 1:
        figure, ax = plt.subplots(figsize=(6, 4))
        draw_posterior(ax, bayesian[0]["_result"], (bayesian[0]["a"], bayesian[0]["b"]))
    else:
        raise InputError(_("--plot draws the critical-difference diagram (three or more models over data sets) or "
                           "the posterior of one pair (two models with --rope)"))
    partial = Path(path).with_name(f".{Path(path).name}.partial{suffix}")  # replaced whole, never half-written
    try:
        figure.savefig(partial, bbox_inches="tight", metadata={_CREATOR_KEY[suffix]: PLOT_CREATOR})
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
        plt.close(figure)


def check_plot_path(path: str) -> None:
    """Refuse a ``--plot`` path of another format, a folder, or a file this command did not write (beyond TS 4213:
    the command line over clause 7)."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_FORMATS:
        raise InputError(_("--plot writes {formats}; got {path}").format(formats=", ".join(PLOT_FORMATS), path=path))
    if target.is_dir():
        raise InputError(_("{path}: is a folder; --plot names the file to write").format(path=path))
    if target.exists() and not _is_our_plot(target):
        raise InputError(_("{path}: exists and was not written by iso4213-nb rank --plot; --plot replaces only a "
                           "plot it wrote").format(path=path))


def _is_our_plot(path: Path) -> bool:
    try:
        if path.stat().st_size > PLOT_MAX_BYTES:
            return False
        return PLOT_CREATOR.encode() in path.read_bytes()
    except OSError:
        return False


def run(args) -> int:
    """Read the results, rank and compare, print a table or JSON, and draw the plot when asked.

    Clause 7; beyond TS 4213: Demšar 2006, Benavoli et al. 2017.
    """
    import numpy as np

    if args.runs < 1 or (args.runs != 1 and args.design != "cv"):
        raise InputError(_("--runs takes a whole number of at least 1 and applies to --design cv"))
    if args.plot:
        check_plot_path(args.plot)
    names, scores, file = _read(args)
    ranking = None
    notes = []
    if args.design == "datasets" and len(names) >= 3:
        from ..stats.ranking import rank_models
        ranking = rank_models(scores, names, alpha=args.alpha, higher_is_better=not args.lower_is_better)
    elif args.design == "cv":
        notes.append(N_("The rows are folds of one cross-validation: they share training data, so the Friedman test "
                        "(independent rows) is not run; the correlated Bayesian t-test accounts for the overlap."))
    else:
        notes.append(N_("Two models: the Friedman test needs three or more; give --rope for the Bayesian comparison, "
                        "or compare them with 'iso4213-nb compare'."))
    if args.design == "cv" and args.rope is None:
        args.rope = 0.0
    bayesian = _bayesian(names, scores, args) if args.rope is not None else []
    if args.plot:
        _plot(args.plot, ranking, bayesian, names)
    out = {"file": file, "design": args.design, "models": names, "rows": int(scores.shape[0]),
           "higher_is_better": not args.lower_is_better, "notes": notes,
           "bayesian": [{k: v for k, v in row.items() if k != "_result"} for row in bayesian]}
    if ranking is not None:
        k = len(names)
        out.update({
            "mean_ranks": dict(zip(ranking.names, ranking.mean_ranks.tolist())), "order": ranking.order(),
            "friedman": {"statistic": ranking.friedman_statistic, "df": k - 1, "pvalue": ranking.friedman_pvalue},
            "iman_davenport": {"statistic": None if np.isinf(ranking.iman_davenport_statistic)
                               else ranking.iman_davenport_statistic,
                               "df": list(ranking.iman_davenport_df), "pvalue": ranking.iman_davenport_pvalue},
            "alpha": ranking.alpha, "critical_difference": ranking.critical_difference,
            "groups": [list(g) for g in ranking.groups],
            "pairwise": [{"a": ranking.names[i], "b": ranking.names[j],
                          "nemenyi_pvalue": float(ranking.nemenyi_pvalues[i, j]),
                          "holm_pvalue": float(ranking.holm_pvalues[i, j])}
                         for i, j in combinations(range(k), 2)]})
    if args.json:
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    _print_table(out, ranking, bayesian, args.design)
    return 0


#: How the Bayesian methods of :mod:`iso4213_nb.stats.bayesian` are named in print (English: their codes, as always).
_METHODS = {"correlated t-test": N_("correlated t-test"), "signed-rank": N_("signed-rank")}


def _print_table(out: dict, ranking, bayesian: list[dict], design: str) -> None:
    """The ranking, the tests and the Bayesian comparisons as text in the active language."""
    import numpy as np

    from ..figures.tables import text_table

    rows_are = _("data sets") if design == "datasets" else _("folds")
    print(_("{k} models over {n} {rows} of {file}").format(k=len(out["models"]), n=out["rows"], rows=rows_are,
                                                           file=out["file"]))
    if ranking is not None:
        k = len(out["models"])
        print(text_table([[name, number(rank, 3)] for name, rank in
                          sorted(out["mean_ranks"].items(), key=lambda kv: kv[1])],
                         [_("model"), _("mean rank (1 = best)")]))
        f_stat = _("infinite") if np.isinf(ranking.iman_davenport_statistic) else number(
            ranking.iman_davenport_statistic, 3)
        print("\n" + _("Friedman χ² = {chi2} (df {df}), p = {p}; Iman–Davenport F = {f} (df {df1}, {df2}), "
                       "p = {p_f}").format(chi2=number(ranking.friedman_statistic, 3), df=k - 1,
                                           p=number(ranking.friedman_pvalue, 4), f=f_stat,
                                           df1=ranking.iman_davenport_df[0], df2=ranking.iman_davenport_df[1],
                                           p_f=number(ranking.iman_davenport_pvalue, 4)))
        groups = "; ".join(", ".join(g) for g in ranking.groups) or _("none")
        print(_("Nemenyi critical difference at α = {alpha}: {difference}; groups within it: {groups}").format(
            alpha=significant(ranking.alpha, 6), difference=number(ranking.critical_difference, 3), groups=groups))
        print(text_table([[row["a"], row["b"], number(row["nemenyi_pvalue"], 4), number(row["holm_pvalue"], 4)]
                          for row in out["pairwise"]], ["A", "B", _("Nemenyi p"), _("Holm p (Demšar z)")]))
    for row in bayesian:
        print("\n" + _("{method}, ROPE ±{rope}: P({a} better) = {p_a}, P(equivalent) = {p_eq}, P({b} better) = "
                       "{p_b}").format(method=_(_METHODS.get(row["method"], row["method"])),
                                       rope=significant(row["rope"], 6), a=row["a"], b=row["b"],
                                       p_a=number(row["p_a_better"], 3), p_eq=number(row["p_equivalent"], 3),
                                       p_b=number(row["p_b_better"], 3)))
    for note in out["notes"]:
        print("\n" + _(note))
