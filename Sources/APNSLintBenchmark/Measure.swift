import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seconds on a monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Seconds per call of `body`, measured over batches of about `batchSeconds`; one figure per batch.
/// `body` returns something derived from its work, so the optimizer cannot drop it.
struct Sampler {
    let name: String
    let body: () -> Int
    var iterations = 1
    var samples: [Double] = []
    var sink = 0

    init(_ name: String, _ body: @escaping () -> Int) {
        self.name = name
        self.body = body
    }

    /// Grows the batch until it takes at least `batchSeconds`.
    mutating func calibrate(batchSeconds: Double) {
        while true {
            let start = now()
            for _ in 0..<iterations { sink &+= body() }
            let elapsed = now() - start
            if elapsed >= batchSeconds { return }
            iterations = max(iterations * 2, Int(Double(iterations) * batchSeconds / max(elapsed, 1e-9) * 1.1))
        }
    }

    mutating func sample() {
        let start = now()
        for _ in 0..<iterations { sink &+= body() }
        samples.append((now() - start) / Double(iterations))
    }

    var secondsPerCall: Double { median(samples) }
}

/// What a finished child process reports: its wall time, exit status and peak resident memory.
struct ChildRun {
    let seconds: Double
    let exitCode: Int32
    /// Bytes (ru_maxrss, from wait4).
    let maxResidentBytes: Int
    /// What it wrote to standard output (`runChildReadingOutput`).
    var output: [UInt8] = []
}

/// Runs `executable` with `arguments` as `runChild` does, its standard output read through a pipe, as CI reads a
/// linter's report, and returned with the run. The time is the child's, from spawn to wait4; the reading goes on
/// meanwhile (a report written to a file instead was timed with the file system's write-back: on this VM's disk that
/// made the same runs 15-25% slower, and more so on two cores than on one).
func runChildReadingOutput(_ executable: String, _ arguments: [String]) -> ChildRun {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { fatal("pipe failed: \(String(cString: strerror(errno)))") }
    var output: [UInt8] = []
    var run = runChild(executable, arguments, standardOutput: { actions in
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    }, whileRunning: {
        close(pipeEnds[1])
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += chunk[0..<count]
        }
        close(pipeEnds[0])
    })
    run.output = output
    return run
}

/// Runs `executable` with `arguments`, standard output to `stdout` (or /dev/null) and standard error to /dev/null, and
/// waits for it with wait4.
func runChild(_ executable: String, _ arguments: [String], stdout: String = "/dev/null") -> ChildRun {
    runChild(executable, arguments, standardOutput: { actions in
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }, whileRunning: {})
}

/// Spawns the child with `standardOutput`'s file actions (standard error to /dev/null), runs `whileRunning`, then
/// waits for it with wait4.
private func runChild(_ executable: String, _ arguments: [String], standardOutput: (inout posix_spawn_file_actions_t) -> Void,
                      whileRunning: () -> Void) -> ChildRun {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    standardOutput(&actions)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let start = now()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
        fatal("cannot run \(executable): \(String(cString: strerror(spawned)))")
    }
    whileRunning()
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { fatal("wait4 failed: \(String(cString: strerror(errno)))") }
    }
    let seconds = now() - start
    let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    #if canImport(Darwin)
    let maxResident = Int(usage.ru_maxrss)  // bytes on Darwin
    #else
    let maxResident = Int(usage.ru_maxrss) * 1024  // KiB on Linux
    #endif
    return ChildRun(seconds: seconds, exitCode: exitCode, maxResidentBytes: maxResident)
}

func fatal(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("apns-lint-benchmark: " + message + "\n").utf8))
    exit(2)
}

/// The directory of this executable (where `swift build` also puts `apns-lint`).
func executableDirectory() -> String {
    #if os(Linux)
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return (resolved as NSString).deletingLastPathComponent
    }
    #endif
    let path = CommandLine.arguments[0]
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return (absolute as NSString).deletingLastPathComponent
}
