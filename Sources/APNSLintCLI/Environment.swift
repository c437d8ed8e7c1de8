#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variable `name`, read with `getenv`: `ProcessInfo.processInfo.environment` builds a dictionary of
/// the whole environment on every read (three times a run of `check`).
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
