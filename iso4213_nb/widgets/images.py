"""The Image widget every widget's figure is shown in: at the figure's own pixel size, never stretched.

Beyond TS 4213: presentation only.  A box of ipywidgets stretches its
children to its own width, so an Image of a 416-pixel figure filled a
1,300-pixel Voilà page, three times too large and blurred.  The image here
keeps its natural width, and shrinks (keeping its proportions) only in a box
narrower than the figure.
"""

from __future__ import annotations

import ipywidgets as widgets


def figure_image(image_format: str = "png") -> widgets.Image:
    """An empty ``ipywidgets.Image`` for figure bytes of ``image_format``, shown at the figure's own size.

    Beyond TS 4213: presentation only.  Returns the widget; set its ``value`` to the image bytes.
    """
    return widgets.Image(format=image_format, layout=widgets.Layout(
        width="auto", max_width="100%", height="auto", align_self="flex-start"))
