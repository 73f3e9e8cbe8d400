import ReelTrace

// In a file of its own, beside the protocol's messages: a line of the engine protocol that cannot
// be encoded or decoded is bad data (an engine's answer, a request a client sent).
extension EngineProtocolError: ReelError {
    package var failureKind: FailureKind { .dataError }
}
