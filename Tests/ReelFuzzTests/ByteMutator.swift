import Foundation

/// Deterministic byte-level mutations in the style of libFuzzer's mutators, each decoded from one
/// random 64-bit word: bit flips, special bytes, deleted, duplicated and spliced ranges, dictionary
/// tokens, truncation and extra line breaks. The same words on the same input give the same output.
enum ByteMutator {
    /// Bytes that change the meaning of JSON text or of UTF-8.
    static let specialBytes: [UInt8] = Array("\"\\{}[],:\n\r -+.0129eE".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xED, 0xF4, 0xFF]

    /// Tokens every reader meets: extreme numbers, escapes, literals and deep nesting.
    static let commonTokens: [String] = [
        "1e308", "1e999", "-1e-400", "1.7976931348623157e308", "9007199254740993", "-9223372036854775809",
        "99999999999999999999999", "0.1e-2147483649", "1e2147483648", "-0", "0.", "01", "1.e5",
        "\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\u0000\"", "\"\\x\"", "null", "true", "false", "NaN", "Infinity",
        String(repeating: "[", count: 600), String(repeating: "{\"a\":", count: 600), "[]", "{}", ",", "\"\"",
    ]

    /// Applies one mutation per word to `bytes`, drawing inserted tokens from `dictionary` and
    /// spliced ranges from `donor`.
    static func mutate(_ bytes: [UInt8], words: [UInt64], dictionary: [String], donor: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for word in words {
            var choices = WordChoices(word)
            func take(_ bound: Int) -> Int { choices.take(bound) }
            let operation = take(8)
            let position = take(bytes.count + 1)
            switch operation {
            case 0 where position < bytes.count:
                bytes[position] ^= 1 << UInt8(take(8))
            case 1 where position < bytes.count:
                bytes[position] = specialBytes[take(specialBytes.count)]
            case 2:
                bytes.removeSubrange(position..<min(bytes.count, position + 1 + take(16)))
            case 3 where position < bytes.count:
                let range = position..<min(bytes.count, position + 1 + take(64))
                bytes.insert(contentsOf: bytes[range], at: take(bytes.count + 1))
            case 4:
                let tokens = dictionary + commonTokens
                bytes.insert(contentsOf: Array(tokens[take(tokens.count)].utf8), at: position)
            case 5:
                bytes.removeSubrange(position...)
            case 6:
                bytes.insert(UInt8(ascii: "\n"), at: position)
            case 7 where !donor.isEmpty:
                let start = take(donor.count)
                bytes.insert(contentsOf: donor[start..<min(donor.count, start + 1 + take(128))], at: position)
            default:
                break
            }
        }
        return bytes
    }
}

/// The seed inputs of one reader, committed under Tests/Corpus/NAME.
struct Corpus {
    let name: String
    let entries: [[UInt8]]

    init(_ name: String) throws {
        self.name = name
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus").appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        entries = try files.map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// The seed at `index` (wrapped) mutated by `words`, with another seed as splice donor.
    func mutated(seed index: Int, words: [UInt64], dictionary: [String]) -> [UInt8] {
        ByteMutator.mutate(
            entries[index % entries.count], words: words, dictionary: dictionary,
            donor: entries[(index + 1) % entries.count])
    }
}

/// Cases per property: `REEL_FUZZ_CASES` (tools/fuzz raises it), 400 by default.
let fuzzCases = ProcessInfo.processInfo.environment["REEL_FUZZ_CASES"].flatMap(Int.init) ?? 400
