import GQLPatchTestSupport
import Testing

@testable import GQLPatchSchema
@testable import GQLPatchSupport

/// The hand-written matcher gives what `NSRegularExpression` (ICU) gave before the port, also on
/// input no GraphQL name can hold: the expected plurals below are the old implementation's output.
@Suite struct PluralRulePatternTests {
    @Test(arguments: [
        ("Claß", "Claßes"),
        ("CLASS", "CLASSES"),
        ("Goldﬁsh", "Goldﬁsh"),
        ("Teﬆis", "Teﬆes"),
        ("ſheep", "ſheep"),
        ("Kiss", "Kisses"),
        ("Boxes", "Boxes"),
        ("Fish\n", "Fish\n"),
        ("Item\n", "Items\n"),
        ("Item\r\n", "Items\r\n"),
        ("Item\n\r", "Item\ns\r"),
        ("Item\u{2028}", "Item\u{2028}"),
        ("Day\u{85}", "Day\u{85}"),
        ("Thou", "You"),
        ("thou\n", "you\n"),
        ("Athou", "Athous"),
        ("Mouse", "Mice"),
        ("TitMouse", "Titmice"),
        ("ComputerMouse", "ComputerMouses"),
        ("Computer-Mouse", "Computer-Mice"),
        ("Computer_Mouse", "Computer_Mouses"),
        ("Computer1Mouse", "Computer1Mouses"),
        ("-\u{301}mouse", "-\u{301}mice"),
        ("日mouse", "日mouses"),
        ("émouse", "émouses"),
        ("Pokémon", "Pokémon"),
        ("POKÉMON", "POKÉMON"),
        ("Café", "Café"),
        ("Straße", "Straßes"),
        ("İce", "İces"),
        ("Mİce", "Mİces"),
        ("Item日", "Item日"),
        ("ItemK", "ItemKS"),
        ("Itemſ", "Items"),
        ("Child\n", "Children\n"),
        ("Emus", "Emus"),
        ("Menus", "Menus"),
        ("Index\n", "Indices\n"),
        ("Bus", "Buses"),
        ("Virus", "Viri"),
        ("Quiz\n", "Quizs\n"),
        ("Knife", "Knives"),
        ("Hoof", "Hooves"),
        ("Chinese\n", "Chinese\n"),
        ("Item\u{AD}", "Item\u{AD}"),
        ("x\u{AD}mouse", "x\u{AD}mouses"),
        ("x\u{200D}mouse", "x\u{200D}mouses"),
        ("\u{200D}mouse", "\u{200D}mice"),
    ])
    func pluralAsICUGaveIt(word: String, plural: String) {
        #expect(Array(Pluralizer.plural(word).unicodeScalars) == Array(plural.unicodeScalars))
    }

    @Test func capturesGroupsAndLeavesUnusedOnesEmpty() throws {
        let pattern = PluralRulePattern("(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$")
        #expect(pattern.groupCount == 3)
        let wife = try #require(pattern.firstMatch(in: Array("Midwife".unicodeScalars)))
        #expect(wife == [3..<7, 3..<5, nil])
        let half = try #require(pattern.firstMatch(in: Array("Half".unicodeScalars)))
        #expect(half == [2..<4, nil, 2..<3])
        #expect(pattern.firstMatch(in: Array("Wifes".unicodeScalars)) == nil)
    }

    /// The leftmost match wins, and at one start the first alternative that lets the rest match.
    @Test func leftmostMatchAndGreedyOptional() throws {
        let emu = PluralRulePattern("(e[mn]u)s?$")
        #expect(emu.firstMatch(in: Array("Emus".unicodeScalars)) == [0..<4, 0..<3])
        #expect(emu.firstMatch(in: Array("menu".unicodeScalars)) == [1..<4, 1..<4])
        let plural = PluralRulePattern("s?$")
        #expect(plural.firstMatch(in: Array("bus".unicodeScalars)) == [2..<3])
        #expect(plural.firstMatch(in: Array("item".unicodeScalars)) == [4..<4])
        #expect(plural.firstMatch(in: Array("item\r\n".unicodeScalars)) == [4..<4])
    }

    @Test func setsWithRangesAndEscapes() {
        let nonASCII = PluralRulePattern("[^\\x{0000}-\\x{007F}]$")
        #expect(nonASCII.firstMatch(in: Array("caf\u{E9}".unicodeScalars)) == [3..<4])
        #expect(nonASCII.firstMatch(in: Array("cafe".unicodeScalars)) == nil)
        // Case closure before negation: the long s and the Kelvin sign fold into ASCII.
        #expect(nonASCII.firstMatch(in: Array("ca\u{17F}".unicodeScalars)) == nil)
        #expect(nonASCII.firstMatch(in: Array("ca\u{212A}".unicodeScalars)) == nil)
    }
}
