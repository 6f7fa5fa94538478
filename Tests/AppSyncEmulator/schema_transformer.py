"""Compile an Amplify source schema into the AppSync schema the v2 transformer generates.

Names, field lists and argument orders follow amplify-naming.md and appsync.md
sections 1-2 (the current, post-2024-02 shapes: filter inputs carry the
implicit `id`/timestamps). Subscriptions are included in the printed schema
(with `@aws_subscribe`), but the emulator does not serve them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Optional

from graphql import EnumTypeDefinitionNode, ObjectTypeDefinitionNode

from catalogue import (
    AWS_SCALARS,
    DEFAULT_SCALARS,
    Catalogue,
    Index,
    Model,
    Relation,
    SchemaError,
    TypeRef,
    parse_source,
    to_camel_case,
    upper_first,
)

# Declarations that make the compiled schema buildable on its own (AppSync has them built in).
AWS_PRELUDE = "\n".join([*(f"scalar {name}" for name in AWS_SCALARS), "",
    'directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION',
    'directive @aws_auth(cognito_groups: [String]) on FIELD_DEFINITION',
    'directive @aws_api_key on FIELD_DEFINITION | OBJECT',
    'directive @aws_iam on FIELD_DEFINITION | OBJECT',
    'directive @aws_oidc on FIELD_DEFINITION | OBJECT',
    'directive @aws_lambda on FIELD_DEFINITION | OBJECT',
    'directive @aws_cognito_user_pools(cognito_groups: [String]) on FIELD_DEFINITION | OBJECT',
])

SYNC_FIELDS = [("_version", "Int!"), ("_deleted", "Boolean"), ("_lastChangedAt", "AWSTimestamp!")]
PAGING_ARGS = [("limit", "Int"), ("nextToken", "String")]


# --- printable definitions --------------------------------------------------------------------------

@dataclass
class Field:
    """A field of an object or input type, ready to print."""

    name: str
    type: str
    args: list[tuple[str, str]] = field(default_factory=list)
    directives: str = ""
    description: Optional[str] = None

    def render(self) -> str:
        args = f"({', '.join(f'{n}: {t}' for n, t in self.args)})" if self.args else ""
        directive = f" {self.directives}" if self.directives else ""
        return f"{_description(self.description, '  ')}  {self.name}{args}: {self.type}{directive}"


@dataclass
class Definition:
    """A type, input or enum definition."""

    kind: str                    # "type" | "input" | "enum"
    name: str
    fields: list = field(default_factory=list)     # Field objects, or enum value names
    description: Optional[str] = None

    def render(self) -> str:
        body = "\n".join(f"  {v}" if isinstance(v, str) else v.render() for v in self.fields)
        return f"{_description(self.description, '')}{self.kind} {self.name} {{\n{body}\n}}"

    def field_names(self) -> list[str]:
        return [f if isinstance(f, str) else f.name for f in self.fields]


def _description(text: Optional[str], indent: str) -> str:
    if not text:
        return ""
    return f'{indent}"""{text}"""\n' if "\n" not in text else f'{indent}"""\n{text}\n{indent}"""\n'


# --- runtime description of the operations --------------------------------------------------------

@dataclass
class Operation:
    """What a root field does, for the resolvers."""

    kind: str                           # get | list | sync | index | create | update | delete
    model: str
    partition_key: Optional[str] = None  # key-query partition-key argument
    sort_keys: list[str] = field(default_factory=list)
    sort_arg: Optional[str] = None       # name of the sort-key condition argument


@dataclass
class CompiledSchema:
    """The compiled SDL and what the emulator needs to serve it."""

    sdl: str
    catalogue: Catalogue
    versioned: bool
    queries: dict[str, Operation]
    mutations: dict[str, Operation]
    relation_fields: dict[tuple[str, str], Relation]
    # Custom operations by name: their root type ("Query" or "Mutation").
    custom_operations: dict[str, str] = field(default_factory=dict)

    def printable(self) -> str:
        """The SDL with the AWS scalar and directive declarations on top."""
        return f"{AWS_PRELUDE}\n\n{self.sdl}"


# --- scalar helpers -------------------------------------------------------------------------------

def filter_scalar(name: str) -> str:
    """The scalar a filter input uses for a field of type `name`."""
    return DEFAULT_SCALARS.get(name, "String")


def key_condition_scalar(catalogue: Catalogue, name: str) -> str:
    """The scalar of a single sort-key condition (enums and AWS scalars become String)."""
    if name == "Boolean":
        raise SchemaError("Sort Key Condition could not be constructed for a Boolean sort key")
    if catalogue.is_enum(name):
        return "String"
    return DEFAULT_SCALARS.get(name, "String")


def subscription_name(name: str) -> str:
    """truncateSubscriptionName: cut names over 50 characters to 45 + 5 md5 hex digits."""
    if len(name) <= 50:
        return name
    return name[:45] + hashlib.md5(name.encode()).hexdigest()[:5]


# --- the compiler -------------------------------------------------------------------------------

class Compiler:
    """Builds the compiled schema definition by definition, in the transformer's print order."""

    def __init__(self, catalogue: Catalogue, versioned: bool):
        self.catalogue = catalogue
        self.versioned = versioned
        self.definitions: list[Definition] = []
        self.emitted: set[str] = set()
        self.key_inputs: list[Definition] = []
        self.query = Definition("type", "Query")
        self.mutation = Definition("type", "Mutation")
        self.subscription = Definition("type", "Subscription")
        self.index_queries: list[Field] = []
        self.queries: dict[str, Operation] = {}
        self.mutations: dict[str, Operation] = {}
        self.relation_fields: dict[tuple[str, str], Relation] = {}
        self.custom_operations: dict[str, str] = {}

    # -- entry point

    def compile(self) -> CompiledSchema:
        for name in self.catalogue.order:
            self._emit(self._source_definition(name))
        self._emit_common_inputs()
        for index, model in enumerate(self.catalogue.models.values()):
            self._emit_model(model, first=index == 0)
        self.query.fields.extend(self.index_queries)
        # Custom operations, after the generated ones (as the transformer prints them).
        for root, target in (("Query", self.query), ("Mutation", self.mutation)):
            for node in self.catalogue.custom.get(root, []):
                target.fields.append(Field(node.name.value, TypeRef.from_ast(node.type).render(),
                                           [(a.name.value, TypeRef.from_ast(a.type).render())
                                            for a in node.arguments or []]))
                self.custom_operations[node.name.value] = root
        for definition in self.key_inputs:
            self._emit(definition)
        root_types = (self.query, self.mutation, self.subscription)
        printed = [d for d in self.definitions if d not in root_types or d.fields]
        sdl = "\n\n".join(d.render() for d in printed) + "\n"
        return CompiledSchema(sdl, self.catalogue, self.versioned, self.queries, self.mutations,
                              self.relation_fields, self.custom_operations)

    def _emit(self, definition: Definition) -> None:
        if definition.name in self.emitted:
            return
        self.emitted.add(definition.name)
        self.definitions.append(definition)

    # -- source types

    def _source_definition(self, name: str) -> Definition:
        if name in self.catalogue.models:
            return self._model_type(self.catalogue.models[name])
        if name in self.catalogue.enums:
            node: EnumTypeDefinitionNode = self.catalogue.enums[name]
            return Definition("enum", name, [v.name.value for v in node.values or []],
                              node.description.value if node.description else None)
        if name in self.catalogue.inputs:
            source = self.catalogue.inputs[name]
            return Definition("input", name, [Field(f.name.value, TypeRef.from_ast(f.type).render())
                                              for f in source.fields or []])
        node: ObjectTypeDefinitionNode = self.catalogue.non_models[name]
        fields = [Field(f.name.value, TypeRef.from_ast(f.type).render(),
                        description=f.description.value if f.description else None)
                  for f in node.fields or []]
        return Definition("type", name, fields, node.description.value if node.description else None)

    def _model_type(self, model: Model) -> Definition:
        fields = []
        for f in model.fields:
            relation = model.relation_named(f.name)
            if relation is not None:
                self.relation_fields[(model.name, f.name)] = relation
            if relation is not None and relation.kind == "hasMany":
                fields.append(Field(f.name, f"Model{relation.target}Connection",
                                    self._has_many_args(relation), description=f.description))
            else:
                fields.append(Field(f.name, f.type.render(), description=f.description))
        if model.adds_id():
            fields.append(Field("id", "ID!"))
        fields += [Field(name, "AWSDateTime!") for name in model.timestamp_fields()]
        if self.versioned:
            fields += [Field(name, type_) for name, type_ in SYNC_FIELDS]
        fields += [Field(fk.name, fk.type.render()) for fk in self._ordered_fks(model)]
        fields += [Field(name, "String") for name in model.implicit_owners]
        return Definition("type", model.name, fields, model.description)

    def _has_many_args(self, relation: Relation) -> list[tuple[str, str]]:
        args = []
        if relation.sort_keys and relation.form != "references":
            target = self.catalogue.models[relation.target]
            args.append(self._sort_key_argument(target, relation.sort_keys,
                                                upper_first(relation.index_name or "Primary")))
        return args + [("filter", f"Model{relation.target}FilterInput"),
                       ("sortDirection", "ModelSortDirection"), *PAGING_ARGS]

    @staticmethod
    def _ordered_fks(model: Model):
        order = {"hasMany": 0, "hasOne": 1, "belongsTo": 2}
        return sorted(model.implicit_fks, key=lambda fk: order[fk.added_by])

    # -- shared inputs

    def _emit_common_inputs(self) -> None:
        for scalar in ("String", "Int", "Float", "Boolean", "ID"):
            self._emit(Definition("input", f"Model{scalar}Input", _scalar_filter_fields(scalar)))
        for scalar in ("String", "Int", "Float", "Boolean", "ID"):
            self._emit(Definition("input", f"ModelSubscription{scalar}Input",
                                  _subscription_filter_fields(scalar)))
        self._emit(Definition("enum", "ModelAttributeTypes",
                              ["binary", "binarySet", "bool", "list", "map", "number", "numberSet",
                               "string", "stringSet", "_null"]))
        self._emit(Definition("input", "ModelSizeInput",
                              [Field(op, "Int") for op in ("ne", "eq", "le", "lt", "ge", "gt")]
                              + [Field("between", "[Int]")]))
        self._emit(Definition("enum", "ModelSortDirection", ["ASC", "DESC"]))

    # -- per model

    def _emit_model(self, model: Model, first: bool) -> None:
        name = model.name
        connection = [Field("items", f"[{name}]!"), Field("nextToken", "String")]
        if self.versioned:
            connection.append(Field("startedAt", "AWSTimestamp"))
        self._emit(Definition("type", f"Model{name}Connection", connection))
        self._emit_enum_inputs(model)
        self._emit(self._filter_input(model))
        self._add_queries(model)
        if first:
            self._emit(self.query)
        self._emit(self._condition_input(model))
        self._emit_non_model_inputs(model)
        for definition in (self._create_input(model), self._update_input(model), self._delete_input(model)):
            self._emit(definition)
        self._add_mutations(model)
        if first:
            self._emit(self.mutation)
        self._emit(self._subscription_filter(model))
        self._add_subscriptions(model)
        if first:
            self._emit(self.subscription)

    def _filter_fields(self, model: Model) -> list[tuple[str, TypeRef]]:
        """Scalar/enum fields of the type after the implicit id and timestamps were added."""
        names = [f.name for f in model.fields]
        if not model.declares("id"):
            names.append("id")          # kept even with @primaryKey (transformer quirk)
        names += model.timestamp_fields()
        result = []
        for n in names:
            ref = model.scalar_type_of(n, self.catalogue) or TypeRef("ID", True)
            if self.catalogue.is_scalar_like(ref.name):
                result.append((n, ref))
        return result

    def _filter_type(self, ref: TypeRef) -> str:
        if self.catalogue.is_enum(ref.name):
            return f"Model{ref.name}{'List' if ref.is_list else ''}Input"
        return f"Model{filter_scalar(ref.name)}Input"

    def _subscription_filter_type(self, ref: TypeRef) -> str:
        if self.catalogue.is_enum(ref.name):
            return "ModelSubscriptionStringInput"
        return f"ModelSubscription{filter_scalar(ref.name)}Input"

    def _emit_enum_inputs(self, model: Model) -> None:
        for _, ref in self._filter_fields(model):
            if not self.catalogue.is_enum(ref.name):
                continue
            enum = ref.name
            if ref.is_list:
                fields = [Field("eq", f"[{enum}]"), Field("ne", f"[{enum}]"),
                          Field("contains", enum), Field("notContains", enum)]
                self._emit(Definition("input", f"Model{enum}ListInput", fields))
            else:
                self._emit(Definition("input", f"Model{enum}Input", [Field("eq", enum), Field("ne", enum)]))

    def _logic_fields(self, input_name: str, with_not: bool = True) -> list[Field]:
        fields = [Field("and", f"[{input_name}]"), Field("or", f"[{input_name}]")]
        return fields + ([Field("not", input_name)] if with_not else [])

    def _filter_input(self, model: Model) -> Definition:
        name = f"Model{model.name}FilterInput"
        fields = [Field(n, self._filter_type(ref)) for n, ref in self._filter_fields(model)]
        fields += self._logic_fields(name)
        if self.versioned:
            fields.append(Field("_deleted", "ModelBooleanInput"))
        fields += [Field(fk.name, self._filter_type(fk.type)) for fk in self._ordered_fks(model)]
        fields += [Field(name, "ModelStringInput") for name in model.implicit_owners]
        return Definition("input", name, fields)

    def _condition_input(self, model: Model) -> Definition:
        name = f"Model{model.name}ConditionInput"
        fields = []
        for f in model.fields:
            if not self.catalogue.is_scalar_like(f.type.name):
                continue
            filter_type = self._filter_type(f.type)
            if f.name == "id" and filter_type == "ModelIDInput":
                continue
            if model.primary_key and f.name in model.primary_key:
                continue
            fields.append(Field(f.name, filter_type))
        fields += self._logic_fields(name)
        if self.versioned:
            fields.append(Field("_deleted", "ModelBooleanInput"))
        fields += [Field(n, "ModelStringInput") for n in model.timestamp_fields()]
        fields += [Field(fk.name, self._filter_type(fk.type)) for fk in self._ordered_fks(model)]
        fields += [Field(name, "ModelStringInput") for name in model.implicit_owners]
        return Definition("input", name, fields)

    def _subscription_filter(self, model: Model) -> Definition:
        name = f"ModelSubscription{model.name}FilterInput"
        fields = [Field(n, self._subscription_filter_type(ref)) for n, ref in self._filter_fields(model)]
        fields += self._logic_fields(name, with_not=False)
        if self.versioned:
            fields.append(Field("_deleted", "ModelBooleanInput"))
        child_fks = [fk for other in self.catalogue.models.values() for fk in other.implicit_fks
                     if fk.added_by == "hasMany" and fk.parent == model.name]
        own_fks = [fk for fk in self._ordered_fks(model) if fk.added_by != "hasMany"]
        fields += [Field(fk.name, self._subscription_filter_type(fk.type)) for fk in child_fks + own_fks]
        fields += [Field(name, "ModelStringInput") for name in model.implicit_owners]
        return Definition("input", name, fields)

    # -- mutation inputs

    def _input_type(self, ref: TypeRef) -> TypeRef:
        """Non-model types are replaced by their `<T>Input` in mutation inputs."""
        if self.catalogue.is_non_model(ref.name):
            return ref.renamed(f"{upper_first(ref.name)}Input")
        return ref

    def _input_fields(self, model: Model) -> list:
        return [f for f in model.fields if not self.catalogue.is_model(f.type.name)]

    def _create_input(self, model: Model) -> Definition:
        automatic = {n for n in (model.timestamps.get("createdAt"), model.timestamps.get("updatedAt")) if n}
        fields = []
        for f in self._input_fields(model):
            ref = self._input_type(f.type)
            if (f.name == "id" and ref.name in ("ID", "String")) or f.name in automatic:
                ref = ref.nullable()
            if model.primary_key and f.name in model.primary_key:
                ref = ref.required()
            fields.append(Field(f.name, ref.render()))
        if model.adds_id():
            fields.append(Field("id", "ID"))
        if self.versioned:
            fields.append(Field("_version", "Int"))
        fields += [Field(fk.name, fk.type.render()) for fk in self._ordered_fks(model)]
        return Definition("input", f"Create{model.name}Input", fields)

    def _update_input(self, model: Model) -> Definition:
        keys = set(model.key_fields)
        fields = []
        for f in self._input_fields(model):
            ref = self._input_type(f.type).nullable()
            fields.append(Field(f.name, (ref.required() if f.name in keys else ref).render()))
        if model.adds_id():
            fields.append(Field("id", "ID!"))
        if self.versioned:
            fields.append(Field("_version", "Int"))
        fields += [Field(fk.name, fk.type.nullable().render()) for fk in self._ordered_fks(model)]
        return Definition("input", f"Update{model.name}Input", fields)

    def _delete_input(self, model: Model) -> Definition:
        if model.primary_key:
            fields = [Field(k, self.catalogue.key_type(model, k).required().render()) for k in model.key_fields]
        else:
            fields = [Field("id", "ID!")]
        if self.versioned:
            fields.append(Field("_version", "Int"))
        return Definition("input", f"Delete{model.name}Input", fields)

    def _emit_non_model_inputs(self, model: Model) -> None:
        """`<T>Input` for every non-model type the model's inputs use, recursively."""
        pending = [f.type.name for f in model.fields if self.catalogue.is_non_model(f.type.name)]
        while pending:
            name = pending.pop(0)
            input_name = f"{upper_first(name)}Input"
            if input_name in self.emitted:
                continue
            node = self.catalogue.non_models[name]
            fields = []
            for f in node.fields or []:
                ref = TypeRef.from_ast(f.type)
                if self.catalogue.is_model(ref.name):
                    continue
                if self.catalogue.is_non_model(ref.name):
                    pending.append(ref.name)
                fields.append(Field(f.name.value, self._input_type(ref).render()))
            self._emit(Definition("input", input_name, fields))

    # -- root fields

    def _op_name(self, model: Model, op: str, default: str) -> Optional[str]:
        return model.operation_names.get(op, default)

    def _key_args(self, model: Model) -> list[tuple[str, str]]:
        if not model.primary_key:
            return [("id", "ID!")]
        return [(k, self.catalogue.key_type(model, k).required().render()) for k in model.key_fields]

    def _add_queries(self, model: Model) -> None:
        name, plural_name = model.name, model.plural
        connection = f"Model{name}Connection"
        filter_arg = ("filter", f"Model{name}FilterInput")
        get_name = self._op_name(model, "get", to_camel_case(["get", name]))
        if get_name:
            self.query.fields.append(Field(get_name, name, self._key_args(model)))
            self.queries[get_name] = Operation("get", name)
        list_name = self._op_name(model, "list", to_camel_case(["list", plural_name]))
        if list_name:
            self.query.fields.append(Field(list_name, connection, self._list_args(model)))
            self.queries[list_name] = self._key_operation("list", model, model.key_fields,
                                                          "Primary") if model.primary_key else Operation("list", name)
        sync_name = self._op_name(model, "sync", to_camel_case(["sync", plural_name]))
        if self.versioned and sync_name:
            args = [filter_arg, *PAGING_ARGS, ("lastSync", "AWSTimestamp")]
            self.query.fields.append(Field(sync_name, connection, args))
            self.queries[sync_name] = Operation("sync", name)
        for index in model.indexes:
            self._add_index_query(model, index)

    def _list_args(self, model: Model) -> list[tuple[str, str]]:
        filter_arg = ("filter", f"Model{model.name}FilterInput")
        if not model.primary_key:
            return [filter_arg, *PAGING_ARGS]
        pk = model.key_fields[0]
        args = [(pk, self.catalogue.key_type(model, pk).render())]
        if model.sort_keys:
            args.append(self._sort_key_argument(model, model.sort_keys, "Primary"))
        return args + [filter_arg, *PAGING_ARGS, ("sortDirection", "ModelSortDirection")]

    def _key_operation(self, kind: str, model: Model, key: list[str], key_name: str) -> Operation:
        sort_arg = None
        if key[1:]:
            sort_arg = key[1] if len(key) == 2 else to_camel_case(key[1:])
        return Operation(kind, model.name, key[0], key[1:], sort_arg)

    def _add_index_query(self, model: Model, index: Index) -> None:
        if not index.query_field:
            return
        args = [(index.partition_key, self.catalogue.key_type(model, index.partition_key).required().render())]
        if index.sort_keys:
            args.append(self._sort_key_argument(model, index.sort_keys, upper_first(index.name)))
        args += [("sortDirection", "ModelSortDirection"), ("filter", f"Model{model.name}FilterInput"),
                 *PAGING_ARGS]
        self.index_queries.append(Field(index.query_field, f"Model{model.name}Connection", args))
        key = [index.partition_key, *index.sort_keys]
        self.queries[index.query_field] = self._key_operation("index", model, key, index.name)

    def _sort_key_argument(self, model: Model, sort_keys: list[str], key_name: str) -> tuple[str, str]:
        """The sort-key condition argument, registering its input types."""
        if len(sort_keys) == 1:
            scalar = key_condition_scalar(self.catalogue, self.catalogue.key_type(model, sort_keys[0]).name)
            self._register_key_condition(scalar)
            return sort_keys[0], f"Model{scalar}KeyConditionInput"
        prefix = f"Model{model.name}{key_name}CompositeKey"
        key_input = f"{prefix}Input"
        condition = [Field(op, key_input) for op in ("eq", "le", "lt", "ge", "gt")]
        condition += [Field("between", f"[{key_input}]"), Field("beginsWith", key_input)]
        self._register_key_input(Definition("input", f"{prefix}ConditionInput", condition))
        types = [self.catalogue.key_type(model, k).name for k in sort_keys]
        types[-1] = DEFAULT_SCALARS.get(types[-1], types[-1])
        self._register_key_input(Definition("input", key_input,
                                            [Field(k, t) for k, t in zip(sort_keys, types)]))
        return to_camel_case(sort_keys), f"{prefix}ConditionInput"

    def _register_key_condition(self, scalar: str) -> None:
        fields = [Field(op, scalar) for op in ("eq", "le", "lt", "ge", "gt")] + [Field("between", f"[{scalar}]")]
        if scalar in ("String", "ID"):
            fields.append(Field("beginsWith", scalar))
        self._register_key_input(Definition("input", f"Model{scalar}KeyConditionInput", fields))

    def _register_key_input(self, definition: Definition) -> None:
        if all(d.name != definition.name for d in self.key_inputs):
            self.key_inputs.append(definition)

    def _add_mutations(self, model: Model) -> None:
        for op in ("create", "update", "delete"):
            op_name = self._op_name(model, op, to_camel_case([op, model.name]))
            if not op_name:
                continue
            args = [("input", f"{upper_first(op)}{model.name}Input!"),
                    ("condition", f"Model{model.name}ConditionInput")]
            self.mutation.fields.append(Field(op_name, model.name, args))
            self.mutations[op_name] = Operation(op, model.name)

    def _add_subscriptions(self, model: Model) -> None:
        for op, mutation_op in (("onCreate", "create"), ("onUpdate", "update"), ("onDelete", "delete")):
            default = subscription_name(to_camel_case([op, model.name]))
            op_name = self._op_name(model, op, default)
            mutation_name = self._op_name(model, mutation_op, to_camel_case([mutation_op, model.name]))
            if not op_name or not mutation_name:
                continue
            self.subscription.fields.append(Field(
                op_name, model.name, [("filter", f"ModelSubscription{model.name}FilterInput")],
                directives=f'@aws_subscribe(mutations: ["{mutation_name}"])'))


