"""Serve a schema the real Amplify v1 transformer compiled (`--serve-compiled FILE`).

FILE is the JSON that `Tests/V1Transformer/compile.js` prints: `schema` (the compiled SDL, served as it
is), `tables` (each model's DynamoDB key schema: the primary key and the indexes) and `versionedFields`
(each `@versioned` model's version field and input, read from its update resolver). The operations are
read from the root types, the way the compiled resolvers are attached to them: `create/update/delete`
mutations by their `input` type's prefix, a query returning the model is its `get`, a query returning
its connection is a scan, or a key query when its first argument is the partition key of the table or
of one of its indexes. Relationship (`@connection`) fields are not resolved.
"""

from __future__ import annotations

import json
from typing import Optional

from graphql import (
    FieldDefinitionNode,
    InputObjectTypeDefinitionNode,
    ObjectTypeDefinitionNode,
    parse,
)

from catalogue import Catalogue, Model, SchemaError, SourceField, TypeRef
from schema_transformer import CompiledSchema, Operation

KEY_QUERY_SKIPPED = ("filter", "limit", "nextToken", "sortDirection")


def _named(field: FieldDefinitionNode) -> TypeRef:
    return TypeRef.from_ast(field.type)


def _key_fields(table: dict) -> list[str]:
    """[partition key, *sort keys] of a key schema (a v1 composite sort key `a#b` as its parts)."""
    names = [element["name"] for element in table]
    return names[:1] + [part for name in names[1:] for part in name.split("#")]


def load_compiled(text: str) -> CompiledSchema:
    """The served schema from compile.js's JSON output."""
    try:
        output = json.loads(text)
        sdl, tables = output["schema"], output["tables"]
    except (ValueError, KeyError, TypeError) as error:
        raise SchemaError(f"not compile.js output (schema, tables): {error}") from error
    versioned_fields = output.get("versionedFields") or {}
    document = parse(sdl)
    types = {d.name.value: d for d in document.definitions
             if isinstance(d, (ObjectTypeDefinitionNode, InputObjectTypeDefinitionNode))}
    mutation, query = types.get("Mutation"), types.get("Query")
    if mutation is None:
        raise SchemaError("the compiled schema has no Mutation type")
    models: dict[str, Model] = {}
    mutations: dict[str, Operation] = {}
    for field in mutation.fields or []:
        model_name = _named(field).name
        argument = next((a for a in field.arguments or [] if a.name.value == "input"), None)
        if argument is None or model_name not in types:
            continue
        kind = next((k for k in ("create", "update", "delete")
                     if TypeRef.from_ast(argument.type).name.startswith(k.capitalize())), None)
        if kind is None:
            continue
        if model_name not in models:
            models[model_name] = _model(types[model_name], tables.get(model_name), versioned_fields.get(model_name))
        mutations[field.name.value] = Operation(kind, model_name)
    queries: dict[str, Operation] = {}
    for field in (query.fields if query else None) or []:
        returned = _named(field).name
        if returned in models:
            queries[field.name.value] = Operation("get", returned)
        elif returned.startswith("Model") and returned.endswith("Connection") and returned[5:-10] in models:
            queries[field.name.value] = _connection_query(field, models[returned[5:-10]],
                                                          tables.get(returned[5:-10]) or {})
    catalogue = Catalogue(models, {}, {}, list(models))
    return CompiledSchema(sdl, catalogue, False, queries, mutations, {})


def _model(node: ObjectTypeDefinitionNode, table: Optional[dict], versioning: Optional[dict]) -> Model:
    if table is None:
        raise SchemaError(f"no table for model {node.name.value} in the compile.js output")
    fields = [SourceField(f.name.value, _named(f), {}) for f in node.fields or []]
    model = Model(node.name.value, fields, None, primary_key=_key_fields(table["keySchema"]))
    model.timestamps = {name: name if model.declares(name) else None for name in ("createdAt", "updatedAt")}
    if versioning:
        model.field_versioning = (versioning["versionField"], versioning["versionInput"])
    return model


def _connection_query(field: FieldDefinitionNode, model: Model, table: dict) -> Operation:
    """A scan, or a key query on the primary key or the index whose partition key comes first."""
    arguments = [a.name.value for a in field.arguments or [] if a.name.value not in KEY_QUERY_SKIPPED]
    if not arguments:
        return Operation("list", model.name)
    keys = [_key_fields(table["keySchema"])] + [_key_fields(k) for k in (table.get("indexes") or {}).values()]
    key = next((k for k in keys if k[0] == arguments[0]), None)
    if key is None:
        raise SchemaError(f"{field.name.value}: no key of {model.name} starts with {arguments[0]}")
    sort_arg = arguments[1] if len(arguments) > 1 else None
    return Operation("list", model.name, key[0], key[1:], sort_arg)
