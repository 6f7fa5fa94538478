"""Read an Amplify SOURCE schema into a model catalogue.

The catalogue records what the transformer needs: models with their keys,
indexes and relationships (with the implicit foreign keys worked out),
non-model types and enums. `schema_transformer` turns it into the compiled
AppSync SDL; `resolvers` uses it to store and fetch items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from graphql import (
    EnumTypeDefinitionNode,
    FieldDefinitionNode,
    InputObjectTypeDefinitionNode,
    ListTypeNode,
    NamedTypeNode,
    NonNullTypeNode,
    ObjectTypeDefinitionNode,
    TypeNode,
    parse,
    print_ast,
    value_from_ast_untyped,
)

from pluralize import plural


class SchemaError(Exception):
    """The source schema cannot be compiled."""


# --- naming helpers (graphql-transformer-common util.ts) ---------------------------------------

def upper_first(word: str) -> str:
    """Upper-case the first character only."""
    return word[:1].upper() + word[1:]


def lower_first(word: str) -> str:
    """Lower-case the first character only."""
    return word[:1].lower() + word[1:]


def to_camel_case(words: list[str]) -> str:
    """The transformer's toCamelCase: first word lower-first, later words upper-first."""
    words = [w for w in words if w]
    if not words:
        return ""
    return lower_first(words[0]) + "".join(upper_first(w) for w in words[1:])


# --- type references ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TypeRef:
    """A GraphQL type reference: a named type, possibly in a list, possibly non-null."""

    name: str
    non_null: bool = False
    is_list: bool = False
    item_non_null: bool = False

    @staticmethod
    def from_ast(node: TypeNode) -> "TypeRef":
        """Build a TypeRef from a graphql-core type node."""
        non_null = isinstance(node, NonNullTypeNode)
        inner = node.type if non_null else node
        if isinstance(inner, ListTypeNode):
            item = inner.type
            item_non_null = isinstance(item, NonNullTypeNode)
            named = item.type if item_non_null else item
            if not isinstance(named, NamedTypeNode):
                raise SchemaError(f"nested lists are not supported: {print_ast(node)}")
            return TypeRef(named.name.value, non_null, True, item_non_null)
        return TypeRef(inner.name.value, non_null)

    def render(self) -> str:
        """Print the reference as SDL."""
        text = self.name
        if self.is_list:
            text = f"[{text}{'!' if self.item_non_null else ''}]"
        return text + ("!" if self.non_null else "")

    def nullable(self) -> "TypeRef":
        """The same reference without the outer non-null."""
        return TypeRef(self.name, False, self.is_list, self.item_non_null)

    def required(self) -> "TypeRef":
        """The same reference with the outer non-null."""
        return TypeRef(self.name, True, self.is_list, self.item_non_null)

    def renamed(self, name: str) -> "TypeRef":
        """The same shape around another named type."""
        return TypeRef(name, self.non_null, self.is_list, self.item_non_null)


BUILTIN_SCALARS = ("String", "Int", "Float", "Boolean", "ID")
AWS_SCALARS = ("AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON",
               "AWSURL", "AWSPhone", "AWSIPAddress")

# graphql-transformer-common definition.ts DEFAULT_SCALARS: the filter type of each scalar.
DEFAULT_SCALARS = {
    "String": "String", "Int": "Int", "Float": "Float", "Boolean": "Boolean", "ID": "ID",
    "AWSDate": "String", "AWSTime": "String", "AWSDateTime": "String", "AWSEmail": "String",
    "AWSJSON": "String", "AWSURL": "String", "AWSPhone": "String", "AWSIPAddress": "String",
    "AWSTimestamp": "Int", "BigInt": "Int", "Double": "Float",
}


# --- catalogue data ---------------------------------------------------------------------------------

@dataclass
class SourceField:
    """A field as declared in the source schema."""

    name: str
    type: TypeRef
    directives: dict[str, dict]
    description: Optional[str] = None


@dataclass
class Index:
    """A secondary index (`@index`)."""

    name: str
    partition_key: str
    sort_keys: list[str]
    query_field: Optional[str]


@dataclass
class Relation:
    """A relationship field and how its items are found.

    Items of `target` match when `item[remote[i]] == source[local[i]]` for every i.
    """

    kind: str                      # hasMany | hasOne | belongsTo
    field: str
    model: str
    target: str
    form: str                      # references | fields | implicit
    type: TypeRef
    local: list[str] = field(default_factory=list)
    remote: list[str] = field(default_factory=list)
    index_name: Optional[str] = None
    sort_keys: list[str] = field(default_factory=list)   # sort-key argument of a hasMany field


