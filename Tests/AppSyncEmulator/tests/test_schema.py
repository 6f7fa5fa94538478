"""The compiled schema: builds with graphql-core and has the transformer's exact shapes."""

import unittest

from graphql import GraphQLSchema, build_schema, parse, print_ast

import support
from catalogue import SchemaError
from schema_transformer import compile_schema

REPO_SOURCE = support.REPO_SCHEMA.read_text()


def build(source: str, versioned: bool = False) -> GraphQLSchema:
    return build_schema(compile_schema(source, versioned).printable())


def fields(schema: GraphQLSchema, type_name: str) -> list[tuple[str, str]]:
    """(name, type) of every field of an object or input type, in order."""
    return [(name, str(f.type)) for name, f in schema.type_map[type_name].fields.items()]


def arguments(schema: GraphQLSchema, root: str, field: str) -> list[tuple[str, str]]:
    return [(name, str(a.type)) for name, a in schema.type_map[root].fields[field].args.items()]


class RepoSchemaTests(unittest.TestCase):
    """The repository's schema.graphql without conflict resolution."""

    @classmethod
    def setUpClass(cls):
        cls.schema = build(REPO_SOURCE)

    def test_item_type_gets_timestamps_after_declared_fields(self):
        self.assertEqual(fields(self.schema, "Item"), [
            ("id", "ID!"), ("name", "String!"), ("description", "String"), ("modelFile", "File"),
            ("imageFile", "File"), ("tags", "[String]"), ("createdAt", "AWSDateTime!"),
            ("updatedAt", "AWSDateTime!")])

    def test_item_operations(self):
        self.assertEqual(arguments(self.schema, "Query", "getItem"), [("id", "ID!")])
        self.assertEqual(arguments(self.schema, "Query", "listItems"),
                         [("filter", "ModelItemFilterInput"), ("limit", "Int"), ("nextToken", "String")])
        self.assertEqual(str(self.schema.query_type.fields["listItems"].type), "ModelItemConnection")
        self.assertEqual(arguments(self.schema, "Mutation", "updateItem"),
                         [("input", "UpdateItemInput!"), ("condition", "ModelItemConditionInput")])
        self.assertNotIn("syncItems", self.schema.query_type.fields)

    def test_item_inputs(self):
        self.assertEqual(fields(self.schema, "CreateItemInput"), [
            ("id", "ID"), ("name", "String!"), ("description", "String"), ("modelFile", "FileInput"),
            ("imageFile", "FileInput"), ("tags", "[String]")])
        self.assertEqual(fields(self.schema, "UpdateItemInput"), [
            ("id", "ID!"), ("name", "String"), ("description", "String"), ("modelFile", "FileInput"),
            ("imageFile", "FileInput"), ("tags", "[String]")])
        self.assertEqual(fields(self.schema, "DeleteItemInput"), [("id", "ID!")])
        self.assertEqual(fields(self.schema, "FileInput"), [
            ("bucket", "String!"), ("region", "String!"), ("key", "String!"), ("contentType", "String"),
            ("size", "Int")])

    def test_item_filter_and_condition(self):
        self.assertEqual([n for n, _ in fields(self.schema, "ModelItemFilterInput")], [
            "id", "name", "description", "tags", "createdAt", "updatedAt", "and", "or", "not"])
        self.assertEqual(fields(self.schema, "ModelItemConditionInput"), [
            ("name", "ModelStringInput"), ("description", "ModelStringInput"), ("tags", "ModelStringInput"),
            ("and", "[ModelItemConditionInput]"), ("or", "[ModelItemConditionInput]"),
            ("not", "ModelItemConditionInput"), ("createdAt", "ModelStringInput"),
            ("updatedAt", "ModelStringInput")])
        self.assertEqual(fields(self.schema, "ModelItemConnection"),
                         [("items", "[Item]!"), ("nextToken", "String")])

    def test_plural_of_real_estate_property(self):
        self.assertIn("listRealEstateProperties", self.schema.query_type.fields)

    def test_recipe_step_composite_key(self):
        self.assertEqual(arguments(self.schema, "Query", "getRecipeStep"), [("recipeID", "ID!"), ("rowID", "Int!")])
        self.assertEqual(arguments(self.schema, "Query", "listRecipeSteps"), [
            ("recipeID", "ID"), ("rowID", "ModelIntKeyConditionInput"), ("filter", "ModelRecipeStepFilterInput"),
            ("limit", "Int"), ("nextToken", "String"), ("sortDirection", "ModelSortDirection")])
        self.assertEqual(fields(self.schema, "ModelIntKeyConditionInput"), [
            ("eq", "Int"), ("le", "Int"), ("lt", "Int"), ("ge", "Int"), ("gt", "Int"), ("between", "[Int]")])

    def test_recipe_step_inputs(self):
        self.assertEqual(fields(self.schema, "UpdateRecipeStepInput"), [
            ("recipeID", "ID!"), ("rowID", "Int!"), ("isAction", "Boolean"), ("itemCode", "String"),
            ("quantity", "Float"), ("action", "String")])
        self.assertEqual(fields(self.schema, "CreateRecipeStepInput"), [
            ("recipeID", "ID!"), ("rowID", "Int!"), ("isAction", "Boolean"), ("itemCode", "String"),
            ("quantity", "Float"), ("action", "String")])
        self.assertEqual(fields(self.schema, "DeleteRecipeStepInput"), [("recipeID", "ID!"), ("rowID", "Int!")])
        self.assertEqual([n for n, _ in fields(self.schema, "ModelRecipeStepConditionInput")], [
            "isAction", "itemCode", "quantity", "action", "and", "or", "not", "createdAt", "updatedAt"])
        self.assertEqual([n for n, _ in fields(self.schema, "ModelRecipeStepFilterInput")], [
            "recipeID", "rowID", "isAction", "itemCode", "quantity", "action", "id", "createdAt", "updatedAt",
            "and", "or", "not"])

    def test_recipe_step_type_has_no_id_and_keeps_relation(self):
        self.assertEqual([n for n, _ in fields(self.schema, "RecipeStep")], [
            "recipeID", "rowID", "isAction", "itemCode", "quantity", "action", "recipe", "createdAt", "updatedAt"])
        self.assertEqual(str(self.schema.type_map["RecipeStep"].fields["recipe"].type), "Recipe")

    def test_has_many_references_field(self):
        steps = self.schema.type_map["Recipe"].fields["steps"]
        self.assertEqual(str(steps.type), "ModelRecipeStepConnection")
        self.assertEqual([(n, str(a.type)) for n, a in steps.args.items()], [
            ("filter", "ModelRecipeStepFilterInput"), ("sortDirection", "ModelSortDirection"),
            ("limit", "Int"), ("nextToken", "String")])

    def test_subscriptions_are_printed(self):
        self.assertEqual(arguments(self.schema, "Subscription", "onUpdateItem"),
                         [("filter", "ModelSubscriptionItemFilterInput")])
        sdl = compile_schema(REPO_SOURCE, False).sdl
        self.assertIn('onUpdateItem(filter: ModelSubscriptionItemFilterInput): Item '
                      '@aws_subscribe(mutations: ["updateItem"])', sdl)


