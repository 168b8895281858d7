"""The bundled demos: predictions of scikit-learn classifiers on data sets scikit-learn ships, with their --meta
files.
"""
