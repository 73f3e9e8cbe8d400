/// What the recorder stores about one session besides its trace.
public struct SessionHeader: Sendable, Hashable {
    /// Catalog name of the scenario ("nav.interactive-pop") or the name inside a scenario file.
    public var scenarioName: String
    /// The scenario's full spec as canonical JSON, so the session replays without the catalog.
    public var scenarioSpecJSON: String
    public var device: Device
    /// Display refresh rate in Hz (60, 120, ...).
    public var refreshHz: Double
    /// The `id` of the session line, when the stream gave one.
    public var externalID: String?
    public var tags: [String]
    /// The gesture-stream file and the line of the session line ("-" for standard input).
    public var sourceFile: String?
    public var sourceLine: Int?
    /// A digest of scenario, device, refresh rate and touches: re-recording the same input is a no-op.
    public var contentHash: String

    public init(
        scenarioName: String, scenarioSpecJSON: String, device: Device, refreshHz: Double,
        externalID: String? = nil, tags: [String] = [], sourceFile: String? = nil,
        sourceLine: Int? = nil, contentHash: String
    ) {
        self.scenarioName = scenarioName
        self.scenarioSpecJSON = scenarioSpecJSON
        self.device = device
        self.refreshHz = refreshHz
        self.externalID = externalID
        self.tags = tags
        self.sourceFile = sourceFile
        self.sourceLine = sourceLine
        self.contentHash = contentHash
    }
}

/// A session as it sits in an archive: header, touches and the recording engine's trace.
public struct RecordedSession: Sendable, Hashable {
    /// The archive's row id (0 before the session is stored).
    public var id: Int64
    public var header: SessionHeader
    public var touches: [Touch]
    public var trace: Trace

    public init(id: Int64 = 0, header: SessionHeader, touches: [Touch], trace: Trace) {
        self.id = id
        self.header = header
        self.touches = touches
        self.trace = trace
    }
}
