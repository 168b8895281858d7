"""Interactive widgets: thin ipywidgets wiring over the computation and presentation layers."""
