import Foundation
import Testing

/// docs/ARCHITECTURE.md, Rules: JSON is written through `JSONWriter`, and no caller types JSON
/// punctuation. `JSONWriter.raw(_:)` appends any text as it is, so outside ReelJSON it is not
/// called: fixed members go through the member builder, lists through `array`/`object`, and JSON
/// text already written (a stored spec) through `verbatim`, which says what it is.
@Suite struct JSONWritingTests {
    @Test func noCallerOutsideReelJSONWritesRawText() {
        var found: [String] = []
        for file in SourceTree.current.files where file.module != "ReelJSON" {
            for (index, line) in file.scan.codeLines.enumerated() where line.contains(".raw(") {
                found.append("\(file.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(
            found.isEmpty,
            "\(found.joined(separator: "\n"))\nwrite members with JSONWriter's builder, or JSON text already written with verbatim")
    }
}
