"""get/list semantics: paging, filters, key conditions, sort order, relationships."""

import unittest

import support

CREATE_STEP = """mutation($input: CreateRecipeStepInput!) {
  createRecipeStep(input: $input) { recipeID rowID }
}"""
LIST_STEPS = """query($recipeID: ID, $rowID: ModelIntKeyConditionInput, $filter: ModelRecipeStepFilterInput,
  $limit: Int, $nextToken: String, $sortDirection: ModelSortDirection) {
  listRecipeSteps(recipeID: $recipeID, rowID: $rowID, filter: $filter, limit: $limit, nextToken: $nextToken,
    sortDirection: $sortDirection) { items { recipeID rowID action } nextToken }
}"""


class QueryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emulator = support.Emulator()
        recipe = cls.emulator.graphql('mutation { createRecipe(input: {id: "r1", name: "Bread"}) { id } }')
        assert "errors" not in recipe, recipe
        for recipe_id, rows in (("r1", [3, 1, 10, 2]), ("r2", [5])):
            for row in rows:
                cls.emulator.graphql(CREATE_STEP, {"input": {"recipeID": recipe_id, "rowID": row,
                                                             "action": f"step {row}", "isAction": row % 2 == 1}})

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def list_steps(self, **variables) -> dict:
        response = self.emulator.graphql(LIST_STEPS, variables)
        self.assertNotIn("errors", response)
        return response["data"]["listRecipeSteps"]

    def rows(self, **variables) -> list[int]:
        return [i["rowID"] for i in self.list_steps(**variables)["items"]]

    def test_get_by_composite_key(self):
        response = self.emulator.graphql("{ getRecipeStep(recipeID: \"r1\", rowID: 10) { recipeID rowID action } }")
        self.assertEqual(response, {"data": {"getRecipeStep": {"recipeID": "r1", "rowID": 10, "action": "step 10"}}})
        missing = self.emulator.graphql("{ getRecipeStep(recipeID: \"r1\", rowID: 99) { rowID } }")
        self.assertEqual(missing, {"data": {"getRecipeStep": None}})

    def test_key_query_returns_key_order(self):
        self.assertEqual(self.rows(recipeID="r1"), [1, 2, 3, 10])
        self.assertEqual(self.rows(recipeID="r1", sortDirection="DESC"), [10, 3, 2, 1])

    def test_sort_key_conditions(self):
        cases = [({"eq": 2}, [2]), ({"lt": 3}, [1, 2]), ({"le": 3}, [1, 2, 3]), ({"gt": 2}, [3, 10]),
                 ({"ge": 3}, [3, 10]), ({"between": [2, 3]}, [2, 3])]
        for condition, expected in cases:
            with self.subTest(condition=condition):
                self.assertEqual(self.rows(recipeID="r1", rowID=condition), expected)

    def test_sort_condition_without_partition_key_is_refused(self):
        response = self.emulator.graphql(LIST_STEPS, {"rowID": {"eq": 1}})
        self.assertEqual(response["errors"][0]["errorType"], "InvalidArgumentsError")

    def test_scan_with_filter(self):
        items = self.list_steps(filter={"isAction": {"eq": True}})["items"]
        self.assertEqual(sorted((i["recipeID"], i["rowID"]) for i in items), [("r1", 1), ("r1", 3), ("r2", 5)])

    def test_paging_reads_limit_items_then_filters(self):
        first = self.list_steps(recipeID="r1", limit=2)
        self.assertEqual([i["rowID"] for i in first["items"]], [1, 2])
        second = self.list_steps(recipeID="r1", limit=2, nextToken=first["nextToken"])
        self.assertEqual([i["rowID"] for i in second["items"]], [3, 10])
        self.assertIsNone(second["nextToken"])
        filtered = self.list_steps(recipeID="r1", limit=2, filter={"rowID": {"gt": 2}})
        self.assertEqual(filtered["items"], [])
        self.assertIsNotNone(filtered["nextToken"])

    def test_default_limit_is_100(self):
        for n in range(105):
            self.emulator.graphql(CREATE_STEP, {"input": {"recipeID": "many", "rowID": n}})
        page = self.list_steps(recipeID="many")
        self.assertEqual(len(page["items"]), 100)
        rest = self.list_steps(recipeID="many", nextToken=page["nextToken"])
        self.assertEqual(len(rest["items"]), 5)

    def test_bad_next_token(self):
        response = self.emulator.graphql(LIST_STEPS, {"nextToken": "garbage!"})
        self.assertEqual(response["data"], {"listRecipeSteps": None})
        self.assertEqual(response["errors"][0]["errorType"], "DynamoDB:DynamoDbException")

    def test_has_many_and_belongs_to(self):
        query = """{ getRecipe(id: "r1") { name steps(limit: 2, sortDirection: DESC) { items { rowID recipe { name } } nextToken } } }"""
        recipe = self.emulator.graphql(query)["data"]["getRecipe"]
        self.assertEqual(recipe["name"], "Bread")
        self.assertEqual([s["rowID"] for s in recipe["steps"]["items"]], [10, 3])
        self.assertEqual(recipe["steps"]["items"][0]["recipe"], {"name": "Bread"})
        self.assertIsNotNone(recipe["steps"]["nextToken"])
        orphan = self.emulator.graphql('{ getRecipeStep(recipeID: "r2", rowID: 5) { recipe { name } } }')
        self.assertEqual(orphan, {"data": {"getRecipeStep": {"recipe": None}}})


