"""Connecting to Ray for ``generate --ray``: a private instance or a cluster, and its errors.

This module imports only the standard library (and ``ray``, lazily), none of the generator:
``generate --ray`` (``synthdocbench_tasks.cli``) starts Ray with it and submits the warm-up tasks
(:func:`warm_workers`) before the command's process imports the generator
(:mod:`generation.run.ray_run`), so that the two overlap.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING, Any

from synthdocbench_tasks.errors import first_line

if TYPE_CHECKING:
    from generation.plan.config import Run

#: Ray reruns a task whose worker process died (not one that raised) this many times.
DEFAULT_MAX_RETRIES = 3
#: The address that starts a private Ray instance on this machine (``--ray`` without a value).
LOCAL = "local"
#: What Ray's core prints while it retries a cluster that wants a token this process lacks.
_AUTH_REFUSED = ("InvalidAuthToken", "Unauthenticated")
#: Seconds a cluster's HOST:PORT gets to accept a TCP connection before Ray is asked to join it
#: (``ray.init`` itself retries a dead address for over a minute before it gives up).
PROBE_TIMEOUT_S = 5.0


class RayUnavailableError(ValueError):
    """Ray is not installed, or the cluster cannot be reached; one line for the user."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or :class:`RayUnavailableError` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailableError(
            "--ray needs the optional Ray extra: pip install 'synthdocbench[ray]' "
            "(or pip install 'ray>=2.40,<3')"
        ) from exc
    return ray


def unreachable(address: str, timeout: float = PROBE_TIMEOUT_S) -> str | None:
    """Why nothing answers at ``address`` (``HOST:PORT`` or ``ray://HOST:PORT``), else None.

    None too for an address without a port (``auto``: Ray finds the cluster itself).
    """
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return None
    except OSError as exc:
        why = exc.strerror or ("timed out" if isinstance(exc, TimeoutError) else type(exc).__name__)
        return f"nothing accepts connections at {host}:{port} ({why})"


@contextmanager
def ray_session(address: str | None, *, num_cpus: int | None = None) -> Iterator[ModuleType]:
    """Ray connected to ``address`` for the duration of the block.

    ``None`` or ``"local"`` starts a private instance on this machine with ``num_cpus`` CPUs
    (shut down afterwards); any other value (``auto``, ``ray://HEAD:10001``, ``HOST:6379``)
    joins that cluster. When Ray is already initialised in this process (a notebook, a test),
    that connection is used and left open.
    """
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    local = address in (None, "", LOCAL)
    reason = None if local else unreachable(str(address))
    if reason is not None:
        raise RayUnavailableError(
            f"cannot reach the Ray cluster at {address}: {reason}; start it with "
            "`ray start --head` or pass the address `ray status` prints on its head node"
        )
    try:
        if local:
            ray.init(
                address="local",
                num_cpus=num_cpus,
                # a private instance listens on loopback only: nothing off this machine can submit to it
                _node_ip_address="127.0.0.1",
                include_dashboard=False,
                configure_logging=False,
                log_to_driver=True,
            )
        else:
            _join(ray, str(address))
    except RayUnavailableError:
        raise
    except Exception as exc:  # ConnectionError, ValueError, RuntimeError: Ray's own
        where = "a local Ray instance" if local else f"the Ray cluster at {address}"
        raise RayUnavailableError(f"cannot start {where}: {first_line(exc)}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()


@contextmanager
def _stderr_held() -> Iterator[Callable[[], str]]:
    """Hold what is written to file descriptor 2 (Ray's core logs there, not to ``sys.stderr``)
    for the block; yields a function that reads what was held so far."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as held:
        os.dup2(held.fileno(), 2)
        try:
            yield lambda: (held.seek(0), held.read())[1].decode("utf-8", "replace")
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)


def _join(ray: ModuleType, address: str) -> None:
    """``ray.init`` on a cluster. Ray's core prints a line a second while it retries a cluster that
    refuses it; those lines are held and replaced by one line saying why, or passed on when the
    join succeeds (nothing is lost)."""
    with _stderr_held() as printed:
        try:
            ray.init(address=address, configure_logging=False, log_to_driver=True)
        except Exception as exc:
            if any(word in printed() for word in _AUTH_REFUSED):
                raise RayUnavailableError(
                    f"cannot join the Ray cluster at {address}: it asks for Ray's token authentication "
                    "and this process sent no token or another one; set RAY_AUTH_MODE=token and the "
                    "head node's token (RAY_AUTH_TOKEN, or the file ~/.ray/auth_token) where the "
                    "command runs"
                ) from exc
            raise
        succeeded = printed()
    if succeeded:
        sys.stderr.write(succeeded)


def local_cpus(runs: list[Run]) -> int:
    """The CPUs of a private instance: ``workers`` when the config sets more than one, else every core."""
    workers = max(run.config.workers for run in runs)
    return workers if workers > 1 else max(1, os.cpu_count() or 1)


def warm_workers(ray: ModuleType, warm: Callable[[], Any], at_most: int) -> list[Any]:
    """Submit ``warm`` as one task per cluster CPU (``at_most``: no more than there are
    documents), each holding a CPU while it readies its worker process (the generator imported,
    Chromium started: :func:`generation.run.ray_run.warm_worker`), so that the worker processes
    Ray starts do that now, alongside the command's own imports, and the documents queued behind
    find them warm. ``warm`` must live in a module that does not import the generator at its top,
    or the driver would import it here. Returns the tasks' references, never awaited."""
    cpus = int(ray.cluster_resources().get("CPU", 1))
    task = ray.remote(warm).options(num_cpus=1, max_retries=0)
    return [task.remote() for _ in range(max(0, min(cpus, at_most)))]
