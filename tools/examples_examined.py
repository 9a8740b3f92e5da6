"""The documented examples examined, for the lesson "Write your own": `python -m tools.examples_examined`.

Each example of docs/your-own-ai.md (docs/examples/*.py) is run as
pbrain-python runs it and examined on every 3×3 position with a choice, as
`make examine` examines it, and what the lesson says of it is written into
docs/examples/examined.json (webapp.examinations.lesson: examined_example,
summary): the positions judged, kept and wrong, what was lost, and the
mistakes at the few positions the lesson shows. The lesson reads the file;
its test examines the examples again and holds the file to what it finds,
so the page states no figure nobody measured. Run it again when an example
changes.
"""

from __future__ import annotations

import json

from webapp.examinations.lesson import EXAMPLES, examined_example, report_path, summary


def main() -> None:
    found = {name: summary(name, examined_example(name)) for name in EXAMPLES}
    report_path().write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n")
    for name, figures in found.items():
        share = 100 * figures["share"]
        print(f"{name}: {figures['positions']:,} judged, {figures['wrong']:,} wrong, {share:.1f}% kept")
    print(f"written: {report_path()}")


if __name__ == "__main__":
    main()
