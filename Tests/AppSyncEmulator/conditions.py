"""Evaluate Amplify filter and condition inputs against a stored item.

This is the meaning `$util.transform.toDynamoDBFilterExpression` /
`toDynamoDBConditionExpression` give them: every key of an input object must
hold (AND), with `and`/`or`/`not` for logic. As in DynamoDB, a comparison on a
missing attribute is false except `ne` and `notContains`, and values of
different types never compare.
"""

from __future__ import annotations

from typing import Any, Callable

MISSING = object()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _comparable(a: Any, b: Any) -> bool:
    """DynamoDB orders numbers with numbers and strings with strings only."""
    return (_is_number(a) and _is_number(b)) or (isinstance(a, str) and isinstance(b, str))


def _equal(a: Any, b: Any) -> bool:
    if _is_number(a) and _is_number(b):
        return a == b
    return type(a) is type(b) and a == b


def _ordered(test: Callable[[Any, Any], bool]) -> Callable[[Any, Any], bool]:
    def check(value: Any, operand: Any) -> bool:
        return value is not MISSING and _comparable(value, operand) and test(value, operand)
    return check


def _between(value: Any, bounds: Any) -> bool:
    if value is MISSING or not isinstance(bounds, list) or len(bounds) != 2:
        return False
    low, high = bounds
    return _comparable(value, low) and _comparable(value, high) and low <= value <= high


def _contains(value: Any, operand: Any) -> bool:
    if isinstance(value, str):
        return isinstance(operand, str) and operand in value
    if isinstance(value, list):
        return any(_equal(element, operand) for element in value)
    return False


def _begins_with(value: Any, operand: Any) -> bool:
    return isinstance(value, str) and isinstance(operand, str) and value.startswith(operand)


ATTRIBUTE_TYPES = {"string": str, "bool": bool, "list": list, "map": dict}


def attribute_type(value: Any) -> str:
    """The ModelAttributeTypes name of a stored value."""
    if value is None:
        return "_null"
    if _is_number(value):
        return "number"
    return next((name for name, kind in ATTRIBUTE_TYPES.items() if isinstance(value, kind)), "string")


def _size(value: Any):
    if isinstance(value, str):
        return len(value.encode("utf-8"))
    if isinstance(value, (list, dict)):
        return len(value)
    return MISSING


def _size_matches(value: Any, size_input: Any) -> bool:
    size = MISSING if value is MISSING else _size(value)
    if size is MISSING or not isinstance(size_input, dict):
        return False
    return field_matches(size, size_input)


OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "eq": lambda value, operand: value is not MISSING and _equal(value, operand),
    "ne": lambda value, operand: value is MISSING or not _equal(value, operand),
    "lt": _ordered(lambda a, b: a < b),
    "le": _ordered(lambda a, b: a <= b),
    "gt": _ordered(lambda a, b: a > b),
    "ge": _ordered(lambda a, b: a >= b),
    "between": _between,
    "beginsWith": lambda value, operand: value is not MISSING and _begins_with(value, operand),
    "contains": lambda value, operand: value is not MISSING and _contains(value, operand),
    "notContains": lambda value, operand: value is MISSING or not _contains(value, operand),
    # Subscription filters' `in` / `notIn` (ModelSubscription*Input, appsync.md 1.2): membership in a list.
    "in": lambda value, operand: value is not MISSING and isinstance(operand, list)
    and any(_equal(value, element) for element in operand),
    "notIn": lambda value, operand: value is MISSING or not isinstance(operand, list)
    or not any(_equal(value, element) for element in operand),
    "attributeExists": lambda value, operand: (value is not MISSING) == bool(operand),
    "attributeType": lambda value, operand: value is not MISSING and attribute_type(value) == operand,
    "size": _size_matches,
}


def field_matches(value: Any, operators: dict) -> bool:
    """Whether `value` (MISSING when absent) satisfies every operator of a Model*Input."""
    for name, operand in operators.items():
        test = OPERATORS.get(name)
        if test is None:
            raise ValueError(f"unsupported operator '{name}'")
        if not test(value, operand):
            return False
    return True


def matches(item: dict, condition: dict | None) -> bool:
    """Whether `item` satisfies a filter/condition input object (None: no condition)."""
    if not condition:
        return True
    for key, operand in condition.items():
        if operand is None:
            continue
        if key == "and":
            ok = all(matches(item, part) for part in operand)
        elif key == "or":
            ok = not operand or any(matches(item, part) for part in operand)
        elif key == "not":
            ok = not matches(item, operand)
        else:
            ok = field_matches(item.get(key, MISSING), operand)
        if not ok:
            return False
    return True
