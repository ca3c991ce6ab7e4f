"""Taps through the accessibility tree land where the control is drawn.

With its semantics on (a screen reader, or a test), Flutter's web engine lays a DOM node
over each control; a tap on that node is the control's tap. A button's node holds its
name as plain text at the browser's 16 px and lets it overflow: on a small control (a
Pai Sho point, 21 px on a phone) "Go to 0,-1" wraps to three lines hanging 30 px below
the node, over the nodes drawn under it, so a tap on those hit this one. Clipping each
tappable node that holds no other node to its own box makes a node's tap area the
control's drawn box; the text is still read out whole.
"""

from __future__ import annotations

STYLE = b"flt-semantics[flt-tappable]:not(:has(flt-semantics)) { overflow: hidden !important; }"


def semantics_style() -> bytes:
    return b"<style>" + STYLE + b"</style>"
