import Testing

@testable import GQLPatchUndo

@Suite struct UndoLogTests {}
