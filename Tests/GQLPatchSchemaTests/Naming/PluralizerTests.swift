import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

@Suite struct PluralizerTests {
    /// Worked examples of pluralize 8.0.0 (its output for each rule, irregular and uncountable word).
    @Test(arguments: [
        ("Item", "Items"), ("RealEstateProperty", "RealEstateProperties"), ("Person", "People"),
        ("SalesPerson", "SalesPeople"), ("Status", "Statuses"), ("Data", "Data"), ("Datum", "Data"),
        ("Recipe", "Recipes"), ("RecipeStep", "RecipeSteps"), ("Address", "Addresses"), ("Category", "Categories"),
        ("Child", "Children"), ("Mouse", "Mice"), ("ComputerMouse", "ComputerMouses"), ("Series", "Series"),
        ("Analysis", "Analyses"), ("Quiz", "Quizzes"), ("PopQuiz", "PopQuizs"), ("Bus", "Buses"), ("Box", "Boxes"),
        ("Index", "Indices"), ("Matrix", "Matrices"), ("Leaf", "Leaves"), ("Roof", "Roofs"), ("Chief", "Chiefs"),
        ("Hero", "Heroes"), ("Photo", "Photos"), ("Video", "Videos"), ("Todo", "Todos"), ("Potato", "Potatoes"),
        ("Schema", "Schemata"), ("FormSchema", "FormSchemas"), ("Virus", "Viri"), ("Human", "Humans"),
        ("SuperHuman", "SuperHumen"), ("Money", "Monies"), ("Media", "Media"), ("UserMedia", "UserMedias"),
        ("Equipment", "Equipment"), ("Information", "Information"), ("Staff", "Staff"), ("News", "News"),
        ("Primary", "Primaries"), ("Related", "Relateds"), ("ModelA", "ModelAS"), ("Item2", "Item2s"),
        ("URL", "URLS"), ("UserAPI", "UserAPIS"), ("Settings", "Settings"), ("Sms", "Sms"), ("Canvas", "Canvas"),
        ("Lens", "Lens"), ("modelType", "modelTypes"), ("UserSettings", "UserSettings"), ("GPS", "GPS"),
        ("TvSeries", "TvSeries"), ("Dormouse", "Dormouses"), ("Woman", "Women"), ("German", "Germen"),
        ("GrandChild", "GrandChildren"), ("Metadata", "Metadata"), ("ProductData", "ProductData"),
        ("Goldfish", "Goldfish"), ("Reindeer", "Reindeer"), ("Chinese", "Chinese"), ("Famous", "Famous"),
        ("Knife", "Knives"), ("Half", "Halves"), ("Menu", "Menus"), ("Alias", "Aliases"), ("Axis", "Axes"),
        ("Cactus", "Cacti"), ("Vertex", "Vertices"), ("Wish", "Wishes"), ("Day", "Days"), ("Key", "Keys"),
        ("Tomato", "Tomatoes"), ("Iris", "Irises"), ("Gas", "Gases"), ("UserAtlas", "UserAtlases"),
    ])
    func pluralOfWorkedExample(word: String, plural: String) {
        #expect(Pluralizer.plural(word) == plural)
    }

    @Test(arguments: [
        ("RealEstateProperty", "listRealEstateProperties", "syncRealEstateProperties"),
        ("Person", "listPeople", "syncPeople"), ("RecipeStep", "listRecipeSteps", "syncRecipeSteps"),
        ("ModelA", "listModelAS", "syncModelAS"), ("modelType", "listModelTypes", "syncModelTypes"),
        ("Datum", "listData", "syncData"),
    ])
    func listAndSyncNames(model: String, list: String, sync: String) {
        #expect(AmplifyNaming.listName(model) == list)
        #expect(AmplifyNaming.syncName(model) == sync)
        #expect(AmplifyNaming.getName(model) == "get" + AmplifyNaming.upperFirst(model))
    }

    @Test func camelCaseJoinsSortKeys() {
        #expect(AmplifyNaming.camelCase(["instanceId", "recordId"]) == "instanceIdRecordId")
        #expect(AmplifyNaming.camelCase(["Post", "comments", "id"]) == "postCommentsId")
        #expect(
            AmplifyNaming.camelCase(["", "Patient", "medicalAppointments", "ssn"]) == "patientMedicalAppointmentsSsn")
    }

    @Test func restoreCaseFollowsTheSource() {
        #expect(Pluralizer.restoreCase("PERSON", "people") == "PEOPLE")
        #expect(Pluralizer.restoreCase("Person", "people") == "People")
        #expect(Pluralizer.restoreCase("2", "s") == "s")
        #expect(Pluralizer.restoreCase("pErSon", "people") == "people")
    }
}
