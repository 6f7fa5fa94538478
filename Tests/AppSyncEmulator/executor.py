"""Run one GraphQL request with graphql-core and shape the answer as AppSync does.

Resolver errors: HTTP 200, `data` with the failed field null, and errors with
`path`, `data`, `errorType`, `errorInfo`, `locations`, `message`.
Validation and variable-coercion errors: HTTP 200, `data: null`, errors with
`path: null` and no `errorType` (appsync.md 3.5).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Callable, Optional

from graphql import (
    GraphQLError,
    GraphQLSchema,
    OperationType,
    build_schema,
    execute,
    get_operation_ast,
    parse,
    validate,
)
from graphql.execution import ExecutionContext

import scalars
from resolvers import AppSyncError, Resolvers
from schema_transformer import CompiledSchema
from storage import Store

log = logging.getLogger("appsync-emulator")


class MalformedRequest(Exception):
    """The body is not a GraphQL request (HTTP 400 MalformedHttpRequestException)."""


class _Execution(ExecutionContext):
    """An execution context the resolvers can reach (to complete conflict data)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.context_value["execution"] = self


def _locations(error: GraphQLError) -> Optional[list]:
    if not error.locations:
        return None
    return [{"line": loc.line, "column": loc.column, "sourceName": None} for loc in error.locations]


# graphql-core messages rewritten into the wording AppSync (graphql-java) uses, where it is
# known (appsync.md 3.5). Each entry: pattern, replacement, whether locations are kept.
MESSAGE_REWRITES: list[tuple[re.Pattern, Callable[[re.Match], str], bool]] = [
    (re.compile(r"^Variable '\$(\w+)' got invalid value .*; Field '(\w+)' is not defined by type '(\w+)'\."),
     lambda m: f"The variables input contains a field name '{m[2]}' that is not defined for input object type '{m[3]}' ",
     False),
    (re.compile(r"^Variable '\$(\w+)' got invalid value .*; Field '\w+' of required type '([^']+)' was not provided\."),
     lambda m: f"Variable '{m[1]}' has coerced Null value for NonNull type '{m[2]}'", False),
    (re.compile(r"^Cannot query field '(\w+)' on type '(\w+)'\."),
     lambda m: f"Validation error of type FieldUndefined: Field '{m[1]}' in type '{m[2]}' is undefined", True),
]


def validation_error(error: GraphQLError) -> dict:
    """A validation-shaped error: no errorType, path null."""
    for pattern, rewrite, keep_locations in MESSAGE_REWRITES:
        match = pattern.match(error.message)
        if match:
            return {"path": None, "locations": _locations(error) if keep_locations else None,
                    "message": rewrite(match)}
    return {"path": None, "locations": _locations(error), "message": error.message}


NON_NULL = re.compile(r"^Cannot return null for non-nullable field (\w+)\.(\w+)\.$")


def non_null_error(schema: GraphQLSchema, error: GraphQLError) -> Optional[dict]:
    """graphql-java's wording for a null in a non-null field (e.g. a REMOVEd required attribute)."""
    match = NON_NULL.match(error.message)
    if match is None:
        return None
    parent, field = match.groups()
    field_type = schema.type_map[parent].fields[field].type
    inner = str(getattr(field_type, "of_type", field_type))
    path = "/" + "/".join(str(p) for p in error.path or [])
    return {"path": error.path, "locations": None,
            "message": f"Cannot return null for non-nullable type: '{inner}' within parent '{parent}' ({path})"}


def resolver_error(error: GraphQLError) -> dict:
    """A resolver-shaped error with AppSync's extra keys."""
    original = error.original_error
    if isinstance(original, AppSyncError):
        error_type, data, info, message = original.error_type, original.data, original.error_info, original.message
    elif original is not None:
        log.exception("resolver failed", exc_info=original)
        error_type, data, info, message = "InternalFailure", None, None, str(original)
    else:
        error_type, data, info, message = None, None, None, error.message
    return {"path": error.path, "data": data, "errorType": error_type, "errorInfo": info,
            "locations": _locations(error), "message": message}