class VersionedSchemaTests(unittest.TestCase):
    """The same schema with conflict resolution on."""

    @classmethod
    def setUpClass(cls):
        cls.schema = build(REPO_SOURCE, versioned=True)

    def test_sync_fields_on_type_and_connection(self):
        self.assertEqual(fields(self.schema, "Item")[-5:], [
            ("createdAt", "AWSDateTime!"), ("updatedAt", "AWSDateTime!"), ("_version", "Int!"),
            ("_deleted", "Boolean"), ("_lastChangedAt", "AWSTimestamp!")])
        self.assertEqual(fields(self.schema, "ModelItemConnection"),
                         [("items", "[Item]!"), ("nextToken", "String"), ("startedAt", "AWSTimestamp")])

    def test_sync_query(self):
        self.assertEqual(arguments(self.schema, "Query", "syncItems"), [
            ("filter", "ModelItemFilterInput"), ("limit", "Int"), ("nextToken", "String"),
            ("lastSync", "AWSTimestamp")])
        self.assertEqual(arguments(self.schema, "Query", "syncRecipeSteps"), [
            ("filter", "ModelRecipeStepFilterInput"), ("limit", "Int"), ("nextToken", "String"),
            ("lastSync", "AWSTimestamp")])
        self.assertIn("syncRealEstateProperties", self.schema.query_type.fields)

    def test_version_in_inputs(self):
        self.assertEqual(fields(self.schema, "UpdateItemInput")[-1], ("_version", "Int"))
        self.assertEqual(fields(self.schema, "CreateItemInput")[-1], ("_version", "Int"))
        self.assertEqual(fields(self.schema, "DeleteItemInput"), [("id", "ID!"), ("_version", "Int")])
        self.assertEqual(fields(self.schema, "DeleteRecipeStepInput"),
                         [("recipeID", "ID!"), ("rowID", "Int!"), ("_version", "Int")])

    def test_deleted_in_filter_condition_and_subscription_filter(self):
        for name in ("ModelItemFilterInput", "ModelItemConditionInput", "ModelSubscriptionItemFilterInput"):
            with self.subTest(input=name):
                self.assertIn(("_deleted", "ModelBooleanInput"), fields(self.schema, name))
        self.assertEqual([n for n, _ in fields(self.schema, "ModelItemConditionInput")][-3:],
                         ["_deleted", "createdAt", "updatedAt"])


