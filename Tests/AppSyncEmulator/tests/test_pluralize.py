"""pluralize 8.0.0 port: the worked examples of amplify-naming.md 1.2-1.3."""

import unittest

import support  # noqa: F401  (import path)
from catalogue import to_camel_case
from pluralize import plural

WORKED_EXAMPLES = [
    ("Item", "Items"), ("RealEstateProperty", "RealEstateProperties"), ("Person", "People"),
    ("SalesPerson", "SalesPeople"), ("Status", "Statuses"), ("Data", "Data"), ("Datum", "Data"),
    ("Recipe", "Recipes"), ("RecipeStep", "RecipeSteps"), ("Address", "Addresses"),
    ("Category", "Categories"), ("Child", "Children"), ("GrandChild", "GrandChildren"), ("Mouse", "Mice"),
    ("ComputerMouse", "ComputerMouses"), ("Dormouse", "Dormouses"), ("Series", "Series"),
    ("TvSeries", "TvSeries"), ("Analysis", "Analyses"), ("Quiz", "Quizzes"), ("PopQuiz", "PopQuizs"),
    ("Bus", "Buses"), ("Box", "Boxes"), ("Index", "Indices"), ("Matrix", "Matrices"), ("Leaf", "Leaves"),
    ("Roof", "Roofs"), ("Chief", "Chiefs"), ("Hero", "Heroes"), ("Photo", "Photos"), ("Video", "Videos"),
    ("Todo", "Todos"), ("Potato", "Potatoes"), ("Schema", "Schemata"), ("FormSchema", "FormSchemas"),
    ("Virus", "Viri"), ("Human", "Humans"), ("SuperHuman", "SuperHumen"), ("Money", "Monies"),
    ("Media", "Media"), ("UserMedia", "UserMedias"), ("Equipment", "Equipment"),
    ("Information", "Information"), ("Staff", "Staff"), ("News", "News"), ("Primary", "Primaries"),
    ("Related", "Relateds"), ("ModelA", "ModelAS"), ("Item2", "Item2s"), ("URL", "URLS"),
    ("UserAPI", "UserAPIS"), ("Settings", "Settings"), ("UserSettings", "UserSettings"), ("Sms", "Sms"),
    ("Canvas", "Canvas"), ("Lens", "Lens"), ("GPS", "GPS"), ("modelType", "modelTypes"),
    ("Day", "Days"), ("Key", "Keys"), ("Knife", "Knives"), ("Metadata", "Metadata"),
    ("ProductData", "ProductData"), ("Woman", "Women"), ("Chinese", "Chinese"), ("Goldfish", "Goldfish"),
    ("Axis", "Axes"), ("Alias", "Aliases"), ("Menu", "Menus"), ("Campus", "Campuses"), ("Wish", "Wishes"),
]


class PluralizeTests(unittest.TestCase):
    def test_worked_examples(self):
        for word, expected in WORKED_EXAMPLES:
            with self.subTest(word=word):
                self.assertEqual(plural(word), expected)

    def test_list_query_names_upper_case_the_plural(self):
        cases = {"modelType": "listModelTypes", "Person": "listPeople", "Datum": "listData",
                 "ModelA": "listModelAS", "Child": "listChildren"}
        for model, expected in cases.items():
            with self.subTest(model=model):
                self.assertEqual(to_camel_case(["list", plural(model)]), expected)


if __name__ == "__main__":
    unittest.main()
