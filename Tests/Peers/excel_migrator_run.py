"""Runs amplify-excel-migrator (PyPI) headless against an endpoint: a workbook made from a CSV file
(one sheet, named after the model), uploaded by the migrator's own engine (MigrationOrchestrator,
as its `migrate` command drives it, without the prompts). Its sign-in is a Cognito user pool's; here
a provider hands it a token the emulator accepts instead. Prints {"success": N, "failures": [...]}.

Usage: excel_migrator_run.py ENDPOINT TOKEN MODEL FILE.csv WORKBOOK.xlsx
"""

import csv
import json
import re
import sys

import openpyxl
from amplify_auth import AuthenticationProvider
from amplify_excel_migrator.client import AmplifyClient
from amplify_excel_migrator.data.excel_reader import ExcelReader
from amplify_excel_migrator.data.transformer import DataTransformer
from amplify_excel_migrator.migration.batch_uploader import BatchUploader
from amplify_excel_migrator.migration.orchestrator import MigrationOrchestrator
from amplify_excel_migrator.schema.field_parser import FieldParser


class GivenToken(AuthenticationProvider):
    """A token given, in place of the Cognito sign-in."""

    def __init__(self, token: str):
        self.token = token

    def authenticate(self, username: str, password: str) -> bool:
        return True

    def get_id_token(self):
        return self.token

    def is_authenticated(self) -> bool:
        return True


def cell_value(text: str):
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?[0-9]+", text) and len(text) < 16:
        return int(text)
    if re.fullmatch(r"-?[0-9]+\.[0-9]+", text):
        return float(text)
    return text


def main() -> int:
    endpoint, token, model, source, workbook = sys.argv[1:6]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = model
    with open(source, newline="", encoding="utf-8-sig") as file:
        for number, row in enumerate(csv.reader(file)):
            # Cells as a spreadsheet holds them: numbers and Booleans typed, text as text, empty empty.
            sheet.append(row if number == 0 else [cell_value(cell) for cell in row])
    book.save(workbook)
    client = AmplifyClient(api_endpoint=endpoint, auth_provider=GivenToken(token), enable_duplicate_check=False)
    parser = FieldParser()
    orchestrator = MigrationOrchestrator(
        excel_reader=ExcelReader(workbook), data_transformer=DataTransformer(parser), amplify_client=client,
        field_parser=parser, batch_uploader=BatchUploader(client))
    plan = orchestrator.build_plan()
    result = orchestrator.execute(plan, selected_sheets={model})
    failures = [str(failure) for sheet_plan in plan.sheets for failure in sheet_plan.parsing_failures]
    failures += [str(failure) for sheet_result in result.sheets for failure in sheet_result.failures]
    json.dump({"success": result.total_success, "failures": failures,
               "skipped": [p.skip_reason for p in plan.sheets if p.status == "skipped"]}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
