/// UIKit's pan velocity: per-sample velocity dpos/dt (no velocity for samples under `minDt`
/// apart), reported = w x latest + (1 - w) x previous report.
struct VelocityEstimator: Sendable {
    let latestWeight: Double
    let minDt: Double
    private(set) var velocity = (x: 0.0, y: 0.0)
    private var last: (t: Double, x: Double, y: Double)?

    init(latestWeight: Double, minDt: Double) {
        self.latestWeight = latestWeight
        self.minDt = minDt
    }

    mutating func reset(t: Double, x: Double, y: Double) {
        velocity = (0, 0)
        last = (t, x, y)
    }

    mutating func add(t: Double, x: Double, y: Double) {
        guard let previous = last else { reset(t: t, x: x, y: y); return }
        let dt = t - previous.t
        var sample = (x: 0.0, y: 0.0)
        if dt >= minDt { sample = ((x - previous.x) / dt, (y - previous.y) / dt) }
        velocity = (latestWeight * sample.x + (1 - latestWeight) * velocity.x,
                    latestWeight * sample.y + (1 - latestWeight) * velocity.y)
        last = (t, x, y)
    }
}

/// The back-swipe's progress samples (D26): a sample counts only when at least
/// `minInterval` after the previous one, or more than `minDt` after it with movement; velocity
/// and acceleration are 3-sample running means, the acceleration estimate changing by at most
/// `accelClamp` per sample.
struct BackSwipeSampler: Sendable {
    let minInterval: Double
    let minDt: Double
    let accelClamp: Double
    private(set) var count = 0
    private var last: (t: Double, p: Double)?
    private var velocities: [Double] = []
    private var accelerations: [Double] = []
    private var lastVelocity: Double?
    private var lastAcceleration = 0.0

    init(minInterval: Double, minDt: Double, accelClamp: Double) {
        self.minInterval = minInterval
        self.minDt = minDt
        self.accelClamp = accelClamp
    }

    mutating func add(t: Double, progress: Double) {
        guard let previous = last else {
            last = (t, progress)
            count = 1
            return
        }
        let dt = t - previous.t
        guard dt >= minInterval || (dt > minDt && progress != previous.p) else { return }
        let v = (progress - previous.p) / dt
        var a = lastVelocity.map { (v - $0) / dt } ?? 0
        a = min(max(a, lastAcceleration - accelClamp), lastAcceleration + accelClamp)
        velocities.append(v)
        accelerations.append(a)
        if velocities.count > 3 { velocities.removeFirst() }
        if accelerations.count > 3 { accelerations.removeFirst() }
        lastVelocity = v
        lastAcceleration = a
        last = (t, progress)
        count += 1
    }

    /// Mean velocity of the last three samples, progress per second.
    var meanVelocity: Double { velocities.isEmpty ? 0 : velocities.reduce(0, +) / Double(velocities.count) }
    /// Mean acceleration of the last three samples, progress per second squared.
    var meanAcceleration: Double { accelerations.isEmpty ? 0 : accelerations.reduce(0, +) / Double(accelerations.count) }
}
