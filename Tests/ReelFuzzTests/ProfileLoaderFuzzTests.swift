import PropertyBased
import ReelFormats
import Testing

/// Mutated profile files: loaded, or rejected as bad data with a message naming the file, and for
/// malformed JSON the line and column.
@Suite("Fuzz: profile loader")
struct ProfileLoaderFuzzTests {
    static let dictionary = [
        "\"name\"", "\"description\"", "\"parameters\"", "\"swipe.threshold\"", "\"nav.duration\"",
        "\"backswipe.policy\"", "\"threshold\"", "\"modal.style\"", "0.5", "-1", "1e300",
    ]

    @Test func mutatedProfilesAreLoadedOrRejectedWithTheFile() async throws {
        let corpus = try Corpus("profile")
        await propertyCheck(
            count: fuzzCases, input: Gen.int(in: 0...1000), Gen<UInt64>.value().array(of: 1...12)
        ) { seed, words in
            check(corpus.mutated(seed: seed, words: words, dictionary: Self.dictionary))
        }
    }

    @Test func everyCorpusEntryAsIs() throws {
        for entry in try Corpus("profile").entries { check(entry) }
    }

    @Test func malformedJSONNamesLineAndColumn() {
        // Line 3 is `  "parameters": {"nav.duration": 0.3,}`: the `}` after the comma is column 38.
        let text = "{\n  \"name\": \"x\",\n  \"parameters\": {\"nav.duration\": 0.3,}\n}\n"
        do {
            _ = try ProfileLoader.parse(Array(text.utf8), path: "p.json")
            Issue.record("a trailing comma was accepted")
        } catch {
            #expect(error.message.hasPrefix("p.json:3: not valid JSON at column 38: "))
        }
    }

    private func check(_ bytes: [UInt8]) {
        do {
            let loaded = try ProfileLoader.parse(bytes, path: "fuzz.json")
            #expect(!loaded.name.isEmpty)
        } catch {
            #expect(error.kind == .dataError)
            #expect(error.message.hasPrefix("fuzz.json"))
            if error.message.contains("not valid JSON") {
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                let (line, column) = position(in: error.message)
                #expect(line.map { (1...lines.count).contains($0) } == true, "\(error.message)")
                if let line, let column, (1...lines.count).contains(line) {
                    #expect((1...lines[line - 1].count + 1).contains(column), "\(error.message)")
                }
            }
        }
    }

    /// The line and column of a `fuzz.json:LINE: not valid JSON at column COLUMN: ...` message.
    private func position(in message: String) -> (line: Int?, column: Int?) {
        let line = Int(message.dropFirst("fuzz.json:".count).prefix { $0.isNumber })
        let column = message.range(of: "at column ").flatMap { Int(message[$0.upperBound...].prefix { $0.isNumber }) }
        return (line, column)
    }
}
