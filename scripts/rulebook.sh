#!/bin/sh
# Regenerates the tables of docs/rulebook.it.md and docs/rulebook.en.md from the shipped
# campaign's rules.toml and nations.toml (the text around the tables is left alone).
# The test `rulebook::tests::the_tables_match_the_shipped_rules_toml` fails until the
# committed files match; with GIGLIO_REGENERATE set it rewrites them instead.
set -eu
cd "$(dirname "$0")/.."
GIGLIO_REGENERATE=1 cargo test --lib rulebook::tests::the_tables_match_the_shipped_rules_toml -- --exact
