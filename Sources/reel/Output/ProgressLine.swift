import Foundation

/// A single self-overwriting status line on standard error, drawn only on a terminal.
final class ProgressLine {
    private let enabled: Bool
    private var drawn = false

    init(enabled: Bool = standardErrorIsTerminal) {
        self.enabled = enabled
    }

    func update(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
        drawn = true
    }

    /// Clears the line, for a command that finished.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }

    /// Ends the line with a newline, keeping it, so what follows starts on a line of its own.
    func end() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}

/// "45%, about 12 s left" for `done` of `total` units after `elapsed` seconds; nil when the total is unknown.
func percentAndETA(done: Int64, total: Int64?, elapsed: Double) -> String? {
    guard let total, total > 0 else { return nil }
    let fraction = min(1, Double(done) / Double(total))
    let percent = Int((fraction * 100).rounded(.down))
    guard fraction > 0.01, elapsed > 0.5 else { return "\(percent)%" }
    return "\(percent)%, about \(duration(elapsed * (1 - fraction) / fraction)) left"
}
