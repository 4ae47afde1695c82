"""The lab's records as CSV: what ``python -m pymaze lab --csv`` writes and the page's lab downloads."""

import csv
import io


def write_csv(records, out):
    """The lab's records as CSV: a header of every figure's name, one row per maze (None: empty)."""
    names = list(dict.fromkeys(k for r in records for k in r))
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)


def csv_text(records):
    """``write_csv`` of ``records`` as one string."""
    out = io.StringIO()
    write_csv(records, out)
    return out.getvalue()
