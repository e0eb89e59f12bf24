"""The typer commands ``synthdocbench view`` and ``synthdocbench review``; the CLI registers
them with ``app.command("view")(view_command)`` and ``app.command("review")(review_command)``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SynthDocUserError

if TYPE_CHECKING:
    from .data import Corpus
    from .review import VerdictStore
    from .server import ViewerServer

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _serve(server: ViewerServer) -> None:
    typer.echo(f"serving on {server.url} (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _server(
    corpus: Corpus, host: str, port: int, allow_remote: bool, store: VerdictStore | None = None
) -> ViewerServer:
    from .server import ViewerServer

    if host not in LOOPBACK and not allow_remote:
        raise SynthDocUserError(
            f"--host {host} would expose the viewer beyond this machine; add --allow-remote if you mean it"
        )
    try:
        return ViewerServer((host, port), corpus, store)
    except OSError as exc:
        raise SynthDocUserError(
            f"cannot listen on {host}:{port} ({exc.strerror or exc}); pick another --port (0: any free one)"
        ) from None


Paths = Annotated[
    list[Path],
    typer.Argument(help="Run folders, samples logs, judged folders and/or one exported dataset folder."),
]
Host = Annotated[str, typer.Option(help="Address to listen on (loopback unless --allow-remote).")]
Port = Annotated[int, typer.Option(help="Port (0: any free port).")]
Remote = Annotated[bool, typer.Option(help="Allow a non-loopback --host.")]
DatasetOpt = Annotated[
    str | None,
    typer.Option(help="Dataset folder or Hub id (default: a folder among PATHS, SYNTHDOC_DATASET)."),
]
PerStrip = Annotated[
    int | None,
    typer.Option(
        help="Pages per image as the runs' tasks used: 5, or 1 (default: 1 for pages1 tasks, else 5)."
    ),
]


def view_command(
    paths: Paths,
    export: Annotated[
        Path | None, typer.Option(help="Write a static, self-contained folder here instead.")
    ] = None,
    dataset: DatasetOpt = None,
    host: Host = "127.0.0.1",
    port: Port = 8765,
    allow_remote: Remote = False,
    pages_per_strip: PerStrip = None,
) -> None:
    """Browse questions, the strips the model saw with the evidence boxed, and every model's answer."""
    import gc

    from ..samples_log import collection_paused
    from .data import load_corpus

    with collection_paused():  # reading makes millions of objects and no cycles
        corpus = load_corpus(paths, dataset=dataset, pages_per_strip=pages_per_strip)
    gc.freeze()  # the corpus lives as long as the server: later collections need not walk it
    if export is not None:
        from .export import export_site

        count = export_site(corpus, export)
        typer.echo(f"wrote {export} ({count} questions); open {export / 'index.html'}")
        return
    _serve(_server(corpus, host, port, allow_remote))


def review_command(
    dataset_path: Annotated[str, typer.Argument(help="Exported dataset folder (or Hub id) to review.")],
    sample: Annotated[int, typer.Option(help="Questions to review, stratified by subset and level.")] = 50,
    seed: Annotated[int, typer.Option(help="Sampling seed (same seed: same sample).")] = 0,
    verdicts: Annotated[
        Path, typer.Option(help="JSONL file for the verdicts (created; reopened to resume).")
    ] = Path("verdicts.jsonl"),
    reviewer: Annotated[
        str, typer.Option(help="Your name or initials, stored with each verdict.")
    ] = "reviewer",
    host: Host = "127.0.0.1",
    port: Port = 8765,
    allow_remote: Remote = False,
    pages_per_strip: PerStrip = None,
) -> None:
    """Review a stratified sample of questions by hand: valid, ambiguous, wrong reference, ..."""
    from .data import load_corpus
    from .review import VerdictStore, stratified_sample

    corpus = load_corpus([], dataset=dataset_path, pages_per_strip=pages_per_strip)
    chosen = stratified_sample(list(corpus.questions.values()), sample, seed)
    corpus.restrict(chosen)
    with VerdictStore(verdicts, reviewer) as store:  # the file's only writer while it serves
        typer.echo(f"{len(chosen)} questions sampled (seed {seed}); verdicts go to {verdicts}")
        _serve(_server(corpus, host, port, allow_remote, store))
