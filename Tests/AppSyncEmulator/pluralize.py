"""A port of the npm `pluralize` package at version 8.0.0, as the Amplify transformer uses it.

Only the `plural(word)` path is ported (the transformer never passes a count).
The tables follow the rule order of amplify-naming.md section 1.2.
"""

import re

IRREGULAR_PAIRS = [
    ("i", "we"), ("me", "us"), ("he", "they"), ("she", "they"), ("them", "them"),
    ("myself", "ourselves"), ("yourself", "yourselves"), ("itself", "themselves"),
    ("herself", "themselves"), ("himself", "themselves"), ("themself", "themselves"),
    ("is", "are"), ("was", "were"), ("has", "have"), ("this", "these"), ("that", "those"),
    ("echo", "echoes"), ("dingo", "dingoes"), ("volcano", "volcanoes"),
    ("tornado", "tornadoes"), ("torpedo", "torpedoes"), ("genus", "genera"),
    ("viscus", "viscera"), ("stigma", "stigmata"), ("stoma", "stomata"),
    ("dogma", "dogmata"), ("lemma", "lemmata"), ("schema", "schemata"),
    ("anathema", "anathemata"), ("ox", "oxen"), ("axe", "axes"), ("die", "dice"),
    ("yes", "yeses"), ("foot", "feet"), ("eave", "eaves"), ("goose", "geese"),
    ("tooth", "teeth"), ("quiz", "quizzes"), ("human", "humans"), ("proof", "proofs"),
    ("carve", "carves"), ("valve", "valves"), ("looey", "looies"), ("thief", "thieves"),
    ("groove", "grooves"), ("pickaxe", "pickaxes"), ("passerby", "passersby"),
]

IRREGULAR_SINGULARS = dict(IRREGULAR_PAIRS)
IRREGULAR_PLURALS = {plural for _, plural in IRREGULAR_PAIRS}

UNCOUNTABLE_WORDS = frozenset("""
adulthood advice agenda aid aircraft alcohol ammo analytics anime athletics audio bison
blood bream buffalo butter carp cash chassis chess clothing cod commerce cooperation corps
debris diabetes digestion elk energy equipment excretion expertise firmware flounder fun
gallows garbage graffiti hardware headquarters health herpes highjinks homework housework
information jeans justice kudos labour literature machinery mackerel mail media mews moose
music mud manga news only personnel pike plankton pliers police pollution premises rain
research rice salmon scissors series sewage shambles shrimp software species staff swine
tennis traffic transportation trout tuna wealth welfare whiting wildebeest wildlife you
""".split())

# (pattern, replacement template) in the order they are tried; "$0" keeps the match.
PLURAL_RULES = [
    (r"sheep$", "$0"),
    (r"pox$", "$0"),
    (r"o[iu]s$", "$0"),
    (r"measles$", "$0"),
    (r"fish$", "$0"),
    (r"deer$", "$0"),
    (r"[^aeiou]ese$", "$0"),
    (r"pok[eé]mon$", "$0"),
    (r"^thou$", "you"),
    (r"m[ae]n$", "men"),
    (r"eaux$", "$0"),
    (r"(child)(?:ren)?$", "$1ren"),
    (r"(pe)(?:rson|ople)$", "$1ople"),
    (r"\b((?:tit)?m|l)(?:ice|ouse)$", "$1ice"),
    (r"(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$", "$1ices"),
    (r"(x|ch|ss|sh|zz)$", "$1es"),
    (r"([^ch][ieo][ln])ey$", "$1ies"),
    (r"([^aeiouy]|qu)y$", "$1ies"),
    (r"(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$", "$1$2ves"),
    (r"sis$", "ses"),
    (r"(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)(?:a|on)$", "$1a"),
    (r"(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$", "$1a"),
    (r"(her|at|gr)o$", "$1oes"),
    (r"(seraph|cherub)(?:im)?$", "$1im"),
    (r"(alumn|alg|vertebr)(?:a|ae)$", "$1ae"),
    (r"(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$", "$1i"),
    (r"([^l]ias|[aeiou]las|[ejzr]as|[iu]am)$", "$1"),
    (r"(e[mn]u)s?$", "$1s"),
    (r"(alias|[^aou]us|t[lm]as|gas|ris)$", "$1es"),
    (r"(ax|test)is$", "$1es"),
    (r"([^aeiou]ese)$", "$1"),
    (r"[^\u0000-\u007F]$", "$0"),
    (r"s?$", "s"),
]

_COMPILED_RULES = [(re.compile(pattern, re.IGNORECASE), template) for pattern, template in PLURAL_RULES]
_TEMPLATE_GROUP = re.compile(r"\$(\d{1,2})")


def restore_case(source: str, token: str) -> str:
    """Give `token` the letter case of `source`, as pluralize's restoreCase does."""
    if source == token:
        return token
    if source == source.lower():
        return token.lower()
    if source == source.upper():
        return token.upper()
    if source[0] == source[0].upper():
        return token[:1].upper() + token[1:].lower()
    return token.lower()


def _expand(template: str, match: re.Match) -> str:
    """Expand a JavaScript replacement template: `$n` is group n, missing groups give ""."""
    def group(m: re.Match) -> str:
        return match.group(int(m.group(1))) or ""
    return _TEMPLATE_GROUP.sub(group, template)


def plural(word: str) -> str:
    """Return the plural of `word` exactly as pluralize 8.0.0 does."""
    token = word.lower()
    if token in IRREGULAR_PLURALS:
        return restore_case(word, token)
    if token in IRREGULAR_SINGULARS:
        return restore_case(word, IRREGULAR_SINGULARS[token])
    if not token or token in UNCOUNTABLE_WORDS:
        return word
    for regex, template in _COMPILED_RULES:
        match = regex.search(word)
        if match is None:
            continue
        replacement = _expand(template, match)
        matched = match.group(0)
        source = matched if matched else word[-1]
        return word[:match.start()] + restore_case(source, replacement) + word[match.end():]
    return word
