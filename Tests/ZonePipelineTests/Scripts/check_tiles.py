#!/usr/bin/env python3
"""The tile checker for the Swift tests: runs scripts/check_tiles.py (the one copy of its code;
usage there), imported as a module so its worker processes find their functions."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts"))
import check_tiles  # noqa: E402

if __name__ == "__main__":
    sys.exit(check_tiles.main())