class ReferenceSampleTests(unittest.TestCase):
    """dpilch/references-examples withSortKey: our output against the real compiled schema."""

    def setUp(self):
        folder = support.shared_testdata()
        if folder is None:
            self.skipTest("shared Amplify samples not found (../shared/testdata/amplify); "
                          "they are not copied into the repository because they carry no licence")
        self.source = (folder / "source-schema" / "dpilch-references-examples__withSortKey__model-schema.graphql").read_text()
        self.expected = (folder / "compiled-schema" / "dpilch-references-examples__withSortKey__schema.graphql").read_text()

    def test_every_definition_matches(self):
        ours = parse(compile_schema(self.source, False).sdl)
        theirs = parse(self.expected)
        self.assertEqual([d.name.value for d in ours.definitions], [d.name.value for d in theirs.definitions])
        for mine, real in zip(ours.definitions, theirs.definitions):
            with self.subTest(definition=real.name.value):
                self.assertEqual(print_ast(mine), print_ast(real))

    def test_printed_text_is_identical(self):
        self.assertEqual(compile_schema(self.source, False).sdl, self.expected)


COMPOSITE_SOURCE = """
type Primary @model {
  tenantId: ID! @primaryKey(sortKeyFields: ["instanceId", "recordId"])
  instanceId: ID!
  recordId: ID!
  content: String
  related: [Related!] @hasMany(references: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"])
}
type Related @model {
  content: String
  primaryTenantId: ID!
  primaryInstanceId: ID!
  primaryRecordId: ID!
  primary: Primary @belongsTo(references: ["primaryTenantId", "primaryInstanceId", "primaryRecordId"])
}
"""


