"""The world model of one report: its fact table (metrics x entities x periods, each metric with a
kind and unit), the number strings the report prints, the operations each metric kind allows,
and the cross-chart consistency measure.

Import order: ``numbers`` and ``kinds`` need nothing of the project but the schema and the topic
bank; ``table`` builds on them; ``consistency`` reads finished manifests.
"""
