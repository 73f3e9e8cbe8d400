import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The serving side of the engine protocol, for `reel engine serve` and a team's ReelKit engine
/// (`ReelKitServer`, which needs no more than this module to serve): reads request lines,
/// answers each with exactly one response line, until the input ends (a refused request's answer
/// echoes its `id` when it has a valid one).
package enum EngineProtocolServer {
    /// Serves requests from `input` to `output` (file descriptors, e.g. 0 and 1). A request that
    /// cannot be decoded is answered with `{"error": ...}` and serving goes on; blank lines are
    /// skipped; every answer echoes its request's `id`. Returns when the input ends; throws the errno text when reading or writing fails.
    package static func serve(
        input: Int32, output: Int32, handler: (EngineRequest) -> EngineReply
    ) throws(EngineServeError) {
        let lines = LineSource(fileDescriptor: input, closeOnDeinit: false)
        try serve(lines: lines, handler: handler) { (bytes) throws(EngineServeError) in try writeAll(bytes, to: output) }
    }

    /// Serves requests from `lines`, handing every response line to `emit`. Requests are decoded
    /// by one `RequestDecoder` (no JSON tree for the usual shape, the spec re-written only when it
    /// changes). Answers are plain JSON until a request carries a hello (`ProtocolHello`): its
    /// answer says the server's hello (binary each way the offer lists it), and every answer after
    /// it is in the agreed encoding. A hello of another protocol version is answered with an
    /// error and changes nothing. Requests are read in either encoding.
    static func serve(
        lines: LineSource, handler: (EngineRequest) -> EngineReply, emit: ([UInt8]) throws(EngineServeError) -> Void
    ) throws(EngineServeError) {
        var decoder = RequestDecoder()
        var hierarchyCheck = HierarchyCheck()
        var agreement = ProtocolHello.Agreement.plain
        while true {
            let line: ServedLine?
            do {
                line = try lines.withNextLine { bytes -> ServedLine in
                    if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return .blank }
                    return .request(Result { () throws(EngineProtocolError) in try decoder.decode(line: bytes) })
                }
            } catch {
                throw EngineServeError(message: "reading requests failed: \(error.message)")
            }
            switch line {
            case nil: return
            case .blank?: continue
            case .request(.failure(let error))?: try emit(EngineReply.error(error.reason).encodedLine(id: error.requestID))
            case .request(.success(let request))?:
                var hello: ProtocolHello.Agreement?
                if let offer = request.hello {
                    do throws(JSONFieldError) {
                        hello = try ProtocolHello.Agreement(answering: offer)
                    } catch {
                        try emit(EngineReply.error(error.reason).encodedLine(id: request.id))
                        continue
                    }
                    agreement = hello!
                }
                let reply = handler(request)
                try emit(reply.encodedLine(id: request.id, encoding: agreement.answers, hello: hello, hierarchyCheck: &hierarchyCheck))
            }
        }
    }

    private enum ServedLine {
        case blank
        case request(Result<EngineRequest, EngineProtocolError>)
    }

    private static func writeAll(_ bytes: [UInt8], to output: Int32) throws(EngineServeError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
            if count > 0 {
                offset += count
            } else if count < 0, errno != EINTR {
                throw EngineServeError(message: "writing a response failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}

/// Serving stopped because the input or the output failed.
package struct EngineServeError: ReelError, Sendable, Hashable {
    package var message: String

    /// Reading requests or writing answers failed.
    package var failureKind: FailureKind { .ioError }

    package var description: String { message }
}
