"""What the two known-secret oracle gates share: the secret, ``k`` and equality by value."""

from __future__ import annotations

from qiskit.circuit import Gate


class KnownSecretGate(Gate):
    """A gate built from a secret the caller knows (:class:`~.gate.BlackPegOracleGate`,
    :class:`~.parity.ParityOracleGate`).

    A subclass sets ``_secret`` and ``_colors`` and lists in ``_FIELDS`` the attributes
    two equal gates of its class share; such gates are not hashable (as Qiskit's).
    """

    _secret: tuple[int, ...]
    _colors: int
    _FIELDS: tuple[str, ...] = ("_secret", "_colors")

    @property
    def secret(self) -> tuple[int, ...]:
        """The secret ``s``."""
        return self._secret

    @property
    def colors(self) -> int:
        """``k``."""
        return self._colors

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(other, field) == getattr(self, field) for field in self._FIELDS
        )

    __hash__ = None  # type: ignore[assignment]
