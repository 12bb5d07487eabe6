import json
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
CORPUS = os.path.join(ROOT, "bindings", "fixtures", "corpus.jsonl")
RICH = os.path.join(ROOT, "bindings", "fixtures", "rich.jsonl")


def cli_path():
    path = os.environ.get("AUTOHEIGHT_CLI", os.path.join(ROOT, ".build", "debug", "autoheight"))
    if not os.path.exists(path):
        pytest.fail(f"no autoheight CLI at {path}: build it (swift build) or set AUTOHEIGHT_CLI")
    return path


@pytest.fixture(scope="session")
def corpus():
    """The fixture corpus: (ids, texts), read line by line on \\n only."""
    ids, texts = [], []
    with open(CORPUS, "rb") as file:
        for line in file.read().split(b"\n"):
            if line.strip():
                record = json.loads(line)
                ids.append(record["id"])
                texts.append(record["text"])
    return ids, texts


@pytest.fixture(scope="session")
def rich():
    """The styled fixture (bindings/fixtures/rich.jsonl): its records, with "runs" and "boxes"."""
    with open(RICH, "rb") as file:
        return [json.loads(line) for line in file.read().split(b"\n") if line.strip()]


@pytest.fixture(scope="session")
def cli():
    """Runs `autoheight measure --jsonl-input CORPUS -O jsonl` with extra options (another input
    with corpus=PATH); the records."""

    def run(*options, corpus=CORPUS):
        output = subprocess.run(
            [cli_path(), "measure", "--jsonl-input", corpus, "-O", "jsonl", "--no-progress", *options],
            check=True, capture_output=True,
        ).stdout
        return [json.loads(line) for line in output.split(b"\n") if line]

    run.rich = RICH
    return run