class Executor:
    """The executable schema plus its resolvers."""

    def __init__(self, compiled: CompiledSchema, store: Store, conflict_handler: str,
                 denied_fields: Optional[list[tuple[str, str]]] = None, custom_handler: Any = None):
        self.schema: GraphQLSchema = build_schema(compiled.printable())
        scalars.install(self.schema)
        self.store = store
        self.compiled = compiled
        Resolvers(compiled, store, conflict_handler).bind(self.schema)
        self._bind_custom(custom_handler)
        for type_name, field_name in denied_fields or []:
            self._deny(type_name, field_name)

    def _bind_custom(self, handler: Any) -> None:
        """Custom operations (@function and the like) answer through `handler`, a module whose
        function of the operation's name takes the arguments (as graphql-core coerced them, AWSJSON
        parsed) and returns the value. Without one, AppSync's answer for a function that failed:
        errorType `Lambda:Unhandled`."""
        for name, root in self.compiled.custom_operations.items():
            root_type = self.schema.query_type if root == "Query" else self.schema.mutation_type
            function = getattr(handler, name, None) if handler is not None else None

            def resolve(_root, _info, _name=name, _function=function, **args):
                if _function is None:
                    raise AppSyncError(f"no handler for {_name} (give --custom-handler)", "Lambda:Unhandled")
                return _function(args)
            root_type.fields[name].resolve = resolve

    def _deny(self, type_name: str, field_name: str) -> None:
        """`@auth` on a field the caller may not read: AppSync returns the record with the field
        null and an error at its path, "Not Authorized to access F on type T", errorType
        Unauthorized (as published in aws-samples/serverless-samples and amplify issue threads)."""
        object_type = self.schema.type_map.get(type_name)
        fields = getattr(object_type, "fields", None)
        if not fields or field_name not in fields:
            raise ValueError(f"--deny-field {type_name}.{field_name}: no such field")

        def refuse(*_args, **_kwargs):
            raise AppSyncError(f"Not Authorized to access {field_name} on type {type_name}", "Unauthorized")

        fields[field_name].resolve = refuse

    def on_mutation(self, listener: Callable[[str, dict, Any], None]) -> None:
        """Calls `listener(mutation field, written record, resolve info)` after every root mutation
        field that wrote (HTTP requests and --write-after writes alike). It runs inside the store's
        lock, around the write, so listeners hear of writes in the order they committed; it must not
        block (the real-time endpoint only queues)."""
        mutation_type = self.schema.mutation_type
        for name, field in (mutation_type.fields.items() if mutation_type else ()):
            if field.resolve is not None and name not in self.compiled.custom_operations:
                field.resolve = self._announcing(field.resolve, listener)

    def _announcing(self, resolve: Callable, listener: Callable[[str, dict, Any], None]) -> Callable:
        store = self.store

        def resolve_and_announce(root, info, **args):
            with store.lock:
                record = resolve(root, info, **args)
                if isinstance(record, dict):
                    listener(info.field_name, record, info)
            return record
        return resolve_and_announce

    @staticmethod
    def read_request(body: Any) -> tuple[str, Optional[dict], Optional[str]]:
        """Check the parsed JSON body; return (query, variables, operationName)."""
        if not isinstance(body, dict) or not isinstance(body.get("query"), str):
            raise MalformedRequest("Unable to parse GraphQL query.")
        variables = body.get("variables")
        if variables is not None and not isinstance(variables, dict):
            raise MalformedRequest("Unable to parse GraphQL query.")
        operation_name = body.get("operationName")
        return body["query"], variables, operation_name if isinstance(operation_name, str) else None

    def run(self, body: Any) -> dict:
        """Execute a request body (already JSON-decoded); return the response payload."""
        query, variables, operation_name = self.read_request(body)
        try:
            document = parse(query)
        except GraphQLError as error:
            return {"data": None, "errors": [validation_error(error)]}
        errors = validate(self.schema, document)
        if errors:
            return {"data": None, "errors": [validation_error(e) for e in errors]}
        operation = get_operation_ast(document, operation_name)
        if operation is not None and operation.operation == OperationType.SUBSCRIPTION:
            return {"data": None, "errors": [{"path": None, "locations": None,
                                              "message": "Subscriptions are not served over HTTP by this emulator."}]}
        result = execute(self.schema, document, variable_values=variables or {}, operation_name=operation_name,
                         context_value={}, execution_context_class=_Execution)
        if result.errors and result.data is None and all(e.path is None for e in result.errors):
            return {"data": None, "errors": [validation_error(e) for e in result.errors]}
        payload: dict = {"data": result.data}
        if result.errors:
            payload["errors"] = [non_null_error(self.schema, e) or resolver_error(e) for e in result.errors]
        return payload
