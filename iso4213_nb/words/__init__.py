"""Words in the reader's language: the catalogue, names, reasons, readings of results and error messages.
"""
