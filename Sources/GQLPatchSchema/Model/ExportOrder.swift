/// The order to write models in so that a parent's records come before its children's (an import
/// then never creates a child whose parent is not there yet): models sorted by their `ModelLink`s,
/// ties kept in the order given. A cycle of links (a model referring to itself, or A -> B -> A) has no
/// such order: it is broken at a nullable link, whose fields the holder's records leave out in the
/// first pass and get in a second one (`deferredFields`). Pure: reads the catalogue only.
public struct ExportOrder: Sendable, Equatable {
    /// One model to write, and the fields left out of its records until the second pass.
    public struct Step: Sendable, Equatable {
        public var model: String
        /// The holder's fields of the links broken at this model, in the model's field order.
        public var deferredFields: [String]

        public init(model: String, deferredFields: [String] = []) {
            self.model = model
            self.deferredFields = deferredFields
        }
    }

    /// A cycle found, for the caller to report.
    public struct Cycle: Sendable, Equatable {
        /// The models around it, starting at the holder of `broken` (one model for a self-reference).
        public var models: [String]
        /// The link left out of the first pass; nil when every link of the cycle is required, and the
        /// records of one model are then written before those they refer to.
        public var broken: ModelLink?

        public init(models: [String], broken: ModelLink?) {
            self.models = models
            self.broken = broken
        }
    }

    public var steps: [Step]
    public var cycles: [Cycle]

    public init(steps: [Step], cycles: [Cycle] = []) {
        self.steps = steps
        self.cycles = cycles
    }

    /// The models with deferred fields, in write order: what the second pass covers.
    public var secondPass: [Step] { steps.filter { !$0.deferredFields.isEmpty } }

    /// The order for `names` (the models to export, in the order to keep where links leave a choice).
    public static func plan(_ names: [String], in catalogue: ModelCatalogue) -> ExportOrder {
        plan(names, links: ModelLink.links(among: names, in: catalogue), catalogue: catalogue)
    }

    /// The order for `names` under `links` (a topological sort that takes the earliest model that is
    /// ready, so unrelated models keep their order).
    static func plan(_ names: [String], links allLinks: [ModelLink], catalogue: ModelCatalogue) -> ExportOrder {
        var deferred: [String: Set<String>] = [:]
        var cycles: [Cycle] = []
        var links: [ModelLink] = []
        for link in allLinks {
            guard link.isSelfReference else {
                links.append(link)
                continue
            }
            // A model's records come in the server's order, not parents first: the link waits.
            cycles.append(Cycle(models: [link.holder], broken: link.isNullable ? link : nil))
            if link.isNullable { deferred[link.holder, default: []].formUnion(link.fields) }
        }
        var placed: [String] = []
        var remaining = names
        while !remaining.isEmpty {
            let waiting = Set(remaining)
            if let ready = remaining.firstIndex(where: { name in
                !links.contains { $0.holder == name && waiting.contains($0.referenced) }
            }) {
                placed.append(remaining.remove(at: ready))
                continue
            }
            // Every model left waits for another: walk the links from the first until one repeats.
            let cycle = cycleLinks(from: remaining[0], links: links, among: waiting)
            let broken = cycle.first(where: \.isNullable) ?? cycle[0]
            let start = cycle.firstIndex(of: broken)!
            let around = (cycle[start...] + cycle[..<start]).map(\.holder)
            cycles.append(Cycle(models: Array(around), broken: broken.isNullable ? broken : nil))
            if broken.isNullable { deferred[broken.holder, default: []].formUnion(broken.fields) }
            links.removeAll { $0 == broken }
        }
        let steps = placed.map { name in
            let fields = deferred[name] ?? []
            let order = catalogue.models[name]?.fields.map(\.name) ?? []
            return Step(model: name, deferredFields: order.filter(fields.contains) + fields.subtracting(order).sorted())
        }
        return ExportOrder(steps: steps, cycles: cycles)
    }

    /// The links of one cycle among `waiting` (where every model refers to another of them), in the
    /// order they are followed from `start`'s holder chain.
    private static func cycleLinks(from start: String, links: [ModelLink], among waiting: Set<String>) -> [ModelLink] {
        var path: [ModelLink] = []
        var seen: [String: Int] = [start: 0]
        var current = start
        while true {
            // Each waiting model has a link to another waiting model, or it would have been ready.
            let link = links.first { $0.holder == current && waiting.contains($0.referenced) }!
            path.append(link)
            if let at = seen[link.referenced] { return Array(path[at...]) }
            seen[link.referenced] = path.count
            current = link.referenced
        }
    }
}
