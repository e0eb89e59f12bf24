"""Zero outbound traffic from rendering (issue 10.5): Chromium under strace, and the network
flags leave the output byte-identical.

A module of its own: Playwright's sync API allows one instance per thread, and test_render.py
keeps a module-wide renderer open while its tests run.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generation.charts.d3 import load_d3
from generation.document.layout import render_html
from generation.document.render import Renderer
from tests.generation.sample_plan import sample_plan

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def d3_js() -> str:
    return load_d3()


_LOOPBACK = re.compile(r"^(127\.|::1$|::ffff:127\.|0\.0\.0\.0$)")
_ADDR = re.compile(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6?, "([^"]+)"')
_PORT = re.compile(r"sin6?_port=htons\((\d+)\)")
_PEER = re.compile(r"<(?:UDP|TCP)v?6?:\[[^\]]*?->\[?([0-9a-fA-F.:]+?)\]?:(\d+)\]>")


def outbound_calls(trace: str) -> list[str]:
    """Lines of an ``strace -f -yy`` log that reach beyond loopback: a TCP connect or a send
    to a non-loopback address, or anything to port 53 (DNS). A UDP ``connect`` alone sends no
    packet (Chromium uses one to learn its own address) and is not counted."""
    found = []
    for line in trace.splitlines():
        call = line.split(None, 1)[1] if " " in line else line
        if not call.startswith(("connect(", "sendto(", "sendmsg(", "sendmmsg(")):
            continue
        if "AF_UNIX" in call or "AF_NETLINK" in call or "<UNIX" in call or "<NETLINK" in call:
            continue
        addrs = [a or b for a, b in _ADDR.findall(call)] + [m[0] for m in _PEER.findall(call)]
        ports = _PORT.findall(call) + [m[1] for m in _PEER.findall(call)]
        if "53" in ports:
            found.append(line)
        elif call.startswith("connect(") and "<UDP" in call:
            continue
        elif any(not _LOOPBACK.match(a) for a in addrs):
            found.append(line)
    return found


def test_outbound_call_parser_flags_dns_tcp_and_sends() -> None:
    trace = "\n".join(
        [
            '1 connect(5<UDP:[1]>, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.53")}, 16) = 0',  # noqa: E501
            '2 connect(6<TCP:[2]>, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("142.250.1.1")}, 16) = 0',  # noqa: E501
            '3 connect(7<UDPv6:[3]>, {sa_family=AF_INET6, sin6_port=htons(443), inet_pton(AF_INET6, "2001:4860:4860::8888", &sin6_addr)}, 28) = 0',  # noqa: E501
            '4 connect(8<TCP:[4]>, {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")}, 16) = -1',  # noqa: E501
            '5 sendto(9<UDP:[10.0.0.2:4000->8.8.8.8:443]>, "x", 1, 0, NULL, 0) = 1',
            "6 sendmsg(10<UNIX:[5]>, {msg_name=NULL}, 0) = 1",
        ]
    )
    assert [line.split()[0] for line in outbound_calls(trace)] == ["1", "2", "5"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
def test_rendering_makes_no_connection_beyond_loopback(tmp_path: Path, d3_js: str) -> None:
    """Chromium (every process it starts) under strace while it renders a real document."""
    from generation.document.render import _system_chromium

    chromium = _system_chromium()
    if chromium is None:
        pytest.skip("no system Chromium to wrap with strace")
    log = tmp_path / "strace.txt"
    wrapper = tmp_path / "chromium-under-strace"
    calls = "trace=connect,sendto,sendmsg,sendmmsg"
    wrapper.write_text(f'#!/bin/sh\nexec strace -f -yy -e {calls} -o "{log}" "{chromium}" "$@"\n')
    wrapper.chmod(0o755)
    plan = sample_plan(["bar", "line"], archetype="dashboard", sections=2)
    with Renderer(executable_path=wrapper) as r:
        result = r.render_pdf(render_html(plan, d3_js), name="strace")
    assert result.pdf.startswith(b"%PDF") and result.blocked_requests == []
    trace = log.read_text(errors="replace")
    assert "sendmsg(" in trace or "sendto(" in trace, "strace recorded no socket call at all"
    outbound = outbound_calls(trace)
    assert not outbound, "\n".join(outbound[:10])


@pytest.mark.slow
def test_network_flags_leave_the_output_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same document rendered with only the rendering flags and with the full set."""
    from generation.document import render
    from generation.plan.config import GenerationConfig
    from generation.run.pipeline import generate

    full = list(render._CHROMIUM_ARGS)
    generate(GenerationConfig(seed=23, n_docs=1), tmp_path / "full", progress=False)
    monkeypatch.setattr(render, "_CHROMIUM_ARGS", full[:3])
    generate(GenerationConfig(seed=23, n_docs=1), tmp_path / "bare", progress=False)

    def files(root: Path) -> dict[str, bytes]:
        return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}

    full_files, bare_files = files(tmp_path / "full"), files(tmp_path / "bare")
    assert any(name.endswith("document.pdf") for name in full_files)
    assert full_files.keys() == bare_files.keys()
    differing = [name for name in full_files if full_files[name] != bare_files[name]]
    assert not differing, differing