@dataclass
class ImplicitField:
    """A foreign-key field the relational transformer adds to a model."""

    name: str
    type: TypeRef
    added_by: str                  # hasMany | hasOne | belongsTo
    parent: Optional[str] = None   # for hasMany: the parent model (subscription-filter quirk)


@dataclass
class Model:
    """An `@model` type."""

    name: str
    fields: list[SourceField]
    description: Optional[str]
    primary_key: Optional[list[str]] = None      # [pk, *sortKeys] when @primaryKey is used
    indexes: list[Index] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    implicit_fks: list[ImplicitField] = field(default_factory=list)
    timestamps: dict[str, Optional[str]] = field(
        default_factory=lambda: {"createdAt": "createdAt", "updatedAt": "updatedAt"})
    operation_names: dict[str, Optional[str]] = field(default_factory=dict)
    # v1 `@versioned` (served from a compiled schema only): (version field, expected-version input field).
    field_versioning: Optional[tuple[str, str]] = None
    # Owner rules' fields the model does not declare: the auth transformer appends each as `owner: String`,
    # last, to the type, the filters and the condition (as ModelStringInput), never to a write input.
    implicit_owners: list[str] = field(default_factory=list)
    # The model's `@auth` rules as the source gives them (the real-time endpoint's owner filtering).
    auth_rules: list[dict] = field(default_factory=list)

    @property
    def plural(self) -> str:
        """pluralize(name), as list/sync queries use it."""
        return plural(self.name)

    @property
    def key_fields(self) -> list[str]:
        """The primary-key fields: `id`, or the @primaryKey fields."""
        return list(self.primary_key) if self.primary_key else ["id"]

    @property
    def sort_keys(self) -> list[str]:
        """The primary key's sort-key fields."""
        return self.key_fields[1:]

    def field_named(self, name: str) -> Optional[SourceField]:
        """The declared field called `name`, if any."""
        return next((f for f in self.fields if f.name == name), None)

    def declares(self, name: str) -> bool:
        """Whether the source declares a field called `name`."""
        return self.field_named(name) is not None

    def relation_named(self, name: str) -> Optional[Relation]:
        """The relationship declared on field `name`, if any."""
        return next((r for r in self.relations if r.field == name), None)

    def adds_id(self) -> bool:
        """Whether the transformer adds an `id: ID!` field to the type."""
        return not self.declares("id") and self.primary_key is None

    def timestamp_fields(self) -> list[str]:
        """The automatic timestamp fields that are not declared."""
        names = [self.timestamps.get("createdAt"), self.timestamps.get("updatedAt")]
        return [n for n in names if n and not self.declares(n)]

    def scalar_type_of(self, name: str, catalogue: "Catalogue") -> Optional[TypeRef]:
        """The type of a scalar/enum field (declared, automatic or implicit FK)."""
        declared = self.field_named(name)
        if declared is not None:
            return declared.type
        if name == "id":
            return TypeRef("ID", True)
        if name in self.timestamp_fields():
            return TypeRef("AWSDateTime", True)
        if name in self.implicit_owners:
            return TypeRef("String")
        fk = next((f for f in self.implicit_fks if f.name == name), None)
        return fk.type if fk else None


@dataclass
class Catalogue:
    """Everything the compiler needs from the source schema."""

    models: dict[str, Model]
    non_models: dict[str, ObjectTypeDefinitionNode]
    enums: dict[str, EnumTypeDefinitionNode]
    order: list[str]               # source order of model, non-model, input and enum names
    # Custom operations: the source's own `type Query` / `type Mutation` fields, by root type.
    custom: dict[str, list[FieldDefinitionNode]] = field(default_factory=dict)
    inputs: dict[str, InputObjectTypeDefinitionNode] = field(default_factory=dict)

    def is_model(self, name: str) -> bool:
        return name in self.models

    def is_enum(self, name: str) -> bool:
        return name in self.enums

    def is_non_model(self, name: str) -> bool:
        return name in self.non_models

    def is_scalar_like(self, name: str) -> bool:
        """Scalars and enums: the fields that appear in filters."""
        return not self.is_model(name) and not self.is_non_model(name)

    def key_type(self, model: Model, field_name: str) -> TypeRef:
        """The base (named) type of a key field of `model`."""
        ref = model.scalar_type_of(field_name, self)
        if ref is None:
            raise SchemaError(f"{model.name}: key field '{field_name}' is not a field of the model")
        return TypeRef(ref.name)


