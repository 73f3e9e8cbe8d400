/// One session of a gesture stream: the session line's fields and the touches that followed it.
public struct GestureSession: Sendable, Hashable {
    /// The stream's file name as given ("-" for standard input).
    public var sourceFile: String
    /// 1-based line number of the session line.
    public var line: Int
    /// A catalog scenario name or the path of a scenario JSON file, exactly as written; for a
    /// scenario given inline, the name inside it.
    public var scenario: String
    /// The scenario spec given inline in the session line (`"scenario": {...}`) as compact JSON
    /// text, or nil when `scenario` names it. `reel export` writes inline specs for scenarios that
    /// are not in the catalog, so its output records without the original scenario files.
    public var scenarioSpecJSON: String?
    public var device: Device
    /// Display refresh rate in Hz.
    public var refreshHz: Double
    /// The session line's `id`, when it had one.
    public var externalID: String?
    public var tags: [String]
    /// The touch samples in stream order.
    public var touches: [Touch]

    /// The defaults of a session line without `device` or `refresh_hz`: 390 x 844 pt @3x, 60 Hz.
    public static let defaultDevice = Device.phone
    public static let defaultRefreshHz: Double = 60

    public init(
        sourceFile: String = "-", line: Int = 0, scenario: String, scenarioSpecJSON: String? = nil,
        device: Device = GestureSession.defaultDevice,
        refreshHz: Double = GestureSession.defaultRefreshHz, externalID: String? = nil, tags: [String] = [],
        touches: [Touch] = []
    ) {
        self.sourceFile = sourceFile
        self.line = line
        self.scenario = scenario
        self.scenarioSpecJSON = scenarioSpecJSON
        self.device = device
        self.refreshHz = refreshHz
        self.externalID = externalID
        self.tags = tags
        self.touches = touches
    }
}
