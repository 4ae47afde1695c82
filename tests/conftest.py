import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))

# The browser fixtures (served site, one Chromium per session, a page per module) are
# registered once here; test modules must not import them, or each import makes a second
# session fixture and a second Playwright.
pytest_plugins = ["browser"]
