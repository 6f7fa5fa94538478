/// An exact port of `pluralize` 8.0.0's `plural(word)`, the function the Amplify transformer uses
/// for `list`/`sync` query names. Irregular and uncountable words match the
/// whole word only; the regex rules look at the end of the word; the case of the replaced text is
/// restored from the text it replaces.
public enum Pluralizer {
    /// The plural of `word` as pluralize 8.0.0 spells it (`Person` -> `People`, `ModelA` -> `ModelAS`).
    public static func plural(_ word: String) -> String {
        let token = word.lowercased()
        if irregularPlurals.contains(token) { return restoreCase(word, token) }
        if let plural = irregularSingles[token] { return restoreCase(word, plural) }
        if token.isEmpty || uncountables.contains(token) { return word }
        let scalars = Array(word.unicodeScalars)
        for rule in rules {
            guard let match = rule.pattern.firstMatch(in: scalars), let range = match[0] else { continue }
            let replacement = expand(rule.template, match: match, in: scalars)
            let matched = text(scalars[range])
            let restored: String
            if matched.isEmpty {
                let last = range.lowerBound > 0 ? text(scalars[range.lowerBound - 1..<range.lowerBound]) : ""
                restored = restoreCase(last, replacement)
            } else {
                restored = restoreCase(matched, replacement)
            }
            return text(scalars[..<range.lowerBound]) + restored + text(scalars[range.upperBound...])
        }
        return word
    }

    /// pluralize's `restoreCase(word, token)`.
    package static func restoreCase(_ source: String, _ token: String) -> String {
        if source == token { return token }
        if source == source.lowercased() { return token.lowercased() }
        if source == source.uppercased() { return token.uppercased() }
        if let first = source.first, String(first) == String(first).uppercased() {
            guard let tokenFirst = token.first else { return token }
            return tokenFirst.uppercased() + token.dropFirst().lowercased()
        }
        return token.lowercased()
    }

    /// Expands `$0`...`$9` in a rule template; a group that did not take part gives "".
    private static func expand(_ template: String, match: PluralRulePattern.Captures, in source: [Unicode.Scalar])
        -> String
    {
        var result = ""
        var iterator = template.makeIterator()
        var pending: Character? = iterator.next()
        while let character = pending {
            pending = iterator.next()
            if character == "$", let next = pending, let group = next.wholeNumberValue {
                pending = iterator.next()
                if group < match.count, let range = match[group] { result += text(source[range]) }
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private struct Rule: Sendable {
        package let pattern: PluralRulePattern
        package let template: String
    }

    /// The plural rules in the order pluralize 8.0.0 tries them (its rules 1 to 33).
    private static let rules: [Rule] = [
        ("sheep$", "$0"),
        ("pox$", "$0"),
        ("o[iu]s$", "$0"),
        ("measles$", "$0"),
        ("fish$", "$0"),
        ("deer$", "$0"),
        ("[^aeiou]ese$", "$0"),
        ("pok[eé]mon$", "$0"),
        ("^thou$", "you"),
        ("m[ae]n$", "men"),
        ("eaux$", "$0"),
        ("(child)(?:ren)?$", "$1ren"),
        ("(pe)(?:rson|ople)$", "$1ople"),
        ("\\b((?:tit)?m|l)(?:ice|ouse)$", "$1ice"),
        ("(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$", "$1ices"),
        ("(x|ch|ss|sh|zz)$", "$1es"),
        ("([^ch][ieo][ln])ey$", "$1ies"),
        ("([^aeiouy]|qu)y$", "$1ies"),
        ("(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$", "$1$2ves"),
        ("sis$", "ses"),
        ("(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)(?:a|on)$", "$1a"),
        (
            "(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$",
            "$1a"
        ),
        ("(her|at|gr)o$", "$1oes"),
        ("(seraph|cherub)(?:im)?$", "$1im"),
        ("(alumn|alg|vertebr)(?:a|ae)$", "$1ae"),
        ("(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$", "$1i"),
        ("([^l]ias|[aeiou]las|[ejzr]as|[iu]am)$", "$1"),
        ("(e[mn]u)s?$", "$1s"),
        ("(alias|[^aou]us|t[lm]as|gas|ris)$", "$1es"),
        ("(ax|test)is$", "$1es"),
        ("([^aeiou]ese)$", "$1"),
        ("[^\\x{0000}-\\x{007F}]$", "$0"),
        ("s?$", "s"),
    ].map { pattern, template in
        Rule(pattern: PluralRulePattern(pattern), template: template)
    }

    /// Irregular singular -> plural pairs (whole lower-cased words).
    package static let irregularSingles: [String: String] = [
        "i": "we", "me": "us", "he": "they", "she": "they", "them": "them", "myself": "ourselves",
        "yourself": "yourselves", "itself": "themselves", "herself": "themselves", "himself": "themselves",
        "themself": "themselves", "is": "are", "was": "were", "has": "have", "this": "these", "that": "those",
        "echo": "echoes", "dingo": "dingoes", "volcano": "volcanoes", "tornado": "tornadoes",
        "torpedo": "torpedoes", "genus": "genera", "viscus": "viscera", "stigma": "stigmata",
        "stoma": "stomata", "dogma": "dogmata", "lemma": "lemmata", "schema": "schemata",
        "anathema": "anathemata", "ox": "oxen", "axe": "axes", "die": "dice", "yes": "yeses", "foot": "feet",
        "eave": "eaves", "goose": "geese", "tooth": "teeth", "quiz": "quizzes", "human": "humans",
        "proof": "proofs", "carve": "carves", "valve": "valves", "looey": "looies", "thief": "thieves",
        "groove": "grooves", "pickaxe": "pickaxes", "passerby": "passersby",
    ]

    /// The plural column of the irregular pairs: such a word is kept as it is.
    package static let irregularPlurals: Set<String> = Set(irregularSingles.values)

    /// Uncountable words (whole lower-cased words).
    package static let uncountables: Set<String> = [
        "adulthood", "advice", "agenda", "aid", "aircraft", "alcohol", "ammo", "analytics", "anime", "athletics",
        "audio", "bison", "blood", "bream", "buffalo", "butter", "carp", "cash", "chassis", "chess", "clothing",
        "cod", "commerce", "cooperation", "corps", "debris", "diabetes", "digestion", "elk", "energy",
        "equipment", "excretion", "expertise", "firmware", "flounder", "fun", "gallows", "garbage", "graffiti",
        "hardware", "headquarters", "health", "herpes", "highjinks", "homework", "housework", "information",
        "jeans", "justice", "kudos", "labour", "literature", "machinery", "mackerel", "mail", "media", "mews",
        "moose", "music", "mud", "manga", "news", "only", "personnel", "pike", "plankton", "pliers", "police",
        "pollution", "premises", "rain", "research", "rice", "salmon", "scissors", "series", "sewage",
        "shambles", "shrimp", "software", "species", "staff", "swine", "tennis", "traffic", "transportation",
        "trout", "tuna", "wealth", "welfare", "whiting", "wildebeest", "wildlife", "you",
    ]
}
