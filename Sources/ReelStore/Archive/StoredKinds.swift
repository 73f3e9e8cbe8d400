import ReelTrace

/// Reads `replay_results.kinds_json` as typed kinds. Reel writes it as `JSONText.stringArray` of
/// the kinds' raw values (`["decision","frame"]`: no spaces, no escapes), and that form is read in
/// place, byte by byte, with no `String` made and no SQL run; any other valid JSON array (a row
/// written by hand) goes through SQLite's `json_each`, so every reader sees the same kinds in their
/// stored order, and an unknown kind is `ArchiveError.invalidStoredValue` with its decoded text.
enum StoredKinds {
    /// The kinds of `bytes` when they are a list as Reel writes it, of kinds the schema knows; nil
    /// for any other text.
    static func canonical(_ bytes: UnsafeBufferPointer<UInt8>) -> [DivergenceKind]? {
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        let backslash = UInt8(ascii: "\\")
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "["), bytes[bytes.count - 1] == UInt8(ascii: "]") else { return nil }
        let end = bytes.count - 1
        var kinds: [DivergenceKind] = []
        var index = 1
        if index == end { return kinds }
        while true {
            guard index < end, bytes[index] == quote else { return nil }
            let start = index + 1
            var close = start
            while close < end, bytes[close] != quote {
                if bytes[close] == backslash { return nil }
                close += 1
            }
            guard close < end, let kind = kind(named: UnsafeBufferPointer(rebasing: bytes[start..<close])) else { return nil }
            kinds.append(kind)
            index = close + 1
            if index == end { return kinds }
            guard bytes[index] == comma else { return nil }
            index += 1
        }
    }

    /// The kind whose raw value has exactly these bytes.
    private static func kind(named name: UnsafeBufferPointer<UInt8>) -> DivergenceKind? {
        DivergenceKind.allCases.first { kind in
            var raw = kind.rawValue
            return raw.withUTF8 { $0.hasSameBytes(as: name) }
        }
    }
}

extension Archive {
    /// The divergence kinds of the `replay_results.kinds_json` text in `column` of `statement`'s
    /// current row, in stored order (see `StoredKinds`).
    func storedKinds(_ statement: Statement, at column: Int32) throws -> [DivergenceKind] {
        if let kinds = statement.withText(at: column, StoredKinds.canonical) { return kinds }
        return try jsonStrings(statement.string(at: column), table: "replay_results", column: "kinds_json").map {
            try decode(DivergenceKind.self, $0, "replay_results", "kinds_json")
        }
    }
}
