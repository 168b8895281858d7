/* iso4213-nb: the kernel-free threshold explorer (built by iso4213_nb/figures/vega_explorer.py).
 *
 * Each <div class="iso4213-explorer"> holds a JSON block with the thresholds its slider offers
 * (ascending) and the exact counts TP and FP at each.  A slider move is a lookup in those arrays:
 * the tables are rewritten at once and the Vega signal "position" moves the operating point on
 * the charts.  A sample is predicted positive when its score is at or above the threshold.
 * Without Vega on the page (a live notebook) the numbers still follow the slider.
 * Attributes for tests: data-state on the explorer ("ready", "no-charts" or "error") and
 * data-position, the slider position the charts show once Vega has redrawn them.
 */
(function () {
  "use strict";

  var DECIMALS = 4;
  // The keys a range input moves by.
  var SLIDER_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];

  // A ratio, or the code of the reason why it is undefined (a zero denominator is never shown as 0).
  function ratio(numerator, denominator, reason) {
    return denominator === 0 ? { undefinedBecause: reason } : numerator / denominator;
  }

  // The measures of the tables, the same formulas and reason codes as iso4213_nb.measures.counts (6.2.4, 6.2.5, 6.3.3).
  var MEASURES = {
    recall: function (c) { return ratio(c.tp, c.tp + c.fn, "no_positives"); },
    precision: function (c) { return ratio(c.tp, c.tp + c.fp, "no_predicted_positives"); },
    specificity: function (c) { return ratio(c.tn, c.tn + c.fp, "no_negatives"); },
    f1: function (c) { return ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn, "no_actual_or_predicted_positives"); },
    accuracy: function (c) { return ratio(c.tp + c.tn, c.tp + c.fp + c.fn + c.tn, "no_samples"); }
  };

  // The page's words (data.words, in the report's language) with {name} fields filled in.
  function say(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return String(fields[key]); });
  }

  // A number with the language's decimal sign (a comma in Russian).
  function decimal(data, text) {
    return data.words.decimal === "." ? text : text.replace(".", data.words.decimal);
  }

  function countsAt(data, i) {
    var tp = data.tp[i], fp = data.fp[i];
    return { tp: tp, fp: fp, fn: data.positives - tp, tn: data.negatives - fp };
  }

  function describe(data, i) {
    // data.labels[i] = [words, value] (from the page's Python): "threshold above" the highest score at the last
    // position, elsewhere the shortest number with the same counts, not the score's 17 digits.
    var label = data.labels[i];
    var text = say(data.words[label[0]], { value: decimal(data, label[1]) });
    if (i === data.thresholds.length - 1 && data.tp[i] + data.fp[i] === 0) {
      text += data.words.above;
    }
    if (data.marks[i] !== undefined) { text += say(data.words.marked, { marks: data.marks[i] }); }
    return text;
  }

  // One row per slider position for the charts; an undefined coordinate is null (Vega leaves it out).
  function curveRows(data) {
    var rows = [];
    for (var k = 0; k < data.thresholds.length; k++) {
      var tp = data.tp[k], fp = data.fp[k];
      rows.push({
        k: k,
        fpr: data.negatives ? fp / data.negatives : null,
        tpr: data.positives ? tp / data.positives : null,
        recall: data.positives ? tp / data.positives : null,
        precision: tp + fp ? tp / (tp + fp) : null
      });
    }
    return rows;
  }

  function showNumbers(root, data, i) {
    var counts = countsAt(data, i);
    var threshold = String(data.thresholds[i]);
    root.querySelectorAll("table[data-threshold]").forEach(function (table) {
      table.setAttribute("data-threshold", threshold);
    });
    root.querySelectorAll("td[data-measure]").forEach(function (cell) {
      var key = cell.getAttribute("data-measure");
      var value = key in counts ? counts[key] : MEASURES[key](counts);
      if (typeof value === "object") {
        cell.textContent = data.words.undefined;
        cell.title = data.words.undefined + ": " + data.words[value.undefinedBecause];
      } else {
        cell.textContent = key in counts ? String(value) : decimal(data, value.toFixed(DECIMALS));
        cell.removeAttribute("title");
      }
    });
    var words = describe(data, i);
    root.querySelector("output").textContent = words;
    root.querySelector('input[name="threshold"]').setAttribute("aria-valuetext", words);
  }

  function start(root) {
    var data = JSON.parse(root.querySelector("script.iso4213-explorer-data").textContent);
    var slider = root.querySelector('input[name="threshold"]');
    var charts = root.querySelector(".iso4213-explorer-charts");
    var view = null;
    root.setAttribute("data-state", "starting");

    function redraw(i) {
      view.signal("position", i).runAsync().then(function () {
        if (Number(slider.value) === i) { root.setAttribute("data-position", String(i)); }
      });
    }

    // JupyterLab's notebook takes arrow keys in command mode to move the cell selection, even from a focused
    // range input; the slider keeps the keys it moves by, so keyboard and screen-reader users can work it.
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    slider.addEventListener("keydown", function (event) {
      if (SLIDER_KEYS.indexOf(event.key) >= 0) { event.stopPropagation(); }
    });
    slider.addEventListener("input", function () {
      var i = Number(slider.value);
      showNumbers(root, data, i);
      if (view) { redraw(i); }
    });
    showNumbers(root, data, Number(slider.value));

    if (typeof window.vegaEmbed !== "function") {
      charts.textContent = data.words.no_charts;
      root.setAttribute("data-state", "no-charts");
      return;
    }
    var spec = JSON.parse(JSON.stringify(data.spec));
    spec.datasets = { curve: curveRows(data) };
    // Compiled here rather than by vegaEmbed: vega 6.3.0's browser build calls itself 5.33.1, and
    // vegaEmbed would warn that the compiled v6 specification does not match it.
    var compiled = window.vegaEmbed.vegaLite.compile(spec).spec;
    delete compiled.$schema;
    charts.textContent = "";
    window.vegaEmbed(charts, compiled, { actions: false, renderer: "svg", mode: "vega" })
      .then(function (result) {
        view = result.view;
        // Vega names a chart's parts for a screen reader in English only ("line mark container", "Title text
        // '...'", "visualization"), whatever the page's language: the charts are read as one figure instead,
        // named by the spec's description in the page's words; the slider and the two tables say the numbers.
        var figure = view.container();
        figure.setAttribute("aria-roledescription", data.words.chart);
        figure.querySelector("svg").setAttribute("aria-hidden", "true");
        root.setAttribute("data-state", "ready");
        redraw(Number(slider.value));
      })
      .catch(function (error) {
        root.setAttribute("data-state", "error");
        charts.textContent = say(data.words.chart_error, { error: error });
        console.error("iso4213 explorer:", error);
      });
  }

  function startAll() {
    document.querySelectorAll("div.iso4213-explorer:not([data-state])").forEach(start);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", startAll);
  } else {
    startAll();
  }
})();