COMPOSITE_SCHEMA = """
type Primary @model {
  tenantId: ID! @primaryKey(sortKeyFields: ["instanceId", "recordId"])
  instanceId: ID!
  recordId: ID!
  content: String
}
type Post @model {
  title: String
  comments: [Comment] @hasMany
}
type Comment @model {
  content: String
  post: Post @belongsTo
}
type Author @model {
  id: ID!
  name: String
  books: [Book] @hasMany(indexName: "byAuthor", fields: ["id"])
}
type Book @model {
  id: ID!
  authorID: ID! @index(name: "byAuthor", sortKeyFields: ["title"], queryField: "booksByAuthor")
  title: String!
  author: Author @belongsTo(fields: ["authorID"])
}
"""


class CompositeKeyQueryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = support.tempfile.TemporaryDirectory()
        schema = support.Path(cls.folder.name) / "composite.graphql"
        schema.write_text(COMPOSITE_SCHEMA)
        cls.emulator = support.Emulator(schema=schema)
        for instance, record in (("i2", "a"), ("i1", "b"), ("i1", "a"), ("i10", "a")):
            cls.emulator.graphql("mutation($i: CreatePrimaryInput!) { createPrimary(input: $i) { tenantId } }",
                                 {"i": {"tenantId": "t", "instanceId": instance, "recordId": record}})

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()
        cls.folder.cleanup()

    def keys(self, condition=None, direction=None) -> list[str]:
        query = """query($c: ModelPrimaryPrimaryCompositeKeyConditionInput, $d: ModelSortDirection) {
          listPrimaries(tenantId: "t", instanceIdRecordId: $c, sortDirection: $d) { items { instanceId recordId } } }"""
        response = self.emulator.graphql(query, {"c": condition, "d": direction})
        self.assertNotIn("errors", response)
        return [f"{i['instanceId']}#{i['recordId']}" for i in response["data"]["listPrimaries"]["items"]]

    def test_composite_sort_key_is_a_string(self):
        self.assertEqual(self.keys(), ["i1#a", "i1#b", "i10#a", "i2#a"])
        self.assertEqual(self.keys(direction="DESC"), ["i2#a", "i10#a", "i1#b", "i1#a"])

    def test_composite_conditions(self):
        self.assertEqual(self.keys({"eq": {"instanceId": "i1", "recordId": "b"}}), ["i1#b"])
        self.assertEqual(self.keys({"beginsWith": {"instanceId": "i1"}}), ["i1#a", "i1#b", "i10#a"])
        self.assertEqual(self.keys({"gt": {"instanceId": "i1", "recordId": "a"}}), ["i1#b", "i10#a", "i2#a"])
        self.assertEqual(self.keys({"between": [{"instanceId": "i1", "recordId": "b"}, {"instanceId": "i2"}]}),
                         ["i1#b", "i10#a"])

    def test_implicit_has_many_foreign_key(self):
        post = self.emulator.graphql('mutation { createPost(input: {title: "p"}) { id } }')["data"]["createPost"]
        self.emulator.graphql("mutation($i: CreateCommentInput!) { createComment(input: $i) { id } }",
                              {"i": {"content": "c1", "postCommentsId": post["id"]}})
        response = self.emulator.graphql("query($id: ID!) { getPost(id: $id) { comments { items { content post { title } } } } }",
                                         {"id": post["id"]})
        self.assertEqual(response["data"]["getPost"]["comments"]["items"], [{"content": "c1", "post": {"title": "p"}}])

    def test_fields_form_and_index_query(self):
        self.emulator.graphql('mutation { createAuthor(input: {id: "a1", name: "Ann"}) { id } }')
        for title in ("Zeta", "Alpha", "Mid"):
            self.emulator.graphql("mutation($i: CreateBookInput!) { createBook(input: $i) { id } }",
                                  {"i": {"authorID": "a1", "title": title}})
        self.emulator.graphql('mutation { createBook(input: {authorID: "a2", title: "Other"}) { id } }')
        books = self.emulator.graphql('{ getAuthor(id: "a1") { books(title: {beginsWith: "M"}) { items { title } } } }')
        self.assertEqual(books["data"]["getAuthor"]["books"]["items"], [{"title": "Mid"}])
        query = '{ booksByAuthor(authorID: "a1", sortDirection: DESC) { items { title author { name } } } }'
        items = self.emulator.graphql(query)["data"]["booksByAuthor"]["items"]
        self.assertEqual([(i["title"], i["author"]["name"]) for i in items],
                         [("Zeta", "Ann"), ("Mid", "Ann"), ("Alpha", "Ann")])


    def test_index_query_takes_every_key_condition(self):
        self.emulator.graphql('mutation { createAuthor(input: {id: "a3", name: "Cy"}) { id } }')
        for title in ("Ab", "Ac", "B", "C"):
            self.emulator.graphql("mutation($i: CreateBookInput!) { createBook(input: $i) { id } }",
                                  {"i": {"authorID": "a3", "title": title}})
        cases = [({"eq": "B"}, ["B"]), ({"lt": "B"}, ["Ab", "Ac"]), ({"le": "B"}, ["Ab", "Ac", "B"]),
                 ({"gt": "B"}, ["C"]), ({"ge": "B"}, ["B", "C"]), ({"between": ["Ac", "B"]}, ["Ac", "B"]),
                 ({"beginsWith": "A"}, ["Ab", "Ac"])]
        query = "query($c: ModelStringKeyConditionInput) { booksByAuthor(authorID: \"a3\", title: $c) { items { title } } }"
        for condition, titles in cases:
            items = self.emulator.graphql(query, {"c": condition})["data"]["booksByAuthor"]["items"]
            self.assertEqual([i["title"] for i in items], titles, condition)


