"""The LLM path on real local models (`make eval-llm-local`); eval tooling, not the product."""