def _scalar_filter_fields(scalar: str) -> list[Field]:
    """Fields of Model<S>Input (appsync.md section 1.2)."""
    comparisons = ["ne", "eq"] if scalar == "Boolean" else ["ne", "eq", "le", "lt", "ge", "gt"]
    fields = [Field(op, scalar) for op in comparisons]
    textual = scalar in ("String", "ID")
    if textual:
        fields += [Field("contains", scalar), Field("notContains", scalar)]
    if scalar != "Boolean":
        fields.append(Field("between", f"[{scalar}]"))
    if textual:
        fields.append(Field("beginsWith", scalar))
    fields += [Field("attributeExists", "Boolean"), Field("attributeType", "ModelAttributeTypes")]
    if textual:
        fields.append(Field("size", "ModelSizeInput"))
    return fields


def _subscription_filter_fields(scalar: str) -> list[Field]:
    """Fields of ModelSubscription<S>Input."""
    if scalar == "Boolean":
        return [Field("ne", scalar), Field("eq", scalar)]
    fields = [Field(op, scalar) for op in ("ne", "eq", "le", "lt", "ge", "gt")]
    if scalar in ("String", "ID"):
        fields += [Field("contains", scalar), Field("notContains", scalar)]
    fields.append(Field("between", f"[{scalar}]"))
    if scalar in ("String", "ID"):
        fields.append(Field("beginsWith", scalar))
    return fields + [Field("in", f"[{scalar}]"), Field("notIn", f"[{scalar}]")]


def compile_schema(source_sdl: str, versioned: bool) -> CompiledSchema:
    """Compile an Amplify source schema; `versioned` adds the conflict-resolution shapes."""
    return Compiler(parse_source(source_sdl), versioned).compile()