class BrokenRecordTests(unittest.TestCase):
    """A stored record with null in a non-null field (an update may store one, as DynamoDB allows):
    AppSync returns null for that item beside the good ones, with an error whose path names it."""

    def test_a_null_in_a_non_null_field_nulls_the_item_with_its_path(self):
        folder = support.tempfile.TemporaryDirectory()
        schema = support.Path(folder.name) / "broken.graphql"
        schema.write_text('type Row @model { id: ID! name: String! note: String }')
        emulator = support.Emulator(schema=schema)
        try:
            for i in range(5):
                emulator.graphql("mutation($i: CreateRowInput!) { createRow(input: $i) { id } }",
                                 {"i": {"id": f"r{i}", "name": "n"}})
            emulator.graphql('mutation { updateRow(input: {id: "r3", name: null}) { id } }')
            response = emulator.graphql("{ listRows { items { id name } nextToken } }")
            items = response["data"]["listRows"]["items"]
            self.assertEqual([i and i["id"] for i in items], ["r0", "r1", "r2", None, "r4"])
            self.assertEqual(response["errors"], [{
                "path": ["listRows", "items", 3, "name"], "locations": None,
                "message": "Cannot return null for non-nullable type: 'String' within parent 'Row' (/listRows/items/3/name)"}])
        finally:
            emulator.stop()
            folder.cleanup()


if __name__ == "__main__":
    unittest.main()
