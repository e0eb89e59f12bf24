"""Judge backends: transports that send chat messages to a model (see :mod:`judge.backends.base`).

Each backend lives in its own module and is registered in :mod:`judge.registry`; modules
here are imported only when a judge of their kind is built.
"""

from judge.backends.base import Backend, BackendSettings, Completion, Message

__all__ = ["Backend", "BackendSettings", "Completion", "Message"]