class CompositeKeyTests(unittest.TestCase):
    """The composite-key shapes quoted in appsync.md 2.1, on a schema written here."""

    @classmethod
    def setUpClass(cls):
        cls.schema = build(COMPOSITE_SOURCE)

    def test_get_and_list(self):
        self.assertEqual(arguments(self.schema, "Query", "getPrimary"),
                         [("tenantId", "ID!"), ("instanceId", "ID!"), ("recordId", "ID!")])
        self.assertEqual(arguments(self.schema, "Query", "listPrimaries"), [
            ("tenantId", "ID"), ("instanceIdRecordId", "ModelPrimaryPrimaryCompositeKeyConditionInput"),
            ("filter", "ModelPrimaryFilterInput"), ("limit", "Int"), ("nextToken", "String"),
            ("sortDirection", "ModelSortDirection")])
        self.assertEqual(arguments(self.schema, "Query", "listRelateds"),
                         [("filter", "ModelRelatedFilterInput"), ("limit", "Int"), ("nextToken", "String")])

    def test_composite_inputs(self):
        self.assertEqual(fields(self.schema, "ModelPrimaryPrimaryCompositeKeyInput"),
                         [("instanceId", "ID"), ("recordId", "ID")])
        self.assertEqual([n for n, _ in fields(self.schema, "ModelPrimaryPrimaryCompositeKeyConditionInput")],
                         ["eq", "le", "lt", "ge", "gt", "between", "beginsWith"])
        self.assertEqual(fields(self.schema, "UpdateRelatedInput"), [
            ("content", "String"), ("primaryTenantId", "ID"), ("primaryInstanceId", "ID"),
            ("primaryRecordId", "ID"), ("id", "ID!")])
        self.assertEqual(fields(self.schema, "CreateRelatedInput"), [
            ("content", "String"), ("primaryTenantId", "ID!"), ("primaryInstanceId", "ID!"),
            ("primaryRecordId", "ID!"), ("id", "ID")])
        self.assertEqual(fields(self.schema, "DeleteRelatedInput"), [("id", "ID!")])
        self.assertIn(("id", "ModelIDInput"), fields(self.schema, "ModelPrimaryFilterInput"))


IMPLICIT_SOURCE = """
enum Priority { LOW HIGH }
type Post @model {
  title: String!
  priority: Priority
  labels: [Priority]
  comments: [Comment] @hasMany
  published: AWSDateTime @index(name: "byPublished", sortKeyFields: ["title"], queryField: "postsByPublished")
  slug: String @index
}
type Comment @model {
  content: String
  post: Post @belongsTo
}
type Project @model {
  name: String
  team: Team @hasOne
}
type Team @model {
  name: String
}
type Author @model {
  id: ID!
  name: String
  books: [Book] @hasMany(indexName: "byAuthor", fields: ["id"])
}
type Book @model {
  id: ID!
  authorID: ID! @index(name: "byAuthor")
  title: String
  author: Author @belongsTo(fields: ["authorID"])
}
"""


class ImplicitRelationshipTests(unittest.TestCase):
    """Implicit foreign keys, the fields: form, enums and @index (amplify-naming.md 3-4)."""

    @classmethod
    def setUpClass(cls):
        cls.schema = build(IMPLICIT_SOURCE)

    def test_has_many_adds_foreign_key_to_child(self):
        self.assertEqual(fields(self.schema, "Comment")[-1], ("postCommentsId", "ID"))
        self.assertEqual(fields(self.schema, "CreateCommentInput"),
                         [("content", "String"), ("id", "ID"), ("postCommentsId", "ID")])
        self.assertEqual(fields(self.schema, "ModelCommentFilterInput")[-1], ("postCommentsId", "ModelIDInput"))
        self.assertEqual(fields(self.schema, "ModelCommentConditionInput")[-1], ("postCommentsId", "ModelIDInput"))
        self.assertIn(("postCommentsId", "ModelSubscriptionIDInput"), fields(self.schema, "ModelSubscriptionPostFilterInput"))
        self.assertNotIn("postCommentsId", dict(fields(self.schema, "ModelSubscriptionCommentFilterInput")))

    def test_has_one_adds_foreign_key_to_declaring_model(self):
        self.assertEqual(fields(self.schema, "Project")[-1], ("projectTeamId", "ID"))
        self.assertEqual(fields(self.schema, "UpdateProjectInput"),
                         [("name", "String"), ("id", "ID!"), ("projectTeamId", "ID")])

    def test_fields_form_adds_nothing(self):
        self.assertEqual([n for n, _ in fields(self.schema, "Book")],
                         ["id", "authorID", "title", "author", "createdAt", "updatedAt"])
        self.assertEqual(arguments(self.schema, "Author", "books"), [
            ("filter", "ModelBookFilterInput"), ("sortDirection", "ModelSortDirection"), ("limit", "Int"),
            ("nextToken", "String")])

    def test_enum_inputs(self):
        self.assertEqual(fields(self.schema, "ModelPriorityInput"), [("eq", "Priority"), ("ne", "Priority")])
        self.assertEqual(fields(self.schema, "ModelPriorityListInput"), [
            ("eq", "[Priority]"), ("ne", "[Priority]"), ("contains", "Priority"), ("notContains", "Priority")])
        self.assertEqual(dict(fields(self.schema, "ModelSubscriptionPostFilterInput"))["priority"],
                         "ModelSubscriptionStringInput")

    def test_index_queries(self):
        self.assertEqual(arguments(self.schema, "Query", "postsByPublished"), [
            ("published", "AWSDateTime!"), ("title", "ModelStringKeyConditionInput"),
            ("sortDirection", "ModelSortDirection"), ("filter", "ModelPostFilterInput"), ("limit", "Int"),
            ("nextToken", "String")])
        self.assertEqual(arguments(self.schema, "Query", "postsBySlug"), [
            ("slug", "String!"), ("sortDirection", "ModelSortDirection"), ("filter", "ModelPostFilterInput"),
            ("limit", "Int"), ("nextToken", "String")])
        self.assertIn("booksByAuthorID", self.schema.query_type.fields)