# --- reading the source -------------------------------------------------------------------------------

def _directives(node) -> dict[str, dict]:
    """Directive name -> {argument: python value} for a definition or field node."""
    result = {}
    for directive in node.directives or []:
        args = {arg.name.value: value_from_ast_untyped(arg.value) for arg in directive.arguments or []}
        result[directive.name.value] = args
    return result


def _description(node) -> Optional[str]:
    return node.description.value if node.description else None


def _read_model(node: ObjectTypeDefinitionNode, model_args: dict) -> Model:
    fields = [SourceField(f.name.value, TypeRef.from_ast(f.type), _directives(f), _description(f))
              for f in node.fields or []]
    model = Model(node.name.value, fields, _description(node))
    _apply_model_arguments(model, model_args)
    model.auth_rules = [rule for rule in (_directives(node).get("auth") or {}).get("rules") or []
                        if isinstance(rule, dict)]
    for rule in (_directives(node).get("auth") or {}).get("rules") or []:
        owner = rule.get("ownerField", "owner") if isinstance(rule, dict) and rule.get("allow") == "owner" else None
        if owner and not model.declares(owner) and owner not in model.implicit_owners:
            model.implicit_owners.append(owner)
    return model


def _apply_model_arguments(model: Model, args: dict) -> None:
    """Apply `@model(timestamps:, queries:, mutations:, subscriptions:)`."""
    if "timestamps" in args:
        stamps = args["timestamps"]
        model.timestamps = {"createdAt": None, "updatedAt": None} if stamps is None else {
            "createdAt": stamps.get("createdAt", "createdAt"),
            "updatedAt": stamps.get("updatedAt", "updatedAt")}
    for group, ops in (("queries", ("get", "list", "sync")),
                       ("mutations", ("create", "update", "delete")),
                       ("subscriptions", ("onCreate", "onUpdate", "onDelete"))):
        if group not in args:
            continue
        value = args[group]
        for op in ops:
            model.operation_names[op] = None if value is None else value.get(op, _MISSING)
    model.operation_names = {k: v for k, v in model.operation_names.items() if v is not _MISSING}


_MISSING = object()


def _read_keys(model: Model) -> None:
    """Read `@primaryKey` and `@index` directives of the model's fields."""
    for f in model.fields:
        if "primaryKey" in f.directives:
            sort_keys = list(f.directives["primaryKey"].get("sortKeyFields") or [])
            model.primary_key = [f.name, *sort_keys]
        if "index" in f.directives:
            args = f.directives["index"]
            sort_keys = list(args.get("sortKeyFields") or [])
            generated = (lower_first(plural(model.name)) + "By"
                         + "And".join(upper_first(n) for n in [f.name, *sort_keys]))
            name = args.get("name") or generated
            query_field = args["queryField"] if "queryField" in args else generated
            model.indexes.append(Index(name, f.name, sort_keys, query_field))


def parse_source(sdl: str) -> Catalogue:
    """Parse an Amplify source schema into a catalogue (relationships resolved)."""
    document = parse(sdl)
    models, non_models, enums, order = {}, {}, {}, []
    custom: dict[str, list[FieldDefinitionNode]] = {}
    inputs: dict[str, InputObjectTypeDefinitionNode] = {}
    for definition in document.definitions:
        if isinstance(definition, ObjectTypeDefinitionNode):
            name = definition.name.value
            directives = _directives(definition)
            if "model" in directives:
                models[name] = _read_model(definition, directives["model"])
            elif name == "Subscription":
                raise SchemaError("custom Subscription fields are not supported by the emulator")
            elif name in ("Query", "Mutation"):
                # Custom operations (@function, @http, custom resolvers): answered by --custom-handler.
                custom.setdefault(name, []).extend(definition.fields or [])
                continue
            else:
                non_models[name] = definition
            order.append(name)
        elif isinstance(definition, EnumTypeDefinitionNode):
            enums[definition.name.value] = definition
            order.append(definition.name.value)
        elif isinstance(definition, InputObjectTypeDefinitionNode):
            inputs[definition.name.value] = definition
            order.append(definition.name.value)
    catalogue = Catalogue(models, non_models, enums, order, custom, inputs)
    for model in models.values():
        _read_keys(model)
    _read_relations(catalogue)
    return catalogue


