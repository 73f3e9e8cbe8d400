// The C math library (exp, sin, cos, sqrt, log, atan) without pulling in Foundation.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#elseif canImport(Musl)
@_exported import Musl
#endif
