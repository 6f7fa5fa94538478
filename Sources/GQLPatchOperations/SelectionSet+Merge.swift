extension SelectionSet {
    /// Every field of both, recursively: a field both select gets both subselections (a narrow
    /// `address { city }` merged with `address { city street }` selects the street too).
    package func merged(with other: SelectionSet) -> SelectionSet {
        var result = self
        for field in other.fields {
            guard let index = result.fields.firstIndex(where: { $0.name == field.name }) else {
                result.fields.append(field)
                continue
            }
            switch (result.fields[index].subselection, field.subselection) {
            case (let mine?, let theirs?): result.fields[index].subselection = mine.merged(with: theirs)
            case (nil, let theirs?): result.fields[index].subselection = theirs
            default: break
            }
        }
        return result
    }
}
