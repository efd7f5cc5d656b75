"""The project's exceptions: each carries a one-line message fit for a user."""
from __future__ import annotations


class PatienceError(Exception):
    """Base of every error the CLI turns into a one-line message and exit code 1."""


class VariantError(PatienceError):
    """A variant definition is invalid or cannot be found."""


class ParameterError(PatienceError):
    """A ``--param K=V`` names an unknown parameter or an illegal value."""


class PackError(PatienceError):
    """A pack file is unreadable or does not hold exactly the cards to deal."""


class MoveError(PatienceError):
    """A move is not legal in the current position."""


class SaveError(PatienceError):
    """A saved game is damaged, foreign, or cannot be written."""
