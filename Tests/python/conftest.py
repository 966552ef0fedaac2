"""Where the tests find the library, the batch CLI and the fixture requests (Tests/CAPI/cases.py):
FILENAMEKIT_LIBRARY, FILENAMEKIT_BATCH, FILENAMEKIT_CASES (Tests/CAPI/run sets all three; locally the
cases are generated into a temporary directory and the CLI defaults to the one beside the library)."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Sources", "python"))


@pytest.fixture(scope="session")
def batch_cli():
    path = os.environ.get("FILENAMEKIT_BATCH")
    if not path:
        lib = os.environ.get("FILENAMEKIT_LIBRARY", "")
        path = os.path.join(os.path.dirname(os.path.dirname(lib)), "bin", "filenamekit")
    if not os.path.exists(path):
        pytest.fail(f"the batch CLI {path} does not exist (set FILENAMEKIT_BATCH)")
    return path


@pytest.fixture(scope="session")
def cases_dir(tmp_path_factory):
    d = os.environ.get("FILENAMEKIT_CASES")
    if not d:
        d = str(tmp_path_factory.mktemp("cases"))
        subprocess.run([sys.executable, os.path.join(ROOT, "Tests", "CAPI", "cases.py"), d], check=True)
    if not os.path.exists(os.path.join(d, "requests.jsonl")):
        pytest.fail(f"{d}/requests.jsonl does not exist")
    return d
