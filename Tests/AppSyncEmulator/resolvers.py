"""What the transformer's generated resolvers do, against the SQLite store.

appsync.md section 1.3 (update SETs present keys, REMOVEs keys sent as null,
leaves absent keys alone; create refuses an existing key; update/delete refuse
a missing one; `condition` is AND-ed in) and section 3 (versioning, conflict
handlers, soft delete).
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
import random
import string
import time
import uuid
from typing import Any, Callable, Optional

from graphql import GraphQLResolveInfo, GraphQLSchema

from catalogue import Model, Relation, to_camel_case
from conditions import matches
from schema_transformer import CompiledSchema, Operation
from storage import Store

DEFAULT_LIMIT = 100
SYNC_FIELDS = ("_version", "_deleted", "_lastChangedAt")


class AppSyncError(Exception):
    """A resolver error, reported with AppSync's `errorType`, `data` and `errorInfo`."""

    def __init__(self, message: str, error_type: str, data: Any = None, error_info: Any = None):
        super().__init__(message)
        self.message = message
        self.error_type = error_type
        self.data = data
        self.error_info = error_info


_request_ids = random.SystemRandom()


def conditional_check_failed() -> AppSyncError:
    """The DynamoDB error for a failed condition, a missing item or an existing key."""
    request_id = "".join(_request_ids.choice(string.ascii_uppercase + string.digits) for _ in range(52))
    return AppSyncError(
        f"The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: {request_id})",
        "DynamoDB:ConditionalCheckFailedException")


def now_iso() -> str:
    """The current time as AppSync writes it: ISO 8601, milliseconds, Z."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def now_ms() -> int:
    return int(time.time() * 1000)


# --- paging ---------------------------------------------------------------------------------------

def encode_token(offset: int) -> str:
    return base64.b64encode(json.dumps({"offset": offset}).encode()).decode()


def decode_token(token: Optional[str]) -> int:
    if token is None:
        return 0
    try:
        offset = json.loads(base64.b64decode(token, validate=True))["offset"]
        if isinstance(offset, int) and offset >= 0:
            return offset
    except (binascii.Error, ValueError, KeyError, TypeError):
        pass
    raise AppSyncError("Invalid pagination token given.", "DynamoDB:DynamoDbException")


def page(candidates: list[dict], args: dict, item_filter: Optional[dict], extra: Optional[dict] = None) -> dict:
    """One page: `limit` items are read from the offset, THEN filtered (DynamoDB semantics)."""
    limit = args.get("limit")
    limit = DEFAULT_LIMIT if limit is None else limit
    if limit < 1:
        raise AppSyncError(
            f"1 validation error detected: Value '{limit}' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1", "DynamoDB:DynamoDbException")
    start = decode_token(args.get("nextToken"))
    window = candidates[start:start + limit]
    end = start + len(window)
    items = [item for item in window if matches(item, item_filter)]
    connection = {"items": items, "nextToken": encode_token(end) if end < len(candidates) else None}
    connection.update(extra or {})
    return connection


# --- key conditions -------------------------------------------------------------------------------

def sort_value(item: dict, sort_keys: list[str]) -> Any:
    """The item's sort-key value: the field itself, or `a#b` for a composite sort key."""
    if len(sort_keys) == 1:
        return item.get(sort_keys[0])
    return "#".join(str(item.get(k)) for k in sort_keys)


def _composite_operand(value: Any, sort_keys: list[str]) -> str:
    """`{a: 1, b: 2}` -> `1#2`, stopping at the first field not given."""
    parts = []
    for key in sort_keys:
        if value.get(key) is None:
            break
        parts.append(str(value[key]))
    return "#".join(parts)


def key_condition_matches(item: dict, sort_keys: list[str], condition: Optional[dict]) -> bool:
    """Whether the item's sort key satisfies a Model*KeyConditionInput."""
    if not condition:
        return True
    if len(sort_keys) > 1:
        condition = {op: ([_composite_operand(v, sort_keys) for v in value] if op == "between"
                          else _composite_operand(value, sort_keys))
                     for op, value in condition.items() if value is not None}
    return matches({"sk": sort_value(item, sort_keys)}, {"sk": condition})


def order_by_sort_key(items: list[dict], sort_keys: list[str], direction: Optional[str]) -> list[dict]:
    if not sort_keys:
        return items
    def key(item):
        value = sort_value(item, sort_keys)
        return (value is None, value if value is not None else 0)
    return sorted(items, key=key, reverse=direction == "DESC")


# --- resolvers ------------------------------------------------------------------------------------