# --- relationships ------------------------------------------------------------------------------------

RELATION_KINDS = ("hasMany", "hasOne", "belongsTo")


def _read_relations(catalogue: Catalogue) -> None:
    """Create every Relation, then add implicit FKs in the transformer's order."""
    for model in catalogue.models.values():
        for f in model.fields:
            kind = next((k for k in RELATION_KINDS if k in f.directives), None)
            if kind is None:
                continue
            if not catalogue.is_model(f.type.name):
                raise SchemaError(f"{model.name}.{f.name}: @{kind} needs a model type, found {f.type.name}")
            args = f.directives[kind]
            form = "references" if "references" in args else "fields" if "fields" in args else "implicit"
            names = list(args.get("references") or args.get("fields") or [])
            model.relations.append(Relation(kind, f.name, model.name, f.type.name, form, f.type,
                                            index_name=args.get("indexName"), local=names))
    for kind in RELATION_KINDS:
        for model in catalogue.models.values():
            for relation in model.relations:
                if relation.kind == kind:
                    _RESOLVERS[(kind, relation.form)](catalogue, model, relation)


def _has_many_references(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    relation.remote, relation.local = relation.local, model.key_fields


def _has_many_fields(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    target = catalogue.models[relation.target]
    key = _index_key(target, relation.index_name)
    relation.remote = key[:len(relation.local)]
    if len(relation.local) < 2:
        relation.sort_keys = key[1:]


def _has_many_implicit(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    child = catalogue.models[relation.target]
    relation.local = model.key_fields
    relation.remote = [to_camel_case([model.name, relation.field, k]) for k in model.key_fields]
    for key_field, fk in zip(model.key_fields, relation.remote):
        fk_type = catalogue.key_type(model, key_field)
        if relation.type.non_null:
            fk_type = fk_type.required()
        child.implicit_fks.append(ImplicitField(fk, fk_type, "hasMany", parent=model.name))
    relation.sort_keys = child.sort_keys


def _has_one_references(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    relation.remote, relation.local = relation.local, model.key_fields


def _to_target_key(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    """`fields:` form of hasOne/belongsTo: local fields point at the target's key."""
    relation.remote = catalogue.models[relation.target].key_fields[:len(relation.local)]


def _own_foreign_key(catalogue: Catalogue, model: Model, relation: Relation, added_by: str) -> None:
    """Implicit hasOne (and unpaired belongsTo): the FK lives on the declaring model."""
    target = catalogue.models[relation.target]
    relation.remote = target.key_fields
    relation.local = [to_camel_case([model.name, relation.field, k]) for k in target.key_fields]
    for key_field, fk in zip(target.key_fields, relation.local):
        fk_type = catalogue.key_type(target, key_field)
        model.implicit_fks.append(ImplicitField(fk, fk_type.required() if relation.type.non_null else fk_type,
                                                added_by))


def _has_one_implicit(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    _own_foreign_key(catalogue, model, relation, "hasOne")


def _belongs_to_references(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    relation.remote = catalogue.models[relation.target].key_fields


def _belongs_to_implicit(catalogue: Catalogue, model: Model, relation: Relation) -> None:
    parent = catalogue.models[relation.target]
    paired = next((r for r in parent.relations
                   if r.target == model.name and r.kind == "hasMany" and r.form == "implicit"), None)
    if paired is not None:
        relation.local, relation.remote = paired.remote, paired.local
    else:
        _own_foreign_key(catalogue, model, relation, "belongsTo")


_RESOLVERS = {
    ("hasMany", "references"): _has_many_references,
    ("hasMany", "fields"): _has_many_fields,
    ("hasMany", "implicit"): _has_many_implicit,
    ("hasOne", "references"): _has_one_references,
    ("hasOne", "fields"): _to_target_key,
    ("hasOne", "implicit"): _has_one_implicit,
    ("belongsTo", "references"): _belongs_to_references,
    ("belongsTo", "fields"): _to_target_key,
    ("belongsTo", "implicit"): _belongs_to_implicit,
}


def _index_key(model: Model, index_name: Optional[str]) -> list[str]:
    """[pk, *sortKeys] of the named index, or of the primary key."""
    if index_name is None:
        return model.key_fields
    index = next((i for i in model.indexes if i.name == index_name), None)
    if index is None:
        raise SchemaError(f"{model.name}: no @index named '{index_name}'")
    return [index.partition_key, *index.sort_keys]
