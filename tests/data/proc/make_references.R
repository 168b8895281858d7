# Reference values of pROC for tests/test_roc_regions.py, written to references.csv.
# Run once from this folder with Debian's r-base-core and r-cran-proc installed:
#   Rscript make_references.R
# The test suite reads references.csv only; it never calls R.
suppressMessages(library(pROC))
out <- data.frame(dataset = character(), quantity = character(), value = numeric())
add <- function(d, q, v) out[nrow(out) + 1, ] <<- list(d, q, v)
for (d in c("small", "medium", "tied")) {
  x <- read.csv(paste0(d, ".csv"))
  ra <- roc(x$y, x$a, levels = c(0, 1), direction = "<", quiet = TRUE)
  rb <- roc(x$y, x$b, levels = c(0, 1), direction = "<", quiet = TRUE)
  add(d, "auc_a", as.numeric(auc(ra)))
  for (range in list(c(1, 0.8), c(1, 0.9), c(0.9, 0.6))) {
    for (focus in c("specificity", "sensitivity")) {
      tag <- sprintf("pauc_%s_%g_%g", focus, range[2], range[1])
      add(d, tag, as.numeric(auc(ra, partial.auc = range, partial.auc.focus = focus)))
      corrected <- suppressWarnings(as.numeric(auc(ra, partial.auc = range, partial.auc.focus = focus,
                                                   partial.auc.correct = TRUE)))
      add(d, paste0(tag, "_mcclish"), corrected)
    }
  }
  for (sp in c(0.5, 0.8, 0.9, 0.95)) {
    add(d, sprintf("se_at_sp_%g", sp), coords(ra, sp, input = "specificity", ret = "sensitivity")[1, 1])
  }
  for (se in c(0.8, 0.9)) {
    add(d, sprintf("sp_at_se_%g", se), coords(ra, se, input = "sensitivity", ret = "specificity")[1, 1])
  }
  ci <- ci.auc(ra, method = "delong")
  add(d, "delong_ci_low", ci[1]); add(d, "delong_ci_high", ci[3])
  add(d, "delong_var", var(ra, method = "delong"))
  test <- roc.test(ra, rb, method = "delong", paired = TRUE)
  add(d, "delong_test_z", as.numeric(test$statistic)); add(d, "delong_test_p", test$p.value)
  set.seed(1)
  cse <- ci.se(ra, specificities = 0.9, boot.n = 4000, conf.level = 0.95)
  add(d, "ci_se_at_sp_0.9_low", cse[1, 1]); add(d, "ci_se_at_sp_0.9_high", cse[1, 3])
  set.seed(1)
  rp <- roc(x$y, x$a, levels = c(0, 1), direction = "<", quiet = TRUE, partial.auc = c(1, 0.8),
            partial.auc.focus = "specificity")
  cp <- ci.auc(rp, method = "bootstrap", boot.n = 4000, conf.level = 0.95)
  add(d, "ci_pauc_specificity_0.8_1_low", cp[1]); add(d, "ci_pauc_specificity_0.8_1_high", cp[3])
}
write.csv(out, "references.csv", row.names = FALSE)
cat(sprintf("pROC %s: %d values\n", as.character(packageVersion("pROC")), nrow(out)))
