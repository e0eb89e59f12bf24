"""The dataset card of an exported SynthDocBench dataset and its upload to the Hugging Face Hub.

``hf_card.card`` fills ``card_template.md`` from an export; ``hf_card.push`` publishes an
export folder. Import those modules directly; this package itself imports nothing heavy.
"""
