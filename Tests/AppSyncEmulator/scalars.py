"""The AWS AppSync scalars: input validation and output serialization.

Forms follow the AppSync scalar documentation: dates and times are extended
ISO 8601 (AWSDateTime needs a zone offset, AWSDate/AWSTime may have one; an
offset is `Z` or `+hh:mm[:ss]`), AWSTimestamp is an integer of seconds,
AWSJSON is a string holding JSON (stored parsed, returned as a JSON string),
and the others are checked by form.
"""

from __future__ import annotations

import datetime
import ipaddress
import json
import re
from typing import Any, Callable
from urllib.parse import urlsplit

from graphql import GraphQLError, GraphQLSchema, IntValueNode, StringValueNode

OFFSET = r"(?:Z|[+-]\d{2}:\d{2}(?::\d{2})?)"
DATE = r"(\d{4})-(\d{2})-(\d{2})"
TIME = r"(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?"
DATE_RE = re.compile(f"^{DATE}{OFFSET}?$")
TIME_RE = re.compile(f"^{TIME}{OFFSET}?$")
DATETIME_RE = re.compile(f"^{DATE}T{TIME}{OFFSET}$")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
PHONE_RE = re.compile(r"^\+?[\d\s\-().]+$")
SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*$")


def _real_date(year: str, month: str, day: str) -> bool:
    try:
        datetime.date(int(year), int(month), int(day))
        return True
    except ValueError:
        return False


def _real_time(hour: str, minute: str, second: str | None) -> bool:
    return int(hour) < 24 and int(minute) < 60 and int(second or 0) < 60


def valid_date(text: str) -> bool:
    m = DATE_RE.match(text)
    return bool(m) and _real_date(*m.groups()[:3])


def valid_time(text: str) -> bool:
    m = TIME_RE.match(text)
    return bool(m) and _real_time(*m.groups()[:3])


def valid_datetime(text: str) -> bool:
    m = DATETIME_RE.match(text)
    return bool(m) and _real_date(*m.groups()[:3]) and _real_time(*m.groups()[3:6])


def valid_email(text: str) -> bool:
    return bool(EMAIL_RE.match(text))


def valid_url(text: str) -> bool:
    parts = urlsplit(text)
    return (bool(SCHEME_RE.match(parts.scheme)) and bool(parts.netloc or parts.path)
            and "//" not in parts.path)


def valid_phone(text: str) -> bool:
    digits = sum(c.isdigit() for c in text)
    return bool(PHONE_RE.match(text)) and 5 <= digits <= 15


def valid_ip(text: str) -> bool:
    try:
        ipaddress.ip_network(text, strict=False)
        return True
    except ValueError:
        return False


STRING_FORMS: dict[str, Callable[[str], bool]] = {
    "AWSDate": valid_date,
    "AWSTime": valid_time,
    "AWSDateTime": valid_datetime,
    "AWSEmail": valid_email,
    "AWSURL": valid_url,
    "AWSPhone": valid_phone,
    "AWSIPAddress": valid_ip,
}


def _string_parser(name: str, valid: Callable[[str], bool]) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if not isinstance(value, str) or not valid(value):
            raise GraphQLError(f"Unable to parse {json.dumps(value)} as a valid {name}.")
        return value
    return parse


def parse_json(value: Any) -> Any:
    """AWSJSON input: a string that holds JSON; the parsed value is stored."""
    if not isinstance(value, str):
        raise GraphQLError("Variable of type AWSJSON must be a string holding JSON.")
    try:
        return json.loads(value)
    except json.JSONDecodeError as error:
        raise GraphQLError(f"Unable to parse {json.dumps(value)} as valid JSON.") from error


def serialize_json(value: Any) -> str:
    """AWSJSON output: the stored value as a JSON string."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def parse_timestamp(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GraphQLError(f"Unable to parse {json.dumps(value)} as a valid AWSTimestamp.")
    return value


def _literal(parse: Callable[[Any], Any], node_type) -> Callable:
    def parse_literal(node, _variables=None):
        if not isinstance(node, node_type):
            raise GraphQLError("Literal of the wrong kind for an AWS scalar.")
        return parse(int(node.value) if node_type is IntValueNode else node.value)
    return parse_literal


def install(schema: GraphQLSchema) -> None:
    """Give the schema's AWS scalars their parsing and serialization."""
    for name, valid in STRING_FORMS.items():
        scalar = schema.type_map.get(name)
        if scalar is not None:
            scalar.parse_value = _string_parser(name, valid)
            scalar.parse_literal = _literal(scalar.parse_value, StringValueNode)
    json_type = schema.type_map.get("AWSJSON")
    if json_type is not None:
        json_type.parse_value = parse_json
        json_type.parse_literal = _literal(parse_json, StringValueNode)
        json_type.serialize = serialize_json
    timestamp = schema.type_map.get("AWSTimestamp")
    if timestamp is not None:
        timestamp.parse_value = parse_timestamp
        timestamp.parse_literal = _literal(parse_timestamp, IntValueNode)
