"""Classical codebreakers and codemakers for Mastermind.

Lives inside the ``mastermind_q`` import package because the top-level name
``classical`` is taken on PyPI by an unrelated project.
"""

from __future__ import annotations

__all__: list[str] = []
