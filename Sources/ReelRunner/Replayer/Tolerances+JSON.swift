import ReelDiff
import ReelJSON

extension Tolerances {
    /// The tolerances as a replay row stores them (`tolerances_json`): the families in key order,
    /// each written as Swift's `Double.description` (`JSONWriter.NumberStyle.swiftDescription`), the
    /// bytes every stored row has had.
    ///
    /// ```swift
    /// Tolerances.exact.json   // {"alpha":0.0,"position":0.0,"progress":0.0,"size":0.0,"transform":0.0}
    /// ```
    package var json: String {
        var writer = JSONWriter(reservingCapacity: 96, numberStyle: .swiftDescription)
        writer.object { members in
            members.member("alpha", alpha)
            members.member("position", position)
            members.member("progress", progress)
            members.member("size", size)
            members.member("transform", transform)
        }
        return writer.text
    }
}