class Resolvers:
    """Binds the generated root and relationship fields of the compiled schema to the store."""

    def __init__(self, compiled: CompiledSchema, store: Store, conflict_handler: str):
        self.compiled = compiled
        self.catalogue = compiled.catalogue
        self.store = store
        self.conflict_handler = conflict_handler
        self.versioned = compiled.versioned

    def bind(self, schema: GraphQLSchema) -> None:
        """Attach resolvers to the executable schema built from the compiled SDL."""
        kinds: dict[str, Callable] = {
            "get": self.get, "list": self.list, "index": self.list, "sync": self.sync,
            "create": self.create, "update": self.update, "delete": self.delete,
        }
        for root, operations in ((schema.query_type, self.compiled.queries),
                                 (schema.mutation_type, self.compiled.mutations)):
            for name, operation in operations.items():
                root.fields[name].resolve = self._root_resolver(kinds[operation.kind], operation)
        for (type_name, field_name), relation in self.compiled.relation_fields.items():
            schema.type_map[type_name].fields[field_name].resolve = self._relation_resolver(relation)

    @staticmethod
    def _root_resolver(function: Callable, operation: Operation) -> Callable:
        def resolve(_root, info: GraphQLResolveInfo, **args):
            return function(operation, info, args)
        return resolve

    def _relation_resolver(self, relation: Relation) -> Callable:
        def resolve(source: dict, info: GraphQLResolveInfo, **args):
            if relation.kind == "hasMany":
                return self.related_items(relation, source, args)
            return self.related_item(relation, source)
        return resolve

    def model(self, operation: Operation) -> Model:
        return self.catalogue.models[operation.model]

    # -- queries

    def get(self, operation: Operation, info, args: dict) -> Optional[dict]:
        model = self.model(operation)
        # Amplify's get resolver reads without consistentRead: eventually consistent.
        return self.store.eventual_get(model.name, [args[k] for k in model.key_fields])

    def list(self, operation: Operation, info, args: dict) -> dict:
        """list<Plural> (scan, or query when the partition key is given) and @index queries."""
        items = self.store.scan(operation.model)
        pk = operation.partition_key
        if pk is not None and args.get(pk) is not None:
            items = [i for i in items if i.get(pk) == args[pk]]
            if operation.sort_arg:
                items = [i for i in items
                         if key_condition_matches(i, operation.sort_keys, args.get(operation.sort_arg))]
            items = order_by_sort_key(items, operation.sort_keys, args.get("sortDirection"))
        elif operation.sort_arg and args.get(operation.sort_arg) is not None:
            raise AppSyncError(f"When providing argument '{operation.sort_arg}' you must also provide "
                               f"arguments {pk}", "InvalidArgumentsError")
        extra = {"startedAt": None} if self.versioned else None
        return page(items, args, args.get("filter"), extra)

    def sync(self, operation: Operation, info, args: dict) -> dict:
        """sync<Plural>: every item, deleted ones too, changed since `lastSync`."""
        items = self.store.scan(operation.model)
        last_sync = args.get("lastSync")
        if last_sync is not None:
            items = [i for i in items if i.get("_lastChangedAt", 0) >= last_sync]
        return page(items, args, args.get("filter"), {"startedAt": now_ms()})

    def related_items(self, relation: Relation, source: dict, args: dict) -> Optional[dict]:
        """A hasMany field: the target items whose reference fields hold the source's values."""
        values = [source.get(name) for name in relation.local]
        if any(v is None for v in values):
            return {"items": [], "nextToken": None}
        items = [i for i in self.store.scan(relation.target)
                 if all(i.get(r) == v for r, v in zip(relation.remote, values))]
        target = self.catalogue.models[relation.target]
        sort_keys = relation.sort_keys or target.sort_keys
        if relation.sort_keys:
            sort_arg = to_camel_case(relation.sort_keys)
            items = [i for i in items if key_condition_matches(i, relation.sort_keys, args.get(sort_arg))]
        items = order_by_sort_key(items, sort_keys, args.get("sortDirection"))
        extra = {"startedAt": None} if self.versioned else None
        return page(items, args, args.get("filter"), extra)

    def related_item(self, relation: Relation, source: dict) -> Optional[dict]:
        """A hasOne/belongsTo field: the first target item matching the source's values."""
        values = [source.get(name) for name in relation.local]
        if not values or any(v is None for v in values):
            return None
        target = self.catalogue.models[relation.target]
        if relation.remote == target.key_fields:
            return self.store.get(target.name, values)
        return next((i for i in self.store.scan(target.name)
                     if all(i.get(r) == v for r, v in zip(relation.remote, values))), None)

    # -- mutations

    def _key(self, model: Model, values: dict) -> list:
        return [values.get(k) for k in model.key_fields]

    def _check_condition(self, existing: Optional[dict], condition: Optional[dict]) -> None:
        if condition and not matches(existing or {}, condition):
            raise conditional_check_failed()

    def create(self, operation: Operation, info, args: dict) -> dict:
        model = self.model(operation)
        values = dict(args["input"])
        values.pop("_version", None)
        item = self._create_defaults(model)
        item.update({k: v for k, v in values.items() if not (k == "id" and v is None and "id" in item)})
        if self.versioned:
            item.update({"_version": 1, "_lastChangedAt": now_ms()})
        if model.field_versioning:
            item[model.field_versioning[0]] = 1  # the create resolver sets it, whatever was sent
        key = self._key(model, item)
        with self.store.lock:
            existing = self.store.get(model.name, key)
            if existing is not None:
                raise conditional_check_failed()
            self._check_condition(None, args.get("condition"))
            self.store.put(model.name, key, item)
        return item

    @staticmethod
    def _create_defaults(model: Model) -> dict:
        defaults = {}
        if model.key_fields == ["id"]:
            defaults["id"] = str(uuid.uuid4())
        stamp = now_iso()
        for name in (model.timestamps.get("createdAt"), model.timestamps.get("updatedAt")):
            if name:
                defaults[name] = stamp
        return defaults

    def update(self, operation: Operation, info, args: dict) -> dict:
        model = self.model(operation)
        values = dict(args["input"])
        key = self._key(model, values)
        expected = self._expected_version(model, values)
        changes = {k: v for k, v in values.items() if k not in model.key_fields and k not in SYNC_FIELDS}
        if expected is not None:
            changes[model.field_versioning[0]] = expected + 1
        updated_at = model.timestamps.get("updatedAt")
        with self.store.lock:
            existing = self.store.get(model.name, key)
            if existing is None:
                raise conditional_check_failed()
            self._check_field_version(model, existing, expected)
            if self.versioned and self._conflicts(existing, values):
                changes = self._resolve_conflict(info, existing, changes)
            self._check_condition(existing, args.get("condition"))
            item = dict(existing)
            if updated_at:
                item[updated_at] = now_iso()
            for name, value in changes.items():
                if value is None:
                    item.pop(name, None)
                else:
                    item[name] = value
            self._bump_version(item)
            self.store.put(model.name, key, item)
        return item

    def delete(self, operation: Operation, info, args: dict) -> dict:
        model = self.model(operation)
        values = dict(args["input"])
        key = self._key(model, values)
        expected = self._expected_version(model, values)
        with self.store.lock:
            existing = self.store.get(model.name, key)
            if existing is None:
                raise conditional_check_failed()
            self._check_field_version(model, existing, expected)
            if self.versioned and self._conflicts(existing, values):
                self._resolve_conflict(info, existing, {})
            self._check_condition(existing, args.get("condition"))
            if not self.versioned:
                self.store.delete(model.name, key)
                return existing
            item = dict(existing, _deleted=True)
            self._bump_version(item)
            self.store.put(model.name, key, item)
        return item

    # -- versioning

    @staticmethod
    def _expected_version(model: Model, values: dict) -> Optional[int]:
        """v1 `@versioned`: takes the expected version out of the input (the resolver removes it)."""
        if not model.field_versioning:
            return None
        return values.pop(model.field_versioning[1])

    @staticmethod
    def _check_field_version(model: Model, existing: dict, expected: Optional[int]) -> None:
        """v1 `@versioned`'s condition `#version = :expectedVersion`, AND-ed with the key's."""
        if expected is not None and existing.get(model.field_versioning[0]) != expected:
            raise conditional_check_failed()

    def _bump_version(self, item: dict) -> None:
        if self.versioned:
            item["_version"] = item.get("_version", 0) + 1
            item["_lastChangedAt"] = now_ms()

    @staticmethod
    def _conflicts(existing: dict, values: dict) -> bool:
        """A missing `_version` counts as 0 (the resolver's defaultIfNull)."""
        incoming = values.get("_version")
        return (0 if incoming is None else incoming) != existing.get("_version")

    def _resolve_conflict(self, info: GraphQLResolveInfo, existing: dict, changes: dict) -> dict:
        """Optimistic: reject with the server item. Automerge: merge and retry on the server version."""
        if self.conflict_handler == "automerge":
            return automerge(existing, changes)
        raise AppSyncError("Conflict resolver rejects mutation.", "ConflictUnhandled",
                           data=select(info, existing))


def automerge(server: dict, incoming: dict) -> dict:
    """AppSync's Automerge rules: the changes to apply to `server` (appsync.md 3.1).

    Scalars keep the server value, lists concatenate (server first, duplicates
    kept), maps merge per key, and fields that are new or null on the server
    take the incoming value.
    """
    merged = {}
    for name, value in incoming.items():
        current = server.get(name)
        if current is None:
            merged[name] = value
        elif isinstance(current, list) and isinstance(value, list):
            merged[name] = current + value
        elif isinstance(current, dict) and isinstance(value, dict):
            merged[name] = {**current, **automerge(current, value)}
        else:
            merged[name] = current
    return merged


def select(info: GraphQLResolveInfo, item: Any) -> Any:
    """The item completed against the field's selection set, as the response would hold it."""
    execution = info.context["execution"]
    return execution.complete_value(info.return_type, info.field_nodes, info, info.path, item)
