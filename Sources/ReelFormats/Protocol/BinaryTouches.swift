import ReelJSON
import ReelTrace

/// A request's touches in binary (docs/PROTOCOL.md, "The binary encoding"): the member
/// `binary_touches` instead of `touches`, base64url text of a little-endian layout with raw
/// IEEE-754 doubles, written by the same rules as a binary answer (`BinaryTrace`):
///
/// ```
/// u8 version (1); u32 N (at most one touch per 8 bytes of the layout, `bytesPerTouch`);
/// column<f64>(N) t; column<i64>(N) id (within 2^53);
/// column<u8>(N) phase (0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled);
/// column<f64>(N) x; column<f64>(N) y
/// ```
///
/// Reel sends it only to an engine process whose hello agreed binary requests (`ProtocolHello`),
/// after the first request, so engines that never agree to it see the plain `touches`.
enum BinaryTouches {
    static let member = "binary_touches"
    static let version: UInt8 = 1
    /// The phases in the order their numbers name them.
    static let phases: [TouchPhase] = [.began, .moved, .stationary, .ended, .cancelled]
    /// The fewest bytes of layout a touch may take, whatever its runs: the 8 bytes of its time in
    /// the `t` column (a session's touch times change from touch to touch, so its `t` column is
    /// values, not runs, but for fingers touching at the same instant). A few bytes of runs could
    /// otherwise stand for millions of touches: a 16 MB request of one-byte touches cost
    /// `reel engine serve` 1.18 GB, where its plain equivalent took 80 MB.
    static let bytesPerTouch = 8

    /// The member's value: the quoted base64url text of `touches`.
    static func writeValue(_ touches: [Touch], into writer: inout JSONWriter) {
        let count = touches.count
        // The five columns side by side in one temporary buffer (every word written below before
        // it is read), then the layout in a second one: at most 5 bytes of head, 1 + 8n bytes for
        // each column of 8-byte values and 1 + n for the phases (`ByteCursor.column`'s bound).
        let room = 5 + 4 * (1 + 8 * count) + (1 + count)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(1, 5 * count)) { columns in
            let columns = columns.baseAddress!
            touches.withUnsafeBufferPointer { touches in
                for (index, touch) in touches.enumerated() {
                    columns[index] = touch.t.bitPattern
                    columns[count + index] = UInt64(bitPattern: Int64(touch.id))
                    columns[2 * count + index] = phaseNumber(touch.phase)
                    columns[3 * count + index] = touch.x.bitPattern
                    columns[4 * count + index] = touch.y.bitPattern
                }
            }
            withUnsafeTemporaryAllocation(byteCount: room, alignment: 8) { layout in
                let start = layout.baseAddress!
                var cursor = ByteCursor(start)
                cursor.u8(version)
                cursor.u32(count)
                for (column, size) in [(0, 8), (1, 8), (2, 1), (3, 8), (4, 8)] {
                    cursor.column(columns + column * count, stride: 1, count: count, size: size)
                }
                let written = start.distance(to: cursor.pointer)
                precondition(written <= room, "wrote \(written) bytes in room for \(room)")
                Base64URL.writeJSONString(
                    UnsafeBufferPointer(start: start.bindMemory(to: UInt8.self, capacity: written), count: written), into: &writer)
            }
        }
    }

    private static func phaseNumber(_ phase: TouchPhase) -> UInt64 {
        switch phase {
        case .began: 0
        case .moved: 1
        case .stationary: 2
        case .ended: 3
        case .cancelled: 4
        }
    }

    /// The touches the base64url `text` describes; any problem names the member and the byte.
    static func read(_ text: UnsafeBufferPointer<UInt8>) throws(JSONFieldError) -> [Touch] {
        let layout: [UInt8]
        do throws(Base64URL.DecodeError) {
            layout = try Base64URL.decode(text)
        } catch {
            throw JSONFieldError(
                reason: "field \"\(member)\" is not base64url text (RFC 4648 section 5): \(error.reason) at character \(error.offset + 1)")
        }
        let result = layout.withUnsafeBytes { raw in
            Result { () throws(JSONFieldError) -> [Touch] in
                var reader = BinaryTraceReader(raw, member: member)
                return try read(&reader)
            }
        }
        return try result.get()
    }

    private static func read(_ reader: inout BinaryTraceReader) throws(JSONFieldError) -> [Touch] {
        let version = try reader.integer(size: 1, "version")
        guard version == UInt64(Self.version) else {
            throw reader.fail("version", "the layout is version \(version); this reader knows version \(Self.version)")
        }
        let count = try reader.readCount(
            "count", limit: max(0, reader.bytesLeft - 4) / bytesPerTouch, "touches", "one per \(bytesPerTouch) bytes of the layout")
        // Read straight into the touches, one column after the other into its field of each: no
        // column array besides them (five of them took 33 bytes a touch beside its 40).
        // One placeholder more than needed when there are none, so the columns (still there,
        // each its form byte) are read into a buffer that has an address.
        let placeholder = Touch(t: 0, id: 0, phase: .began, x: 0, y: 0)
        var touches = [Touch](repeating: placeholder, count: max(count, 1))
        try touches.withUnsafeMutableBufferPointer { (buffer) throws(JSONFieldError) in
            let touches = buffer.baseAddress!
            try reader.doubles(count: count, "t", into: touches, field: \.t)
            try reader.column(count: count, size: 8, "id", into: touches, field: \.id) { raw in
                let id = Int64(bitPattern: raw)
                return id.magnitude <= 9_007_199_254_740_992 ? Int(id) : nil
            } problem: { raw in
                "\(Int64(bitPattern: raw)) is not an integer within 2^53"
            }
            try reader.column(count: count, size: 1, "phase", into: touches, field: \.phase) { raw in
                raw < 5 ? Self.phases[Int(raw)] : nil
            } problem: { raw in
                "\(raw) is not a phase (0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled)"
            }
            try reader.doubles(count: count, "x", into: touches, field: \.x)
            try reader.doubles(count: count, "y", into: touches, field: \.y)
        }
        guard reader.bytesLeft == 0 else {
            throw reader.fail("", "\(reader.bytesLeft) bytes after the end of the layout (at byte \(reader.offset))")
        }
        if count == 0 { touches.removeAll() }
        return touches
    }
}
