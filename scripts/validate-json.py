#!/usr/bin/env python3
"""Validates JSON documents against one definition of docs/push-payloads.schema.json.

    scripts/validate-json.py DEFINITION < documents

DEFINITION is a name under $defs (inspection, record, lint_record, ...). Standard input holds one JSON
document, or JSON Lines (one document a line). Prints each failure with its line and exits 1 if any
document fails, 2 if the input is not JSON. The tests use it as the oracle for the library's and the
command's JSON (python-jsonschema, an independent implementation of JSON Schema 2020-12).
"""
import json
import pathlib
import sys

import jsonschema

schema_path = pathlib.Path(__file__).resolve().parent.parent / "docs" / "push-payloads.schema.json"
schema = json.loads(schema_path.read_text())
jsonschema.Draft202012Validator.check_schema(schema)
definition = sys.argv[1]
validator = jsonschema.Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]})

text = sys.stdin.read()
try:
    documents = [(None, json.loads(text))]
except json.JSONDecodeError:
    documents = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append((number, json.loads(line)))
        except json.JSONDecodeError as error:
            print(f"line {number}: not JSON: {error}")
            sys.exit(2)

failures = 0
for number, document in documents:
    for error in validator.iter_errors(document):
        failures += 1
        where = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{'document' if number is None else f'line {number}'}: {where}: {error.message}")
print(f"{len(documents)} document(s), {failures} failure(s)", file=sys.stderr)
sys.exit(1 if failures else 0)
