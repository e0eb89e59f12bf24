"""Markdown and HTML from report sections (figures under figures/, CSV under tables/)."""

from __future__ import annotations

from collections.abc import Sequence

from .tables import Section

FIGURES_DIR = "figures"
TABLES_DIR = "tables"

HTML_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{ title }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; white-space: nowrap; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
figure { margin: 1em 0; } img { max-width: 100%; }
nav ul { columns: 2; }
.csv { font-size: 0.8em; color: #666; }
</style>
</head>
<body>
<h1>{{ title }}</h1>
<p>{{ subtitle }}</p>
<nav><ul>{% for s in sections %}<li><a href="#{{ s.key }}">{{ s.title }}</a></li>{% endfor %}</ul></nav>
{% for s in sections %}
<section id="{{ s.key }}">
<h2>{{ s.title }}</h2>
{% for p in s.text %}<p>{{ p }}</p>{% endfor %}
{% for t in s.tables %}{% if t.show %}
<table>
<caption>{{ t.title }}
<span class="csv">(<a href="{{ tables_dir }}/{{ t.name }}.csv">{{ t.name }}.csv</a>)</span></caption>
<tr>{% for c in t.columns %}<th>{{ c }}</th>{% endfor %}</tr>
{% for row in t.display_rows() %}<tr>{% for cell in row -%}
<td{% if numeric(cell) %} class="num"{% endif %}>{{ cell }}</td>
{%- endfor %}</tr>
{% endfor %}
</table>
{% else %}
<p class="csv">Full table: <a href="{{ tables_dir }}/{{ t.name }}.csv">{{ t.name }}.csv</a></p>
{% endif %}
{% endfor %}
{% for f, caption in s.figures %}
<figure><img src="{{ figures_dir }}/{{ f }}" alt="{{ caption }}">
<figcaption>{{ caption }}</figcaption></figure>
{% endfor %}
</section>
{% endfor %}
</body>
</html>
"""


def _numeric(cell: str) -> bool:
    head = cell.split(" ")[0].replace("−", "-").lstrip("-")
    return head.replace(".", "", 1).isdigit() or cell == "—"


def markdown(title: str, subtitle: str, sections: Sequence[Section]) -> str:
    out = [f"# {title}", "", subtitle, ""]
    out += [f"- [{s.title}](#{s.key})" for s in sections]
    for s in sections:
        out += ["", f'<a id="{s.key}"></a>', "", f"## {s.title}", ""]
        for p in s.text:
            out += [p, ""]
        for t in s.tables:
            if t.show:
                out += [f"**{t.title}** ([{t.name}.csv]({TABLES_DIR}/{t.name}.csv))", "", t.markdown(), ""]
            else:
                out += [f"Full table: [{t.name}.csv]({TABLES_DIR}/{t.name}.csv)", ""]
        for f, caption in s.figures:
            out += [f"![{caption}]({FIGURES_DIR}/{f})", "", f"*{caption}*", ""]
    return "\n".join(out).rstrip() + "\n"


def html(title: str, subtitle: str, sections: Sequence[Section]) -> str:
    import jinja2

    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    template = env.from_string(HTML_TEMPLATE)
    return template.render(
        title=title,
        subtitle=subtitle,
        sections=sections,
        numeric=_numeric,
        figures_dir=FIGURES_DIR,
        tables_dir=TABLES_DIR,
    )
