"""The floor of judging: chat requests through one bare ``openai`` client, with nothing of the
project imported (shared by ``bench/eval.py --judge-stub-ms`` and ``bench/judge_throughput.py``)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor


def bare_requests(base_url: str, n: int, concurrency: int) -> int:
    """Send ``n`` chat requests, ``concurrency`` at once; the number of replies."""
    import openai

    client = openai.OpenAI(base_url=base_url, api_key="sk-loopback-stub")

    def one(i: int) -> str:
        reply = client.chat.completions.create(
            model="stub-judge", messages=[{"role": "user", "content": f"Score answer {i}."}], max_tokens=64
        )
        return str(reply.choices[0].message.content)

    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return len(list(pool.map(one, range(n))))
