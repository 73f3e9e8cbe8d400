import ReelJSON
import ReelTrace
import Testing

@testable import ReelFormats

/// Issue 48, item 8: a `binary_touches` layout holds at most one touch per
/// `BinaryTouches.bytesPerTouch` bytes, whatever its runs: on 0.16.0 one per byte, so a 16 MB
/// request of runs stood for 12 million touches and cost `reel engine serve` 1.18 GB.
@Suite("Binary touches limit")
struct BinaryTouchLimitTests {
    /// `count` touches of one finger at one place and time, every column a single run.
    static func runs(count: UInt32) -> [UInt8] {
        var layout = BinaryAnswerTests.Layout()
        layout.bytes[0] = BinaryTouches.version
        layout.u32(count)
        layout.run(0, count)
        layout.u8(1)
        layout.u32(1)
        layout.u64(0)
        layout.u32(count)
        layout.u8(1)
        layout.u32(1)
        layout.u8(1)
        layout.u32(count)
        layout.run(4, count)
        layout.run(420, count)
        return layout.bytes
    }

    static func decode(_ layout: [UInt8]) -> Result<EngineRequest, EngineProtocolError> {
        var text: [UInt8] = []
        layout.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        let line = #"{"id":1,"scenario":{"name":"modal.swipe-dismiss"},"binary_touches":""# + String(decoding: text, as: UTF8.self) + "\"}"
        var decoder = RequestDecoder()
        return Array(line.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(EngineProtocolError) in try decoder.decode(line: bytes) }
        }
    }

    @Test func touchesPastOnePerEightBytesAreRefusedAtTheirCount() throws {
        // The layout's size does not depend on the count (every column one run).
        let bytesAfterCount = Self.runs(count: 1).count - 5
        let most = bytesAfterCount / BinaryTouches.bytesPerTouch
        #expect(most >= 2)
        guard case .success(let request) = Self.decode(Self.runs(count: UInt32(most))) else {
            Issue.record("\(most) touches in \(bytesAfterCount) bytes were refused")
            return
        }
        #expect(request.touches.count == most)
        guard case .failure(let error) = Self.decode(Self.runs(count: UInt32(most + 1))) else {
            Issue.record("\(most + 1) touches in \(bytesAfterCount) bytes were decoded")
            return
        }
        #expect(
            error.reason.contains(
                "field \"binary_touches.count\": \(most + 1) touches is more than \(most) "
                    + "(one per \(BinaryTouches.bytesPerTouch) bytes of the layout)"), "\(error.reason)")
    }

    /// The issue's request: 16 MB of base64url, a layout of runs claiming one touch per byte.
    @Test func aSixteenMegabyteRequestOfRunsIsRefusedBeforeAnyTouchIsBuilt() {
        let layoutBytes = 12 << 20
        var layout = Self.runs(count: UInt32(layoutBytes))
        layout += [UInt8](repeating: 0, count: layoutBytes - layout.count)
        guard case .failure(let error) = Self.decode(layout) else {
            Issue.record("decoded")
            return
        }
        #expect(
            error.reason.contains("\(layoutBytes) touches is more than \((layoutBytes - 5) / BinaryTouches.bytesPerTouch)"),
            "\(error.reason)")
    }
}