class ImplicitOwnerTests(unittest.TestCase):
    """An owner rule's undeclared field, as the corpus' compiled schemas (Gen 2 among them) have it: last
    on the type as `String`, last in the filter, condition and subscription filter as ModelStringInput,
    in no write input. A declared owner field stays as declared."""

    SOURCE = """
        type Note @model @auth(rules: [{allow: owner}, {allow: owner, ownerField: "editors"}]) {
          id: ID!
          text: String
          editors: [String]
        }
    """

    def test_the_field_is_on_the_type_filters_and_condition_only(self):
        schema = build(self.SOURCE)
        self.assertEqual(fields(schema, "Note")[-1], ("owner", "String"))
        for name in ("ModelNoteFilterInput", "ModelNoteConditionInput", "ModelSubscriptionNoteFilterInput"):
            self.assertEqual(fields(schema, name)[-1], ("owner", "ModelStringInput"), name)
        for name in ("CreateNoteInput", "UpdateNoteInput"):
            self.assertNotIn("owner", dict(fields(schema, name)), name)
            self.assertEqual(dict(fields(schema, name))["editors"], "[String]", name)


class SchemaErrorTests(unittest.TestCase):
    def test_boolean_sort_key_is_refused(self):
        source = 'type T @model { a: ID! @primaryKey(sortKeyFields: ["b"]) b: Boolean! }'
        with self.assertRaisesRegex(SchemaError, "^Sort Key Condition could not be constructed"):
            compile_schema(source, False)

    def test_relationship_to_a_non_model_is_refused(self):
        source = "type T @model { f: F @hasOne } type F { a: String }"
        with self.assertRaisesRegex(SchemaError, r"^T\.f: @hasOne needs a model type, found F$"):
            compile_schema(source, False)


class PrintSchemaCommandTests(unittest.TestCase):
    def test_print_schema_builds_on_its_own(self):
        result = support.run_cli("--schema", str(support.REPO_SCHEMA), "--print-schema",
                                 "--conflict-handler", "automerge")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("scalar AWSDate\n"))
        schema = build_schema(result.stdout)
        self.assertIn("syncRecipeSteps", schema.query_type.fields)
        for directive in ("aws_api_key", "aws_iam", "aws_cognito_user_pools", "aws_oidc", "aws_lambda",
                          "aws_subscribe", "aws_auth"):
            self.assertIsNotNone(schema.get_directive(directive), directive)

    def test_unreadable_schema_fails(self):
        result = support.run_cli("--schema", "/nonexistent/schema.graphql", "--print-schema")
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stderr.startswith("appsync-emulator: error: [Errno 2]"), result.stderr)


if __name__ == "__main__":
    unittest.main()
